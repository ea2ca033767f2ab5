import type { Ticket } from '@ricambi/domain';

/**
 * Room for an external help desk (issue 14 §2; the spec's `/api/sysaid` names one): the built-in
 * ticket store is the help desk, and an adapter given to the tickets service is told of every ticket
 * opened and every change after it commits — to mirror them into another system. None is shipped.
 */
export type ExternalHelpdesk = {
  opened: (ticket: Ticket) => Promise<void>;
  changed: (ticket: Ticket) => Promise<void>;
};
