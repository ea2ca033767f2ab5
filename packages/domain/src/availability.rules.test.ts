import { describe, expect, it } from 'vitest';
import { availabilityLabel, needsOverAvailabilityConfirmation } from './availability.rules.ts';

const stock = { magazzino: 5, in5gg: 2, producibile: 3, inArrivo: 10 };

describe('availability label (spec 1 §4)', () => {
  it('is Disponibile while the stock covers the quantity', () => {
    expect(availabilityLabel(stock, 1)).toBe('DISPONIBILE');
    expect(availabilityLabel(stock, 5)).toBe('DISPONIBILE');
  });
  it('is Disponibile in 5 gg when stock + in5gg + producibile cover it', () => {
    expect(availabilityLabel(stock, 6)).toBe('DISPONIBILE_5GG');
    expect(availabilityLabel(stock, 10)).toBe('DISPONIBILE_5GG');
  });
  it('is In Arrivo when the incoming quantity also suffices', () => {
    expect(availabilityLabel(stock, 11)).toBe('IN_ARRIVO');
    expect(availabilityLabel(stock, 20)).toBe('IN_ARRIVO');
  });
  it('is Telefonare beyond that, and for an article with no stock at all', () => {
    expect(availabilityLabel(stock, 20.5)).toBe('TELEFONARE');
    expect(availabilityLabel({ magazzino: 0, in5gg: 0, producibile: 0, inArrivo: 0 }, 1)).toBe('TELEFONARE');
  });
  it('judges a quantity of zero or less as one unit', () => {
    expect(availabilityLabel({ magazzino: 0, in5gg: 1, producibile: 0, inArrivo: 0 }, 0)).toBe('DISPONIBILE_5GG');
    expect(availabilityLabel(stock, -3)).toBe('DISPONIBILE');
  });
});

describe('over-availability confirmation (spec 1 §4)', () => {
  it('is asked only for tipoArticoloOrig 0 above the stock', () => {
    expect(needsOverAvailabilityConfirmation('0', stock, 6)).toBe(true);
    expect(needsOverAvailabilityConfirmation('0', stock, 5)).toBe(false);
    expect(needsOverAvailabilityConfirmation('T', stock, 6)).toBe(false);
  });
});
