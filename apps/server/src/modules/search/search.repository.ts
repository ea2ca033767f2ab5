import { AUTOCOMPLETE_SIZE, type Language, SEARCH_COUNT_LIMIT } from '@ricambi/domain';
import { and, asc, count, countDistinct, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { articolo, articoloArticolo, articoloSearch, searchCount, searchTop } from '../../db/schema/index.ts';
import { alternativesQuery, parseTerms, prefixQuery } from './search.terms.ts';

const LANGUAGE_VECTOR = {
  it: articoloSearch.tsvIt,
  en: articoloSearch.tsvEn,
  fr: articoloSearch.tsvFr,
  de: articoloSearch.tsvDe,
  es: articoloSearch.tsvEs,
} as const;

/** How many typo candidates each word may bring, and how alike they must be (trigram similarity). */
const FUZZY_CANDIDATES = 4;
const FUZZY_SIMILARITY = 0.4;

export type RankedPage = {
  ids: number[];
  total: number;
  /** More match than were counted: `total` is a lower bound. */
  capped: boolean;
  match: 'exact' | 'fuzzy' | 'none';
  corrected?: string[];
};

type Matcher = { code: string | null; tsquery: string | null };

const tsq = (query: string) => sql`to_tsquery('simple', unaccent(${query}))`;

type TierRow = { id: number | string; code: string };

/** One search's transaction, the planner mode it last set, and the generation of kept results it began with. */
type Session = { tx: DbOrTx; manyMatches: boolean; generation: number };

/** How many rows in code order a walk reads at most for each match it looks for (and never fewer than 1,000). */
const WALK_ROWS_PER_MATCH = 20;

/**
 * Many matches spread over the whole code order (a word most articles share) are met at once by
 * reading the code index in order: the first rows in code order are read, a bounded number, and
 * when `limit` of them match they are the first `limit` matches. Matches that sit together
 * further on (one brand's codes) are left to the bitmap scan and sort; null then.
 */
const walkInOrder = async (session: Session, condition: SQL, limit: number) => {
  const s = articoloSearch;
  const rows = Math.max(1_000, limit * WALK_ROWS_PER_MATCH);
  await planFor(session, true);
  const hits = await queryRows<TierRow>(
    session.tx,
    sql`select id, code from (
          select ${s.articoloId} as id, ${s.codiceNorm} as code, (${condition}) as hit from ${s}
           where ${s.visibile} order by ${s.codiceNorm}, ${s.articoloId} limit ${rows}) w
         where hit order by code, id limit ${limit}`,
  );
  return hits.length >= limit ? hits : null;
};

/**
 * The ranked tiers (exact code, code prefix, words in the user's language, words in any language),
 * each cut at `limit` and ordered by code: since every tier is ordered the same way, the first
 * `limit` of the union by (best tier, code) are exact. The code tiers are ranges of the code index;
 * the word tiers are taken by `wordTier`. A tier that completes the page ends the ranking.
 */
const rankedIds = async (session: Session, m: Matcher, lang: Language, limit: number, offset: number) => {
  const s = articoloSearch;
  const best = new Map<number, { tier: number; code: string }>();
  const take = (tier: number, rows: readonly TierRow[]) => {
    for (const row of rows) {
      const id = Number(row.id);
      if (!best.has(id)) best.set(id, { tier, code: row.code });
    }
  };
  if (m.code) {
    // The code tiers are a range of the code index, already in order.
    await planFor(session, true);
    take(0, await queryRows<TierRow>(session.tx, tierQuery(sql`${s.codiceNorm} = ${m.code}`, limit)));
    take(1, await queryRows<TierRow>(session.tx, tierQuery(sql`${s.codiceNorm} like ${`${m.code}%`}`, limit)));
  }
  // Every later tier ranks below the earlier ones: once they fill the page, the later tiers cannot enter it.
  const words = m.tsquery;
  if (words && best.size < limit) take(2, await wordTier(session, { vector: lang, query: words }, limit));
  if (words && best.size < limit) take(3, await wordTier(session, { vector: 'all', query: words }, limit));
  return [...best.entries()]
    .sort(([ia, a], [ib, b]) => a.tier - b.tier || (a.code < b.code ? -1 : a.code > b.code ? 1 : ia - ib))
    .slice(offset, limit)
    .map(([id]) => id);
};

const tierQuery = (condition: SQL, limit: number) => {
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
 */
const wordTier = async (session: Session, key: WordKey, limit: number): Promise<TierRow[]> => {
  const [kept] = await session.tx
    .select()
    .from(searchTop)
    .where(and(eq(searchTop.vector, key.vector), eq(searchTop.query, key.query)));
  if (kept && kept.ids.length >= limit)
    return kept.ids.slice(0, limit).map((id, i) => ({ id, code: kept.codes[i] ?? '' }));
  const condition = wordCondition(key);
  const walked = await walkInOrder(session, condition, limit);
  if (walked) return walked;
  const wanted = Math.max(limit, TOP_KEPT);
  await planFor(session, false);
  const rows = await queryRows<TierRow>(session.tx, tierQuery(condition, wanted));
  if (rows.length >= wanted) await keepTop(session, key, rows);
  return rows.slice(0, limit);
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
  if (m.code) conditions.push(sql`${s.codiceNorm} like ${`${m.code}%`}`);
  if (m.tsquery) conditions.push(sql`${s.tsvAll} @@ ${tsq(m.tsquery)}`);
  if (conditions.length === 0) return 0;
  const key = `${m.code ?? ''} ${m.tsquery ?? ''}`;
  const [kept] = await session.tx
    .select()
    .from(searchCount)
    .where(and(eq(searchCount.query, key), eq(searchCount.cap, cap)));
  if (kept) return cap;
  await planFor(session, false);
  const [row] = await queryRows<{ n: number | string }>(
    session.tx,
    sql`select count(*) as n from (select 1 from ${s}
          where (${sql.join(conditions, sql` or `)}) and ${s.visibile} limit ${cap}) x`,
  );
  const n = Number(row?.n ?? 0);
  if (n >= cap && (await mayKeep(session)))
    await session.tx.insert(searchCount).values({ query: key, cap }).onConflictDoNothing();
  return n;
};

/** For each word, the stored words that look like it (a typo forgiven); none when nothing is close. */
const similarWords = async (db: DbOrTx, words: readonly string[]) => {
  const alternatives: string[][] = [];
  for (const word of words) {
    const rows = await queryRows<{ word: string }>(
      db,
      sql`select word from search_word
           where word % unaccent(${word}) and similarity(word, unaccent(${word})) >= ${FUZZY_SIMILARITY}
           order by similarity(word, unaccent(${word})) desc, word
           limit ${FUZZY_CANDIDATES}`,
    );
    if (rows.length === 0) return null;
    alternatives.push(rows.map((r) => r.word));
  }
  return alternatives;
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

/** Opens a search: the generation of kept results, exact bitmaps for common words, bitmap plans. */
const openSession = async (tx: DbOrTx): Promise<Session> => {
  // work_mem: a common word's bitmap (tens of thousands of articles) stays exact instead of turning lossy at 4 MB.
  const [state] = await queryRows<{ generation: number | string }>(
    tx,
    sql`select generation, set_config('work_mem', '32MB', true), set_config('enable_seqscan', 'off', true),
               set_config('enable_indexscan', 'off', true)
          from search_top_state where id = 1`,
  );
  return { tx, manyMatches: false, generation: Number(state?.generation ?? -1) };
};

/**
 * The typeahead (first page of at most AUTOCOMPLETE_SIZE) needs no count: its ranking is asked for
 * one more than the page, and fewer means every match was found (each tier gave all of its own).
 */
const rankedWithTotal = async (
  session: Session,
  m: Matcher,
  lang: Language,
  page: number,
  size: number,
  cap: number,
) => {
  const offset = page * size;
  if (size <= AUTOCOMPLETE_SIZE && page === 0) {
    const ids = await rankedIds(session, m, lang, cap, 0);
    return { ids: ids.slice(0, size), total: ids.length };
  }
  const total = await countMatches(session, m, cap);
  const ids = total > offset ? await rankedIds(session, m, lang, offset + size, offset) : [];
  return { ids, total };
};

const search = async (tx: DbOrTx, term: string, lang: Language, page: number, size: number): Promise<RankedPage> => {
  const session = await openSession(tx);
  const { code, words } = parseTerms(term);
  const exact: Matcher = { code: code || null, tsquery: words.length ? prefixQuery(words) : null };
  const offset = page * size;
  // The typeahead only needs to know whether there is more than one page ('show all').
  const cap = (size <= AUTOCOMPLETE_SIZE && page === 0 ? size : Math.max(SEARCH_COUNT_LIMIT, offset + size)) + 1;
  const found = await rankedWithTotal(session, exact, lang, page, size, cap);
  if (found.total > 0) return { ids: found.ids, ...counted(found.total, cap), match: 'exact' };
  const none: RankedPage = { ids: [], total: 0, capped: false, match: 'none' };
  const longWords = words.filter((w) => w.length >= 3);
  if (longWords.length === 0) return none;
  const alternatives = await similarWords(tx, longWords);
  if (!alternatives) return none;
  const fuzzy: Matcher = { code: null, tsquery: alternativesQuery(alternatives) };
  const corrected = await rankedWithTotal(session, fuzzy, lang, page, size, cap);
  return {
    ids: corrected.ids,
    ...counted(corrected.total, cap),
    match: corrected.total > 0 ? 'fuzzy' : 'none',
    corrected: alternatives.map((a) => a[0] ?? ''),
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
  if (m.tsquery) conditions.push(sql`${s.tsvAll} @@ ${tsq(m.tsquery)}`);
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
export const tracksSearch = async (
  db: DbOrTx,
  term: string,
  lang: Language,
  page: number,
  size: number,
): Promise<RankedPage> => {
  const { code, words } = parseTerms(term);
  const exact = await tracksPage(
    db,
    { code: code || null, tsquery: words.length ? prefixQuery(words) : null },
    lang,
    page,
    size,
  );
  if (exact.total > 0) return { ...exact, capped: false, match: 'exact' };
  const none: RankedPage = { ids: [], total: 0, capped: false, match: 'none' };
  const longWords = words.filter((w) => w.length >= 3);
  if (longWords.length === 0) return none;
  const alternatives = await similarWords(db, longWords);
  if (!alternatives) return none;
  const fuzzy = await tracksPage(db, { code: null, tsquery: alternativesQuery(alternatives) }, lang, page, size);
  return {
    ...fuzzy,
    capped: false,
    match: fuzzy.total > 0 ? 'fuzzy' : 'none',
    corrected: alternatives.map((a) => a[0] ?? ''),
  };
};
