import { type SQL, sql } from 'drizzle-orm';

/** At most this many words of a term are searched. */
export const MAX_WORDS = 8;

/** The term as a code: lower-case letters and digits only ('6.4021-118' → '64021118'). */
export const codeOf = (term: string) =>
  term
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');

/** A term as termWords reads it: a decimal comma typed between digits is the stored decimal point ('52,5' → '52.5'). */
export const termText = (term: string) => term.replace(/(\d),(?=\d)/g, '$1.');

/**
 * The words of a term (or of an SQL value already as termText gives it), cut by the same parser that cut the stored texts (so
 * '300x52.5x84', a track size, stays one word as it is stored), lower-case and without accents. Of
 * a hyphenated word only its parts are kept: they are stored whether the text had the hyphen or a
 * space. A number's sign is dropped: in 'EC-5' the '-' is a separator, not a minus.
 */
export const termWords = (term: string | SQL): SQL => sql`(
  select coalesce(json_agg(regexp_replace(p.token, '^[-+]', '') order by p.n), '[]'::json)
    from ts_parse('default', unaccent(lower(${typeof term === 'string' ? termText(term) : term}))) with ordinality as p(tokid, token, n)
    join ts_token_type('default') as t on t.tokid = p.tokid
   where t.alias not in ('blank', 'asciihword', 'hword', 'numhword'))`;

/**
 * A word the parser of `termWords` keeps whole: ASCII letters, a number, a decimal number ('52.5'),
 * or a track size ('300x52.5x84'; not '12.5x3', which it cuts in two). Letters and digits mixed
 * otherwise are left out: '4e7xyx' is a number in exponent form and a word.
 */
const PLAIN_WORD = /^(?:[a-z]+|\d+(?:\.\d+)?|\d+(?:x\d+(?:\.\d+)?)+)$/;

/**
 * The words of a term typed as plain words only (PLAIN_WORD, spaces between), which the parser of
 * `termWords` cuts at the spaces; null for anything else. A guess to ask ahead with: the parser's
 * words stay what the search uses.
 */
export const plainWords = (term: string): string[] | null => {
  const words = termText(term).trim().toLowerCase().split(/ +/);
  return words.every((w) => PLAIN_WORD.test(w)) ? words : null;
};

/** Numbers are searched whole ('300' is a width, not every number starting with 300). */
export const isNumber = (word: string) => /^\d+$/.test(word);

/**
 * The words a prefix query uses: single characters are left out (they would match half the
 * catalogue) unless nothing else was typed.
 */
export const usefulWords = (words: readonly string[]) => {
  const useful = words.filter((w) => w.length > 1);
  return (useful.length > 0 ? useful : words).slice(0, MAX_WORDS);
};

/** Every word required, words as prefixes, numbers whole ('pompa idr 300' → 'pompa':* & 'idr':* & '300'). */
export const prefixQuery = (words: readonly string[]) =>
  usefulWords(words)
    .map((w) => (isNumber(w) ? quoteLexeme(w) : `${quoteLexeme(w)}:*`))
    .join(' & ');

/** Each word replaced by its alternatives (typos forgiven): [['filtro','filtre']] → '(filtro | filtre)'. */
export const alternativesQuery = (alternatives: readonly (readonly string[])[]) =>
  alternatives.map((options) => `(${options.map(quoteLexeme).join(' | ')})`).join(' & ');

/** A stored word taken as it is (a hyphen, a dot or an apostrophe inside stays part of it). */
const quoteLexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The edits between two words, a swap of two neighbouring letters counting as one ('filrto' →
 * 'filtro' is 1): trigrams alone find such a typo too unlike its word.
 */
export const editDistance = (a: string, b: string) => {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
};
