import {
  GENERIC_SERIAL,
  MESSA_IN_STRADA_DEFAULT_SORT,
  type MessaInStradaSortField,
  type MessaInStradaStato,
  type PageQuery,
} from '@ricambi/domain';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { macchina, messaInStrada, messaInStradaAllegato, storedFile } from '../../db/schema/index.ts';
import { containsPattern, orderBy, type SortColumns, totalOfPage } from '../../platform/paging.ts';

export type MessaInStradaRecord = typeof messaInStrada.$inferSelect;
export type MessaInStradaColumns = Omit<typeof messaInStrada.$inferInsert, 'matricola'>;
export type MachineOnTheRoad = {
  matricola: string;
  localizedDescrizione: Record<string, string>;
  ms: MessaInStradaRecord | null;
};

const SORTABLE: SortColumns<MessaInStradaSortField> = {
  matricola: macchina.mtMatricola,
  nomeCliente: sql`${messaInStrada.nomeCliente}`,
  msData: sql`${messaInStrada.msData}`,
};

const stateCondition = (stato: MessaInStradaStato) =>
  stato === 'DAFARE'
    ? isNull(messaInStrada.matricola)
    : stato === 'FATTE'
      ? isNotNull(messaInStrada.matricola)
      : undefined;

const termCondition = (term: string | undefined) => {
  if (!term) return undefined;
  const pattern = containsPattern(term.toLowerCase());
  return or(
    sql`lower(${macchina.mtMatricola}) like ${pattern}`,
    sql`lower(${messaInStrada.nomeCliente}) like ${pattern}`,
    sql`lower(${messaInStrada.loc}) like ${pattern}`,
  );
};

const columns = {
  matricola: macchina.mtMatricola,
  localizedDescrizione: macchina.localizedDescrizione,
  ms: messaInStrada,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

/** The machines under `scope` (GENERIC aside) with their registration, one page and the total. */
export const pageOfMachinesOnTheRoad = async (
  db: DbOrTx,
  scope: SQL | undefined,
  filter: { term?: string; stato: MessaInStradaStato },
  paging: PageQuery<MessaInStradaSortField>,
) => {
  const where = and(
    scope,
    ne(macchina.mtMatricola, GENERIC_SERIAL),
    stateCondition(filter.stato),
    termCondition(filter.term),
  );
  const rows = await db
    .select(columns)
    .from(macchina)
    .leftJoin(messaInStrada, eq(messaInStrada.matricola, macchina.mtMatricola))
    .where(where)
    .orderBy(...orderBy(paging.sort, SORTABLE, [macchina.mtMatricola], MESSA_IN_STRADA_DEFAULT_SORT))
    .limit(paging.size)
    .offset(paging.page * paging.size);
  const total = await totalOfPage(rows, paging.page, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(macchina)
      .leftJoin(messaInStrada, eq(messaInStrada.matricola, macchina.mtMatricola))
      .where(where);
    return counted?.n ?? 0;
  });
  return { rows: rows as (MachineOnTheRoad & { total: number })[], total };
};

/** One machine under `scope` with its registration (GENERIC is never registered). */
export const findMachineOnTheRoad = async (
  db: DbOrTx,
  scope: SQL | undefined,
  matricola: string,
  lock = false,
): Promise<MachineOnTheRoad | undefined> => {
  const query = db
    .select({ matricola: columns.matricola, localizedDescrizione: columns.localizedDescrizione, ms: messaInStrada })
    .from(macchina)
    .leftJoin(messaInStrada, eq(messaInStrada.matricola, macchina.mtMatricola))
    .where(and(scope, eq(macchina.mtMatricola, matricola), ne(macchina.mtMatricola, GENERIC_SERIAL)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: macchina }) : await query;
  return row as MachineOnTheRoad | undefined;
};

export const upsertMessaInStrada = async (
  db: DbOrTx,
  matricola: string,
  values: MessaInStradaColumns,
  login: string,
) => {
  const [row] = await db
    .insert(messaInStrada)
    .values({ matricola, ...values, createdBy: login })
    .onConflictDoUpdate({
      target: messaInStrada.matricola,
      set: { ...values, lastModifiedBy: login, lastModifiedDate: sql`now()` },
    })
    .returning();
  return row as MessaInStradaRecord;
};

/** The attachments of some registrations (not deleted), oldest first. */
export const findAttachments = async (db: DbOrTx, matricole: readonly string[]) =>
  matricole.length === 0
    ? []
    : db
        .select({ matricola: messaInStradaAllegato.matricola, file: storedFile })
        .from(messaInStradaAllegato)
        .innerJoin(storedFile, eq(storedFile.id, messaInStradaAllegato.fileId))
        .where(and(inArray(messaInStradaAllegato.matricola, [...matricole]), isNull(storedFile.deletedAt)))
        .orderBy(asc(messaInStradaAllegato.createdDate), asc(storedFile.id));

export const insertAttachment = (db: DbOrTx, matricola: string, fileId: string, login: string) =>
  db.insert(messaInStradaAllegato).values({ matricola, fileId, createdBy: login });

/** Removes the link of one attachment of a registration; answers whether it was there. */
export const deleteAttachment = async (db: DbOrTx, matricola: string, fileId: string) =>
  (
    await db
      .delete(messaInStradaAllegato)
      .where(and(eq(messaInStradaAllegato.matricola, matricola), eq(messaInStradaAllegato.fileId, fileId)))
      .returning({ fileId: messaInStradaAllegato.fileId })
  ).length > 0;

/** The registration an attachment belongs to. */
export const findAttachmentOwner = (db: DbOrTx, fileId: string) =>
  db
    .select({ matricola: messaInStradaAllegato.matricola })
    .from(messaInStradaAllegato)
    .where(eq(messaInStradaAllegato.fileId, fileId))
    .limit(1);
