import { ADDRESS_LIMITS, CART_LIMITS, parseQuantity } from './cart.rules.ts';

// The shipping calculator's constants and rules, without zod (its roles are in roles.constants.ts,
// which the web's route table reads on every page); the schemas are in shipping-calculator.schemas.ts.

/** Spec 2 §5, §9: the calculator's inputs. */
export const SHIPPING_CALCULATOR_LIMITS = {
  /** Postcode: at most 7 characters (spec 2 §9), as in every address. */
  cap: ADDRESS_LIMITS.CAP,
  /** Heaviest weight accepted, in kg: far above every tariff band, a guard against typing slips. */
  pesoMax: CART_LIMITS.quantitaMax,
  /** Characters of a typed weight (100000,000 and a little room). */
  pesoText: CART_LIMITS.quantitaText,
} as const;

/** Message keys of the calculator's weight (the web's `spesespedizione` namespace). */
export const SHIPPING_CALCULATOR_MESSAGES = {
  pesoNumber: 'speseSpedizione.error.pesoNumber',
  pesoPositive: 'speseSpedizione.error.pesoPositive',
  pesoMax: 'speseSpedizione.error.pesoMax',
} as const;

/** The answer when no tariff row covers the country, postcode and weight (spec 2 §5). */
export const SHIPPING_NOT_CALCULABLE = -1;

const WEIGHT_ERRORS: Record<string, string> = {
  'cart.error.quantityNumber': SHIPPING_CALCULATOR_MESSAGES.pesoNumber,
  'cart.error.quantityPositive': SHIPPING_CALCULATOR_MESSAGES.pesoPositive,
  'cart.error.quantityMax': SHIPPING_CALCULATOR_MESSAGES.pesoMax,
};

/**
 * A typed weight in kg (spec 2 §5: numeric, above 0): digits with an optional `.` or `,` and at most
 * 3 decimals — the rule of a measured cart quantity — up to SHIPPING_CALCULATOR_LIMITS.pesoMax.
 * Returns the number, or the message key of what is wrong.
 */
export const parseWeight = (
  raw: string | number | null | undefined,
): { ok: true; value: number } | { ok: false; error: string } => {
  const parsed = parseQuantity(raw, 'KG');
  if (!parsed.ok) return { ok: false, error: WEIGHT_ERRORS[parsed.error] ?? parsed.error };
  if (parsed.value <= 0) return { ok: false, error: SHIPPING_CALCULATOR_MESSAGES.pesoPositive };
  if (parsed.value > SHIPPING_CALCULATOR_LIMITS.pesoMax) {
    return { ok: false, error: SHIPPING_CALCULATOR_MESSAGES.pesoMax };
  }
  return parsed;
};
