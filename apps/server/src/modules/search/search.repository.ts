import { AUTOCOMPLETE_SIZE, LANGUAGES, type Language, SEARCH_COUNT_LIMIT } from '@ricambi/domain';
import { and, asc, count, countDistinct, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, namedStatement, preparedOnce, queryRows } from '../../db/client.ts';
import {
  articolo,
  articoloArticolo,
  articoloSearch,
  SEARCH_BLOCKS,
  searchCount,
  searchPage,
  searchTop,
  searchTopState,
} from '../../db/schema/index.ts';
import { ranksColumn, VECTORS } from './search.indexer.ts';
import { anyOfBlocks, blocksSet, decodeRanks, everyOfBlocks, intersectionOf, unionOf } from './search.ranks.ts';
import {
  alternativesQuery,
  codeOf,
  editDistance,
  isNumber,
  plainWords,
  prefixQuery,
  termText,
  termWords,
  usefulWords,
} from './search.terms.ts';

const LANGUAGE_VECTOR = {
  it: articoloSearch.tsvIt,
  en: articoloSearch.tsvEn,
  fr: articoloSearch.tsvFr,
  de: articoloSearch.tsvDe,
  es: articoloSearch.tsvEs,
} as const;

/**
 * How many typo candidates each word may bring, and how alike they must be: trigram similarity, or
 * one edit (two for long words) where trigrams find a swap of letters too unlike ('filrto').
 */
const FUZZY_CANDIDATES = 4;
const FUZZY_SIMILARITY = 0.4;
const FUZZY_SHORTLIST = 30;
const FUZZY_SHORTLIST_SIMILARITY = '0.2';
const fuzzyEdits = (word: string) => (word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);
/**
 * The trigram threshold of a word's shortlist. A word too short for an edit keeps only candidates at
 * FUZZY_SIMILARITY, so asking the index for those alone gives the same candidates; at the low
 * threshold a 3- or 4-letter word's index lookup rechecks tens of thousands of words (44 ms for
 * 'rlli', 15–20 ms for 'kit' beside a longer word, on 1 M articles).
 */
const shortlistSimilarity = (word: string) =>
  fuzzyEdits(word) === 0 ? String(FUZZY_SIMILARITY) : FUZZY_SHORTLIST_SIMILARITY;

export type RankedPage = {
  ids: number[];
  total: number;
  /** More match than were counted: `total` is a lower bound. */
  capped: boolean;
  match: 'exact' | 'fuzzy' | 'none';
  corrected?: string[];
};

/** A stored word looked for, whole or as the start of longer ones. */
type Lexeme = { word: string; prefix: boolean };

/**
 * What a ranking looks for: the code (tiers 0 and 1), the words in the user's language (tier 2) and
 * in any language with the OEM codes (tier 3: the words, or the code typed with separators as an OEM
 * code, '0 925 677 836'). For the choice of a plan, the same as lexemes: every group required, one
 * lexeme of a group enough (`words`), and the OEM code (`oem`).
 */
type Matcher = {
  code: string | null;
  tsquery: string | null;
  allQuery: string | null;
  words: readonly (readonly Lexeme[])[];
  oem: Lexeme | null;
};

/** A code typed with separators or several words may be an OEM code, stored without them. */
/** Every lexeme a matcher may ask about: its words' and the OEM code's. */
const lexemesOfMatcher = (m: Matcher) => [...m.words.flat(), ...(m.oem ? [m.oem] : [])];

const oemAlternative = (code: string, words: readonly string[]) =>
  code.length >= 4 && /\d/.test(code) && !(words.length === 1 && words[0] === code) ? code : null;

const matcherOf = (code: string, words: readonly string[]): Matcher => {
  const tsquery = words.length ? prefixQuery(words) : null;
  const oem = oemAlternative(code, words);
  const oemQuery = oem ? `'${oem}':*` : null;
  return {
    code: code || null,
    tsquery,
    allQuery: tsquery && oemQuery ? `(${tsquery}) | ${oemQuery}` : (tsquery ?? oemQuery),
    words: usefulWords(words).map((word) => [{ word, prefix: !isNumber(word) }]),
    oem: oem ? { word: oem, prefix: true } : null,
  };
};

const tsq = (query: string) => sql`to_tsquery('simple', unaccent(${query}))`;

type TierRow = { id: number | string; code: string };

/**
 * One search's transaction, the planner mode it last set, the generation of kept results it began
 * with, the words of the term, the articles searched (the planner's figure; 0 when unknown) and, once
 * asked, how many articles the words may match at most (null: too many to tell, or unknown).
 */
type Session = {
  tx: DbOrTx;
  manyMatches: boolean;
  generation: number;
  words: string[];
  articles: number;
  estimates: Map<string, WordEstimate>;
  /** Search rows written since the last full reindex (without a rank), counted up to UNRANKED_MAX + 1. */
  unranked: number;
  /** Whether a full reindex ran since migration 0024 (search_top_state.ranked). */
  ranked: boolean;
  /**
   * The stored words' lists as far as read and the words of each lexeme, both by vector (listKey), and
   * the ranks read from each vector's lists: the count of a full search reads those of all languages,
   * the tier in the user's language its own, each within RANKS_READ_MAX.
   */
  lists: Map<string, WordList>;
  lexemeWords: Map<string, string[]>;
  ranksRead: Map<Language | 'all', number>;
  /** The code tiers and the code prefix's count, read by openSession for the code and limits the search will ask. */
  codes: PrefetchedCodes | null;
};

/** What openSession reads ahead for the term's code: its tiers cut at `limit`, and its prefix's count up to `cap`. */
type CodeAsk = { code: string; limit: number; cap: number | null };
type PrefetchedCodes = CodeAsk & { rows: (TierRow & { tier: number })[]; count: number | null };

/**
 * Of a lexeme: how many articles have it (or a word starting with it), in all languages and in
 * each (LANGUAGES order), at most the first code of a visible one, and the blocks that may hold one
 * ('0'/'1' per block, search_block); null when not known.
 */
type WordEstimate = {
  matches: number | null;
  firstCode: string | null;
  blocks: string | null;
  byLanguage: readonly number[] | null;
};

/** How many rows in code order a walk reads at most for each match it looks for (and never fewer than 1,000). */
const WALK_ROWS_PER_MATCH = 20;
const walkRows = (limit: number) => Math.max(1_000, limit * WALK_ROWS_PER_MATCH);

/** The most rows a walk reads, however common the word. */
const WALK_ROWS_MAX = 50_000;

/**
 * The rows a walk may read before it gives way to a bitmap scan: `rows`, or where the count is
 * exact — one word group, in the vector of all languages or in a language whose own count is known
 * — half the matches up to WALK_ROWS_MAX. A bitmap scan reads about a page a match, a walk (rows in
 * code order, stopping at the last match it needs) much less a row: counting 'guarnizioni' (181,000
 * matches, sparse early in the code order) up to the cap took a 93 ms bitmap scan after a walk of
 * 1,000 rows met too few. Without its own count a language's tier has only the bound of all
 * languages (a German word asked in Italian has no match there): a long walk would be for nothing.
 */
const walkBudget = (rows: number, estimate: WordEstimate, groups: number, vector: Language | 'all') =>
  groups === 1 && (vector === 'all' || estimate.byLanguage !== null) && estimate.matches !== null
    ? Math.max(rows, Math.min(Math.floor(estimate.matches / 2), WALK_ROWS_MAX))
    : rows;

/**
 * Whether a walk may meet `limit` matches: not when so few articles match that the rows it reads
 * would hold fewer than `limit` of them, spread evenly (a bitmap scan of a few matches is cheap).
 */
const walkMayFill = (
  session: Session,
  matches: number | null,
  limit: number,
  rows = walkRows(limit),
  searched = session.articles,
) => matches === null || searched <= 0 || (matches * rows) / searched >= limit;

/** About how many articles a block holds (a table of fewer articles than blocks has one a block). */
const articlesPerBlock = (session: Session) =>
  session.articles / Math.max(1, Math.min(SEARCH_BLOCKS, session.articles));

/** About how many articles the blocks set in `blocks` hold. */
const articlesIn = (session: Session, blocks: string) => blocksSet(blocks) * articlesPerBlock(session);

/** The first block set in `blocks` (0: none is known). */
const firstBlockOf = (blocks: string | null) => Math.max(0, blocks?.indexOf('1') ?? -1);

/** About how many ranks come before block `block`. */
const blockStart = (session: Session, block: number) => Math.floor(block * articlesPerBlock(session));

/** About how many ranks come before the first block set in `blocks` (0: none is known). */
const firstBlockStart = (session: Session, blocks: string | null) => blockStart(session, firstBlockOf(blocks));

/** Blocks that may hold a match of any of them (null: one is not known). */
const orBlocks = (all: readonly (string | null)[]): string | null => {
  if (all.length === 0 || all.some((b) => b === null)) return null;
  return anyOfBlocks(all as string[]);
};

/** Blocks that may hold a match of all of them: those the known ones share (null: none is known). */
const andBlocks = (all: readonly (string | null)[]): string | null => {
  const known = all.filter((b): b is string => b !== null);
  return known.length === 0 ? null : everyOfBlocks(known);
};

/** A count walks only where matches are dense: it reads every row it walks, whole. */
const COUNT_WALK_ROWS = 1_000;

/** How many stored words a prefix may cover and still be counted; more say "a common prefix". */
const PREFIX_WORDS_COUNTED = 500;
/** The last character: every word starting with a prefix sorts below prefix + this one. */
const LAST_CODE_POINT = 0x10ffff;
const LAST_CHARACTER = String.fromCodePoint(LAST_CODE_POINT);
const UNKNOWN: WordEstimate = { matches: null, firstCode: null, blocks: null, byLanguage: null };
const lexemeKey = (l: Lexeme) => `${l.prefix ? '*' : '='}${l.word}`;
/** The estimate of a lexeme loaded by loadEstimates (unknown when it was not). */
const estimateOf = (session: Session, l: Lexeme) => session.estimates.get(lexemeKey(l)) ?? UNKNOWN;
/** The stored words a lexeme stands for: the word, or (a prefix) the first PREFIX_WORDS_COUNTED words it starts. */
const storedWords = (l: Lexeme) =>
  l.prefix
    ? sql`word ~>=~ ${l.word} and word ~<~ ${l.word + LAST_CHARACTER} limit ${PREFIX_WORDS_COUNTED}`
    : sql`word = ${l.word}`;

/** Whether search_word lists a word that long: 3+ characters, 2 once a full reindex ran since migration 0024. */
const isListed = (session: Session, word: string) => word.length >= (session.ranked ? 2 : 3);

/**
 * Estimates of the lexemes not yet asked, from the word counts of the search data, in one
 * statement: unknown for a prefix covering too many words and for anything shorter than a stored
 * word; a word not stored is in no article.
 */
const loadEstimates = async (session: Session, lexemes: readonly Lexeme[]) => {
  const missing = [...new Map(lexemes.map((l) => [lexemeKey(l), l])).values()].filter(
    (l) => !session.estimates.has(lexemeKey(l)),
  );
  const asked = missing.filter((l) => isListed(session, l.word));
  for (const l of missing) if (!isListed(session, l.word)) session.estimates.set(lexemeKey(l), UNKNOWN);
  if (asked.length === 0) return;
  keepEstimates(session, await estimatesStatement(session.tx, lexemeArrays(asked)));
};

type EstimateRow = {
  k: string;
  c: number | string;
  n: number | string;
  first: string | null;
  blocks: string | null;
  langs: string | null;
};

/** The lexemes as the estimates statements take them: three arrays of one element per lexeme. */
const lexemeArrays = (lexemes: readonly Lexeme[]) => ({
  keys: lexemes.map(lexemeKey),
  words: lexemes.map((l) => l.word),
  prefixes: lexemes.map((l) => l.prefix),
});

/**
 * The stored words of the lexeme `l` (a row of word and prefix, see lexemeArrays), their `columns`:
 * the word itself, or every word a prefix starts (at most PREFIX_WORDS_COUNTED). Of the two branches
 * only the one the lexeme's kind passes runs.
 */
const wordsOfLexeme = (columns: SQL) =>
  sql`(select ${columns} from search_word
        where l.prefix and word ~>=~ l.word and word ~<~ (l.word || chr(${sql.raw(String(LAST_CODE_POINT))}))
        limit ${sql.raw(String(PREFIX_WORDS_COUNTED))})
      union all (select ${columns} from search_word where not l.prefix and word = l.word)`;

/**
 * The figures of an EstimateRow (without its key) over rows of search_word's articles, first_code,
 * blocks and lang_articles: a word's blocks and language counts are all known or their union is not
 * (a null among them).
 */
const estimateFigures = sql`count(*) as c, coalesce(sum(articles), 0) as n, min(first_code) as first,
    case when count(*) filter (where blocks is null) = 0 then bit_or(blocks)::text end as blocks,
    case when count(*) filter (where lang_articles is null) = 0 then array_to_string(array[${sql.join(
      LANGUAGES.map((_, i) => sql`coalesce(sum(lang_articles[${sql.raw(String(i + 1))}]), 0)`),
      sql`, `,
    )}], ',') end as langs`;

/**
 * One row (EstimateRow) per lexeme of the arrays `keys`, `words` and `prefixes` (lexemeArrays): its
 * stored words' figures together. One text for any lexemes, so it can be kept prepared; of each
 * lexeme's two branches only the one its kind passes runs.
 */
const estimatesQuery = sql`select l.k, f.* from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('words')}::text[],
                                      ${sql.placeholder('prefixes')}::boolean[]) as l(k, word, prefix)
      cross join lateral (select ${estimateFigures} from (${wordsOfLexeme(sql`articles, first_code, blocks, lang_articles`)}) x) f`;

const estimatesStatement = namedStatement<EstimateRow>('search_estimates', estimatesQuery);

const keepEstimates = (session: Session, rows: readonly EstimateRow[]) => {
  for (const row of rows) {
    const unknown = row.k.startsWith('*') && Number(row.c) >= PREFIX_WORDS_COUNTED;
    session.estimates.set(
      row.k,
      unknown
        ? UNKNOWN
        : {
            matches: Number(row.n),
            firstCode: row.first,
            blocks: row.blocks,
            byLanguage: row.langs === null ? null : row.langs.split(',').map(Number),
          },
    );
  }
};

/**
 * Any one of the lexemes: the matches add up, the first code is the lowest (a lexeme without a
 * first code is in no visible article).
 */
const anyOf = (estimates: readonly WordEstimate[]): WordEstimate => {
  if (estimates.length === 0 || estimates.some((e) => e.matches === null)) return UNKNOWN;
  return {
    matches: estimates.reduce((n, e) => n + (e.matches ?? 0), 0),
    firstCode:
      estimates
        .map((e) => e.firstCode)
        .filter((c): c is string => c !== null)
        .sort()[0] ?? null,
    // A lexeme in no article adds no block.
    blocks: orBlocks(estimates.filter((e) => e.matches !== 0).map((e) => e.blocks)),
    byLanguage: estimates.some((e) => e.byLanguage === null)
      ? null
      : LANGUAGES.map((_, i) => estimates.reduce((n, e) => n + (e.byLanguage?.[i] ?? 0), 0)),
  };
};

/** Per language, the lowest of the known counts (null: none is known). */
const lowest = (all: readonly (readonly number[] | null)[]): readonly number[] | null => {
  const known = all.filter((c): c is readonly number[] => c !== null);
  return known.length === 0 ? null : LANGUAGES.map((_, i) => Math.min(...known.map((c) => c[i] ?? 0)));
};

/** Every one of the groups: the rarest bounds the matches, the one that starts last bounds the start. */
const allOf = (estimates: readonly WordEstimate[]): WordEstimate => {
  const counts = estimates.map((e) => e.matches).filter((n): n is number => n !== null);
  const firsts = estimates.map((e) => e.firstCode).filter((c): c is string => c !== null);
  return {
    matches: counts.length > 0 ? Math.min(...counts) : null,
    firstCode: firsts.sort().at(-1) ?? null,
    blocks: andBlocks(estimates.map((e) => e.blocks)),
    byLanguage: lowest(estimates.map((e) => e.byLanguage)),
  };
};

/**
 * Of a word tier: at most how many articles it can match, and a code no match is below (null when
 * not known). The OEM code alternative of the tier of all languages adds its own matches and may
 * start before.
 */
const wordMatches = async (session: Session, m: Matcher, tier: Language | 'all'): Promise<WordEstimate> => {
  const oem = tier === 'all' ? m.oem : null;
  // The OEM code's estimate comes with the words' in the user's language: one statement for both tiers.
  await loadEstimates(session, lexemesOfMatcher(m));
  const groupEstimate = (group: readonly Lexeme[]) => anyOf(group.map((l) => estimateOf(session, l)));
  const words = m.words.length > 0 ? allOf(m.words.map(groupEstimate)) : UNKNOWN;
  if (tier !== 'all') {
    // In one language's tier, its own count when known.
    const own = words.byLanguage?.[LANGUAGES.indexOf(tier)];
    return own === undefined ? words : { ...words, matches: own };
  }
  return oem ? anyOf([words, estimateOf(session, oem)]) : words;
};

/**
 * Whether a word query can match nothing. `search_word` lists every word of 3+ characters of every
 * article's vector of all languages (a language's vector holds no word that one lacks), and of 2
 * once a full reindex ran since migration 0024 (`ranked`: track sizes such as '250 72 47'), written
 * in the transaction that writes the vectors and never emptied of a word still stored; so a word,
 * or a prefix, it lists none of is in no article, and a count of 0 is exact. Shorter words are never
 * counted (unknown).
 */
const inNoArticle = (estimate: WordEstimate) => estimate.matches === 0;

/**
 * Many matches (a word most articles share) are met at once by reading the code index in order:
 * from `from` (no match has a lower code) a bounded number of rows are read, and when `limit` of
 * them match they are the first `limit` matches. Matches too sparse there are left to the bitmap
 * scan and sort; null then.
 */
const walkInOrder = async (
  session: Session,
  condition: SQL,
  limit: number,
  from: string | null,
  rows = walkRows(limit),
) => {
  const s = articoloSearch;
  await planFor(session, true);
  const start = from === null ? sql`` : sql`and ${s.codiceNorm} >= ${from}`;
  const hits = await queryRows<TierRow>(
    session.tx,
    sql`select id, code from (
          select ${s.articoloId} as id, ${s.codiceNorm} as code, (${condition}) as hit from ${s}
           where ${s.visibile} ${start} order by ${s.codiceNorm}, ${s.articoloId} limit ${rows}) w
         where hit order by code, id limit ${limit}`,
  );
  return hits.length >= limit ? hits : null;
};

/** The runs of consecutive blocks set in `blocks`, in code order: [first, last] block numbers. */
const runsOf = (blocks: string) => {
  const runs: [number, number][] = [];
  for (let b = 0; b < blocks.length; b++) {
    if (blocks[b] !== '1') continue;
    const last = runs.at(-1);
    if (last && last[1] === b - 1) last[1] = b;
    else runs.push([b, b]);
  }
  return runs;
};

/** How many statements a walk through blocks makes at most before it leaves the rest to a bitmap scan. */
const BLOCK_WALK_STATEMENTS = 8;

/** Above every code: codes are lower-case letters and digits, and '~' sorts after them in "C". */
const ABOVE_CODES = '~';

/**
 * Like `walkInOrder`, but only through the blocks that may hold a match (a word's blocks, ANDed and
 * ORed as the query): the rows between them hold none, so the first matches met in the blocks, in
 * code order, are the first of all. Each statement walks one run of consecutive blocks and stops at
 * the `limit`-th match; the row that uses up the rows left, if reached, comes back as a marker.
 * `complete` when every such block was read: the matches are then all there are (fewer than
 * `limit`). Null when the rows were used up without meeting `limit` matches.
 */
const walkBlocks = async (
  session: Session,
  condition: SQL,
  limit: number,
  blocks: string,
  from: string | null,
  rows = walkRows(limit),
): Promise<{ rows: TierRow[]; complete: boolean } | null> => {
  const s = articoloSearch;
  await planFor(session, true);
  const start = from === null ? sql`` : sql`and ${s.codiceNorm} >= ${from}`;
  const blockRows = articlesPerBlock(session);
  const found: TierRow[] = [];
  let left = rows;
  for (const [i, [first, last]] of runsOf(blocks).entries()) {
    if (i >= BLOCK_WALK_STATEMENTS || left < 1) return null;
    const walked = await queryRows<TierRow & { hit: boolean; n: number | string }>(
      session.tx,
      sql`select id, code, hit, n from (
            select ${s.articoloId} as id, ${s.codiceNorm} as code, (${condition}) as hit,
                   row_number() over (order by ${s.codiceNorm}, ${s.articoloId}) as n
              from ${s}
             where ${s.visibile} ${start}
               and ${s.codiceNorm} >= (select first_code from search_block where block = ${first})
               and ${s.codiceNorm} < coalesce((select first_code from search_block where block > ${last}
                                                order by block limit 1), ${ABOVE_CODES})
             order by ${s.codiceNorm}, ${s.articoloId} limit ${left}) w
           where hit or n = ${left} order by code, id limit ${limit - found.length}`,
    );
    for (const row of walked) if (row.hit) found.push({ id: row.id, code: row.code });
    if (found.length >= limit) return { rows: found, complete: false };
    if (walked.some((row) => Number(row.n) === left)) return null;
    left -= Math.max(1, Math.round((last - first + 1) * blockRows));
  }
  return { rows: found, complete: true };
};

/** The lexemes of a word tier: every group required, one lexeme of a group enough; or the OEM code. */
type TierLexemes = { groups: readonly (readonly Lexeme[])[]; oem: Lexeme | null };

const lexemesOf = (m: Matcher, tier: Language | 'all'): TierLexemes => ({
  groups: m.words,
  oem: tier === 'all' ? m.oem : null,
});

/** How many ranks a search reads at most from its words' lists of one vector (4 bytes each, read out of line at about 25 µs a kilobyte). */
const RANKS_READ_MAX = 400_000;
/** A word's list is read a slice at a time, at least this many ranks (1 KB). */
const SLICE_MIN = 256;
/**
 * Groups read besides the rarest: those with at most this many times its articles (the check filters by the
 * others). A rank read costs about a three-hundredth of a row checked (27 µs), so a group 32 times as common
 * is still cheaper to read than the checks it saves when few candidates match.
 */
const READ_SPREAD = 32;
/** How many statements (reads and checks) the lists may take, and how many candidates one check reads at most. */
const RANKED_STATEMENTS = 10;
const CHECK_ROWS_MAX = 4_000;
/** Search rows written since the last full reindex that a search checks one by one, at most. */
const UNRANKED_MAX = 5_000;

const isSingle = (lexemes: TierLexemes) => lexemes.groups.length === 1 && !lexemes.oem;

/** At most how many articles one lexeme of the group has in the vector (null: not known). */
const groupMatches = (session: Session, group: readonly Lexeme[], vector: Language | 'all') => {
  const estimate = anyOf(group.map((l) => estimateOf(session, l)));
  return vector === 'all' ? estimate.matches : (estimate.byLanguage?.[LANGUAGES.indexOf(vector)] ?? estimate.matches);
};

/**
 * A language's tier without the lexemes that language's vectors lack (the typo alternatives of
 * 'ineriore' asked in Italian are 'inferior' and 'interior' too): their lists in that language are
 * empty, not worth a read. Null when a group is left empty.
 */
const inTierLanguage = (session: Session, lexemes: TierLexemes, tier: Language | 'all'): TierLexemes | null => {
  if (tier === 'all') return lexemes;
  const at = LANGUAGES.indexOf(tier);
  const groups = lexemes.groups.map((group) => group.filter((l) => estimateOf(session, l).byLanguage?.[at] !== 0));
  return groups.some((group) => group.length === 0) ? null : { ...lexemes, groups };
};

/** How many more articles a group may have in all languages than in the tier's for the tier to read the lists of all. */
const ALL_LISTS_SPREAD = 1.25;

/**
 * Whether a language's tier reads the lists of all languages, not its own: when every group has
 * nearly as many articles in that language as in all, the candidates are nearly the same, and the
 * lists of all are shared with the count and the tier of all languages, so a full search reads them
 * once ('pressione olio bsp': 43 ms, against 70 reading the Italian ones after the count).
 */
const listsOfAll = (session: Session, lexemes: TierLexemes, tier: Language | 'all') =>
  tier !== 'all' &&
  lexemes.groups.every((group) => {
    const all = groupMatches(session, group, 'all');
    const own = groupMatches(session, group, tier);
    return all !== null && own !== null && all <= ALL_LISTS_SPREAD * own;
  });

/**
 * A stored word's list as far as it was read: `ranks` from position `start` of its `total`, every
 * rank from that of the first article of block `fromBlock` on (search_block; 0: from the start).
 */
type WordList = { ranks: Uint32Array; total: number; start: number; fromBlock: number };

/** A word's or a lexeme's key among the lists of one vector. */
const listKey = (vector: Language | 'all', key: string) => `${vector} ${key}`;

/** The rank up to which a list is known: its last rank read, or past every rank when read whole. */
const knownTo = (list: WordList) =>
  list.start + list.ranks.length >= list.total ? Number.POSITIVE_INFINITY : (list.ranks[list.ranks.length - 1] ?? -1);

/** The rarest group of a tier and those of a like number of articles, to be read (null: none has a known count). */
const groupsToRead = (session: Session, lexemes: TierLexemes, vector: Language | 'all') => {
  const known = lexemes.groups
    .map((group) => ({ group, matches: groupMatches(session, group, vector) }))
    .filter((g): g is { group: readonly Lexeme[]; matches: number } => g.matches !== null)
    .sort((a, b) => a.matches - b.matches);
  const rarest = known[0];
  if ((!rarest && lexemes.groups.length > 0) || (lexemes.oem && groupMatches(session, [lexemes.oem], vector) === null))
    return null;
  return known.filter((g) => g.matches <= (rarest?.matches ?? 0) * READ_SPREAD).map((g) => g.group);
};

/**
 * When the lists are read from where a block begins: `bytesMin`, how many bytes of lists that must
 * skip (the search for where it begins costs about as much as reading 100 KB); `ranksMin`, how long a
 * list must be to be searched (shorter ones are read from their start). Tests lower both to take that
 * way on a small data set.
 */
export const listSeek = { bytesMin: 128 * 1024, ranksMin: 4_096 };

/**
 * The first slices of stored words' lists in a vector, from where block `block` begins: no match of
 * the tier lies before it (its groups share no earlier block). One row per word of each lexeme (a
 * prefix: every stored word it starts), `bytes` of its list from `pos`. Where a word's list reaches
 * the block's first rank is searched for (4 bytes a step, slices of the out-of-line value: search_word
 * stores it uncompressed) in lists of more than `ranksMin` ranks (listSeek); shorter ones are read from the
 * start. The block's first rank is that of its first ranked article: ranks follow the code order (the
 * full reindex gave both, search_block too), and an article's block is the last whose first code is
 * not above its code. One text per vector, kept prepared (planning it took 2.6 ms).
 */
const seekStatements = Object.fromEntries(
  VECTORS.map((vector) => {
    const ranks = sql.raw(ranksColumn(vector));
    const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
    const at = (i: SQL) => sql`('x' || encode(substring(w.ranks from 4 * ${i} + 1 for 4), 'hex'))::bit(32)::int`;
    return [
      vector,
      namedStatement<ListRow>(
        `search_seek_${vector}`,
        sql`with seek as materialized (
              select coalesce((select min(rank) from articolo_search where codice_norm = (
                select codice_norm from articolo_search
                 where codice_norm >= (select first_code from search_block where block = ${p('block', 'integer')})
                   and rank is not null
                 order by codice_norm limit 1)), 2147483647) as r)
            select nullif(l.k, '') as k, w.word, length(w.ranks) / 4 as total, true as fresh, coalesce(p.pos, 0) as pos,
                   encode(substring(w.ranks from 4 * coalesce(p.pos, 0) + 1 for l.bytes), 'base64') as part
              from unnest(${p('keys', 'text[]')}, ${p('words', 'text[]')}, ${p('prefixes', 'boolean[]')}, ${p('bytes', 'integer[]')})
                     as l(k, word, prefix, bytes)
              cross join seek
              cross join lateral (${wordsOfLexeme(sql`word, ${ranks} as ranks`)}) w
              left join lateral (
                with recursive b(lo, hi) as (
                  select 0, case when length(w.ranks) / 4 > ${p('ranksMin', 'integer')} then length(w.ranks) / 4 else 0 end
                  union all
                  select case when v.r < seek.r then m.m + 1 else b.lo end, case when v.r < seek.r then b.hi else m.m end
                    from b cross join lateral (select (b.lo + b.hi) / 2 as m) m
                    cross join lateral (select ${at(sql`m.m`)} as r) v
                   where b.lo < b.hi)
                select lo as pos from b where lo >= hi limit 1) p on true`,
      ),
    ] as const;
  }),
) as Record<Language | 'all', ReturnType<typeof namedStatement<ListRow>>>;

type ListRow = {
  k: string | null;
  word: string;
  total: number | string | null;
  fresh: boolean;
  pos: number | string;
  part: string | null;
};

/**
 * Reads the lists of the lexemes in the vector (search_word.ranks, or a language's own such as
 * ranks_it) far enough to know every rank up to `target`, in one statement (two when a list read
 * from a later block is read again beside others read on):
 * a lexeme not yet opened brings its words (a prefix: every stored word it starts) with a first
 * slice, sized from the lexeme's count; a word already open, the next slice. No match lies before
 * block `fromBlock` (the blocks the tier's groups share): a first slice starts at the first rank of
 * that block, and a list read from a later block is read again from it. Slices are sized from
 * the word's share of the articles, so the lists reach about the same rank. False when a list is not
 * known (no full reindex since migration 0024) or the reads went past RANKS_READ_MAX. The slices come
 * as base64 text: PGlite hands a bytea result over eight times slower (28 ms for 400 KB against 2.5 ms).
 */
const readLists = async (
  session: Session,
  lexemes: readonly Lexeme[],
  target: number,
  vector: Language | 'all',
  fromBlock: number,
) => {
  const ranks = sql.raw(ranksColumn(vector));
  const rows = Math.max(1, session.articles);
  const fromRank = blockStart(session, fromBlock);
  const sliceOf = (total: number, from: number) =>
    Math.max(SLICE_MIN, Math.ceil((total * Math.max(0, Math.min(target, rows) - from) * 1.25) / rows) + 32);
  const parts: SQL[] = [];
  const seeks: { k: string; word: string; prefix: boolean; bytes: number }[] = [];
  const firstSlice = (k: string | null, matches: number, l: Lexeme) => {
    const bytes = 4 * sliceOf(matches, fromRank);
    if (fromBlock > 0) {
      seeks.push({ k: k ?? '', word: l.word, prefix: l.prefix, bytes });
      return;
    }
    parts.push(
      sql`(select ${k}::text as k, word, length(${ranks}) / 4 as total, true as fresh, 0 as pos,
                  encode(substring(${ranks} from 1 for ${bytes}), 'base64') as part
             from search_word where ${storedWords(l)})`,
    );
  };
  for (const l of new Map(lexemes.map((x) => [lexemeKey(x), x])).values()) {
    const words = session.lexemeWords.get(listKey(vector, lexemeKey(l)));
    if (!words) {
      firstSlice(lexemeKey(l), groupMatches(session, [l], vector) ?? rows, l);
      continue;
    }
    for (const word of words) {
      const list = session.lists.get(listKey(vector, word));
      if (!list) continue;
      if (list.fromBlock > fromBlock) {
        firstSlice(null, list.total, { word, prefix: false });
        continue;
      }
      if (knownTo(list) >= target) continue;
      const read = list.start + list.ranks.length;
      const bytes = 4 * Math.min(list.total - read, sliceOf(list.total, knownTo(list)));
      parts.push(
        sql`(select null::text as k, word, length(${ranks}) / 4 as total, false as fresh, ${read}::int as pos,
                    encode(substring(${ranks} from ${4 * read + 1} for ${bytes}), 'base64') as part
               from search_word where word = ${word})`,
      );
    }
  }
  if (parts.length === 0 && seeks.length === 0) return true;
  // Where the block begins is found on the code index read in order, which a bitmap mode would turn into a sort.
  if (seeks.length > 0) await planFor(session, true);
  const read = [
    ...(seeks.length > 0
      ? await seekStatements[vector](session.tx, {
          block: fromBlock,
          ranksMin: listSeek.ranksMin,
          keys: seeks.map((x) => x.k),
          words: seeks.map((x) => x.word),
          prefixes: seeks.map((x) => x.prefix),
          bytes: seeks.map((x) => x.bytes),
        })
      : []),
    ...(parts.length > 0 ? await queryRows<ListRow>(session.tx, sql.join(parts, sql` union all `)) : []),
  ];
  for (const l of lexemes) {
    const key = listKey(vector, lexemeKey(l));
    if (!session.lexemeWords.has(key)) session.lexemeWords.set(key, []);
  }
  for (const row of read) {
    if (row.part === null || row.total === null) return false;
    const part = decodeRanks(Buffer.from(row.part, 'base64'));
    session.ranksRead.set(vector, (session.ranksRead.get(vector) ?? 0) + part.length);
    const key = listKey(vector, row.word);
    const list = session.lists.get(key);
    if (row.k !== null) session.lexemeWords.get(listKey(vector, row.k))?.push(row.word);
    if (row.fresh) {
      // A word of two lexemes comes twice: the list read from the earlier block is kept.
      if (!list || list.fromBlock > fromBlock)
        session.lists.set(key, { ranks: part, total: Number(row.total), start: Number(row.pos), fromBlock });
    } else if (list) {
      const joined = new Uint32Array(list.ranks.length + part.length);
      joined.set(list.ranks);
      joined.set(part, list.ranks.length);
      session.lists.set(key, { ...list, ranks: joined });
    }
  }
  return (session.ranksRead.get(vector) ?? 0) <= RANKS_READ_MAX;
};

/**
 * The ranks in (after, upTo] that may match a word tier, ascending: of the groups read, those every
 * one has (one of its lexemes), or the OEM code's; and the rank up to which every list read is
 * known. A group not read (many more articles than the rarest) is left to the check.
 */
const candidatesIn = (
  session: Session,
  groups: readonly (readonly Lexeme[])[],
  oem: Lexeme | null,
  after: number,
  vector: Language | 'all',
) => {
  const listsOf = (l: Lexeme) =>
    (session.lexemeWords.get(listKey(vector, lexemeKey(l))) ?? []).flatMap((w) => {
      const list = session.lists.get(listKey(vector, w));
      return list ? [list] : [];
    });
  const branches = [...groups, ...(oem ? [[oem]] : [])];
  const upTo = Math.min(...branches.flatMap((group) => group.flatMap(listsOf).map(knownTo)));
  const within = (list: WordList) => {
    let lo = 0;
    let hi = list.ranks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((list.ranks[mid] as number) <= after) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < list.ranks.length && (list.ranks[end] as number) <= upTo) end++;
    return list.ranks.subarray(lo, end);
  };
  const unite = (group: readonly Lexeme[]) => unionOf(group.flatMap(listsOf).map(within));
  const words = groups.length > 0 ? intersectionOf(groups.map(unite)) : null;
  const ranks = unionOf([words, oem ? unite([oem]) : null].filter((l): l is Uint32Array => l !== null));
  return { ranks, upTo };
};

/**
 * The first `limit` matches of a word condition by code, from the words' ranks in the tier's vector
 * (a language's own lists in its tier, see listsOfAll: 'carter' asked in Italian reads only the
 * Italian articles that have it, not the French ones before them in code order). The lists of the
 * rarer groups are read a slice at a time, as far as the page needs: the candidates up to the rank
 * every list read is known to are checked in rank (code) order with the tier's condition, then the
 * lists read further where the matches met so far say the page ends. Then the rows written since the
 * full reindex (no rank) are checked one by one and the two merged by code. `complete` when every
 * list was read whole and every candidate and such row checked: the rows are then all the matches
 * there are. Null when the ranks are not known, too many rows have none, or RANKED_STATEMENTS did
 * not meet `limit` matches. `estimate.matches` (the tier's count, a language's own) places the first
 * reads.
 */
const rankedMatches = async (
  session: Session,
  condition: SQL,
  limit: number,
  estimate: WordEstimate,
  tierLexemes: TierLexemes,
  tier: Language | 'all',
  afterWalk = false,
): Promise<{ rows: TierRow[]; complete: boolean } | null> => {
  if (!session.ranked || session.unranked > UNRANKED_MAX) return null;
  // One word common enough that a short walk in code order meets the page: the walk first, it is one statement.
  // Not a word's typo alternatives: they are each common in other parts of the code order, the walk meets too few.
  if (
    !afterWalk &&
    isSingle(tierLexemes) &&
    tierLexemes.groups[0]?.length === 1 &&
    estimate.matches !== null &&
    walkMayFill(session, estimate.matches, limit)
  )
    return null;
  const lexemes = inTierLanguage(session, tierLexemes, tier);
  if (!lexemes) return null;
  const vector = listsOfAll(session, lexemes, tier) ? 'all' : tier;
  const groups = groupsToRead(session, lexemes, vector);
  if (!groups) return null;
  const s = articoloSearch;
  const searched = Math.max(1, session.articles);
  const hits: TierRow[] = [];
  let checked = -1;
  // The first reads reach past the first block all groups share (no match is before it) by what the count says a
  // page needs beyond it: the words of 'tappo idraulico bsp' first meet after 85,000 ranks.
  const firstStart = firstBlockStart(session, estimate.blocks);
  let target = Math.min(
    searched,
    firstStart + Math.ceil((searched * 2 * limit) / Math.max(1, estimate.matches ?? searched)),
  );
  let statements = 0;
  let complete = false;
  let checkedRows = 0;
  const lexemesRead = [...groups.flat(), ...(lexemes.oem ? [lexemes.oem] : [])];
  // The lists are read from that block on where that skips enough of them to pay for the search of where it begins.
  const skipped =
    (4 * firstStart * lexemesRead.reduce((n, l) => n + (groupMatches(session, [l], vector) ?? 0), 0)) / searched;
  const fromBlock = skipped >= listSeek.bytesMin ? firstBlockOf(estimate.blocks) : 0;
  const base = fromBlock > 0 ? firstStart : 0;
  while (hits.length < limit) {
    if (statements >= RANKED_STATEMENTS) return null;
    statements++;
    if (!(await readLists(session, lexemesRead, target, vector, fromBlock))) return null;
    const { ranks, upTo } = candidatesIn(session, groups, lexemes.oem, checked, vector);
    let next = 0;
    while (next < ranks.length && hits.length < limit) {
      if (statements >= RANKED_STATEMENTS) return null;
      statements++;
      // As many as the share of candidates found matching so far says the page needs (groups not read filter them).
      const share = (hits.length + 1) / (checkedRows + 2);
      const wanted = Math.ceil(((limit - hits.length) * 1.5) / share);
      const batch = ranks.subarray(next, next + Math.min(CHECK_ROWS_MAX, Math.max(32, wanted)));
      next += batch.length;
      checkedRows += batch.length;
      // The condition is read, not filtered on, so that the plan is the rank index alone.
      const found = await queryRows<TierRow & { rank: number; hit: boolean }>(
        session.tx,
        sql`select ${s.articoloId} as id, ${s.codiceNorm} as code, ${s.rank} as rank, (${s.visibile} and ${condition}) as hit
              from ${s} where ${s.rank} = any(${`{${batch.join(',')}}`}::int[])`,
      );
      found.sort((a, b) => a.rank - b.rank);
      for (const row of found) if (row.hit) hits.push({ id: row.id, code: row.code });
    }
    if (upTo === Number.POSITIVE_INFINITY) {
      complete = next >= ranks.length && hits.length <= limit;
      break;
    }
    checked = upTo;
    // Read on to about twice where the matches met so far (from the first shared block) say the page ends,
    // eight times as far when none was met.
    // From a block: at least as far again as the last reads went past it, which may have met no list's end.
    const span = base > 0 ? Math.max(1, upTo + 1 - base, target - base) : upTo + 1;
    target = Math.min(searched, base + Math.ceil(hits.length > 0 ? (span * limit * 2) / hits.length : span * 8));
  }
  if (session.unranked === 0) return { rows: hits.slice(0, limit), complete };
  // Every row without a rank (at most UNRANKED_MAX), read in the order of their partial index, behind a
  // limit that keeps the word indexes out of the plan.
  const unranked = await queryRows<TierRow>(
    session.tx,
    sql`select id, code from (
          select ${s.articoloId} as id, ${s.codiceNorm} as code, (${s.visibile} and ${condition}) as hit
            from ${s} where ${s.rank} is null order by ${s.codiceNorm}, ${s.articoloId} limit ${UNRANKED_MAX + 1}) u
         where hit order by code, id limit ${limit + 1}`,
  );
  const rows = [...hits, ...unranked].sort((a, b) =>
    a.code < b.code ? -1 : a.code > b.code ? 1 : Number(a.id) - Number(b.id),
  );
  return { rows: rows.slice(0, limit), complete: complete && rows.length <= limit };
};

/**
 * The ranked tiers (exact code, code prefix, words in the user's language, words in any language),
 * each cut at `limit` and ordered by code: since every tier is ordered the same way, the first
 * `limit` of the union by (best tier, code) are exact. The code tiers are ranges of the code index;
 * the word tiers are taken by `wordTier`. A tier that completes the page ends the ranking.
 */
const rankedIds = async (session: Session, m: Matcher, lang: Language, limit: number, offset: number) => {
  const best = new Map<number, { tier: number; code: string }>();
  const take = (tier: number, rows: readonly TierRow[]) => {
    for (const row of rows) {
      const id = Number(row.id);
      if (!best.has(id)) best.set(id, { tier, code: row.code });
    }
  };
  if (m.code) {
    const ahead = session.codes;
    const codes =
      ahead && ahead.code === m.code && ahead.limit === limit
        ? ahead.rows
        : await (async () => {
            await planFor(session, true);
            return queryRows<TierRow & { tier: number }>(session.tx, codeTiers(sql`${m.code}`, sql`${limit}`));
          })();
    take(
      0,
      codes.filter((row) => row.tier === 0),
    );
    take(
      1,
      codes.filter((row) => row.tier === 1),
    );
  }
  // Every later tier ranks below the earlier ones: once they fill the page, the later tiers cannot enter it.
  if (m.tsquery && best.size < limit) {
    const matches = await wordMatches(session, m, lang);
    take(2, await wordTier(session, { vector: lang, query: m.tsquery }, limit, matches, lexemesOf(m, lang)));
  }
  if (m.allQuery && best.size < limit) {
    const matches = await wordMatches(session, m, 'all');
    take(3, await wordTier(session, { vector: 'all', query: m.allQuery }, limit, matches, lexemesOf(m, 'all')));
  }
  return [...best.entries()]
    .sort(([ia, a], [ib, b]) => a.tier - b.tier || (a.code < b.code ? -1 : a.code > b.code ? 1 : ia - ib))
    .slice(offset, limit)
    .map(([id]) => id);
};

/**
 * The codes starting with `code` ([a-z0-9] only, as codeOf leaves it): a range of the code index
 * (bytewise, collation C), which a plan kept for any value can use as a `like` cannot.
 */
const codePrefix = (code: SQL) => {
  const s = articoloSearch;
  return sql`${s.codiceNorm} >= ${code} and ${s.codiceNorm} < (${code} || chr(${sql.raw(String(LAST_CODE_POINT))}))`;
};

/** The code tiers, exact code then code prefix, each a range of the code index already in order. */
const codeTiers = (code: SQL, limit: SQL) => {
  const s = articoloSearch;
  return sql`(select 0 as tier, * from (${tierQuery(sql`${s.codiceNorm} = ${code}`, limit)}) x)
      union all (select 1 as tier, * from (${tierQuery(codePrefix(code), limit)}) y)`;
};

/** How many visible articles have a code starting with `code`, counted up to `cap` on the code index. */
const codeCount = (code: SQL, cap: SQL) =>
  sql`select count(*) as n from (select 1 from ${articoloSearch} where ${codePrefix(code)} and ${articoloSearch.visibile}
               limit ${cap}) x`;

const tierQuery = (condition: SQL, limit: number | SQL) => {
  const s = articoloSearch;
  return sql`select ${s.articoloId} as id, ${s.codiceNorm} as code from ${s}
              where ${condition} and ${s.visibile} order by ${s.codiceNorm}, ${s.articoloId} limit ${limit}`;
};

type WordKey = { vector: Language | 'all'; query: string };
const wordCondition = (key: WordKey) =>
  sql`${key.vector === 'all' ? articoloSearch.tsvAll : LANGUAGE_VECTOR[key.vector]} @@ ${tsq(key.query)}`;

/** How many first matches of a word query are kept when it had to sort many (pages 1–5 of 20). */
const TOP_KEPT = 100;

/**
 * The first `limit` matches of a word tier by code: a kept result; else a short walk in code order
 * (a common word is met at once, without building the bitmap of all its articles); else one bitmap
 * scan and sort, whose first rows are kept for the next searches when the matches were many.
 * `estimate` skips what cannot help: the kept results of a rare word (only many matches are kept),
 * and a walk too short to meet a page; the walk starts at the first code a match may have. Words in
 * no article (a code's own digits, a typo) are not looked for at all.
 */
const wordTier = async (
  session: Session,
  key: WordKey,
  limit: number,
  estimate: WordEstimate,
  lexemes: TierLexemes,
): Promise<TierRow[]> => {
  if (inNoArticle(estimate)) return [];
  const { matches } = estimate;
  const groups = lexemes.groups.length;
  const wanted = Math.max(limit, TOP_KEPT);
  const condition = wordCondition(key);
  const ranked = await rankedMatches(session, condition, limit, estimate, lexemes, key.vector);
  if (ranked) return ranked.rows;
  if (matches === null || matches >= wanted) {
    const [kept] = await session.tx
      .select()
      .from(searchTop)
      .where(and(eq(searchTop.vector, key.vector), eq(searchTop.query, key.query)));
    if (kept && kept.ids.length >= limit)
      return kept.ids.slice(0, limit).map((id, i) => ({ id, code: kept.codes[i] ?? '' }));
  }
  const { blocks } = estimate;
  const rows = walkBudget(walkRows(limit), estimate, groups, key.vector);
  if (blocks !== null && walkMayFill(session, matches, limit, rows, articlesIn(session, blocks))) {
    const walked = await walkBlocks(session, condition, limit, blocks, estimate.firstCode, rows);
    if (walked) return walked.rows;
  } else if (blocks === null && walkMayFill(session, matches, limit, rows)) {
    const walked = await walkInOrder(session, condition, limit, estimate.firstCode, rows);
    if (walked) return walked;
  }
  // One common word whose matches the walk did not meet: they lie further on, where its list tells.
  const listed = isSingle(lexemes)
    ? await rankedMatches(session, condition, limit, estimate, lexemes, key.vector, true)
    : null;
  if (listed) return listed.rows;
  await planFor(session, false);
  const sorted = await queryRows<TierRow>(session.tx, tierQuery(condition, wanted));
  if (sorted.length >= wanted) await keepTop(session, key, sorted);
  return sorted.slice(0, limit);
};

/**
 * Whether a result computed in this search may be kept: not when the search data changed since the
 * search began. The generation row is share-locked, so a change committing meanwhile either is seen
 * here or waits for this transaction and then empties the kept results, this one included.
 */
const mayKeep = async (session: Session) => {
  const [state] = await queryRows<{ generation: number | string }>(
    session.tx,
    sql`select generation from search_top_state where id = 1 for share`,
  );
  return Number(state?.generation) === session.generation;
};

const keepTop = async (session: Session, key: WordKey, rows: readonly TierRow[]) => {
  if (!(await mayKeep(session))) return;
  await session.tx
    .insert(searchTop)
    .values({ ...key, ids: rows.map((r) => Number(r.id)), codes: rows.map((r) => r.code) })
    .onConflictDoNothing();
};

/**
 * How many articles match, counted up to `cap` (the tiers 0–2 are inside 1 and 3). A count that
 * reached its cap (a common word: the bitmap of all its articles) is kept like the sorted tiers.
 */
const countMatches = async (session: Session, m: Matcher, cap: number) => {
  const s = articoloSearch;
  const conditions: SQL[] = [];
  const estimate = m.allQuery ? await wordMatches(session, m, 'all') : UNKNOWN;
  const words = m.allQuery !== null && !inNoArticle(estimate);
  if (m.code) conditions.push(sql`${s.codiceNorm} like ${`${m.code}%`}`);
  const wordsCondition = wordCondition({ vector: 'all', query: m.allQuery ?? '' });
  if (words) conditions.push(wordsCondition);
  if (conditions.length === 0) return 0;
  const key = `${m.code ?? ''} ${m.allQuery ?? ''}`;
  const [kept] = await session.tx
    .select()
    .from(searchCount)
    .where(and(eq(searchCount.query, key), eq(searchCount.cap, cap)));
  if (kept) return cap;
  const keep = async () => {
    if (await mayKeep(session)) await session.tx.insert(searchCount).values({ query: key, cap }).onConflictDoNothing();
    return cap;
  };
  let codeMatches = 0;
  if (m.code) {
    // A code prefix shared by many codes fills the count on the code index alone.
    const ahead = session.codes;
    if (ahead && ahead.code === m.code && ahead.cap === cap && ahead.count !== null) codeMatches = ahead.count;
    else {
      await planFor(session, true);
      const [codes] = await queryRows<{ n: number | string }>(session.tx, codeCount(sql`${m.code}`, sql`${cap}`));
      codeMatches = Number(codes?.n ?? 0);
    }
    if (codeMatches >= cap) return keep();
    // Words in no article add nothing to the code prefix's count.
    if (!words) return codeMatches;
  }
  const all = lexemesOf(m, 'all');
  // Only the words count: their articles' ranks, when known, give the candidates to check.
  const listedCount = async (afterWalk: boolean) => {
    if (codeMatches > 0) return null;
    const listed = await rankedMatches(session, wordsCondition, cap, estimate, all, 'all', afterWalk);
    if (listed && listed.rows.length >= cap) return keep();
    return listed?.complete ? listed.rows.length : null;
  };
  const listed = await listedCount(false);
  if (listed !== null) return listed;
  const { blocks } = estimate;
  const rows = walkBudget(COUNT_WALK_ROWS, estimate, m.words.length, 'all');
  if (codeMatches === 0 && blocks !== null) {
    // Only the words count: walked through the blocks that may hold them.
    const searched = articlesIn(session, blocks);
    if (walkMayFill(session, estimate.matches, cap, rows, searched)) {
      const walked = await walkBlocks(session, wordsCondition, cap, blocks, estimate.firstCode, rows);
      if (walked && walked.rows.length >= cap) return keep();
      if (walked?.complete) return walked.rows.length;
    }
  } else if (walkMayFill(session, estimate.matches, cap, rows)) {
    // A common word: `cap` matches in a walk from the first one, without the bitmap of all its articles.
    const first = estimate.firstCode;
    const from = first === null || !m.code ? first : ([first, m.code].sort()[0] ?? null);
    const walked = await walkInOrder(session, sql`(${sql.join(conditions, sql` or `)})`, cap, from, rows);
    if (walked) return keep();
  }
  // One common word whose matches the walk did not meet.
  const further = isSingle(all) ? await listedCount(true) : null;
  if (further !== null) return further;
  await planFor(session, false);
  const [row] = await queryRows<{ n: number | string }>(
    session.tx,
    sql`select count(*) as n from (select 1 from ${s}
          where (${sql.join(conditions, sql` or `)}) and ${s.visibile} limit ${cap}) x`,
  );
  const n = Number(row?.n ?? 0);
  return n >= cap ? keep() : n;
};

/**
 * For each word, the stored words that look like it (a typo forgiven), fewest edits first, then most
 * alike; none when nothing is close. Numbers are not corrected. Runs in the caller's transaction.
 * The words are asked one statement per shortlist threshold, the one already set first; each stored
 * word comes with its estimate's figures, as the estimates statement would give them.
 */
const similarWords = async (tx: DbOrTx, words: readonly string[], thresholdSet: string | null) => {
  const byThreshold = new Map<string, number[]>();
  for (const [i, word] of words.entries()) {
    const threshold = shortlistSimilarity(word);
    byThreshold.set(threshold, [...(byThreshold.get(threshold) ?? []), i]);
  }
  const thresholds = [...byThreshold.keys()].sort((a, b) => Number(b === thresholdSet) - Number(a === thresholdSet));
  type Similar = Omit<EstimateRow, 'k'> & { i: number; word: string; similarity: number | string };
  const found: Similar[] = [];
  let set = thresholdSet;
  for (const threshold of thresholds) {
    if (threshold !== set) await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${threshold}, true)`);
    set = threshold;
    const asked = (byThreshold.get(threshold) ?? []).map((i) => ({ i, word: words[i] as string }));
    found.push(
      ...(await queryRows<Similar>(
        tx,
        sql.join(
          asked.map(
            ({ i, word }) => sql`(select ${i}::int as i, s.word, s.similarity, f.* from (
               select word, similarity(word, ${word}) as similarity, articles, first_code, blocks, lang_articles
                 from search_word
                where word % ${word} and word !~ '^[0-9]+$' and length(word) >= 3
                order by similarity(word, ${word}) desc, word
                limit ${FUZZY_SHORTLIST}) s
               cross join lateral (select ${estimateFigures}
                 from (select s.articles, s.first_code, s.blocks, s.lang_articles) x) f)`,
          ),
          sql` union all `,
        ),
      )),
    );
  }
  const alternatives: string[][] = [];
  const estimates: EstimateRow[] = [];
  for (const [i, word] of words.entries()) {
    const rows = found.filter((r) => r.i === i);
    const close = rows
      .map((r) => ({ row: r, word: r.word, similarity: Number(r.similarity), edits: editDistance(word, r.word) }))
      .filter((r) => r.similarity >= FUZZY_SIMILARITY || r.edits <= fuzzyEdits(word))
      .sort((a, b) => a.edits - b.edits || b.similarity - a.similarity || (a.word < b.word ? -1 : 1))
      .slice(0, FUZZY_CANDIDATES);
    if (close.length === 0) return null;
    alternatives.push(close.map((r) => r.word));
    estimates.push(
      ...close.map(({ row }) => ({
        k: lexemeKey({ word: row.word, prefix: false }),
        c: row.c,
        n: row.n,
        first: row.first,
        blocks: row.blocks,
        langs: row.langs,
      })),
    );
  }
  return { alternatives, estimates };
};

/** A count that reached the cap reads "more than cap − 1". */
const counted = (total: number, cap: number) =>
  total >= cap ? { total: cap - 1, capped: true } : { total, capped: false };

/**
 * The free search (spec 1 §2.1, §7): ranked ids of one page and the (capped) total. When nothing
 * matches and the words are long enough, the words are replaced by similar stored words.
 */
export const fullSearch = (db: DbOrTx, term: string, lang: Language, page: number, size: number): Promise<RankedPage> =>
  db.transaction((tx) => search(tx, term, lang, page, size));

/** What a page of the free search depends on besides the search data: language, page, size and term. */
export const pageKey = (term: string, lang: Language, page: number, size: number) =>
  JSON.stringify([lang, page, size, term]);

const keptPageQuery = preparedOnce((db: Db) =>
  db
    .select({
      generation: searchTopState.generation,
      ids: searchPage.ids,
      total: searchPage.total,
      capped: searchPage.capped,
      match: searchPage.match,
      corrected: searchPage.corrected,
    })
    .from(searchTopState)
    .leftJoin(searchPage, eq(searchPage.key, sql.placeholder('key')))
    .where(eq(searchTopState.id, 1))
    .prepare('kept_page'),
);

/**
 * The page of the free search kept for `key` (null when none is), and the generation of the search
 * data now, which a page ranked next is kept under (keepPage).
 */
export const keptPage = async (db: Db, key: string): Promise<{ generation: number; page: RankedPage | null }> => {
  const [row] = await keptPageQuery(db).execute({ key });
  const generation = Number(row?.generation ?? -1);
  if (!row || row.ids === null || row.total === null || row.capped === null || row.match === null)
    return { generation, page: null };
  const page: RankedPage = { ids: row.ids.map(Number), total: row.total, capped: row.capped, match: row.match };
  return { generation, page: row.corrected ? { ...page, corrected: row.corrected } : page };
};

/**
 * Keeps a page ranked on the search data of `generation` — unless that data changed since: the
 * generation row is share-locked as in mayKeep, so a change either is seen here or empties the kept
 * pages after this one is written.
 */
export const keepPage = async (db: Db, key: string, generation: number, page: RankedPage) => {
  const corrected = page.corrected
    ? sql`array(select jsonb_array_elements_text(${JSON.stringify(page.corrected)}::jsonb))`
    : sql`null`;
  // A kept page is a cache: its commit need not wait for the WAL to reach the disk (a crash loses
  // at most pages that are ranked again).
  await db.execute(
    sql`insert into ${searchPage} (key, ids, total, capped, match, corrected)
        select ${key}, ${`{${page.ids.join(',')}}`}::bigint[], ${page.total}, ${page.capped}, ${page.match}, ${corrected}
          from ${searchTopState}, (select set_config('synchronous_commit', 'off', true)) sync_off
         where id = 1 and generation = ${generation} for share of ${searchTopState}
        on conflict (key) do nothing`,
  );
};

/**
 * Word statistics cannot tell a rare prefix from a common one well enough, and a wrong guess walks
 * the whole code index (seconds on a million articles). So counts and sorts go through the word and
 * code indexes (bitmap scans), and only the bounded walks and the code ranges read the code index
 * in order. The mode is set once per change, in one statement.
 */
const planFor = async (session: Session, manyMatches: boolean) => {
  if (session.manyMatches === manyMatches) return;
  const value = manyMatches ? 'on' : 'off';
  await session.tx.execute(
    sql`select set_config('enable_seqscan', ${value}, true), set_config('enable_indexscan', ${value}, true)`,
  );
  session.manyMatches = manyMatches;
};

type OpeningRow = {
  generation: number | string;
  words: string[] | string;
  articles: number | string;
  unranked: number | string;
  ranked: boolean;
  codes: PrefetchedCodes['rows'] | string | null;
  code_count: number | string | null;
  estimates: EstimateRow[] | string | null;
};

/**
 * openSession's statement: one text for every term, kept prepared (planning it cost two to three
 * times its run). `code` null skips the code tiers, `cap` null the code count (a CASE runs only the
 * subquery of its branch).
 * - work_mem: a common word's bitmap (tens of thousands of articles) stays exact instead of turning
 *   lossy at 4 MB.
 * - synchronous_commit off: what a search writes (kept tiers and counts) is a cache, so its commit
 *   does not wait for the disk.
 * - No parallel workers: starting them costs more than any of these statements (20–60 ms measured
 *   for a bitmap scan of one row, whose estimate of thousands had made the plan parallel).
 */
const openingStatement = (() => {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const code = p('code', 'text');
  const cap = p('cap', 'integer');
  return namedStatement<OpeningRow>(
    'search_open',
    sql`select generation, ranked, ${termWords(p('term', 'text'))} as words,
               case when ${code} is not null then
                 (select coalesce(json_agg(json_build_object('tier', c.tier, 'id', c.id, 'code', c.code)
                                  order by c.tier, c.code, c.id), '[]'::json)
                    from (${codeTiers(code, p('limit', 'integer'))}) c) end as codes,
               case when ${code} is not null and ${cap} is not null then (${codeCount(code, cap)}) end as code_count,
               (select coalesce(json_agg(e), '[]'::json) from (${estimatesQuery}) e) as estimates,
               (select greatest(reltuples, 0)::bigint from pg_class where oid = 'articolo_search'::regclass) as articles,
               (select count(*) from (select 1 from articolo_search where rank is null
                                       limit ${sql.raw(String(UNRANKED_MAX + 1))}) u) as unranked,
               set_config('work_mem', '32MB', true), set_config('max_parallel_workers_per_gather', '0', true),
               set_config('synchronous_commit', 'off', true),
               set_config('pg_trgm.similarity_threshold', ${sql.raw(`'${FUZZY_SHORTLIST_SIMILARITY}'`)}, true),
               set_config('plan_cache_mode', 'auto', true)
          from search_top_state where id = 1`,
  );
})();

/**
 * Opens a search, in one statement: the generation of kept results, the words of the term, the
 * articles searched, the rows without a rank, exact bitmaps for common words, the typo threshold,
 * what `ask` names of the term's code (its tiers and its prefix's count), and the estimates of the
 * guessed words. Plans start as the code tiers want them (index scans on); the first bitmap
 * statement turns them off.
 */
const openSession = async (
  tx: DbOrTx,
  term: string,
  ask: CodeAsk | null,
  guess: { words: readonly string[]; lexemes: readonly Lexeme[] } | null,
): Promise<Session> => {
  // Its plan is the one kept for every term (see openingStatement), which sets the planner back for the rest.
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
  const [state] = await openingStatement(tx, {
    term: termText(term),
    code: ask?.code ?? null,
    limit: ask?.limit ?? 0,
    cap: ask?.cap ?? null,
    ...lexemeArrays(guess?.lexemes ?? []),
  });
  const words = fromJson<string[]>(state?.words, []);
  const session: Session = {
    tx,
    manyMatches: true,
    generation: Number(state?.generation ?? -1),
    words,
    articles: Number(state?.articles ?? 0),
    estimates: new Map(),
    unranked: Number(state?.unranked ?? UNRANKED_MAX + 1),
    ranked: state?.ranked === true,
    lists: new Map(),
    lexemeWords: new Map(),
    ranksRead: new Map(),
    codes:
      ask && state
        ? {
            ...ask,
            rows: fromJson(state.codes, []),
            count: state.code_count === null ? null : Number(state.code_count),
          }
        : null,
  };
  // The estimates asked for the guessed words serve when the parser cut the term the same way, for
  // the lexemes loadEstimates would ask too (2-letter words only once a full reindex listed them).
  if (guess && state?.estimates && JSON.stringify(guess.words) === JSON.stringify(words)) {
    const rows = fromJson<EstimateRow[]>(state.estimates, []);
    keepEstimates(
      session,
      rows.filter((row) => isListed(session, row.k.slice(1))),
    );
  }
  return session;
};

/** A json column arrives parsed from one driver and as text from another. */
const fromJson = <T>(value: T | string | null | undefined, absent: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? absent);

/**
 * The typeahead (first page of at most AUTOCOMPLETE_SIZE) needs no count: its ranking is asked for
 * one more than the page, and fewer means every match was found (each tier gave all of its own).
 */
const rankedWithTotal = async (
  session: Session,
  m: Matcher,
  lang: Language,
  page: { page: number; size: number; cap: number; typeahead: boolean },
) => {
  const { size, cap } = page;
  const offset = page.page * size;
  if (page.typeahead) {
    const ids = await rankedIds(session, m, lang, cap, 0);
    return { ids: ids.slice(0, size), total: ids.length };
  }
  const total = await countMatches(session, m, cap);
  const ids = total > offset ? await rankedIds(session, m, lang, offset + size, offset) : [];
  return { ids, total };
};

const search = async (tx: DbOrTx, term: string, lang: Language, page: number, size: number): Promise<RankedPage> => {
  const offset = page * size;
  const typeahead = size <= AUTOCOMPLETE_SIZE && page === 0;
  // The typeahead only needs to know whether there is more than one page ('show all').
  const cap = (typeahead ? size : Math.max(SEARCH_COUNT_LIMIT, offset + size)) + 1;
  const code = codeOf(term);
  // The code tiers and count are read with the opening statement, one round trip less for every search.
  const ask = code ? { code, limit: typeahead ? cap : offset + size, cap: typeahead ? null : cap } : null;
  // Plain words are cut at the spaces: their estimates come with the opening statement too.
  const guessed = plainWords(term);
  const guess = guessed ? { words: guessed, lexemes: lexemesOfMatcher(matcherOf(code, guessed)) } : null;
  const session = await openSession(tx, term, ask, guess);
  const { words } = session;
  const exact = matcherOf(code, words);
  const asked = { page, size, cap, typeahead };
  const found = await rankedWithTotal(session, exact, lang, asked);
  if (found.total > 0) return { ids: found.ids, ...counted(found.total, cap), match: 'exact' };
  // openSession set the shortlist's low threshold.
  const fuzzy = await corrections(tx, words, FUZZY_SHORTLIST_SIMILARITY);
  if (!fuzzy) return { ids: [], total: 0, capped: false, match: 'none' };
  // The corrections' figures came with them: their estimates cost no statement of their own.
  keepEstimates(session, fuzzy.estimates);
  const corrected = await rankedWithTotal(session, fuzzy.matcher, lang, asked);
  return {
    ids: corrected.ids,
    ...counted(corrected.total, cap),
    match: corrected.total > 0 ? 'fuzzy' : 'none',
    corrected: fuzzy.corrected,
  };
};

/**
 * The words of a term that found nothing, each word of 3 characters or more replaced by the stored
 * words like it (numbers kept as typed): null when one of them has none, or no word is long enough.
 */
const corrections = async (tx: DbOrTx, words: readonly string[], thresholdSet: string | null = null) => {
  const longWords = usefulWords(words).filter((w) => w.length >= 3);
  const typed = longWords.filter((w) => !isNumber(w));
  if (typed.length === 0) return null;
  const similar = await similarWords(tx, typed, thresholdSet);
  if (!similar) return null;
  const alternatives = longWords.map((w) => (isNumber(w) ? [w] : (similar.alternatives[typed.indexOf(w)] ?? [w])));
  const query = alternativesQuery(alternatives);
  const lexemes = alternatives.map((group) => group.map((word) => ({ word, prefix: false })));
  return {
    matcher: { code: null, tsquery: query, allQuery: query, words: lexemes, oem: null } satisfies Matcher,
    corrected: alternatives.map((a) => a[0] ?? ''),
    estimates: similar.estimates,
  };
};

export type IdPage = { ids: number[]; total: number };

/** The articles a search may show: visible ones unless staff ask; only tracks under a theme without parts. */
type SearchScope = { visibleOnly: boolean; tracksOnly: boolean };

const scopeCondition = (scope: SearchScope) =>
  and(
    scope.visibleOnly ? eq(articolo.visibile, true) : undefined,
    scope.tracksOnly ? eq(articolo.cingoloInGomma, true) : undefined,
  );

/** The parts of a machine (its bill of materials), by code. */
export const findMachinePartIds = async (
  db: DbOrTx,
  q: { padreId: number; page: number; size: number },
  scope: SearchScope,
): Promise<IdPage> => {
  const where = and(eq(articoloArticolo.padreId, q.padreId), scopeCondition(scope));
  const [rows, [n]] = await Promise.all([
    db
      .selectDistinct({ id: articolo.id, code: articolo.articolo })
      .from(articoloArticolo)
      .innerJoin(articolo, eq(articolo.id, articoloArticolo.figlioId))
      .where(where)
      .orderBy(asc(articolo.articolo), asc(articolo.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db
      .select({ n: countDistinct(articoloArticolo.figlioId) })
      .from(articoloArticolo)
      .innerJoin(articolo, eq(articolo.id, articoloArticolo.figlioId))
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: n?.n ?? 0 };
};

/** One article by id, when the scope allows it. */
export const findArticoloId = async (db: DbOrTx, id: number, scope: SearchScope) => {
  const [row] = await db
    .select({ id: articolo.id })
    .from(articolo)
    .where(and(eq(articolo.id, id), scopeCondition(scope)));
  return row?.id ?? null;
};

/** Visible tracks of the given dimensions (width, pitch, links, shape), by code. */
export const findTrackIds = async (
  db: DbOrTx,
  q: { tag1: string; tag2: string; tag3: string; tag6: string; page: number; size: number },
): Promise<IdPage> => {
  const where = and(
    eq(articolo.cingoloInGomma, true),
    eq(articolo.visibile, true),
    eq(articolo.tag1, q.tag1),
    eq(articolo.tag2, q.tag2),
    eq(articolo.tag3, q.tag3),
    eq(articolo.tag6, q.tag6),
  );
  const [rows, [n]] = await Promise.all([
    db
      .select({ id: articolo.id })
      .from(articolo)
      .where(where)
      .orderBy(asc(articolo.articolo), asc(articolo.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(articolo).where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: n?.n ?? 0 };
};

/**
 * The free search among tracks only (a theme without parts, spec 2 §1). Tracks are a small share of
 * the catalogue, so one ranked query with its count does: same tiers as the full ranking (exact
 * code, code prefix, words in the language, words in any language), then code.
 */
const tracksPage = async (db: DbOrTx, m: Matcher, lang: Language, page: number, size: number): Promise<IdPage> => {
  const s = articoloSearch;
  const conditions: SQL[] = [];
  if (m.code) conditions.push(sql`${s.codiceNorm} like ${`${m.code}%`}`);
  if (m.allQuery) conditions.push(sql`${s.tsvAll} @@ ${tsq(m.allQuery)}`);
  if (conditions.length === 0) return { ids: [], total: 0 };
  const from = sql`from ${s} join ${articolo} on ${articolo.id} = ${s.articoloId}
    where ${s.visibile} and ${articolo.cingoloInGomma} and (${sql.join(conditions, sql` or `)})`;
  const tier = sql`case ${m.code ? sql`when ${s.codiceNorm} = ${m.code} then 0 when ${s.codiceNorm} like ${`${m.code}%`} then 1` : sql``}
    ${m.tsquery ? sql`when ${LANGUAGE_VECTOR[lang]} @@ ${tsq(m.tsquery)} then 2` : sql``} else 3 end`;
  const [rows, [n]] = await Promise.all([
    queryRows<{ id: number | string }>(
      db,
      sql`select ${s.articoloId} as id ${from} order by ${tier}, ${s.codiceNorm}, ${s.articoloId}
           limit ${size} offset ${page * size}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n ${from}`),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(n?.n ?? 0) };
};

/** The free search among tracks only, with typos forgiven like the full one. */
export const tracksSearch = (db: DbOrTx, term: string, lang: Language, page: number, size: number) =>
  db.transaction(async (tx): Promise<RankedPage> => {
    const [row] = await queryRows<{ words: string[] | string }>(tx, sql`select ${termWords(term)} as words`);
    const words = fromJson<string[]>(row?.words, []);
    const exact = await tracksPage(tx, matcherOf(codeOf(term), words), lang, page, size);
    if (exact.total > 0) return { ...exact, capped: false, match: 'exact' };
    const fuzzy = await corrections(tx, words);
    if (!fuzzy) return { ids: [], total: 0, capped: false, match: 'none' };
    const found = await tracksPage(tx, fuzzy.matcher, lang, page, size);
    return { ...found, capped: false, match: found.total > 0 ? 'fuzzy' : 'none', corrected: fuzzy.corrected };
  });
