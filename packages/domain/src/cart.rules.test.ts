import { describe, expect, it } from 'vitest';
import {
  businessToday,
  CART_LIMITS,
  canSubmitQuantity,
  cartLineErrors,
  earliestRequestDate,
  formatOrderId,
  HEAVY_WEIGHT_THRESHOLD,
  ORDER_ID_SEPARATOR,
  parseQuantity,
  requestDateError,
  requiresRequestDate,
  shippingComputable,
} from './cart.rules.ts';

// 2026-11-25 is a Wednesday: 27 Friday, 28 Saturday, 29 Sunday, 30 Monday.
const WEDNESDAY = '2026-11-25';

describe('parseQuantity (spec 1 §5)', () => {
  it('reads a decimal comma or dot for measured units, up to 3 decimals', () => {
    expect(parseQuantity('1,5', 'KG')).toEqual({ ok: true, value: 1.5 });
    expect(parseQuantity('1.5', 'L')).toEqual({ ok: true, value: 1.5 });
    expect(parseQuantity(' 2,125 ', 'M')).toEqual({ ok: true, value: 2.125 });
    expect(parseQuantity('0', 'KG')).toEqual({ ok: true, value: 0 });
    expect(parseQuantity('1,2345', 'KG')).toEqual({ ok: false, error: 'cart.error.quantityNumber' });
    expect(parseQuantity('abc', 'KG')).toEqual({ ok: false, error: 'cart.error.quantityNumber' });
  });

  it('wants a whole number of at least 1 for the count unit NR (also when the unit is missing)', () => {
    expect(parseQuantity('3', 'NR')).toEqual({ ok: true, value: 3 });
    expect(parseQuantity(4, 'NR')).toEqual({ ok: true, value: 4 });
    expect(parseQuantity('1,5', 'NR')).toEqual({ ok: false, error: 'cart.error.quantityInteger' });
    expect(parseQuantity('0', 'NR')).toEqual({ ok: false, error: 'cart.error.quantityMin1' });
    expect(parseQuantity('1.5', '')).toEqual({ ok: true, value: 1.5 });
  });

  it('requires a value and caps it at CART_LIMITS.quantitaMax', () => {
    expect(parseQuantity('', 'NR')).toEqual({ ok: false, error: 'validation.required' });
    expect(parseQuantity('   ', 'KG')).toEqual({ ok: false, error: 'validation.required' });
    expect(parseQuantity(null, 'NR')).toEqual({ ok: false, error: 'validation.required' });
    expect(parseQuantity(undefined, 'NR')).toEqual({ ok: false, error: 'validation.required' });
    expect(parseQuantity(String(CART_LIMITS.quantitaMax), 'NR')).toEqual({ ok: true, value: CART_LIMITS.quantitaMax });
    expect(parseQuantity(String(CART_LIMITS.quantitaMax + 1), 'NR')).toEqual({
      ok: false,
      error: 'cart.error.quantityMax',
    });
  });
});

describe('canSubmitQuantity', () => {
  it('allows the add and update buttons only for a valid quantity above zero', () => {
    expect(canSubmitQuantity('2', 'NR')).toBe(true);
    expect(canSubmitQuantity('0,5', 'KG')).toBe(true);
    expect(canSubmitQuantity('0', 'KG')).toBe(false);
    expect(canSubmitQuantity('0', 'NR')).toBe(false);
    expect(canSubmitQuantity('x', 'KG')).toBe(false);
    expect(canSubmitQuantity('', 'NR')).toBe(false);
  });
});

describe('businessToday', () => {
  it('gives the date in Italy, whatever the server clock zone', () => {
    expect(businessToday(new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-25');
    // 23:30 UTC in winter is already the next day in Rome (UTC+1), in summer too (UTC+2).
    expect(businessToday(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(businessToday(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(businessToday(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-01');
  });
});

describe('earliestRequestDate', () => {
  it('is tomorrow, moved to Monday when tomorrow falls on a weekend', () => {
    expect(earliestRequestDate(WEDNESDAY)).toBe('2026-11-26');
    expect(earliestRequestDate('2026-11-27')).toBe('2026-11-30');
    expect(earliestRequestDate('2026-11-28')).toBe('2026-11-30');
    expect(earliestRequestDate('2026-11-29')).toBe('2026-11-30');
    expect(earliestRequestDate('2026-12-31')).toBe('2027-01-01');
  });
});

describe('requestDateError (spec 1 §5 "at least tomorrow and not a Saturday or Sunday")', () => {
  it('accepts a weekday after today', () => {
    expect(requestDateError('2026-11-26', WEDNESDAY)).toBeUndefined();
    expect(requestDateError('2026-11-30', WEDNESDAY)).toBeUndefined();
    expect(requestDateError(earliestRequestDate(WEDNESDAY), WEDNESDAY)).toBeUndefined();
  });

  it('refuses today and the past', () => {
    expect(requestDateError(WEDNESDAY, WEDNESDAY)).toBe('cart.error.dateMin');
    expect(requestDateError('2026-11-24', WEDNESDAY)).toBe('cart.error.dateMin');
    expect(requestDateError('2025-12-01', WEDNESDAY)).toBe('cart.error.dateMin');
  });

  it('refuses Saturdays and Sundays', () => {
    expect(requestDateError('2026-11-28', WEDNESDAY)).toBe('cart.error.dateWeekend');
    expect(requestDateError('2026-11-29', WEDNESDAY)).toBe('cart.error.dateWeekend');
  });

  it('refuses what is not a calendar date', () => {
    expect(requestDateError('2026-02-30', WEDNESDAY)).toBe('cart.error.dateInvalid');
    expect(requestDateError('26/11/2026', WEDNESDAY)).toBe('cart.error.dateInvalid');
    expect(requestDateError('', WEDNESDAY)).toBe('cart.error.dateInvalid');
  });
});

describe('requiresRequestDate', () => {
  it('asks a date for every kind but 0', () => {
    expect(requiresRequestDate('T')).toBe(true);
    expect(requiresRequestDate('0')).toBe(false);
  });
});

describe('cartLineErrors (spec 1 §5)', () => {
  const part = { unitaMisura: 'NR', tipoArticoloOrig: 'T' };
  const kind0 = { unitaMisura: 'KG', tipoArticoloOrig: '0' };

  it('is empty for a valid line', () => {
    expect(
      cartLineErrors({ quantita: '2', dataRichiesta: '2026-11-26', serialNumber: 'EC35-1' }, part, WEDNESDAY),
    ).toEqual({});
    expect(cartLineErrors({ quantita: '0,5' }, kind0, WEDNESDAY)).toEqual({});
  });

  it('needs the requested date except for kind 0, and checks it when given', () => {
    expect(cartLineErrors({ quantita: 1, dataRichiesta: null }, part, WEDNESDAY)).toEqual({
      dataRichiesta: 'validation.required',
    });
    expect(cartLineErrors({ quantita: 1, dataRichiesta: '  ' }, part, WEDNESDAY)).toEqual({
      dataRichiesta: 'validation.required',
    });
    expect(cartLineErrors({ quantita: 1, dataRichiesta: '2026-11-29' }, kind0, WEDNESDAY)).toEqual({
      dataRichiesta: 'cart.error.dateWeekend',
    });
  });

  it('says what is wrong with the quantity: missing, not whole, zero', () => {
    const date = '2026-11-26';
    expect(cartLineErrors({ quantita: '', dataRichiesta: date }, part, WEDNESDAY).quantita).toBe('validation.required');
    expect(cartLineErrors({ quantita: '1,5', dataRichiesta: date }, part, WEDNESDAY).quantita).toBe(
      'cart.error.quantityInteger',
    );
    expect(cartLineErrors({ quantita: '0', dataRichiesta: date }, part, WEDNESDAY).quantita).toBe(
      'cart.error.quantityMin1',
    );
    expect(cartLineErrors({ quantita: '0' }, kind0, WEDNESDAY).quantita).toBe('cart.error.quantityPositive');
  });

  it('limits the serial number to CART_LIMITS.serialNumber characters (spaces around not counted)', () => {
    const at = (serialNumber: string) => cartLineErrors({ quantita: 1, serialNumber }, kind0, WEDNESDAY).serialNumber;
    expect(at('x'.repeat(CART_LIMITS.serialNumber))).toBeUndefined();
    expect(at(` ${'x'.repeat(CART_LIMITS.serialNumber)} `)).toBeUndefined();
    expect(at('x'.repeat(CART_LIMITS.serialNumber + 1))).toBe('validation.maxlength');
  });

  it('reports every wrong field at once', () => {
    expect(
      Object.keys(
        cartLineErrors({ quantita: 'x', dataRichiesta: WEDNESDAY, serialNumber: 'x'.repeat(16) }, part, WEDNESDAY),
      ),
    ).toEqual(['quantita', 'dataRichiesta', 'serialNumber']);
  });
});

describe('shippingComputable (spec 1 §5 heavy-weight threshold)', () => {
  it('needs lines, and every kind-0 line heavier than the threshold', () => {
    expect(shippingComputable([])).toBe(false);
    expect(shippingComputable([{ tipoArticoloOrig: 'T', peso: 1 }])).toBe(true);
    expect(shippingComputable([{ tipoArticoloOrig: '0', peso: HEAVY_WEIGHT_THRESHOLD + 0.001 }])).toBe(true);
    expect(shippingComputable([{ tipoArticoloOrig: '0', peso: HEAVY_WEIGHT_THRESHOLD }])).toBe(false);
    expect(
      shippingComputable([
        { tipoArticoloOrig: '0', peso: 15 },
        { tipoArticoloOrig: '0', peso: 2 },
        { tipoArticoloOrig: 'T', peso: 40 },
      ]),
    ).toBe(false);
  });
});

describe('formatOrderId (spec 1 §4)', () => {
  it('joins the three parts of the answer with §', () => {
    expect(ORDER_ID_SEPARATOR).toBe('§');
    expect(formatOrderId(['ORD', 2026, 12])).toBe('ORD§2026§12');
    expect(formatOrderId(['REQ', '2026', '000042'])).toBe('REQ§2026§000042');
  });
});
