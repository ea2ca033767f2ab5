// Kept apart from the schemas: the cart rules the web's shell reads take no zod with them.

/** Unit of measure NR counts pieces: whole quantities only (spec 1 §5 "Cart line"). */
export const COUNT_UNIT = 'NR';
export const isCountUnit = (unitaMisura: string | null | undefined) => (unitaMisura ?? COUNT_UNIT) === COUNT_UNIT;
