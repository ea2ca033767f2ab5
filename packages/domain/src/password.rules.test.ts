import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password.rules.ts';

describe('passwordStrength (spec 1 §5: five levels from length and character classes)', () => {
  it('gives the lowest level to an empty password', () => {
    expect(passwordStrength('')).toBe(0);
  });

  it('caps a password of six characters or fewer low, whatever its classes', () => {
    expect(passwordStrength('aB3$xY')).toBeLessThanOrEqual(1);
    expect(passwordStrength('abcde')).toBe(0);
  });

  it('rises with length and with character classes', () => {
    expect(passwordStrength('abcdefgh')).toBeLessThan(passwordStrength('abcdefghijklmnop'));
    expect(passwordStrength('abcdefgh')).toBeLessThan(passwordStrength('Abcdefg1'));
    expect(passwordStrength('Cingolo-2026')).toBe(4);
  });

  it('uses exactly five levels', () => {
    const seen = new Set(['', 'abc', 'abcdefg', 'abcdefghijkl', 'Abcdefg1', 'Abcdefg1!xyz'].map(passwordStrength));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});
