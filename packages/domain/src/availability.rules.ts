/** Spec 1 §4: the availability labels, from the best to the worst. */
export const AVAILABILITY_LABELS = ['DISPONIBILE', 'DISPONIBILE_5GG', 'IN_ARRIVO', 'TELEFONARE'] as const;
export type AvailabilityLabel = (typeof AVAILABILITY_LABELS)[number];

/** Stock figures of an article (spec 1 §3 "Customer info per article"). */
export type StockFigures = { magazzino: number; in5gg: number; producibile: number; inArrivo: number };

export const NO_STOCK: StockFigures = { magazzino: 0, in5gg: 0, producibile: 0, inArrivo: 0 };

/**
 * Spec 1 §4 "Availability label for a requested quantity": in stock; else in 5 days with the
 * 5-day and producible quantities; else arriving with the incoming quantity too; else call us.
 * A quantity of zero or less (nothing asked yet) is judged as one unit.
 */
export const availabilityLabel = (stock: StockFigures, quantita: number): AvailabilityLabel => {
  const q = quantita > 0 ? quantita : 1;
  if (stock.magazzino >= q) return 'DISPONIBILE';
  const in5Days = stock.magazzino + stock.in5gg + stock.producibile;
  if (in5Days >= q) return 'DISPONIBILE_5GG';
  if (in5Days + stock.inArrivo >= q) return 'IN_ARRIVO';
  return 'TELEFONARE';
};

/**
 * Spec 1 §4: adding more than is available of an article whose tipoArticoloOrig is 0 needs the
 * user's confirmation first.
 */
export const needsOverAvailabilityConfirmation = (tipoArticoloOrig: string, stock: StockFigures, quantita: number) =>
  tipoArticoloOrig === '0' && quantita > stock.magazzino;
