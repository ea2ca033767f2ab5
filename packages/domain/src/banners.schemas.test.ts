import { describe, expect, it } from 'vitest';
import { compactLocalized, isBannerInPeriod, localizedText } from './banners.rules.ts';
import { BANNER_LIMITS, bannerInputSchema } from './banners.schemas.ts';
import { toFieldErrors } from './problem.schemas.ts';

const valid = {
  startDate: '2026-01-01T08:00:00.000Z',
  endDate: '2026-02-01T08:00:00.000Z',
  headers: { it: 'Titolo', en: 'Title' },
  messages: { it: 'Messaggio' },
  type: 'INFO',
  ambiente: 'TUTTI',
};

const errorsOf = (input: unknown) => {
  const result = bannerInputSchema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues);
};

describe('banner input (spec 1 §5 "Banner")', () => {
  it('accepts a banner with Italian texts and a period', () => {
    expect(errorsOf(valid)).toEqual([]);
  });

  it('limits headers to 256 and messages to 1024 characters in every language', () => {
    expect(errorsOf({ ...valid, headers: { it: 'x'.repeat(BANNER_LIMITS.header) } })).toEqual([]);
    expect(errorsOf({ ...valid, headers: { it: 'ok', de: 'x'.repeat(257) } })).toEqual([
      { field: 'headers.de', message: 'validation.maxlength', params: { max: 256 } },
    ]);
    expect(errorsOf({ ...valid, messages: { it: 'x'.repeat(1025) } })).toEqual([
      { field: 'messages.it', message: 'validation.maxlength', params: { max: 1024 } },
    ]);
  });

  it('requires the Italian texts, the dates, the type and the ambiente', () => {
    const fields = errorsOf({ headers: { en: 'only English' }, messages: {} }).map((e) => [e.field, e.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['headers.it', 'validation.required'],
        ['messages.it', 'validation.required'],
        ['startDate', 'validation.required'],
        ['endDate', 'validation.required'],
        ['type', 'validation.required'],
        ['ambiente', 'validation.required'],
      ]),
    );
  });

  it('wants the end after the start, and a type from the list', () => {
    expect(errorsOf({ ...valid, endDate: valid.startDate })).toEqual([
      { field: 'endDate', message: 'banner.error.endBeforeStart' },
    ]);
    expect(errorsOf({ ...valid, type: 'PROMO' })).toEqual([{ field: 'type', message: 'validation.invalid' }]);
  });
});

describe('banner texts', () => {
  it('picks the language, else Italian, else any text', () => {
    expect(localizedText({ it: 'Ciao', de: 'Hallo' }, 'de')).toBe('Hallo');
    expect(localizedText({ it: 'Ciao', de: ' ' }, 'de')).toBe('Ciao');
    expect(localizedText({ fr: 'Salut' }, 'en')).toBe('Salut');
    expect(localizedText(undefined, 'en')).toBe('');
  });

  it('keeps only the languages that have a text', () => {
    expect(compactLocalized({ it: ' Ciao ', en: '', fr: null, de: undefined, es: 'Hola', xx: 'no' })).toEqual({
      it: 'Ciao',
      es: 'Hola',
    });
  });

  it('is in its period from the start (inclusive) to the end (exclusive)', () => {
    const b = { startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-02T00:00:00Z' };
    expect(isBannerInPeriod(b, Date.parse('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isBannerInPeriod(b, Date.parse('2026-01-02T00:00:00Z'))).toBe(false);
    expect(isBannerInPeriod(b, Date.parse('2025-12-31T23:59:59Z'))).toBe(false);
  });
});
