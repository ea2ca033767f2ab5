import fs from 'node:fs/promises';
import {
  type CatalogueHeader,
  type CatalogueRow,
  type CatalogueTreeSearch,
  type CrArticolo,
  customerPrice,
  isTreeRowVisible,
  type Language,
  TREE_SEARCH_MAX_MATCHES,
} from '@ricambi/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/sessions.ts';
import { findVisibleArticolo, infoCliente, loadPriceProfile } from '../articolo/articolo.contract.ts';
import { catalogueDrawingPath, ensureFresh, regenerateNow, SAFE_DRAWING_NAME } from './catalogue.generation.ts';
import { toCatalogueHeader, toCatalogueRow, toCrArticolo } from './catalogue.mapper.ts';
import * as repo from './catalogue.repository.ts';
import { catalogueAccessCondition, hidesMachineCodes, loadMachineScope } from './machines.access.ts';
import { toMachine } from './machines.mapper.ts';
import { createMachinesService, normalizeSerial } from './machines.service.ts';

type TreeOrderMatch = { rigItem: number; path: number[]; order: number[] };

/** Rows reachable in the tree (the row and all its ancestors visible) that match, in tree order, with their ancestors. */
const reachableMatches = (skeleton: Awaited<ReturnType<typeof repo.treeSkeleton>>) => {
  const byItem = new Map(skeleton.map((s) => [s.item, s]));
  const matches: TreeOrderMatch[] = [];
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
  return matches.sort((x, y) => treeOrder(x.order, y.order));
};

export const createCatalogueService = (db: Db) => {
  const machines = createMachinesService(db);

  /** The machine (id + serial) the user may see and its catalogue; 404 otherwise. */
  const machineCatalogue = async (principal: Principal, machineId: number, matricola?: string) => {
    const found = await machines.byId(principal, machineId);
    if (!found || (matricola !== undefined && found.m.mtMatricola !== normalizeSerial(matricola))) throw notFound();
    if (found.catalogoId === null) throw notFound();
    return { machine: found.m, crId: found.catalogoId };
  };

  const header = async (principal: Principal, machineId: number, lang: Language): Promise<CatalogueHeader> => {
    const { machine, crId } = await machineCatalogue(principal, machineId);
    const c = await repo.findCatalogue(db, crId);
    if (!c) throw notFound();
    const hide = hidesMachineCodes(principal);
    return toCatalogueHeader(c, toMachine(machine, c.id, lang, hide), lang, hide);
  };

  /** The drawing when it is a safe name used by a catalogue the user may open. */
  const allowedDrawing = async (principal: Principal, name: string) =>
    SAFE_DRAWING_NAME.test(name) &&
    repo.drawingUsed(db, name, catalogueAccessCondition(await loadMachineScope(db, principal)));

  return {
    /**
     * Visible rows of one level or under one parent, in order (one query; a second one only when it
     * comes back empty, to tell an empty branch from a catalogue the user may not open).
     */
    rows: async (
      principal: Principal,
      crId: number,
      position: repo.RowPosition,
      lang: Language,
    ): Promise<CatalogueRow[]> => {
      const [scope, profile] = await Promise.all([
        loadMachineScope(db, principal),
        loadPriceProfile(db, principal.userId),
      ]);
      const access = catalogueAccessCondition(scope);
      const found = await repo.visibleRows(db, crId, position, access);
      if (found.length === 0 && !(await repo.findCatalogue(db, crId, access))) throw notFound();
      const hide = hidesMachineCodes(principal);
      return found
        .filter(({ r }) => isTreeRowVisible(r))
        .map((row) => toCatalogueRow(row, lang, hide, (prezzo) => customerPrice(prezzo, profile).netto));
    },

    /**
     * Tree search in a machine's catalogue: rows whose search text contains q, reachable in the tree,
     * in tree order, each with its ancestors' rigItems (one query; the paths are walked in memory).
     */
    search: async (principal: Principal, machineId: number, q: string): Promise<CatalogueTreeSearch> => {
      const { crId } = await machineCatalogue(principal, machineId);
      const matches = reachableMatches(await repo.treeSkeleton(db, crId, q));
      return {
        matches: matches.slice(0, TREE_SEARCH_MAX_MATCHES).map(({ rigItem, path }) => ({ rigItem, path })),
        truncated: matches.length > TREE_SEARCH_MAX_MATCHES,
      };
    },

    /** GET /api/catalogo/{id}/{matricola}: regenerated first when stale (spec 2 §2 refresh). */
    open: async (principal: Principal, machineId: number, matricola: string, lang: Language) => {
      const { crId } = await machineCatalogue(principal, machineId, matricola);
      await ensureFresh(db, crId);
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
      if ((await repo.markStale(db, crCodice)) === 0) throw notFound();
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

    drawingData: async (principal: Principal, name: string) => {
      if (!(await allowedDrawing(principal, name))) throw notFound();
      const d = await repo.findDrawing(db, name);
      if (!d) throw notFound();
      return { format: { width: d.width, height: d.height }, labels: d.labels };
    },

    /** GET /api/crarticolo/: an article the user may open (visible ones; hidden ones for catalogue staff). */
    item: async (principal: Principal, id: number, lang: Language): Promise<CrArticolo> => {
      const [found, profile] = await Promise.all([
        findVisibleArticolo(db, principal, id),
        loadPriceProfile(db, principal.userId),
      ]);
      return toCrArticolo(found, customerPrice(found.a.prezzo, profile).netto, lang);
    },

    /** The item page's price and availability for a quantity (spec 2 §7 Item). */
    infoCliente: (principal: Principal, articoloId: number, quantita: number) =>
      infoCliente(db, principal, articoloId, quantita),
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;
