import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditFields } from './audit-fields.ts';
import type { LocalizedText } from './banners.schema.ts';
import { appUser } from './users.schema.ts';

/** Byte-wise ordered text: one btree serves both `ORDER BY` and `LIKE 'prefix%'`. */
const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** How many blocks the search rows are cut into, in code order (see searchBlock). */
export const SEARCH_BLOCKS = 1024;
/** One bit per block of the search rows in code order (SEARCH_BLOCKS): '0'/'1' text. */
const blockBits = customType<{ data: string }>({ dataType: () => `bit(${SEARCH_BLOCKS})` });
/** Raw bytes; read as a Buffer (node-postgres) or a Uint8Array (PGlite). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Spec 3 §3 TipoCategoria. */
export const tipoCategoria = pgTable(
  'tipo_categoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nome: varchar('nome', { length: 100 }).notNull(),
    descrizione: varchar('descrizione', { length: 255 }).notNull(),
    ...auditFields(),
  },
  (t) => [index('tipo_categoria_nome_idx').on(t.nome)],
);

/** Spec 3 §3 Categoria: a tree (padre) of categories of one tipoCategoria. */
export const categoria = pgTable(
  'categoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nome: varchar('nome', { length: 100 }).notNull(),
    descrizione: varchar('descrizione', { length: 255 }).notNull(),
    descrizioneEstesa: text('descrizione_estesa'),
    codImmagine: varchar('cod_immagine', { length: 100 }),
    slug: varchar('slug', { length: 100 }),
    ordine: integer('ordine'),
    visibile: boolean('visibile').notNull().default(true),
    padreId: bigint('padre_id', { mode: 'number' }).references((): never => categoria.id as never),
    tipoCategoriaId: bigint('tipo_categoria_id', { mode: 'number' }).references(() => tipoCategoria.id),
    localizedNome: jsonb('localized_nome').$type<LocalizedText>().notNull().default({}),
    ...auditFields(),
  },
  (t) => [
    index('categoria_nome_idx').on(t.nome),
    uniqueIndex('categoria_slug_uq').on(t.slug),
    index('categoria_ordine_idx').on(t.ordine),
    index('categoria_padre_idx').on(t.padreId),
    index('categoria_tipo_idx').on(t.tipoCategoriaId),
  ],
);

/** Spec 3 §3 Marchio (brand). */
export const marchio = pgTable(
  'marchio',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    descrizione: varchar('descrizione', { length: 100 }).notNull(),
    codImmagine: varchar('cod_immagine', { length: 100 }),
    visibile: boolean('visibile').notNull().default(true),
    ...auditFields(),
  },
  (t) => [uniqueIndex('marchio_descrizione_uq').on(t.descrizione)],
);

/**
 * Spec 3 §3 Articolo. The id is the ERP's. For machines (tipoArticolo M) tag2/tag3 are model and
 * variant; for rubber tracks tag1/tag2/tag3/tag6 are width, pitch, links and shape.
 */
export const articolo = pgTable(
  'articolo',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    articolo: varchar('articolo', { length: 40 }).notNull(),
    descrizione: varchar('descrizione', { length: 255 }),
    descrizioneEstesa: text('descrizione_estesa'),
    codImmagine: varchar('cod_immagine', { length: 100 }),
    keywords: varchar('keywords', { length: 500 }),
    note: text('note'),
    ordine: integer('ordine'),
    prezzo: numeric('prezzo', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    tipoArticolo: varchar('tipo_articolo', { length: 1 }).notNull(),
    tipoArticoloOrig: varchar('tipo_articolo_orig', { length: 1 }).notNull(),
    gruppoMerceologico: varchar('gruppo_merceologico', { length: 20 }).notNull(),
    peso: numeric('peso', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    unitaMisura: varchar('unita_misura', { length: 5 }).notNull().default('NR'),
    tag1: varchar('tag1', { length: 50 }),
    tag2: varchar('tag2', { length: 50 }),
    tag3: varchar('tag3', { length: 50 }),
    tag4: varchar('tag4', { length: 50 }),
    tag5: varchar('tag5', { length: 50 }),
    tag6: varchar('tag6', { length: 50 }),
    ordinabile: boolean('ordinabile').notNull().default(true),
    visibile: boolean('visibile').notNull().default(true),
    dataCreazione: timestamp('data_creazione', { withTimezone: true }).notNull().defaultNow(),
    dataUltimaModifica: timestamp('data_ultima_modifica', { withTimezone: true }).notNull().defaultNow(),
    dataFineValidita: date('data_fine_validita', { mode: 'string' }),
    classeMercWeb: varchar('classe_merc_web', { length: 100 }),
    classeMercWebSort: integer('classe_merc_web_sort'),
    marchioId: bigint('marchio_id', { mode: 'number' }).references(() => marchio.id),
    localizedDescrizione: jsonb('localized_descrizione').$type<LocalizedText>().notNull().default({}),
    localizedDescrizioneEstesa: jsonb('localized_descrizione_estesa').$type<LocalizedText>().notNull().default({}),
    localizedClasseMercWeb: jsonb('localized_classe_merc_web').$type<LocalizedText>().notNull().default({}),
    matricole: text('matricole'),
    cingoloInGomma: boolean('cingolo_in_gomma').notNull().default(false),
    datiTecnici: text('dati_tecnici'),
    localizedDatiTecnici: jsonb('localized_dati_tecnici').$type<LocalizedText>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('articolo_codice_uq').on(t.articolo),
    index('articolo_descrizione_idx').on(t.descrizione),
    index('articolo_tipo_idx').on(t.tipoArticolo),
    index('articolo_prezzo_idx').on(t.prezzo),
    index('articolo_marchio_idx').on(t.marchioId),
    index('articolo_machine_idx').on(t.tipoArticolo, t.marchioId, t.tag2, t.tag3),
    index('articolo_dimensions_idx').on(t.tipoArticolo, t.tag1, t.tag2, t.tag3, t.tag6),
    index('articolo_modified_idx').on(t.dataUltimaModifica),
    check('articolo_tipo_ck', sql`${t.tipoArticolo} in ('G', 'M', 'R')`),
    check('articolo_tipo_orig_ck', sql`${t.tipoArticoloOrig} in ('0', 'T')`),
  ],
);

/** Spec 1 §3 categoriaLists: the categories an article belongs to. */
export const articoloCategoria = pgTable(
  'articolo_categoria',
  {
    articoloId: bigint('articolo_id', { mode: 'number' })
      .notNull()
      .references(() => articolo.id, { onDelete: 'cascade' }),
    categoriaId: bigint('categoria_id', { mode: 'number' })
      .notNull()
      .references(() => categoria.id),
  },
  (t) => [
    primaryKey({ columns: [t.articoloId, t.categoriaId] }),
    index('articolo_categoria_cat_idx').on(t.categoriaId),
  ],
);

/** Spec 3 §3 ArticoloArticolo: bill of materials, padre (machine or assembly) to figlio (part). */
export const articoloArticolo = pgTable(
  'articolo_articolo',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    padreId: bigint('padre_id', { mode: 'number' })
      .notNull()
      .references(() => articolo.id),
    figlioId: bigint('figlio_id', { mode: 'number' })
      .notNull()
      .references(() => articolo.id),
    quantita: numeric('quantita', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    tipo: integer('tipo').notNull(),
    livelloImpiego: integer('livello_impiego').notNull(),
    relazione: varchar('relazione', { length: 20 }),
    origine: varchar('origine', { length: 20 }),
  },
  (t) => [
    index('articolo_articolo_padre_idx').on(t.padreId, t.origine),
    index('articolo_articolo_figlio_idx').on(t.figlioId),
    index('articolo_articolo_quantita_idx').on(t.quantita),
    index('articolo_articolo_livello_idx').on(t.livelloImpiego),
  ],
);

/** Spec 3 §3 ArticoloEquiv: ALT (one of our articles, by code, with its own price) or OEM code. */
export const articoloEquiv = pgTable(
  'articolo_equiv',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    articoloId: bigint('articolo_id', { mode: 'number' })
      .notNull()
      .references(() => articolo.id, { onDelete: 'cascade' }),
    equiv: varchar('equiv', { length: 60 }).notNull(),
    note: varchar('note', { length: 255 }),
    ordine: integer('ordine'),
    relazione: varchar('relazione', { length: 3 }).notNull(),
    marchioId: bigint('marchio_id', { mode: 'number' }).references(() => marchio.id),
  },
  (t) => [
    index('articolo_equiv_articolo_idx').on(t.articoloId, t.ordine),
    index('articolo_equiv_equiv_idx').on(t.equiv),
    index('articolo_equiv_relazione_idx').on(t.relazione),
    check('articolo_equiv_relazione_ck', sql`${t.relazione} in ('ALT', 'OEM')`),
  ],
);

/** Stock figures per article (spec 1 §3 "Customer info per article"), as the ERP hands them over. */
export const articoloStock = pgTable('articolo_stock', {
  articoloId: bigint('articolo_id', { mode: 'number' })
    .primaryKey()
    .references(() => articolo.id, { onDelete: 'cascade' }),
  magazzino: numeric('magazzino', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
  in5gg: numeric('in5gg', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
  inArrivo: numeric('in_arrivo', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
  producibile: numeric('producibile', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The search data of an article, rebuilt by reindex: the code without punctuation and the words of
 * the descriptions (lower-case, accents removed) per language and all together.
 */
export const articoloSearch = pgTable(
  'articolo_search',
  {
    articoloId: bigint('articolo_id', { mode: 'number' })
      .primaryKey()
      .references(() => articolo.id, { onDelete: 'cascade' }),
    codiceNorm: textC('codice_norm').notNull(),
    tsvIt: tsvector('tsv_it').notNull(),
    tsvEn: tsvector('tsv_en').notNull(),
    tsvFr: tsvector('tsv_fr').notNull(),
    tsvDe: tsvector('tsv_de').notNull(),
    tsvEs: tsvector('tsv_es').notNull(),
    tsvAll: tsvector('tsv_all').notNull(),
    visibile: boolean('visibile').notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The row's place in code order at the last full reindex (0, 1, …); null for a row written since,
     * which the words' `ranks` (search_word) do not cover.
     */
    rank: integer('rank'),
  },
  (t) => [
    index('articolo_search_codice_idx').on(t.codiceNorm),
    index('articolo_search_rank_idx').on(t.rank),
    index('articolo_search_unranked_idx').on(t.codiceNorm, t.articoloId).where(sql`${t.rank} is null`),
    index('articolo_search_tsv_idx').using('gin', t.tsvAll),
    // One per language: the planner then knows how rare a word is in the user's language.
    index('articolo_search_tsv_it_idx').using('gin', t.tsvIt),
    index('articolo_search_tsv_en_idx').using('gin', t.tsvEn),
    index('articolo_search_tsv_fr_idx').using('gin', t.tsvFr),
    index('articolo_search_tsv_de_idx').using('gin', t.tsvDe),
    index('articolo_search_tsv_es_idx').using('gin', t.tsvEs),
  ],
);

/**
 * The first matches by code of a word query that matched many articles (a bitmap scan and a sort
 * over tens of thousands of rows), kept until the search data next changes: a statement trigger on
 * articolo_search empties it and advances `search_top_state.generation` (migration 0008), and a
 * search stores what it computed only when the generation it started with is still current.
 */
export const searchTop = pgTable(
  'search_top',
  {
    /** 'it' … 'es' for one language's words, 'all' for all of them. */
    vector: text('vector').notNull(),
    /** The tsquery text. */
    query: text('query').notNull(),
    ids: bigint('ids', { mode: 'number' }).array().notNull(),
    codes: text('codes').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vector, t.query] })],
);

/** Counts of free searches that reached their cap ("more than 200"), emptied with search_top. */
export const searchCount = pgTable(
  'search_count',
  {
    /** The code and the tsquery text searched. */
    query: text('query').notNull(),
    cap: integer('cap').notNull(),
  },
  (t) => [primaryKey({ columns: [t.query, t.cap] })],
);

/**
 * The ranked pages of free searches (the typeahead's keystrokes, the first pages), emptied with
 * search_top: the same term asked again answers from here without ranking (migration 0025). The
 * result lines (prices, stock) are always read anew.
 */
export const searchPage = pgTable('search_page', {
  /** What the page depends on: the search ('full' or 'tracks'), language, page, size and term. */
  key: text('key').primaryKey(),
  ids: bigint('ids', { mode: 'number' }).array().notNull(),
  total: integer('total').notNull(),
  capped: boolean('capped').notNull(),
  match: text('match').$type<'exact' | 'fuzzy' | 'none'>().notNull(),
  corrected: text('corrected').array(),
});

export const searchTopState = pgTable('search_top_state', {
  id: integer('id').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull(),
  /**
   * Whether a full reindex ran since migration 0024: search_word then lists the words of 2
   * characters too, and every word's ranks.
   */
  ranked: boolean('ranked').notNull().default(false),
});

/**
 * Every word of the search data once: typos are matched against it by trigrams; `articles` (how
 * many articles had it when it was counted) tells a rare word or prefix from a common one, and
 * `firstCode` is at most the first code, in code order, of a visible article that has it. Both only
 * guide the choice of a plan; results never depend on them.
 */
export const searchWord = pgTable(
  'search_word',
  {
    word: text('word').primaryKey(),
    articles: integer('articles').notNull().default(0),
    firstCode: textC('first_code'),
    blocks: blockBits('blocks'),
    /** How many articles have it in each language's vector, in the order of LANGUAGES (it, en, fr, de, es). */
    langArticles: integer('lang_articles').array(),
    /**
     * The ranks (articolo_search.rank) of the articles that had it in their vector of all languages at
     * the last full reindex, ascending, 4 bytes each (big-endian); null until a full reindex fills it.
     * A row written since has no rank and is searched on its own.
     */
    ranks: bytes('ranks'),
    /**
     * The same of each language's vector (it, en, fr, de, es): a language's tier reads only the articles
     * that have the word in that language. Null until a full reindex since migration 0027 fills them.
     */
    ranksIt: bytes('ranks_it'),
    ranksEn: bytes('ranks_en'),
    ranksFr: bytes('ranks_fr'),
    ranksDe: bytes('ranks_de'),
    ranksEs: bytes('ranks_es'),
  },
  (t) => [
    index('search_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('search_word_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
  ],
);

/**
 * The search rows cut into SEARCH_BLOCKS blocks in code order at the last full reindex: block b
 * holds the codes from its `firstCode` up to the next block's (block 0 starts at ''). A word's
 * `blocks` has the bit of every block holding an article with it; bits are only ever set between
 * two full reindexes, so a block whose bit is clear holds no match and a walk in code order may
 * skip it. Like the counts, the bits choose how a search runs, never what it returns.
 */
export const searchBlock = pgTable(
  'search_block',
  {
    block: integer('block').primaryKey(),
    firstCode: textC('first_code').notNull(),
  },
  (t) => [index('search_block_first_code_idx').on(t.firstCode)],
);

/** Spec 3 §3 SearchLog: one row per search. */
export const searchLog = pgTable(
  'search_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipo: varchar('tipo', { length: 30 }).notNull(),
    url: varchar('url', { length: 1000 }),
    params: text('params'),
    numRisultati: integer('num_risultati'),
    username: varchar('username', { length: 50 }),
    dataRichiesta: timestamp('data_richiesta', { withTimezone: true }).notNull().defaultNow(),
    userAgent: varchar('user_agent', { length: 500 }),
    remoteIp: varchar('remote_ip', { length: 64 }),
    userId: bigint('user_id', { mode: 'number' }).references(() => appUser.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('search_log_data_idx').on(t.dataRichiesta),
    index('search_log_username_idx').on(t.username),
    index('search_log_tipo_idx').on(t.tipo),
    index('search_log_num_idx').on(t.numRisultati),
    index('search_log_user_idx').on(t.userId),
  ],
);

/** Combo values (spec 3 §3 comboVoci): keyed lists with a per-language description. */
export const comboVoci = pgTable(
  'combo_voci',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipo: varchar('tipo', { length: 50 }).notNull(),
    chiave: varchar('chiave', { length: 50 }).notNull(),
    descrizione: jsonb('descrizione').$type<LocalizedText>().notNull().default({}),
    ordine: integer('ordine'),
  },
  (t) => [
    uniqueIndex('combo_voci_tipo_chiave_uq').on(t.tipo, t.chiave),
    index('combo_voci_ordine_idx').on(t.tipo, t.ordine),
  ],
);
