import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n.constants.ts';
import { hasAnyAuthority } from './roles.constants.ts';
import { parseBooleanParam } from './routing.rules.ts';

describe('parseBooleanParam (spec 1 §2.2: 1, true, 0)', () => {
  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
    [1, true],
    [0, false],
  ])('%s -> %s', (input, expected) => {
    expect(parseBooleanParam(input)).toBe(expected);
  });
  it('leaves anything else undefined', () => {
    expect(parseBooleanParam('yes')).toBeUndefined();
    expect(parseBooleanParam(undefined)).toBeUndefined();
  });
});

describe('hasAnyAuthority', () => {
  it('allows an open route to anyone', () => {
    expect(hasAnyAuthority(undefined, [])).toBe(true);
  });
  it('needs one of the listed authorities', () => {
    expect(hasAnyAuthority(['ROLE_USER'], ['ROLE_ADMIN'])).toBe(false);
    expect(hasAnyAuthority(['ROLE_USER', 'ROLE_CART'], ['ROLE_ADMIN', 'ROLE_CART'])).toBe(true);
    expect(hasAnyAuthority(undefined, ['ROLE_USER'])).toBe(false);
  });
});

describe('pickLanguage', () => {
  it('takes the first supported language, else Italian', () => {
    expect(pickLanguage(['pt-BR', 'de-CH', 'en'])).toBe('de');
    expect(pickLanguage(['pt', null])).toBe('it');
  });
});
