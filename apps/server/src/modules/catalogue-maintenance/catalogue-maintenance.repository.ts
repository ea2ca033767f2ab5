import { inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { articolo, articoloStock } from '../../db/schema/index.ts';

/** An article as the stock import sees it: code, description, list price and stored stock (0 when none). */
type StockArticle = {
  id: number;
  articolo: string;
  descrizione: string | null;
  prezzo: number;
  magazzino: number;
  in5gg: number;
  inArrivo: number;
  producibile: number;
};

/** Rows per statement: well below PostgreSQL's 65,535 parameters. */
const CHUNK = 2000;

const chunks = <T>(items: readonly T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const selectStockArticles = (db: DbOrTx) =>
  db
    .select({
      id: articolo.id,
      articolo: articolo.articolo,
      descrizione: articolo.descrizione,
      prezzo: articolo.prezzo,
      magazzino: sql<number>`coalesce(${articoloStock.magazzino}, 0)`.mapWith(Number),
      in5gg: sql<number>`coalesce(${articoloStock.in5gg}, 0)`.mapWith(Number),
      inArrivo: sql<number>`coalesce(${articoloStock.inArrivo}, 0)`.mapWith(Number),
      producibile: sql<number>`coalesce(${articoloStock.producibile}, 0)`.mapWith(Number),
    })
    .from(articolo)
    .leftJoin(articoloStock, sql`${articoloStock.articoloId} = ${articolo.id}`);

/** The articles with these codes or ids, in batches. */
export const findStockArticles = async (
  db: DbOrTx,
  keys: { codes: readonly string[]; ids: readonly number[] },
): Promise<StockArticle[]> => {
  const found: StockArticle[] = [];
  for (const part of chunks([...new Set(keys.codes)])) {
    found.push(...(await selectStockArticles(db).where(inArray(articolo.articolo, part))));
  }
  for (const part of chunks([...new Set(keys.ids)])) {
    found.push(...(await selectStockArticles(db).where(inArray(articolo.id, part))));
  }
  return found.map((a) => ({ ...a, prezzo: Number(a.prezzo) }));
};

type StockWrite = {
  articoloId: number;
  magazzino: number;
  in5gg: number;
  inArrivo: number;
  producibile: number;
};

/** Writes the stock figures of the articles (a row is created where none exists). */
export const upsertStock = async (db: DbOrTx, rows: readonly StockWrite[], now: Date) => {
  for (const part of chunks(rows)) {
    await db
      .insert(articoloStock)
      .values(part.map((r) => ({ ...r, updatedAt: now })))
      .onConflictDoUpdate({
        target: articoloStock.articoloId,
        set: {
          magazzino: sql`excluded.magazzino`,
          in5gg: sql`excluded.in5gg`,
          inArrivo: sql`excluded.in_arrivo`,
          producibile: sql`excluded.producibile`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
};

/** Sets the list prices that differ from the stored ones; the ids of the articles changed. */
export const updatePrices = async (db: DbOrTx, rows: readonly { id: number; prezzo: number }[], now: Date) => {
  const changed: number[] = [];
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((r) => sql`(${r.id}::bigint, ${r.prezzo}::numeric)`),
      sql`, `,
    );
    const updated = await queryRows<{ id: number | string }>(
      db,
      sql`update articolo a set prezzo = v.prezzo, data_ultima_modifica = ${now.toISOString()}::timestamptz
            from (values ${values}) as v(id, prezzo)
           where a.id = v.id and a.prezzo <> v.prezzo
       returning a.id`,
    );
    changed.push(...updated.map((u) => Number(u.id)));
  }
  return changed;
};

/** A code to show in the template: the first article's, when there is one. */
export const exampleCode = async (db: DbOrTx) => {
  const [row] = await db.select({ code: articolo.articolo }).from(articolo).orderBy(articolo.id).limit(1);
  return row?.code;
};
