/** What the free search reads from a typed term. */
type SearchTerms = {
  /** The term as a code: lower-case letters and digits only ('6.4021-118' → '64021118'). */
  code: string;
  /** The words, lower-case, each a run of letters or digits (accents are removed by the database). */
  words: string[];
};

const MAX_WORDS = 8;

export const parseTerms = (term: string): SearchTerms => ({
  code: term
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, ''),
  words: term
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS),
});

/**
 * Every word required, words with letters as a prefix ('pompa idr' → 'pompa:* & idr:*'); numbers
 * whole ('300' is a width, not every number starting with 300); single characters are left out
 * (they would match half the catalogue), unless nothing else was typed.
 */
export const prefixQuery = (words: readonly string[]) => {
  const useful = words.filter((w) => w.length > 1);
  return (useful.length > 0 ? useful : words).map((w) => (/^\d+$/.test(w) ? w : `${w}:*`)).join(' & ');
};

/** Each word replaced by its alternatives (typos forgiven): [['filtro','filtre']] → '(filtro | filtre)'. */
export const alternativesQuery = (alternatives: readonly (readonly string[])[]) =>
  alternatives.map((options) => `(${options.map(quoteLexeme).join(' | ')})`).join(' & ');

/** A stored word taken as it is (a hyphen or an apostrophe inside stays part of it). */
const quoteLexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
