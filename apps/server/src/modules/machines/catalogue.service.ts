import fs from 'node:fs/promises';
import {
  articoloDescrizione,
  availabilityLabel,
  type CatalogueHeader,
  type CatalogueRow,
  type CatalogueTreeSearch,
  type CrArticolo,
  catalogueAvailability,
  cataloguePdfFileName,
  customerPrice,
  type DrawingData,
  GENERIC_SERIAL,
  isRowOrderable,
  isTreeRowVisible,
  type Language,
  localizedText,
  NODE_HIDDEN,
  TREE_SEARCH_MAX_MATCHES,
} from '@ricambi/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { articolo, articoloStock, catalogo, catalogoDisegno, catalogoRiga, macchina } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { containsPattern } from '../../platform/paging.ts';
import type { Principal } from '../../platform/sessions.ts';
import { findVisibleArticolo, loadPriceProfile } from '../articolo/articolo.contract.ts';
import { catalogueDrawingPath, regenerateCatalogue, SAFE_DRAWING_NAME } from './catalogue.generation.ts';
import { hidesMachineCodes, loadMachineScope, type MachineScope, machineScopeCondition } from './machines.access.ts';
import { createMachinesService, toMachine } from './machines.service.ts';

/**
 * Who may open a catalogue: everyone for GENERIC, otherwise whoever sees at least one machine
 * with that catalogue code. A condition on `catalogo`.
 */
export const catalogueAccessCondition = (scope: MachineScope): SQL => {
  const machines = machineScopeCondition(scope);
  if (machines === undefined) return sql`true`;
  return sql`(${catalogo.crCodice} = ${GENERIC_SERIAL} or exists (select 1 from ${macchina} where ${and(
    eq(macchina.mtCrCod, catalogo.crCodice),
    machines,
  )}))`;
};

/** The tree shows neither hidden rows (type 2) nor rows without a plate id (spec 2 §3); SQL twin of isTreeRowVisible. */
const visibleRow = sql`${catalogoRiga.rigTipoNodo} <> ${NODE_HIDDEN} and btrim(coalesce(${catalogoRiga.rigIdTav}, '')) <> ''`;

/** Regenerates the catalogue when it was marked stale, once even under concurrent requests (row lock). */
export const regenerateIfStale = (db: Db, crId: number) =>
  db.transaction(async (tx) => {
    const [row] = await tx.select({ stale: catalogo.stale }).from(catalogo).where(eq(catalogo.id, crId)).for('update');
    if (row?.stale) await regenerateCatalogue(tx, crId);
    return Boolean(row?.stale);
  });

export const regenerateNow = (db: Db, crId: number) =>
  db.transaction(async (tx) => {
    await tx.select({ id: catalogo.id }).from(catalogo).where(eq(catalogo.id, crId)).for('update');
    await regenerateCatalogue(tx, crId);
  });

type RowFilter = { level: number } | { itemPrec: number };

export const createCatalogueService = (db: Db) => {
  const machines = createMachinesService(db);

  /** The machine (id + serial) the user may see and its catalogue; 404 otherwise. */
  const machineCatalogue = async (principal: Principal, machineId: number, matricola?: string) => {
    const found = await machines.byId(principal, machineId);
    if (!found || (matricola !== undefined && found.m.mtMatricola !== matricola.trim().toUpperCase())) throw notFound();
    if (found.catalogoId === null) throw notFound();
    return { machine: found.m, crId: found.catalogoId };
  };

  const header = async (principal: Principal, machineId: number, lang: Language): Promise<CatalogueHeader> => {
    const found = await machines.byId(principal, machineId);
    if (!found || found.catalogoId === null) throw notFound();
    const [c] = await db.select().from(catalogo).where(eq(catalogo.id, found.catalogoId));
    if (!c) throw notFound();
    const hide = hidesMachineCodes(principal);
    const descrizione = localizedText(c.localizedDescrizione, lang) || c.crDescrizione;
    return {
      id: c.id,
      crCodice: hide ? null : c.crCodice,
      crDescrizione: c.crDescrizione,
      descrizione,
      generatedAt: c.generatedAt.toISOString(),
      righe: c.righe,
      machine: toMachine(found.m, c.id, lang, hide),
      pdfFileName: cataloguePdfFileName(descrizione, found.m.mtMatricola),
    };
  };

  /** The catalogue a user may open (crId), or 404. */
  const requireCatalogue = async (scope: MachineScope, crId: number) => {
    const [c] = await db
      .select({ id: catalogo.id })
      .from(catalogo)
      .where(and(eq(catalogo.id, crId), catalogueAccessCondition(scope)));
    if (!c) throw notFound();
  };

  /**
   * Visible rows of one level or under one parent, in order, with the live article (price, stock)
   * joined and hasChildren as EXISTS: one index-served query (a second one only when it comes back
   * empty, to tell an empty branch from a catalogue the user may not open).
   */
  const rows = async (principal: Principal, crId: number, filter: RowFilter, lang: Language) => {
    const [scope, profile] = await Promise.all([
      loadMachineScope(db, principal),
      loadPriceProfile(db, principal.userId),
    ]);
    const hide = hidesMachineCodes(principal);
    const position =
      'level' in filter ? eq(catalogoRiga.rigLivello, filter.level) : eq(catalogoRiga.rigItemPrec, filter.itemPrec);
    const found = await db
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
          position,
          visibleRow,
          sql`exists (select 1 from ${catalogo} where ${and(eq(catalogo.id, crId), catalogueAccessCondition(scope))})`,
        ),
      )
      .orderBy(asc(catalogoRiga.rigOrdine), asc(catalogoRiga.rigItem));
    if (found.length === 0) await requireCatalogue(scope, crId);
    return found
      .filter(({ r }) => isTreeRowVisible(r))
      .map(({ r, a, magazzino, hasChildren }): CatalogueRow => {
        const descrizione = localizedText(r.localizedDescrizione, lang) || (a ? articoloDescrizione(a, lang) : '');
        return {
          crId: r.crId,
          rigItem: r.rigItem,
          rigItemPrec: r.rigItemPrec,
          rigLivello: r.rigLivello,
          rigIdTav: r.rigIdTav ?? '',
          rigDisegno: hide ? null : r.rigDisegno,
          drawing: r.rigDisegno,
          rigPos: r.rigPos,
          rigTipoArt: r.rigTipoArt,
          rigTipoNodo: r.rigTipoNodo,
          rigQta: r.rigQta,
          rigNote: r.rigNote,
          descrizione,
          hasChildren: Boolean(hasChildren),
          orderable: a !== null && isRowOrderable(r),
          articolo: a
            ? {
                id: a.id,
                articolo: r.articoloCodice ?? a.articolo,
                unitaMisura: r.unitaMisura ?? a.unitaMisura,
                descrizione,
                disponibiliLabel: catalogueAvailability(magazzino ?? 0, r.rigQta),
                prezzo: customerPrice(a.prezzo, profile).netto,
                peso: a.peso,
                tipoArticolo: a.tipoArticolo,
                tipoArticoloOrig: a.tipoArticoloOrig,
              }
            : null,
        };
      });
  };

  /**
   * Tree search in a machine's catalogue: rows whose search text contains q, reachable in the tree
   * (the row and all its ancestors visible), in tree order, each with its ancestors' rigItems.
   * One query of the catalogue's (item, parent, order) skeleton; the paths are walked in memory.
   */
  const search = async (principal: Principal, machineId: number, q: string): Promise<CatalogueTreeSearch> => {
    const { crId } = await machineCatalogue(principal, machineId);
    const skeleton = await db
      .select({
        item: catalogoRiga.rigItem,
        parent: catalogoRiga.rigItemPrec,
        ordine: catalogoRiga.rigOrdine,
        visible: sql<boolean>`${visibleRow}`,
        hit: sql<boolean>`${catalogoRiga.searchText} like lower(unaccent(${containsPattern(q.toLowerCase())}))`,
      })
      .from(catalogoRiga)
      .where(eq(catalogoRiga.crId, crId));
    const byItem = new Map(skeleton.map((s) => [s.item, s]));
    const matches: { rigItem: number; path: number[]; order: number[] }[] = [];
    for (const row of skeleton) {
      if (!row.hit || !row.visible) continue;
      const path: number[] = [];
      const order = [row.ordine, row.item];
      let reachable = true;
      const seen = new Set([row.item]);
      for (let parent = row.parent; parent !== null; ) {
        const up = byItem.get(parent);
        if (!up?.visible || seen.has(up.item)) {
          reachable = false;
          break;
        }
        seen.add(up.item);
        path.unshift(up.item);
        order.unshift(up.ordine, up.item);
        parent = up.parent;
      }
      if (reachable) matches.push({ rigItem: row.item, path, order });
    }
    const treeOrder = (x: number[], y: number[]) => {
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const d = (x[i] ?? 0) - (y[i] ?? 0);
        if (d !== 0) return d;
      }
      return x.length - y.length;
    };
    matches.sort((x, y) => treeOrder(x.order, y.order));
    return {
      matches: matches.slice(0, TREE_SEARCH_MAX_MATCHES).map(({ rigItem, path }) => ({ rigItem, path })),
      truncated: matches.length > TREE_SEARCH_MAX_MATCHES,
    };
  };

  /** The drawing when it is a safe name used by a catalogue the user may open; undefined otherwise. */
  const allowedDrawing = async (principal: Principal, name: string) => {
    if (!SAFE_DRAWING_NAME.test(name)) return false;
    const scope = await loadMachineScope(db, principal);
    const [used] = await db
      .select({ one: sql<number>`1` })
      .from(catalogoRiga)
      .innerJoin(catalogo, eq(catalogo.id, catalogoRiga.crId))
      .where(
        and(
          sql`lower(${catalogoRiga.rigDisegno}) = lower(${name})`,
          eq(catalogoRiga.rigDisegno, name),
          catalogueAccessCondition(scope),
        ),
      )
      .limit(1);
    return Boolean(used);
  };

  return {
    machineCatalogue,
    header,
    rows,
    search,

    /** GET /api/catalogo/{id}/{matricola}: regenerated first when stale (spec 2 §2 refresh). */
    open: async (principal: Principal, machineId: number, matricola: string, lang: Language) => {
      const { crId } = await machineCatalogue(principal, machineId, matricola);
      await regenerateIfStale(db, crId);
      return header(principal, machineId, lang);
    },

    /** PUT /api/catalogo/{id}: regenerate the machine's catalogue now. */
    refresh: async (principal: Principal, machineId: number, lang: Language) => {
      const { crId } = await machineCatalogue(principal, machineId);
      await regenerateNow(db, crId);
      return header(principal, machineId, lang);
    },

    /** GET /api/catalogo/refreshall/{crCodice}: mark stale (next query or the nightly job regenerates). */
    markStale: async (crCodice: string) => {
      const updated = await db
        .update(catalogo)
        .set({ stale: true })
        .where(eq(catalogo.crCodice, crCodice))
        .returning({ crCodice: catalogo.crCodice });
      if (updated.length === 0) throw notFound();
      return { crCodice, stale: true };
    },

    /** GET /api/catalogo/estraiCatalogo/{serial} (spec 2 §5 serial check). */
    estrai: async (principal: Principal, serial: string) => {
      const found = await machines.bySerial(principal, serial);
      if (!found) return 'KO NOT_FOUND';
      if (found.catalogoId === null) return 'KO NO_CATALOGUE';
      return `OK ${found.m.id}`;
    },

    drawingFile: async (principal: Principal, name: string, dataDir: string) => {
      if (!(await allowedDrawing(principal, name))) throw notFound();
      const file = catalogueDrawingPath(dataDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) throw notFound();
      return { file, stat };
    },

    drawingData: async (principal: Principal, name: string): Promise<DrawingData> => {
      if (!(await allowedDrawing(principal, name))) throw notFound();
      const [d] = await db.select().from(catalogoDisegno).where(eq(catalogoDisegno.name, name));
      if (!d) throw notFound();
      return { format: { width: d.width, height: d.height }, labels: d.labels };
    },
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;

// ---------------------------------------------------------------------------------------------
// Item page (spec 2 §2 CrArticolo, §7 Item)

/** An article the user may open: visible ones for everybody, hidden ones for catalogue staff. */

export const crArticolo = async (db: DbOrTx, principal: Principal, id: number, lang: Language): Promise<CrArticolo> => {
  const [{ a, stock }, profile] = await Promise.all([
    findVisibleArticolo(db, principal, id),
    loadPriceProfile(db, principal.userId),
  ]);
  return {
    id: a.id,
    articolo: a.articolo,
    descrizione: articoloDescrizione(a, lang),
    unitaMisura: a.unitaMisura,
    peso: a.peso,
    prezzo: customerPrice(a.prezzo, profile).netto,
    tipoArticolo: a.tipoArticolo,
    tipoArticoloOrig: a.tipoArticoloOrig,
    ordinabile: a.ordinabile,
    disponibiliLabel: availabilityLabel(stock, 1),
  };
};
