/** What decides the prices a user sees (spec 1 §3 User, §6 "Price visibility"). */
export type PriceProfile = {
  logica: string;
  /** Discount on the list price, percent (0–100). */
  sconto: number;
  /** Subdealer: factor on the dealer's net price (0–10). */
  markup: number;
  vedePrezzi: boolean;
  vedeSconto: boolean;
  /** Subdealer: the discount of the dealer it belongs to; null when the dealer is unknown. */
  dealerSconto: number | null;
};

export type PriceVisibility = { prices: boolean; discount: boolean };

/**
 * Spec 1 §6: prices are shown when vedePrezzi is set (a dealer has it by default, a subdealer only
 * when given); the discount only with prices and vedeSconto.
 */
export const priceVisibility = (p: Pick<PriceProfile, 'vedePrezzi' | 'vedeSconto'>): PriceVisibility => ({
  prices: p.vedePrezzi,
  discount: p.vedePrezzi && p.vedeSconto,
});

/** Euro amounts: 2 decimals (spec 1 §9), rounded half away from zero on the cent. */
export const roundEuro = (value: number) => (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;

/** Weights and measured quantities: 3 decimals (kg, litres, metres). */
export const roundKg = (value: number) => Math.round(value * 1000 + Number.EPSILON) / 1000;

const discounted = (listPrice: number, sconto: number) => listPrice * (1 - Math.min(Math.max(sconto, 0), 100) / 100);

/**
 * The customer's discount, percent with 2 decimals, as the profile holds it (negative when the
 * price is above list): the user's own discount for a dealer; for a subdealer the dealer's discount
 * with the markup applied. It does not depend on the article, so it is never recomputed from
 * rounded prices (a flat 35 % is 35 % on every line, not 34.95–35.04 %).
 */
export const customerDiscountPercent = (p: PriceProfile) => {
  const factor =
    p.logica === 'subdealer'
      ? discounted(1, p.dealerSconto ?? p.sconto) * (p.markup > 0 ? p.markup : 1)
      : discounted(1, p.sconto);
  return roundEuro((1 - factor) * 100);
};

/**
 * The customer's net unit price: the list price less the user's discount; for a subdealer, the
 * dealer's net price times the subdealer's markup (its own discount when the dealer is unknown).
 */
export const customerNetPrice = (listPrice: number, p: PriceProfile): number => {
  if (p.logica === 'subdealer') {
    const dealerNet = discounted(listPrice, p.dealerSconto ?? p.sconto);
    return roundEuro(dealerNet * (p.markup > 0 ? p.markup : 1));
  }
  return roundEuro(discounted(listPrice, p.sconto));
};

export type CustomerPrice = { prezzo: number | null; netto: number | null; scontoPerc: number | null };

/** List price, net price and discount as this user may see them (null = hidden). */
export const customerPrice = (listPrice: number, p: PriceProfile): CustomerPrice => {
  const visible = priceVisibility(p);
  if (!visible.prices) return { prezzo: null, netto: null, scontoPerc: null };
  const netto = customerNetPrice(listPrice, p);
  return { prezzo: listPrice, netto, scontoPerc: visible.discount ? customerDiscountPercent(p) : null };
};
