import { LANGUAGES, type Language } from '@ricambi/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { SEARCH_BLOCKS } from '../../db/schema/index.ts';

/**
 * The text of one language: description, extended description, web class and keywords; for a
 * rubber track also its width, pitch, links and shape, so '300 52.5 84' finds it as '300x52.5x84' does.
 */
const languageText = (lang: string) => sql`concat_ws(' ',
  coalesce(a.localized_descrizione ->> ${lang}, ${lang === 'it' ? sql`a.descrizione` : sql`''`}),
  a.localized_descrizione_estesa ->> ${lang},
  a.localized_classe_merc_web ->> ${lang},
  a.keywords,
  case when a.cingolo_in_gomma then concat_ws(' ', a.tag1, a.tag2, a.tag3, a.tag6) end)`;

/** The article's code without punctuation, as the search compares codes. */
const CODE_NORM = sql`regexp_replace(lower(a.articolo), '[^a-z0-9]', '', 'g')`;

const vector = (text: SQL) => sql`to_tsvector('simple', unaccent(lower(${text})))`;

/**
 * Search data of the articles the condition selects, in one statement: code without punctuation,
 * one word vector per language and one of all of them together with the OEM codes.
 */
const upsertSearchRows = (where: SQL, inCodeOrder = false) => sql`
  insert into articolo_search
    (articolo_id, codice_norm, tsv_it, tsv_en, tsv_fr, tsv_de, tsv_es, tsv_all, visibile, indexed_at, rank)
  select a.id,
         ${CODE_NORM},
         ${vector(languageText('it'))}, ${vector(languageText('en'))}, ${vector(languageText('fr'))},
         ${vector(languageText('de'))}, ${vector(languageText('es'))},
         ${vector(sql`concat_ws(' ', ${languageText('it')}, ${languageText('en')}, ${languageText('fr')},
           ${languageText('de')}, ${languageText('es')},
           (select string_agg(regexp_replace(lower(e.equiv), '[^a-z0-9]', '', 'g'), ' ')
              from articolo_equiv e where e.articolo_id = a.id and e.relazione = 'OEM'))`)},
         a.visibile, now(),
         ${inCodeOrder ? sql`(row_number() over (order by ${CODE_NORM} collate "C", a.id) - 1)::int` : sql`null::int`}
    from articolo a
   where ${where}
   ${inCodeOrder ? sql`order by ${CODE_NORM} collate "C", a.id` : sql``}
  on conflict (articolo_id) do update set
    codice_norm = excluded.codice_norm, tsv_it = excluded.tsv_it, tsv_en = excluded.tsv_en,
    tsv_fr = excluded.tsv_fr, tsv_de = excluded.tsv_de, tsv_es = excluded.tsv_es,
    tsv_all = excluded.tsv_all, visibile = excluded.visibile, indexed_at = excluded.indexed_at,
    rank = excluded.rank`;

/** The column of search_word that lists a word's ranks in one language's vector, or in that of all languages. */
export const ranksColumn = (vector: Language | 'all') => (vector === 'all' ? 'ranks' : `ranks_${vector}`);

/** The vectors whose words are counted, numbered as COUNTED_VECTORS numbers them. */
export const VECTORS = ['all', ...LANGUAGES] as const;

/** The vectors whose words are counted: 0 the one of all languages, then each language's in LANGUAGES order. */
const COUNTED_VECTORS = sql`
  select 0 as v, x.lexeme from unnest(s.tsv_all) x
  union all select 1, x.lexeme from unnest(s.tsv_it) x
  union all select 2, x.lexeme from unnest(s.tsv_en) x
  union all select 3, x.lexeme from unnest(s.tsv_fr) x
  union all select 4, x.lexeme from unnest(s.tsv_de) x
  union all select 5, x.lexeme from unnest(s.tsv_es) x`;

/**
 * The words of the articles the condition selects, with how many of them have each (in all
 * languages and in each), the first code of a visible one and the blocks (search_block) that hold
 * them, and the ranks of the ranked rows that have them (in all languages and in each). After a change of some articles a word's
 * counts are only raised, its first code only lowered and its blocks only added to, never
 * recounted: they guide the choice of a plan. Its ranks stay as the full reindex wrote them (a
 * changed row loses its rank), and a word new since has none. Blocks, language counts and ranks a
 * word had before migrations 0022–0024 and 0027 stay unknown (null) until a full reindex.
 */
const addWords = (where: SQL) => sql`
  insert into search_word (word, articles, first_code, blocks, lang_articles, ${sql.raw(VECTORS.map(ranksColumn).join(', '))})
  select u.lexeme, count(*) filter (where u.v = 0), min(s.codice_norm) filter (where u.v = 0 and s.visibile),
         case when count(*) filter (where u.v = 0 and b.block is null) = 0
              then bit_or(set_bit(0::bit(${sql.raw(String(SEARCH_BLOCKS))}), b.block, 1)) filter (where u.v = 0) end,
         array[${sql.join(
           LANGUAGES.map((_, i) => sql`count(*) filter (where u.v = ${sql.raw(String(i + 1))})::int`),
           sql`, `,
         )}],
         ${sql.join(
           VECTORS.map(
             (_, v) =>
               sql`coalesce(string_agg(int4send(s.rank), ''::bytea order by s.rank) filter (where u.v = ${sql.raw(String(v))}), ''::bytea)`,
           ),
           sql`, `,
         )}
    from articolo_search s
    left join lateral (select block from search_block where first_code <= s.codice_norm
                        order by first_code desc, block desc limit 1) b on true
    cross join lateral (${COUNTED_VECTORS}) u
   where ${where} and length(u.lexeme) >= 2
   group by u.lexeme
  on conflict (word) do update set articles = greatest(search_word.articles, excluded.articles),
    first_code = least(search_word.first_code, excluded.first_code),
    blocks = search_word.blocks | excluded.blocks,
    lang_articles = case when search_word.lang_articles is not null then array[${sql.join(
      LANGUAGES.map(
        (_, i) =>
          sql`greatest(search_word.lang_articles[${sql.raw(String(i + 1))}], excluded.lang_articles[${sql.raw(String(i + 1))}])`,
      ),
      sql`, `,
    )}] end`;

/**
 * Cuts the search rows into SEARCH_BLOCKS blocks of about the same size in code order; block 0
 * starts at '' so that every code, even one added later, falls in a block: the last block whose
 * first code is not above it.
 */
const cutBlocks = sql`
  insert into search_block (block, first_code)
  select block, case when block = 0 then '' else min(codice_norm) end
    from (select codice_norm,
                 ((row_number() over (order by codice_norm, articolo_id) - 1) * ${SEARCH_BLOCKS}
                   / count(*) over ())::int as block
            from articolo_search) x
   group by block`;

const countOf = async (db: DbOrTx, query: SQL) => {
  const [row] = await queryRows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
};

export type ReindexResult = { articles: number; words: number };

/**
 * Rebuilds the search data of every article and the word list (GET /api/reindex/all). The rows are
 * written in code order, so the table's pages follow the code index once the old versions are
 * vacuumed: a walk in code order then reads a few consecutive pages, not one page per row. Each row
 * gets its rank in that order, and each word the ranks of its rows.
 */
export const reindexAll = async (db: DbOrTx): Promise<ReindexResult> => {
  // NOT EXISTS, an anti-join: NOT IN over a million ids outgrows work_mem and is then evaluated row
  // by row (a full reindex of the 1 M set ran for more than 15 minutes on this statement alone).
  await db.execute(
    sql`delete from articolo_search s where not exists (select 1 from articolo a where a.id = s.articolo_id)`,
  );
  await db.execute(upsertSearchRows(sql`true`, true));
  await db.execute(sql`delete from search_word`);
  await db.execute(sql`delete from search_block`);
  await db.execute(cutBlocks);
  await db.execute(addWords(sql`true`));
  await db.execute(sql`update search_top_state set ranked = true where id = 1`);
  // The search plans from the number of rows (pg_class.reltuples): right from the start, not from autovacuum's next pass.
  await db.execute(sql`analyze articolo_search`);
  return {
    articles: await countOf(db, sql`select count(*) as n from articolo_search`),
    words: await countOf(db, sql`select count(*) as n from search_word`),
  };
};

/** Search data of the articles changed since they were last indexed, or never indexed (GET /api/reindex). */
export const reindexChanged = async (db: DbOrTx): Promise<ReindexResult> => {
  const stale = sql`a.id in (select a2.id from articolo a2 left join articolo_search s2 on s2.articolo_id = a2.id
                              where s2.articolo_id is null or a2.data_ultima_modifica > s2.indexed_at)`;
  const articles = await countOf(
    db,
    sql`select count(*) as n from articolo a left join articolo_search s on s.articolo_id = a.id
         where s.articolo_id is null or a.data_ultima_modifica > s.indexed_at`,
  );
  if (articles > 0) {
    await db.execute(upsertSearchRows(stale));
    await db.execute(addWords(sql`true`));
  }
  return { articles, words: await countOf(db, sql`select count(*) as n from search_word`) };
};

/** Search data of the given articles, in the caller's transaction (after a master-data change). */
export const reindexArticles = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(upsertSearchRows(sql`a.id in (${list})`));
  await db.execute(addWords(sql`s.articolo_id in (${list})`));
};
