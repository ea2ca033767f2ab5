import { NO_STOCK, type PriceProfile, type StockFigures } from '@ricambi/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, preparedOnce } from '../../db/client.ts';
import { appUser, articolo, articoloCategoria, articoloStock, categoria, marchio } from '../../db/schema/index.ts';

export type ArticoloRow = typeof articolo.$inferSelect;

/** Rows of articles in the order of `ids` (an id without a row left out), no stock row read as none. */
const inOrderOf = <T extends { a: { id: number }; stock: StockFigures | null }>(ids: readonly number[], rows: T[]) => {
  const byId = new Map(rows.map((r) => [r.a.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, stock: row.stock ?? { ...NO_STOCK } }] : [];
  });
};

/** Articles with their brand and stock, in the order of `ids`. */
export const loadArticoli = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ a: articolo, marchio: { id: marchio.id, descrizione: marchio.descrizione }, stock: articoloStock })
    .from(articolo)
    .leftJoin(marchio, eq(marchio.id, articolo.marchioId))
    .leftJoin(articoloStock, eq(articoloStock.articoloId, articolo.id))
    .where(inArray(articolo.id, [...ids]));
  return inOrderOf(ids, rows);
};
export type LoadedArticolo = Awaited<ReturnType<typeof loadArticoli>>[number];

const dealer = alias(appUser, 'dealer');
const priceProfileColumns = {
  logica: appUser.logica,
  sconto: appUser.sconto,
  markup: appUser.markup,
  vedePrezzi: appUser.vedePrezzi,
  vedeSconto: appUser.vedeSconto,
  dealerSconto: dealer.sconto,
};
type PriceProfileRow = {
  logica: PriceProfile['logica'] | null;
  sconto: string | null;
  markup: string | null;
  vedePrezzi: boolean | null;
  vedeSconto: boolean | null;
  dealerSconto: string | null;
};

/** A user's price profile from its row; no user (no row) sees no price. */
const toPriceProfile = (row: PriceProfileRow | undefined): PriceProfile =>
  !row?.logica
    ? { logica: 'dealer', sconto: 0, markup: 1, vedePrezzi: false, vedeSconto: false, dealerSconto: null }
    : {
        logica: row.logica,
        sconto: Number(row.sconto),
        markup: Number(row.markup),
        vedePrezzi: row.vedePrezzi === true,
        vedeSconto: row.vedeSconto === true,
        dealerSconto: row.dealerSconto === null ? null : Number(row.dealerSconto),
      };

/**
 * A result line's columns (spec 1 §2.1): without the page's long texts in five languages, which made
 * reading ten lines twice as slow. Built once per database, as every search reads its lines.
 */
const hitsQuery = preparedOnce((db: Db) =>
  db
    .select({
      a: {
        id: articolo.id,
        articolo: articolo.articolo,
        descrizione: articolo.descrizione,
        localizedDescrizione: articolo.localizedDescrizione,
        tipoArticolo: articolo.tipoArticolo,
        tipoArticoloOrig: articolo.tipoArticoloOrig,
        unitaMisura: articolo.unitaMisura,
        peso: articolo.peso,
        codImmagine: articolo.codImmagine,
        ordinabile: articolo.ordinabile,
        prezzo: articolo.prezzo,
        tag1: articolo.tag1,
        tag2: articolo.tag2,
        tag3: articolo.tag3,
        tag4: articolo.tag4,
        tag5: articolo.tag5,
        tag6: articolo.tag6,
      },
      marchio: { id: marchio.id, descrizione: marchio.descrizione },
      stock: articoloStock,
      profile: priceProfileColumns,
    })
    .from(articolo)
    .leftJoin(marchio, eq(marchio.id, articolo.marchioId))
    .leftJoin(articoloStock, eq(articoloStock.articoloId, articolo.id))
    .leftJoin(appUser, eq(appUser.id, sql.placeholder('userId')))
    .leftJoin(dealer, eq(dealer.login, appUser.dealerLogin))
    .where(sql`${articolo.id} = any(${sql.placeholder('ids')})`)
    .prepare('load_hits'),
);

/**
 * The result lines' articles with their brand and stock, in the order of `ids`, and the price profile
 * of the user they are for, in the same statement.
 */
export const loadHitArticoli = async (db: Db, ids: readonly number[], userId: number) => {
  if (ids.length === 0) return { articles: [], profile: toPriceProfile(undefined) };
  const rows = await hitsQuery(db).execute({ ids: [...ids], userId });
  return { articles: inOrderOf(ids, rows), profile: toPriceProfile(rows[0]?.profile) };
};
export type HitArticolo = Awaited<ReturnType<typeof loadHitArticoli>>['articles'][number];

/**
 * The article page's data in one statement: the article with its brand and stock, its categories by
 * name, and the price profile of the user it is for. Four statements before; on the embedded
 * database each statement waits its turn, so the page paid for each (issue 17 §3).
 */
const detailQuery = preparedOnce((db: Db) =>
  db
    .select({
      a: articolo,
      marchio: { id: marchio.id, descrizione: marchio.descrizione },
      stock: articoloStock,
      profile: priceProfileColumns,
      categorie: sql<CategoryRow[]>`coalesce((
        select json_agg(json_build_object('id', ${categoria.id}, 'nome', ${categoria.nome},
          'localizedNome', ${categoria.localizedNome}) order by ${categoria.nome})
        from ${articoloCategoria} join ${categoria} on ${categoria.id} = ${articoloCategoria.categoriaId}
        where ${articoloCategoria.articoloId} = ${articolo.id}), '[]'::json)`,
    })
    .from(articolo)
    .leftJoin(marchio, eq(marchio.id, articolo.marchioId))
    .leftJoin(articoloStock, eq(articoloStock.articoloId, articolo.id))
    .leftJoin(appUser, eq(appUser.id, sql.placeholder('userId')))
    .leftJoin(dealer, eq(dealer.login, appUser.dealerLogin))
    .where(eq(articolo.id, sql.placeholder('id')))
    .prepare('load_detail'),
);
type CategoryRow = Pick<typeof categoria.$inferSelect, 'id' | 'nome' | 'localizedNome'>;

/** An article for its page, with its categories and the user's price profile; null when there is no such article. */
export const loadArticoloDetail = async (db: Db, id: number, userId: number) => {
  const [row] = await detailQuery(db).execute({ id, userId });
  if (!row) return null;
  const [found] = inOrderOf([id], [row]);
  return found ? { ...found, categorie: row.categorie, profile: toPriceProfile(row.profile) } : null;
};

/** What decides the user's prices, with the dealer's discount for a subdealer (spec 1 §6). */
export const loadPriceProfile = async (db: DbOrTx, userId: number): Promise<PriceProfile> => {
  const [row] = await db
    .select(priceProfileColumns)
    .from(appUser)
    .leftJoin(dealer, eq(dealer.login, appUser.dealerLogin))
    .where(eq(appUser.id, userId));
  return toPriceProfile(row);
};

/** Visible machines (tipoArticolo M): the machine search lists (spec 1 §2.3). */
const machines = and(eq(articolo.tipoArticolo, 'M'), eq(articolo.visibile, true));
/** Visible rubber tracks: the track-dimension lists. */
const tracks = and(eq(articolo.cingoloInGomma, true), eq(articolo.visibile, true));

/** Numbers first in numeric order (track widths 180 < 230 < 1000), then the rest alphabetically. */
const naturalOrder = (column: SQL) =>
  sql`case when ${column} ~ '^[0-9]+([.,][0-9]+)?$' then replace(${column}, ',', '.')::numeric end nulls last, ${column}`;

const distinctValues = (db: DbOrTx, column: AnyPgColumn, where: SQL | undefined) =>
  db
    .select({ value: sql<string>`${column}`, count: sql<number>`count(*)::int` })
    .from(articolo)
    .where(and(where, sql`${column} is not null`))
    .groupBy(column)
    .orderBy(naturalOrder(sql`${column}`));

/** Brands that have machines with a model. */
export const findMachineBrands = (db: DbOrTx) =>
  db
    .selectDistinct({ id: marchio.id, descrizione: marchio.descrizione })
    .from(marchio)
    .innerJoin(articolo, eq(articolo.marchioId, marchio.id))
    .where(and(machines, eq(marchio.visibile, true), sql`${articolo.tag2} is not null`))
    .orderBy(asc(marchio.descrizione));

export const findMachineModels = (db: DbOrTx, marchioId: number) =>
  distinctValues(db, articolo.tag2, and(machines, eq(articolo.marchioId, marchioId)));

export const findMachineVariants = (db: DbOrTx, marchioId: number, tag2: string) =>
  distinctValues(db, articolo.tag3, and(machines, eq(articolo.marchioId, marchioId), eq(articolo.tag2, tag2)));

const MACHINES_MAX = 50;

/** The machines of a brand, model and variant, by code. */
export const findMachineIds = async (db: DbOrTx, q: { marchioId: number; tag2: string; tag3: string }) => {
  const rows = await db
    .select({ id: articolo.id })
    .from(articolo)
    .where(and(machines, eq(articolo.marchioId, q.marchioId), eq(articolo.tag2, q.tag2), eq(articolo.tag3, q.tag3)))
    .orderBy(asc(articolo.articolo))
    .limit(MACHINES_MAX);
  return rows.map((r) => r.id);
};

export type TrackDimensions = { tag1?: string; tag2?: string; tag3?: string };
export type TrackDimension = 'tag1' | 'tag2' | 'tag3' | 'tag6';

/** The values of one track dimension (width tag1 → pitch tag2 → links tag3 → shape tag6) under the chosen ones. */
export const findTrackDimension = (db: DbOrTx, dimension: TrackDimension, q: TrackDimensions) =>
  distinctValues(
    db,
    articolo[dimension],
    and(
      tracks,
      q.tag1 ? eq(articolo.tag1, q.tag1) : undefined,
      q.tag2 ? eq(articolo.tag2, q.tag2) : undefined,
      q.tag3 ? eq(articolo.tag3, q.tag3) : undefined,
    ),
  );
