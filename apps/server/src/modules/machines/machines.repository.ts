import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appUser, catalogo, macchina } from '../../db/schema/index.ts';
import { containsPattern, totalOfPage } from '../../platform/paging.ts';

export type MachineRow = typeof macchina.$inferSelect;
export type MachineWithCatalogue = { m: MachineRow; catalogoId: number | null };

const machineColumns = { m: macchina, catalogoId: catalogo.id, total: sql<number>`count(*) over ()`.mapWith(Number) };

/** Machines under `where`, ordered by serial, one page, with the total (one query; a count only past the end). */
export const pageOfMachines = async (db: DbOrTx, where: SQL | undefined, paging: { page: number; size: number }) => {
  const rows = await db
    .select(machineColumns)
    .from(macchina)
    .leftJoin(catalogo, eq(catalogo.crCodice, macchina.mtCrCod))
    .where(where)
    .orderBy(asc(macchina.mtMatricola))
    .limit(paging.size)
    .offset(paging.page * paging.size);
  const total = await totalOfPage(rows, paging.page, async () => {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(macchina).where(where);
    return counted?.n ?? 0;
  });
  return { rows: rows as MachineWithCatalogue[], total };
};

/** `lower(mt_matricola) like %term%` (the trigram index serves it); no condition for an empty term. */
export const serialContains = (term: string) =>
  term === '' ? undefined : sql`lower(${macchina.mtMatricola}) like ${containsPattern(term.toLowerCase())}`;

export const deliveredThrough = (dealerLogin: string) => eq(macchina.dealerLogin, dealerLogin);
export const machineIdIs = (id: number) => eq(macchina.id, id);
export const serialIs = (serial: string) => eq(macchina.mtMatricola, serial);

/** The first machine under `where` with its catalogue id, or undefined. */
export const findMachine = async (db: DbOrTx, where: SQL | undefined): Promise<MachineWithCatalogue | undefined> => {
  const [row] = await db
    .select({ m: macchina, catalogoId: catalogo.id })
    .from(macchina)
    .leftJoin(catalogo, eq(catalogo.crCodice, macchina.mtCrCod))
    .where(where)
    .limit(1);
  return row;
};

/** Machines of one catalogue code under `where`, by serial (id, serial), at most `limit`. */
export const machinesOfCatalogue = (db: DbOrTx, crCodice: string, where: SQL | undefined, limit: number) =>
  db
    .select({ id: macchina.id, mtMatricola: macchina.mtMatricola })
    .from(macchina)
    .where(and(eq(macchina.mtCrCod, crCodice), where))
    .orderBy(asc(macchina.mtMatricola))
    .limit(limit);

/** The user's "sees every serial" flag. */
export const seesAllSerials = async (db: DbOrTx, userId: number) => {
  const [user] = await db.select({ all: appUser.vedeTutteLeMatricole }).from(appUser).where(eq(appUser.id, userId));
  return Boolean(user?.all);
};
