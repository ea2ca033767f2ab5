import type { Language } from '@ricambi/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../apps/server/src/db/client.ts';
import { createRng, hash32 } from '../apps/server/src/seed/catalogue-generator.ts';

/**
 * The term mix of bench:search, drawn from the data: every class of what users type into the
 * search box, in fixed shares, distinct, in a seeded order (the same data gives the same mix).
 */

export const TERM_CLASSES = [
  'code',
  'oem',
  'prefix',
  'prefix-bare',
  'brand-word',
  'rare-word',
  'two-words',
  'three-words',
  'typo',
  'track',
  'language',
] as const;
export type TermClass = (typeof TERM_CLASSES)[number];

export const CLASS_TITLES: Record<TermClass, string> = {
  code: 'exact article code, as written',
  oem: 'OEM code of an equivalent (cross-reference)',
  prefix: 'code prefix of 1–8 characters as written (separators kept)',
  'prefix-bare': 'code prefix of 1–8 characters without separators',
  'brand-word': 'brand-wide word (in ≥ 5 % of the sampled articles)',
  'rare-word': 'rare word (the least frequent words of the sample first)',
  'two-words': 'two words of a description',
  'three-words': 'three words of a description',
  typo: 'a word with a typo (one or two words)',
  track: 'rubber-track dimensions as typed',
  language: 'en / fr / de / es words (the language asked, or it)',
};

/** Shares of the mix (per 100). */
const WEIGHTS: Record<TermClass, number> = {
  code: 10,
  oem: 5,
  prefix: 12,
  'prefix-bare': 12,
  'brand-word': 6,
  'rare-word': 10,
  'two-words': 12,
  'three-words': 10,
  typo: 10,
  track: 5,
  language: 8,
};

export type Term = { cls: TermClass; term: string; lang: Language };

const OTHER_LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
const STOP_WORDS = new Set(
  'per con del dei della delle degli alla allo sul for and with the pour avec des les une und mit fur für der die das von zum zur para los las por una'.split(
    ' ',
  ),
);
/** SEARCH_TERM_MAX is 100; a typed term is far shorter. */
const MAX_TERM = 60;
const SEED = 17_0001;
/** A brand-wide word is in at least this share of the articles. */
const BRAND_SHARE = 0.05;

const wordsOf = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));

/** One deterministic typo: letters swapped, dropped, doubled or a vowel changed. */
const typo = (word: string, i: number) => {
  const at = 1 + (hash32(SEED, 3, i) % Math.max(1, word.length - 2));
  switch (i % 4) {
    case 0:
      return `${word.slice(0, at)}${word[at + 1] ?? ''}${word[at] ?? ''}${word.slice(at + 2)}`;
    case 1:
      return `${word.slice(0, at)}${word.slice(at + 1)}`;
    case 2:
      return `${word.slice(0, at)}${word[at] ?? ''}${word.slice(at)}`;
    default: {
      const vowels = 'aeiou';
      const v = [...word].findIndex((c, j) => j >= at && vowels.includes(c));
      const j = v === -1 ? at : v;
      const c = word[j] ?? 'a';
      const other = vowels[(vowels.indexOf(c) + 1 + (i % 3)) % vowels.length] ?? 'e';
      return `${word.slice(0, j)}${c === other ? 'y' : other}${word.slice(j + 1)}`;
    }
  }
};

const fmt = (n: number | string | null) => String(n ?? '').trim();

type Candidate = { term: string; lang: Language };

/**
 * The candidates of every class, in their own deterministic order, more than the class's share
 * (a class short of candidates gives its share to the others).
 */
const candidates = async (db: DbOrTx, total: number): Promise<Record<TermClass, Candidate[]>> => {
  const want = Math.max(200, total);
  const it = (term: string): Candidate => ({ term, lang: 'it' });
  const codes = (
    await queryRows<{ code: string }>(
      db,
      sql`select articolo as code from articolo where visibile order by md5(id::text || ':code') limit ${want * 2}`,
    )
  ).map((r) => r.code);
  const third = Math.floor(codes.length / 3);
  const oem = (
    await queryRows<{ code: string }>(
      db,
      sql`select e.equiv as code from articolo_equiv e join articolo a on a.id = e.articolo_id
           where e.relazione = 'OEM' and a.visibile order by md5(e.id::text) limit ${want}`,
    )
  ).map((r) => it(r.code));

  // Word frequencies from a deterministic sample of about 20,000 articles.
  const [visible] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from articolo_search where visibile`,
  );
  const every = Math.max(1, Math.round(Number(visible?.n ?? 0) / 20_000));
  const sampleOf = `from articolo_search where visibile and abs(hashint8(articolo_id)) % ${every} = 0`;
  const [sampled] = await queryRows<{ n: number | string }>(db, sql.raw(`select count(*) as n ${sampleOf}`));
  const sampleSize = Math.max(1, Number(sampled?.n ?? 1));
  const frequency = new Map(
    (
      await queryRows<{ word: string; ndoc: number | string }>(
        db,
        sql`select word, ndoc from ts_stat(${`select tsv_all ${sampleOf}`})`,
      )
    ).map((r) => [r.word, Number(r.ndoc)]),
  );
  const brand = [...frequency]
    .filter(([w, n]) => /^\p{L}{4,}$/u.test(w) && !STOP_WORDS.has(w) && n / sampleSize >= BRAND_SHARE)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .map(([w]) => it(w));
  const rare = (
    await queryRows<{ word: string }>(
      db,
      sql`select word from search_word where word ~ '^[[:alpha:]]{4,}$' order by md5(word) limit ${want * 20}`,
    )
  )
    .map((r) => r.word)
    .filter((w) => !STOP_WORDS.has(w))
    // Stable: words of equal frequency stay in md5 order.
    .sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0))
    .map(it);

  // Descriptions (spare parts) for the word classes, the typos and the other languages.
  const descriptions = await queryRows<{ it: string | null; l: Record<string, string> | null }>(
    db,
    sql`select coalesce(localized_descrizione ->> 'it', descrizione) as it, localized_descrizione as l from articolo
         where visibile and tipo_articolo = 'R' and not cingolo_in_gomma order by md5(id::text || ':words') limit ${want * 3}`,
  );
  const two: Candidate[] = [];
  const three: Candidate[] = [];
  const typos: Candidate[] = [];
  const language: Candidate[] = [];
  descriptions.forEach((d, i) => {
    const words = wordsOf(d.it);
    if (words.length >= 2) {
      const at = i % (words.length - 1);
      two.push(it(`${words[at]} ${words[at + 1]}`));
    }
    if (words.length >= 3) {
      const at = i % (words.length - 2);
      three.push(it(words.slice(at, at + 3).join(' ')));
    }
    const long = words.filter((w) => w.length >= 5);
    const word = long[i % Math.max(1, long.length)];
    if (word) {
      const wrong = typo(word, i);
      const other = words.find((w) => w !== word);
      typos.push(it(i % 3 === 2 && other ? `${other} ${wrong}` : wrong));
    }
    const lang = OTHER_LANGUAGES[i % OTHER_LANGUAGES.length] ?? 'en';
    const italian = new Set(words);
    const foreign = wordsOf(d.l?.[lang]).filter((w) => w.length >= 4 && !italian.has(w));
    if (foreign.length > 0) {
      const at = i % foreign.length;
      const term = (i >> 2) % 2 === 1 && foreign[at + 1] ? `${foreign[at]} ${foreign[at + 1]}` : (foreign[at] ?? '');
      language.push({ term, lang: (i >> 3) % 2 === 0 ? lang : 'it' });
    }
  });

  const tracks = await queryRows<{ w: string; p: string; l: string; s: string }>(
    db,
    sql`select tag1 as w, tag2 as p, tag3 as l, tag6 as s from articolo
         where cingolo_in_gomma and visibile and tag1 is not null order by md5(id::text)`,
  );
  const trackTerms = tracks.flatMap((t, i) => {
    const [w, p, l, s] = [fmt(t.w), fmt(t.p), fmt(t.l), fmt(t.s)];
    const all = [
      `${w}x${p}x${l}`,
      `${w}x${p}`,
      `${w} ${p} ${l}`,
      `${w}x${p}x${l} ${s}`,
      `cingolo ${w}`,
      `rubber track ${w}x${p}x${l}`,
    ];
    // Each track gives its formats in a rotated order, so the first ones taken cover every format.
    return all.map((_, j) => ({ order: j * tracks.length + i, term: all[(i + j) % all.length] ?? '' }));
  });
  const track = trackTerms.sort((a, b) => a.order - b.order).map((t) => it(t.term));

  const prefixes = (list: readonly string[], bare: boolean) =>
    list.map((code, i) => {
      const text = bare ? code.toLowerCase().replace(/[^a-z0-9]/g, '') : code;
      return it(text.slice(0, 1 + (i % 8)));
    });

  return {
    code: codes.slice(0, third).map(it),
    oem,
    prefix: prefixes(codes.slice(third, 2 * third), false),
    'prefix-bare': prefixes(codes.slice(2 * third), true),
    'brand-word': brand,
    'rare-word': rare,
    'two-words': two,
    'three-words': three,
    typo: typos,
    track,
    language,
  };
};

const keyOf = (c: Candidate) => `${c.lang}|${c.term.toLowerCase().replace(/\s+/g, ' ').trim()}`;

/**
 * `total` distinct terms in the classes' shares, shuffled with a fixed seed; and `warmUp` more
 * terms, distinct from the mix, to warm a server without keeping results for the measured terms.
 */
export const drawTerms = async (db: DbOrTx, total: number, warmUp = 30) => {
  const pools = await candidates(db, total);
  const used = new Set<string>();
  const next = new Map<TermClass, number>(TERM_CLASSES.map((c) => [c, 0]));
  const take = (cls: TermClass): Term | null => {
    const pool = pools[cls];
    for (let i = next.get(cls) ?? 0; i < pool.length; i++) {
      const c = pool[i] as Candidate;
      const term = c.term.trim();
      if (term.length === 0 || term.length > MAX_TERM || used.has(keyOf(c))) continue;
      used.add(keyOf(c));
      next.set(cls, i + 1);
      return { cls, term, lang: c.lang };
    }
    next.set(cls, pool.length);
    return null;
  };
  const weightSum = TERM_CLASSES.reduce((s, c) => s + WEIGHTS[c], 0);
  const mix: Term[] = [];
  for (const cls of TERM_CLASSES) {
    const share = Math.round((total * WEIGHTS[cls]) / weightSum);
    for (let n = 0; n < share; n++) {
      const term = take(cls);
      if (!term) break;
      mix.push(term);
    }
  }
  // Shares rounded or left by a short class go round the classes that still have candidates.
  for (let progress = true; mix.length < total && progress; ) {
    progress = false;
    for (const cls of TERM_CLASSES) {
      if (mix.length >= total) break;
      const term = take(cls);
      if (term) {
        mix.push(term);
        progress = true;
      }
    }
  }
  mix.splice(total);
  const warm: Term[] = [];
  for (let i = 0; warm.length < warmUp && i < warmUp * TERM_CLASSES.length; i++) {
    const term = take(TERM_CLASSES[i % TERM_CLASSES.length] as TermClass);
    if (term) warm.push(term);
  }
  const rng = createRng(SEED);
  for (let i = mix.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [mix[i], mix[j]] = [mix[j] as Term, mix[i] as Term];
  }
  return { mix, warmUp: warm };
};
