// Kept apart from the schemas: the tickets' count in the signed-in header takes no zod with it.

/** Spec 2 §9: 20 tickets a page. */
export const TICKET_PAGE_SIZE = 20;
