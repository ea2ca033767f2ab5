import {
  type ArticoloHit,
  articoloDescrizione,
  availabilityLabel,
  customerPrice,
  type Language,
  NO_STOCK,
  type PriceProfile,
} from '@ricambi/domain';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articolo, articoloStock, marchio } from '../../db/schema/index.ts';

export type ArticoloRow = typeof articolo.$inferSelect;

export const tagsOf = (row: ArticoloRow) => [row.tag1, row.tag2, row.tag3, row.tag4, row.tag5, row.tag6];

/** Articles with their brand and stock, in the order of `ids`. */
export const loadArticoli = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ a: articolo, marchio: { id: marchio.id, descrizione: marchio.descrizione }, stock: articoloStock })
    .from(articolo)
    .leftJoin(marchio, eq(marchio.id, articolo.marchioId))
    .leftJoin(articoloStock, eq(articoloStock.articoloId, articolo.id))
    .where(inArray(articolo.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.a.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, stock: row.stock ?? { ...NO_STOCK } }] : [];
  });
};

/** Result lines for this customer: description in the language, price as allowed, label for one unit. */
export const loadHits = async (
  db: DbOrTx,
  ids: readonly number[],
  lang: Language,
  profile: PriceProfile,
): Promise<ArticoloHit[]> =>
  (await loadArticoli(db, ids)).map(({ a, marchio: brand, stock }) => ({
    id: a.id,
    articolo: a.articolo,
    descrizione: articoloDescrizione(a, lang),
    tipoArticolo: a.tipoArticolo,
    tipoArticoloOrig: a.tipoArticoloOrig,
    unitaMisura: a.unitaMisura,
    peso: a.peso,
    marchio: brand,
    hasImage: Boolean(a.codImmagine),
    ordinabile: a.ordinabile,
    tags: tagsOf(a),
    ...customerPrice(a.prezzo, profile),
    disponibiliLabel: availabilityLabel(stock, 1),
  }));
