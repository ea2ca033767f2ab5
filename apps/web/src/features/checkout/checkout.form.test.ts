import { type CartAddress, type CartLine, checkoutSchema, requestSchema } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import {
  buildSendBody,
  type CheckoutValues,
  chosenAddress,
  isCartChanged,
  linesWithoutSerial,
  newIdempotencyKey,
  splitFieldErrors,
  TYPED_ADDRESS,
} from './checkout.form.ts';

const saved: CartAddress[] = [
  {
    RAGSOC: 'Rossi Macchine Srl',
    INDIRIZZO: "Via dell'Industria 12",
    CAP: '25030',
    CITTA: 'Castel Mella',
    PROV: 'BS',
    STATO: 'ITA',
    TIPO_INDIRIZZO: '000',
  },
];

const line = (id: number, serialNumber: string | null) => ({ id, serialNumber }) as CartLine;

const values = (over: Partial<CheckoutValues>): CheckoutValues => ({
  addressChoice: '000',
  cartAddress: {},
  spedizione: 'EXW',
  privacy: true,
  ...over,
});

describe('checkout form', () => {
  it('sends the saved address chosen, or the typed one with PROV only for Italy', () => {
    expect(chosenAddress(values({}), saved)).toMatchObject({ RAGSOC: 'Rossi Macchine Srl', TIPO_INDIRIZZO: '000' });
    const typed = chosenAddress(
      values({
        addressChoice: TYPED_ADDRESS,
        cartAddress: { RAGSOC: ' Officina ', INDIRIZZO: 'Rue 1', CITTA: 'Paris', STATO: 'FRA', PROV: 'MI' },
      }),
      saved,
    );
    expect(typed).toMatchObject({ RAGSOC: 'Officina', STATO: 'FRA', PROV: null, TIPO_INDIRIZZO: '' });
  });

  it('builds bodies the contract accepts: the lines and total seen, the kind, the banner', () => {
    const ctx = { saved, lines: [line(7, 'SN1'), line(9, null)], total: 215.16, bannerId: 4 };
    const order = buildSendBody('order', 'PREV', values({ rifOrdine: ' R-1 ', nota: '' }), ctx);
    const parsed = checkoutSchema.parse(order);
    expect(parsed).toMatchObject({ tiporichiesta: 'PREV', linee: [7, 9], totaleVisto: 215.16, bannerId: 4 });
    expect(parsed.rifOrdine).toBe('R-1');
    expect(parsed.nota).toBeNull();
    const request = buildSendBody(
      'request',
      'ORD',
      values({ addressChoice: TYPED_ADDRESS, cartAddress: { RAGSOC: 'Sub', INDIRIZZO: 'Via 2', CITTA: 'Tirana' } }),
      ctx,
    );
    expect(request).not.toHaveProperty('tiporichiesta');
    expect(requestSchema.parse(request).cartAddress.STATO).toBeNull();
  });

  it('finds the lines a warranty order cannot go with', () => {
    expect(linesWithoutSerial([line(1, 'A'), line(2, ' '), line(3, null)]).map((l) => l.id)).toEqual([2, 3]);
  });

  it('puts the server field errors on the fields on screen, the rest apart', () => {
    const error = new ApiError(400, '/api/cart/send', 'POST', {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      message: 'error.validation',
      fieldErrors: [
        { field: 'cartAddress.PROV', message: 'validation.required' },
        { field: 'nota', message: 'jricambiApp.checkout.note_too_long' },
        { field: 'linee.9.serialNumber', message: 'jricambiApp.checkout.matricola_required' },
      ],
    });
    const typed = splitFieldErrors(error, true);
    expect(typed.onForm.map((f) => f.name.join('.'))).toEqual(['cartAddress.PROV', 'nota']);
    expect(typed.other.map((f) => f.field)).toEqual(['linee.9.serialNumber']);
    // With a saved address chosen, address errors have no field on screen.
    expect(splitFieldErrors(error, false).other.map((f) => f.field)).toContain('cartAddress.PROV');
  });

  it('recognises a cart changed since it was shown', () => {
    const changed = new ApiError(409, '/api/cart/send', 'POST', {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      message: 'cart.error.pricesChanged',
    });
    expect(isCartChanged(changed)).toBe(true);
    expect(isCartChanged(new ApiError(0, '/api/cart/send', 'POST'))).toBe(false);
  });

  it('makes a UUID v4 idempotency key', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
