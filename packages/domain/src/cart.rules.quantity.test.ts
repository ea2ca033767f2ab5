import { describe, expect, it } from 'vitest';
import { emailField } from './account.schemas.ts';
import { CART_LIMITS, parseQuantity } from './cart.rules.ts';
import { toFieldErrors } from './problem.schemas.ts';

describe('parseQuantity (the one quantity parser of every page)', () => {
  it('reads a comma and a dot alike, whatever the language', () => {
    expect(parseQuantity('1,5', 'LT')).toEqual({ ok: true, value: 1.5 });
    expect(parseQuantity('1.5', 'LT')).toEqual({ ok: true, value: 1.5 });
    expect(parseQuantity(' 2 ', 'NR')).toEqual({ ok: true, value: 2 });
  });

  it('never turns "1,5" into 15', () => {
    const parsed = parseQuantity('1,5', 'KG');
    expect(parsed.ok && parsed.value).toBe(1.5);
  });

  it('says a negative quantity is below the minimum, not that it is not whole', () => {
    expect(parseQuantity('-1', 'NR')).toEqual({ ok: false, error: 'cart.error.quantityMin1' });
    expect(parseQuantity('-1,5', 'LT')).toEqual({ ok: false, error: 'cart.error.quantityPositive' });
  });

  it('refuses decimals for a count unit and too many decimals otherwise', () => {
    expect(parseQuantity('1,5', 'NR')).toEqual({ ok: false, error: 'cart.error.quantityInteger' });
    expect(parseQuantity('1,2345', 'LT')).toEqual({ ok: false, error: 'cart.error.quantityNumber' });
  });

  it('says a huge quantity is too large', () => {
    expect(parseQuantity('999999999', 'NR')).toEqual({ ok: false, error: 'cart.error.quantityMax' });
    expect(parseQuantity(String(CART_LIMITS.quantitaMax), 'NR').ok).toBe(true);
  });

  it('asks for a quantity when there is none', () => {
    expect(parseQuantity('', 'NR')).toEqual({ ok: false, error: 'validation.required' });
  });
});

describe('emailField', () => {
  it('calls a too-short text an invalid e-mail, not "at least 5 characters"', () => {
    const result = emailField.safeParse('x');
    expect(result.success).toBe(false);
    if (!result.success) expect(toFieldErrors(result.error.issues)[0]?.message).toBe('validation.email');
  });

  it('still asks for an empty address', () => {
    const result = emailField.safeParse('');
    if (!result.success) expect(toFieldErrors(result.error.issues)[0]?.message).toBe('validation.required');
    expect(result.success).toBe(false);
  });
});
