import type { DbOrTx } from '../src/db/client.ts';
import { articolo, articoloArticolo, articoloEquiv, articoloStock, marchio } from '../src/db/schema/index.ts';
import { reindexArticles } from '../src/modules/search/search.indexer.ts';

let sequence = 0;
const next = () => ++sequence + process.pid * 1000;

export type ArticoloFixture = typeof articolo.$inferInsert;
export type StockFixture = { magazzino?: number; in5gg?: number; inArrivo?: number; producibile?: number };

export const createMarchio = async (db: DbOrTx, descrizione = `Brand ${next()}`) => {
  const [row] = await db.insert(marchio).values({ descrizione }).returning();
  if (!row) throw new Error('marchio not inserted');
  return row;
};

/** An article with plausible defaults, its stock and its search data. */
export const createArticolo = async (
  db: DbOrTx,
  input: Partial<ArticoloFixture> = {},
  stock: StockFixture = { magazzino: 10 },
) => {
  const id = input.id ?? next();
  const [row] = await db
    .insert(articolo)
    .values({
      id,
      articolo: `T-${id}`,
      descrizione: `Articolo di prova ${id}`,
      prezzo: 100,
      tipoArticolo: 'R',
      tipoArticoloOrig: 'T',
      gruppoMerceologico: 'RIC',
      peso: 1.5,
      localizedDescrizione: { it: `Articolo di prova ${id}`, en: `Test article ${id}` },
      ...input,
    })
    .returning();
  if (!row) throw new Error('articolo not inserted');
  await db.insert(articoloStock).values({ articoloId: row.id, ...stock });
  await reindexArticles(db, [row.id]);
  return row;
};

export const addBom = async (db: DbOrTx, padreId: number, figlioId: number, quantita = 1) =>
  db.insert(articoloArticolo).values({ padreId, figlioId, quantita, tipo: 1, livelloImpiego: 1 }).returning();

export const addEquiv = async (
  db: DbOrTx,
  articoloId: number,
  equiv: string,
  relazione: 'ALT' | 'OEM',
  marchioId?: number,
) => db.insert(articoloEquiv).values({ articoloId, equiv, relazione, marchioId }).returning();
