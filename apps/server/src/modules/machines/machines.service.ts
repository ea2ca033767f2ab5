import { type Language, localizedText, type Machine } from '@ricambi/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogo, macchina } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/paging.ts';
import type { Principal } from '../../platform/sessions.ts';
import { hidesMachineCodes, loadMachineScope, type MachineScope, machineScopeCondition } from './machines.access.ts';

export type MachineRow = typeof macchina.$inferSelect;

/** yyyy-MM-dd → dd/MM/yyyy (spec 2 §9 dates). */
const italianDate = (iso: string | null) => {
  if (!iso) return null;
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** A machine as the user sees it: description in the language, version and code blanked for subdealers. */
export const toMachine = (row: MachineRow, catalogoId: number | null, lang: Language, hideCodes: boolean): Machine => ({
  id: row.id,
  mtMatricola: row.mtMatricola,
  mtDescr: localizedText(row.localizedDescrizione, lang),
  localizedDescrizione: row.localizedDescrizione,
  mt_versione: hideCodes ? null : row.mtVersione,
  mt_cr_cod: hideCodes ? null : row.mtCrCod,
  mt_dt_cons_txt: italianDate(row.mtDtCons),
  mt_riv_descr: row.mtRivDescr,
  mt_cli_descr: row.mtCliDescr,
  dataFineGaranzia: row.dataFineGaranzia,
  catalogoId,
});

/** The serial as stored: upper-case, trimmed. */
export const normalizeSerial = (serial: string) => serial.trim().toUpperCase();

type MachinePage = { items: Machine[]; total: number; page: number; size: number };

const machineColumns = { m: macchina, catalogoId: catalogo.id, total: sql<number>`count(*) over ()`.mapWith(Number) };

/** Machines under `where`, ordered by serial, one page, with the total (one query; a count only past the end). */
const pageOfMachines = async (
  db: DbOrTx,
  where: SQL | undefined,
  paging: { page: number; size: number },
  lang: Language,
  hideCodes: boolean,
): Promise<MachinePage> => {
  const rows = await db
    .select(machineColumns)
    .from(macchina)
    .leftJoin(catalogo, eq(catalogo.crCodice, macchina.mtCrCod))
    .where(where)
    .orderBy(asc(macchina.mtMatricola))
    .limit(paging.size)
    .offset(paging.page * paging.size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && paging.page > 0) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(macchina).where(where);
    total = counted?.n ?? 0;
  }
  return {
    items: rows.map((r) => toMachine(r.m, r.catalogoId, lang, hideCodes)),
    total,
    page: paging.page,
    size: paging.size,
  };
};

/** `lower(mt_matricola) like %term%` (the trigram index serves it); no condition for an empty term. */
const serialContains = (term: string) =>
  term === '' ? undefined : sql`lower(${macchina.mtMatricola}) like ${containsPattern(term.toLowerCase())}`;

export const createMachinesService = (db: DbOrTx) => {
  /** GET /api/machine/full: the user's machines whose serial contains the term. */
  const search = async (
    principal: Principal,
    query: { term: string; page: number; size: number },
    lang: Language,
  ): Promise<MachinePage> => {
    const scope = await loadMachineScope(db, principal);
    return pageOfMachines(
      db,
      and(machineScopeCondition(scope), serialContains(query.term)),
      query,
      lang,
      hidesMachineCodes(principal),
    );
  };

  /** GET /api/machine/dealer: the machines delivered through one dealer (GENERIC excluded: everyone sees it). */
  const ofDealer = (
    dealerLogin: string,
    query: { term: string; page: number; size: number },
    lang: Language,
  ): Promise<MachinePage> =>
    pageOfMachines(db, and(eq(macchina.dealerLogin, dealerLogin), serialContains(query.term)), query, lang, false);

  /** One machine the user may see, with its catalogue id, or undefined. */
  const findVisible = async (scope: MachineScope, where: SQL) => {
    const [row] = await db
      .select({ m: macchina, catalogoId: catalogo.id })
      .from(macchina)
      .leftJoin(catalogo, eq(catalogo.crCodice, macchina.mtCrCod))
      .where(and(where, machineScopeCondition(scope)))
      .limit(1);
    return row;
  };

  return {
    search,
    ofDealer,
    findVisible,
    byId: async (principal: Principal, id: number) =>
      findVisible(await loadMachineScope(db, principal), eq(macchina.id, id)),
    bySerial: async (principal: Principal, serial: string) =>
      findVisible(await loadMachineScope(db, principal), eq(macchina.mtMatricola, normalizeSerial(serial))),
  };
};

export type MachinesService = ReturnType<typeof createMachinesService>;
