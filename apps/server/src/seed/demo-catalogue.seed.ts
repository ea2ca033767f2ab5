import { getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, queryRows } from '../db/client.ts';
import {
  articolo,
  articoloArticolo,
  articoloCategoria,
  articoloEquiv,
  articoloStock,
  categoria,
  marchio,
  tipoCategoria,
} from '../db/schema/index.ts';
import { articoloImagesDir } from '../modules/articolo/articolo.images.ts';
import { reindexAll } from '../modules/search/search.indexer.ts';
import { type Catalogue, generateCatalogue } from './catalogue-generator.ts';
import { writeArticoloImages } from './catalogue-images.ts';

/** The demo catalogue: about 3,700 spare parts, 71 rubber tracks and 21 machines. */
export const DEMO_CATALOGUE = { articles: 3800, seed: 20_250_701 } as const;

/**
 * Rows as one `insert … select * from unnest($1::type[], $2::type[], …)`: one array parameter per
 * column, so a batch of thousands of rows is a single short statement (no COPY in PGlite).
 */
const insertRows = async <T extends Record<string, unknown>>(db: DbOrTx, table: PgTable, rows: readonly T[]) => {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first);
  const targets = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`no column ${key} in ${getTableName(table)}`);
    return column;
  });
  const arrays = keys.map((key) =>
    sql.param(
      rows.map((row) => {
        const value = row[key];
        if (value === undefined || value === null) return null;
        if (value instanceof Date) return value.toISOString();
        if (typeof value === 'object') return JSON.stringify(value);
        return value;
      }),
    ),
  );
  await db.execute(
    sql`insert into ${table} (${sql.join(
      targets.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) select * from unnest(${sql.join(
      targets.map((c, i) => sql`${arrays[i]}::${sql.raw(c.getSQLType())}[]`),
      sql`, `,
    )})`,
  );
};

export type CatalogueProgress = { phase: 'articles' | 'bom'; done: number; total: number };

export type InsertCatalogueOptions = {
  /** Articles per generated batch (1,000 by default). */
  batchSize?: number;
  onProgress?: (progress: CatalogueProgress) => void;
};

/** Brands, categories and their types; answers the ids by key. Existing rows (same name or slug) are reused. */
const insertReferenceRows = async (db: DbOrTx, catalogue: Catalogue) => {
  await db
    .insert(marchio)
    .values(catalogue.marchi.map(({ key: _key, ...m }) => ({ ...m, createdBy: 'system' })))
    .onConflictDoNothing({ target: marchio.descrizione });
  const brandRows = await db
    .select({ id: marchio.id, descrizione: marchio.descrizione })
    .from(marchio)
    .where(
      inArray(
        marchio.descrizione,
        catalogue.marchi.map((m) => m.descrizione),
      ),
    );
  const brandIds = new Map<string, number>();
  for (const m of catalogue.marchi) {
    const row = brandRows.find((r) => r.descrizione === m.descrizione);
    if (row) brandIds.set(m.key, row.id);
  }

  const typeIds = new Map<string, number>();
  for (const t of catalogue.tipiCategoria) {
    const [existing] = await db
      .select({ id: tipoCategoria.id })
      .from(tipoCategoria)
      .where(sql`${tipoCategoria.nome} = ${t.nome}`)
      .limit(1);
    const id =
      existing?.id ??
      (
        await db
          .insert(tipoCategoria)
          .values({ nome: t.nome, descrizione: t.descrizione })
          .returning({ id: tipoCategoria.id })
      )[0]?.id;
    if (id !== undefined) typeIds.set(t.key, id);
  }

  const categoryIds = new Map<string, number>();
  for (const c of catalogue.categorie) {
    await db
      .insert(categoria)
      .values({
        nome: c.nome,
        localizedNome: c.localizedNome,
        descrizione: c.descrizione,
        slug: c.slug,
        ordine: c.ordine,
        codImmagine: c.codImmagine,
        visibile: true,
        padreId: c.parentKey ? (categoryIds.get(c.parentKey) ?? null) : null,
        tipoCategoriaId: typeIds.get(c.tipoKey) ?? null,
      })
      .onConflictDoNothing({ target: categoria.slug });
    const [row] = await db.select({ id: categoria.id }).from(categoria).where(sql`${categoria.slug} = ${c.slug}`);
    if (row) categoryIds.set(c.key, row.id);
  }
  return { brandIds, categoryIds };
};

/**
 * Inserts a generated catalogue in multi-row statements: reference rows, then per batch the
 * articles with their stock, categories and equivalents, then the bills of materials. The caller
 * chooses the transaction and rebuilds the search data afterwards.
 */
export const insertCatalogue = async (db: DbOrTx, catalogue: Catalogue, options: InsertCatalogueOptions = {}) => {
  const { brandIds, categoryIds } = await insertReferenceRows(db, catalogue);
  const total = catalogue.counts.total;
  let done = 0;
  let equivalents = 0;
  for (const batch of catalogue.batches(options.batchSize ?? 1000)) {
    await insertRows(
      db,
      articolo,
      batch.articoli.map(({ marchioKey, ...a }) => ({
        ...a,
        marchioId: marchioKey ? (brandIds.get(marchioKey) ?? null) : null,
      })),
    );
    await insertRows(
      db,
      articoloStock,
      batch.stock.map((s) => ({ ...s, updatedAt: catalogue.stockUpdatedAt })),
    );
    await insertRows(
      db,
      articoloCategoria,
      batch.categorie.flatMap((c) => {
        const categoriaId = categoryIds.get(c.categoriaKey);
        return categoriaId === undefined ? [] : [{ articoloId: c.articoloId, categoriaId }];
      }),
    );
    await insertRows(
      db,
      articoloEquiv,
      batch.equiv.map(({ marchioKey, ...e }) => ({
        ...e,
        marchioId: marchioKey ? (brandIds.get(marchioKey) ?? null) : null,
      })),
    );
    equivalents += batch.equiv.length;
    done += batch.articoli.length;
    options.onProgress?.({ phase: 'articles', done, total });
  }
  let bom = 0;
  for (const rows of catalogue.bomBatches()) {
    await insertRows(db, articoloArticolo, rows);
    bom += rows.length;
    options.onProgress?.({ phase: 'bom', done: bom, total: bom });
  }
  return { articles: done, equivalents, bom };
};

export const hasArticles = async (db: DbOrTx) =>
  (await queryRows<{ present: boolean }>(db, sql`select exists (select 1 from articolo) as present`))[0]?.present ===
  true;

export type DemoCatalogueResult = {
  created: boolean;
  articles: number;
  equivalents: number;
  bom: number;
  images: number;
  ms: number;
};

/**
 * Loads the demo catalogue, its search data and (with a data directory) its pictures. Does nothing
 * when the database holds any article.
 */
export const loadDemoCatalogue = async (db: Db, dataDir: string | null): Promise<DemoCatalogueResult> => {
  const started = Date.now();
  if (await hasArticles(db)) return { created: false, articles: 0, equivalents: 0, bom: 0, images: 0, ms: 0 };
  const catalogue = generateCatalogue(DEMO_CATALOGUE);
  const counts = await db.transaction(async (tx) => {
    const inserted = await insertCatalogue(tx, catalogue);
    // Fresh statistics give the indexer's per-article OEM lookup an index plan.
    await tx.execute(sql`analyze articolo, articolo_equiv`);
    await reindexAll(tx);
    return inserted;
  });
  const images = dataDir ? await writeArticoloImages(articoloImagesDir(dataDir), catalogue.images()) : 0;
  return { created: true, ...counts, images, ms: Date.now() - started };
};
