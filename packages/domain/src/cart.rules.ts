import { isCountUnit } from './units.rules.ts';

/** Spec 1 §5, §9: cart line and checkout limits. */
export const CART_LIMITS = {
  serialNumber: 15,
  rifOrdine: 30,
  nota: 227,
  nOrdine: 30,
  /** Largest quantity one line may hold (a guard against typing slips, not a business rule). */
  quantitaMax: 100_000,
  /** Characters of a typed quantity (100000,000 and a little room). */
  quantitaText: 12,
  /** Lines per cart, per cartall call and per quick-order paste or file. */
  righeMax: 500,
  savedCartName: 60,
  savedCartsMax: 50,
} as const;

/** Spec 1 §5 "Checkout": address field limits (RAGSOC, INDIRIZZO, CAP, CITTA, PROV, STATO). */
export const ADDRESS_LIMITS = { RAGSOC: 40, INDIRIZZO: 45, CAP: 7, CITTA: 30, PROV: 2, STATO: 3 } as const;

/** TIPO_INDIRIZZO of the user's default address (spec 1 §3). */
export const DEFAULT_ADDRESS_TYPE = '000';

/** Spec 1 §9 "Cart status icon": the saved / error icon of a line stays this long. */
export const CART_STATUS_ICON_MS = 4_000;

/** Spec 1 §5, §9 "Heavy-weight threshold": type-0 lines must each weigh more than this for a shipping cost. */
export const HEAVY_WEIGHT_THRESHOLD = 10;

/**
 * Spec 1 §5: quantity with a dot or a comma as decimal separator. Returns the number, or the
 * message key of what is wrong. NR (count unit): an integer, at least 1; other units: ≥ 0.
 */
export const parseQuantity = (
  raw: string | number | null | undefined,
  unitaMisura: string,
): { ok: true; value: number } | { ok: false; error: string } => {
  const text = typeof raw === 'number' ? String(raw) : (raw ?? '').trim();
  if (text === '') return { ok: false, error: 'validation.required' };
  const count = isCountUnit(unitaMisura);
  // "-1" is a number below the minimum, not a badly written one: say so rather than "whole number".
  if (/^-\s*\d+([.,]\d+)?$/.test(text))
    return { ok: false, error: count ? 'cart.error.quantityMin1' : 'cart.error.quantityPositive' };
  const pattern = count ? /^\d+$/ : /^\d+([.,]\d{1,3})?$/;
  if (!pattern.test(text))
    return { ok: false, error: count ? 'cart.error.quantityInteger' : 'cart.error.quantityNumber' };
  const value = Number(text.replace(',', '.'));
  if (count && value < 1) return { ok: false, error: 'cart.error.quantityMin1' };
  if (value > CART_LIMITS.quantitaMax) return { ok: false, error: 'cart.error.quantityMax' };
  return { ok: true, value };
};

/** Spec 1 §5 "update disabled when quantity is 0 or less"; the add button likewise (§2.3). */
export const canSubmitQuantity = (raw: string | number | null | undefined, unitaMisura: string) => {
  const parsed = parseQuantity(raw, unitaMisura);
  return parsed.ok && parsed.value > 0;
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * One formatter for every call: building an Intl.DateTimeFormat costs about 0.1 ms and memory that is
 * given back only late (a CSV of 50,000 history lines grew the server by over 1 GB, bench/history.ts).
 */
const ROME_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (yyyy-MM-dd) where the business is: Italy. */
export const businessToday = (now: Date = new Date()) => ROME_DAY.format(now);

const parseIsoDate = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    ? d
    : undefined;
};

const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The earliest requested date allowed: tomorrow, moved to Monday when tomorrow is a weekend day. */
export const earliestRequestDate = (today: string = businessToday()) => {
  const d = parseIsoDate(today) ?? new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return isoOf(d);
};

/**
 * Spec 1 §5 "Requested date: at least tomorrow and not a Saturday or Sunday". Returns undefined
 * when valid, else the message key.
 */
export const requestDateError = (value: string, today: string = businessToday()): string | undefined => {
  const d = parseIsoDate(value);
  if (!d) return 'cart.error.dateInvalid';
  if (value <= today) return 'cart.error.dateMin';
  if (d.getUTCDay() === 0 || d.getUTCDay() === 6) return 'cart.error.dateWeekend';
  return undefined;
};

/** Spec 1 §5: the delivery date is required for lines whose article is not of kind 0. */
export const requiresRequestDate = (tipoArticoloOrig: string) => tipoArticoloOrig !== '0';

export type CartLineInput = {
  quantita: string | number;
  dataRichiesta?: string | null;
  serialNumber?: string | null;
};

export type CartLineArticle = { unitaMisura: string; tipoArticoloOrig: string };

/**
 * Every rule of a cart line (spec 1 §5), for the web form and the server alike. Returns the field
 * errors as message keys; empty when the line is valid. Availability is checked separately
 * (needsOverAvailabilityConfirmation), because it asks rather than refuses.
 */
export const cartLineErrors = (
  line: CartLineInput,
  article: CartLineArticle,
  today: string = businessToday(),
): Partial<Record<'quantita' | 'dataRichiesta' | 'serialNumber', string>> => {
  const errors: Partial<Record<'quantita' | 'dataRichiesta' | 'serialNumber', string>> = {};
  const q = parseQuantity(line.quantita, article.unitaMisura);
  if (!q.ok) errors.quantita = q.error;
  else if (q.value <= 0) errors.quantita = 'cart.error.quantityPositive';
  const date = line.dataRichiesta?.trim();
  if (date) {
    const dateError = requestDateError(date, today);
    if (dateError) errors.dataRichiesta = dateError;
  } else if (requiresRequestDate(article.tipoArticoloOrig)) errors.dataRichiesta = 'validation.required';
  if ((line.serialNumber ?? '').trim().length > CART_LIMITS.serialNumber) errors.serialNumber = 'validation.maxlength';
  return errors;
};

/**
 * Spec 1 §5 "Delivery cost below 0 means not computable; for type-0 items all lines must exceed
 * weight 10 for the cost to be computable".
 */
export const shippingComputable = (lines: readonly { tipoArticoloOrig: string; peso: number }[]) =>
  lines.length > 0 && lines.filter((l) => l.tipoArticoloOrig === '0').every((l) => l.peso > HEAVY_WEIGHT_THRESHOLD);

/** Spec 1 §4: the order id on the success screen is three parts of the answer joined by '§'. */
export const ORDER_ID_SEPARATOR = '§';
export const formatOrderId = (parts: readonly [string, string | number, string | number]) =>
  parts.map(String).join(ORDER_ID_SEPARATOR);
