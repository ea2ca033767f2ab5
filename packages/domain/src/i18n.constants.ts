export const LANGUAGES = ['it', 'en', 'fr', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Picks the best supported language from an Accept-Language style list, else the default. */
export const pickLanguage = (candidates: readonly (string | undefined | null)[]): Language => {
  for (const candidate of candidates) {
    const short = candidate?.slice(0, 2).toLowerCase();
    if (isLanguage(short)) return short;
  }
  return DEFAULT_LANGUAGE;
};
