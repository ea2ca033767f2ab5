import { NODE_HIDDEN } from '@ricambi/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articolo, articoloStock, catalogo, catalogoDisegno, catalogoRiga } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/paging.ts';

export type CatalogueRecord = typeof catalogo.$inferSelect;

/** The tree shows neither hidden rows (type 2) nor rows without a plate id (spec 2 §3); SQL twin of isTreeRowVisible. */
const visibleRow = sql`${catalogoRiga.rigTipoNodo} <> ${NODE_HIDDEN} and btrim(coalesce(${catalogoRiga.rigIdTav}, '')) <> ''`;

export const findCatalogue = async (db: DbOrTx, crId: number, access?: SQL) => {
  const [c] = await db
    .select()
    .from(catalogo)
    .where(and(eq(catalogo.id, crId), access));
  return c;
};

/** Marks every catalogue of a code stale; answers how many there were. */
export const markStale = async (db: DbOrTx, crCodice: string) =>
  (
    await db
      .update(catalogo)
      .set({ stale: true })
      .where(eq(catalogo.crCodice, crCodice))
      .returning({ crCodice: catalogo.crCodice })
  ).length;

export type RowPosition = { level: number } | { itemPrec: number };

/**
 * Visible rows of one level or under one parent of a catalogue `access` lets the user open, in
 * order, with the live article (price, stock) joined and hasChildren as EXISTS: one index-served query.
 */
export const visibleRows = (db: DbOrTx, crId: number, position: RowPosition, access: SQL) =>
  db
    .select({
      r: {
        crId: catalogoRiga.crId,
        rigItem: catalogoRiga.rigItem,
        rigItemPrec: catalogoRiga.rigItemPrec,
        rigLivello: catalogoRiga.rigLivello,
        rigIdTav: catalogoRiga.rigIdTav,
        rigDisegno: catalogoRiga.rigDisegno,
        rigPos: catalogoRiga.rigPos,
        rigTipoArt: catalogoRiga.rigTipoArt,
        rigTipoNodo: catalogoRiga.rigTipoNodo,
        rigQta: catalogoRiga.rigQta,
        rigNote: catalogoRiga.rigNote,
        articoloId: catalogoRiga.articoloId,
        articoloCodice: catalogoRiga.articoloCodice,
        unitaMisura: catalogoRiga.unitaMisura,
        localizedDescrizione: catalogoRiga.localizedDescrizione,
      },
      a: {
        id: articolo.id,
        articolo: articolo.articolo,
        descrizione: articolo.descrizione,
        localizedDescrizione: articolo.localizedDescrizione,
        unitaMisura: articolo.unitaMisura,
        prezzo: articolo.prezzo,
        peso: articolo.peso,
        tipoArticolo: articolo.tipoArticolo,
        tipoArticoloOrig: articolo.tipoArticoloOrig,
      },
      magazzino: articoloStock.magazzino,
      hasChildren: sql<boolean>`exists (select 1 from ${catalogoRiga} c
          where c.cr_id = ${catalogoRiga.crId} and c.rig_item_prec = ${catalogoRiga.rigItem}
            and c.rig_tipo_nodo <> ${NODE_HIDDEN} and btrim(coalesce(c.rig_id_tav, '')) <> '')`,
    })
    .from(catalogoRiga)
    .leftJoin(articolo, eq(articolo.id, catalogoRiga.articoloId))
    .leftJoin(articoloStock, eq(articoloStock.articoloId, catalogoRiga.articoloId))
    .where(
      and(
        eq(catalogoRiga.crId, crId),
        'level' in position
          ? eq(catalogoRiga.rigLivello, position.level)
          : eq(catalogoRiga.rigItemPrec, position.itemPrec),
        visibleRow,
        sql`exists (select 1 from ${catalogo} where ${and(eq(catalogo.id, crId), access)})`,
      ),
    )
    .orderBy(asc(catalogoRiga.rigOrdine), asc(catalogoRiga.rigItem));

export type VisibleRowRecord = Awaited<ReturnType<typeof visibleRows>>[number];

/** The (item, parent, order) skeleton of a catalogue, each row flagged visible and matching `q`. */
export const treeSkeleton = (db: DbOrTx, crId: number, q: string) =>
  db
    .select({
      item: catalogoRiga.rigItem,
      parent: catalogoRiga.rigItemPrec,
      ordine: catalogoRiga.rigOrdine,
      visible: sql<boolean>`${visibleRow}`,
      hit: sql<boolean>`${catalogoRiga.searchText} like lower(unaccent(${containsPattern(q.toLowerCase())}))`,
    })
    .from(catalogoRiga)
    .where(eq(catalogoRiga.crId, crId));

/** Whether a catalogue `access` lets the user open uses the drawing. */
export const drawingUsed = async (db: DbOrTx, name: string, access: SQL) => {
  const [used] = await db
    .select({ one: sql<number>`1` })
    .from(catalogoRiga)
    .innerJoin(catalogo, eq(catalogo.id, catalogoRiga.crId))
    .where(and(sql`lower(${catalogoRiga.rigDisegno}) = lower(${name})`, eq(catalogoRiga.rigDisegno, name), access))
    .limit(1);
  return Boolean(used);
};

export const findDrawing = async (db: DbOrTx, name: string) => {
  const [d] = await db.select().from(catalogoDisegno).where(eq(catalogoDisegno.name, name));
  return d;
};
