import type { CartLine, CheckoutInput } from '@ricambi/domain';

/**
 * The order variant (spec 2 §4): the checkout's warranty-order button stores the send body here,
 * and the warranty request page sends it together with the request (one use case on the server).
 */
export type WarrantyOrderEntry = { checkout: CheckoutInput; idempotencyKey: string };

const PREFIX = 'ricambi.warrantyOrder.';
export const warrantyOrderKey = (idTestata: number | string) => `${PREFIX}${idTestata}`;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const session = (): Store | undefined => globalThis.sessionStorage;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
/** The stored entry as the checkout wrote it: a body with its lines and a key (the server checks the rest). */
const isEntry = (v: unknown): v is WarrantyOrderEntry =>
  isRecord(v) &&
  typeof v.idempotencyKey === 'string' &&
  v.idempotencyKey !== '' &&
  isRecord(v.checkout) &&
  Array.isArray(v.checkout.linee) &&
  v.checkout.linee.length > 0 &&
  v.checkout.linee.every((id) => Number.isInteger(id)) &&
  v.checkout.tiporichiesta === 'ORDCG';

export const storeWarrantyOrder = (idTestata: number, entry: WarrantyOrderEntry, store = session()) =>
  store?.setItem(warrantyOrderKey(idTestata), JSON.stringify(entry));

/** The stored entry of cart `idTestata`; undefined when there is none or it is not one. */
export const readWarrantyOrder = (idTestata: number | string, store = session()): WarrantyOrderEntry | undefined => {
  const raw = store?.getItem(warrantyOrderKey(idTestata));
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isEntry(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

export const clearWarrantyOrder = (idTestata: number | string, store = session()) =>
  store?.removeItem(warrantyOrderKey(idTestata));

/** The cart lines the stored body sends, in the cart's order. */
export const linesOfOrder = (entry: WarrantyOrderEntry, lines: readonly CartLine[]) => {
  const ids = new Set(entry.checkout.linee);
  return lines.filter((l) => ids.has(l.id));
};

/** The distinct serials of the lines, first seen first: the first one prefills the request. */
export const serialsOf = (lines: readonly Pick<CartLine, 'serialNumber'>[]) => [
  ...new Set(lines.map((l) => l.serialNumber?.trim().toUpperCase() ?? '').filter(Boolean)),
];
