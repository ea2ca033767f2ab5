import { describe, expect, it } from 'vitest';
import {
  customerDiscountPercent,
  customerNetPrice,
  customerPrice,
  type PriceProfile,
  roundEuro,
  roundKg,
} from './pricing.rules.ts';

const dealer: PriceProfile = {
  logica: 'dealer',
  sconto: 35,
  markup: 1,
  vedePrezzi: true,
  vedeSconto: true,
  dealerSconto: null,
};
const subdealer: PriceProfile = { ...dealer, logica: 'subdealer', sconto: 0, markup: 1.25, dealerSconto: 35 };

describe('customer prices (spec 1 §6)', () => {
  it('takes the dealer discount off the list price, to the cent', () => {
    expect(customerNetPrice(100, dealer)).toBe(65);
    expect(customerNetPrice(19.99, dealer)).toBe(12.99);
    expect(customerNetPrice(0.05, { ...dealer, sconto: 50 })).toBe(0.03);
  });
  it("prices a subdealer at the dealer's net price times the markup", () => {
    expect(customerNetPrice(100, subdealer)).toBe(81.25);
    expect(customerNetPrice(100, { ...subdealer, dealerSconto: null, sconto: 10 })).toBe(112.5);
  });
  it('clamps discounts to 0–100 and ignores a markup of zero', () => {
    expect(customerNetPrice(100, { ...dealer, sconto: 120 })).toBe(0);
    expect(customerNetPrice(100, { ...subdealer, markup: 0 })).toBe(65);
  });
  it('hides every price without vedePrezzi and the discount without vedeSconto', () => {
    expect(customerPrice(100, { ...subdealer, vedePrezzi: false })).toEqual({
      prezzo: null,
      netto: null,
      scontoPerc: null,
    });
    expect(customerPrice(100, { ...dealer, vedeSconto: false })).toEqual({ prezzo: 100, netto: 65, scontoPerc: null });
    expect(customerPrice(100, subdealer)).toEqual({ prezzo: 100, netto: 81.25, scontoPerc: 18.75 });
  });
  it('rounds negative amounts half away from zero', () => {
    expect(roundEuro(-1.005)).toBe(-1.01);
  });
  it("shows the customer's own discount, not one recomputed from rounded prices", () => {
    // 35 % off 0.37 € rounds to 0.24 €: recomputed, that would read 35.14 %.
    for (const list of [0.37, 1.99, 12.59, 19.99, 100]) expect(customerPrice(list, dealer).scontoPerc).toBe(35);
    expect(customerDiscountPercent(subdealer)).toBe(18.75);
    expect(customerDiscountPercent({ ...subdealer, dealerSconto: null, sconto: 10 })).toBe(-12.5);
  });
});

describe('roundKg', () => {
  it('keeps 3 decimals, without binary noise', () => {
    expect(roundKg(0.1 + 0.2)).toBe(0.3);
    expect(roundKg(1.0005)).toBe(1.001);
    expect(roundKg(2.4 * 3)).toBe(7.2);
  });
});
