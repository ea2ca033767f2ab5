import {
  GENERIC_SERIAL,
  type PageQuery,
  WARRANTY_COMPONENT_RESULTS,
  WARRANTY_DEFAULT_SORT,
  WARRANTY_DONE_STATES,
  WARRANTY_STATES,
  type WarrantyFilter,
  type WarrantySortField,
} from '@ricambi/domain';
import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appUser,
  catalogo,
  catalogoRiga,
  macchina,
  ordine,
  richiestaGaranzia,
  richiestaGaranziaAllegato,
  richiestaGaranziaEvento,
  richiestaGaranziaNumero,
  storedFile,
} from '../../db/schema/index.ts';
import { containsPattern, escapeLike, orderBy, type SortColumns, totalOfPage } from '../../platform/paging.ts';

export type WarrantyRecord = typeof richiestaGaranzia.$inferSelect;
export type WarrantyColumns = Omit<
  typeof richiestaGaranzia.$inferInsert,
  'id' | 'numero' | 'matricola' | 'dataRichiesta' | 'createdBy' | 'createdDate' | 'statoAttivita'
>;
/** A request with what the screens show beside it: the machine's description and the linked order. */
export type WarrantyWithMachine = {
  r: WarrantyRecord;
  localizedDescrizione: Record<string, string> | null;
  numeroOrdine: string | null;
  dataOrdine: Date | null;
};
export type MachineForWarranty = {
  matricola: string;
  localizedDescrizione: Record<string, string>;
  dataFineGaranzia: string | null;
  dealerLogin: string | null;
  crCod: string;
};

const SORTABLE: SortColumns<WarrantySortField> = {
  numeroRichiesta: richiestaGaranzia.numero,
  matricola: richiestaGaranzia.matricola,
  dataRichiesta: richiestaGaranzia.dataRichiesta,
  statoAttivita: richiestaGaranzia.statoAttivita,
};

const DONE = [...WARRANTY_DONE_STATES];
const filterCondition = (stato: WarrantyFilter) =>
  stato === 'FATTE'
    ? inArray(richiestaGaranzia.statoAttivita, DONE)
    : stato === 'INCORSO'
      ? notInArray(richiestaGaranzia.statoAttivita, DONE)
      : inArray(richiestaGaranzia.statoAttivita, [...WARRANTY_STATES]);

const termCondition = (term: string | undefined) => {
  if (!term) return undefined;
  const pattern = containsPattern(term.toLowerCase());
  const number = /^\d{1,9}$/.test(term) ? eq(richiestaGaranzia.numero, Number(term)) : undefined;
  return or(
    number,
    sql`lower(${richiestaGaranzia.matricola}) like ${pattern}`,
    sql`lower(${richiestaGaranzia.problemaNote}) like ${pattern}`,
    sql`lower(coalesce(${richiestaGaranzia.codiceComponente}, '')) like ${pattern}`,
  );
};

const attachmentCount =
  sql<number>`(select count(*) from ${richiestaGaranziaAllegato} a join ${storedFile} f on f.id = a.file_id where a.richiesta_id = ${richiestaGaranzia.id} and f.deleted_at is null)`.mapWith(
    Number,
  );

const withMachine = {
  r: richiestaGaranzia,
  localizedDescrizione: macchina.localizedDescrizione,
  numeroOrdine: ordine.numeroOrdine,
  dataOrdine: ordine.createdAt,
};

/** The requests on machines under `scope`, one page and the total. */
export const pageOfRequests = async (
  db: DbOrTx,
  scope: SQL | undefined,
  filter: { term?: string; stato: WarrantyFilter },
  paging: PageQuery<WarrantySortField>,
) => {
  const where = and(scope, filterCondition(filter.stato), termCondition(filter.term));
  const rows = await db
    .select({ ...withMachine, allegati: attachmentCount, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(richiestaGaranzia)
    .innerJoin(macchina, eq(macchina.mtMatricola, richiestaGaranzia.matricola))
    .leftJoin(ordine, eq(ordine.id, richiestaGaranzia.ordineId))
    .where(where)
    .orderBy(...orderBy(paging.sort, SORTABLE, [richiestaGaranzia.id], WARRANTY_DEFAULT_SORT))
    .limit(paging.size)
    .offset(paging.page * paging.size);
  const total = await totalOfPage(rows, paging.page, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(richiestaGaranzia)
      .innerJoin(macchina, eq(macchina.mtMatricola, richiestaGaranzia.matricola))
      .where(where);
    return counted?.n ?? 0;
  });
  return { rows, total };
};

/** One request on a machine under `scope`; `lock` holds its row for the rest of the transaction. */
export const findRequest = async (
  db: DbOrTx,
  scope: SQL | undefined,
  matricola: string,
  numero: number,
  lock = false,
): Promise<WarrantyWithMachine | undefined> => {
  const query = db
    .select(withMachine)
    .from(richiestaGaranzia)
    .innerJoin(macchina, eq(macchina.mtMatricola, richiestaGaranzia.matricola))
    .leftJoin(ordine, eq(ordine.id, richiestaGaranzia.ordineId))
    .where(and(scope, eq(richiestaGaranzia.matricola, matricola), eq(richiestaGaranzia.numero, numero)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: richiestaGaranzia }) : await query;
  return row as WarrantyWithMachine | undefined;
};

/**
 * A machine under `scope` that a request may be filed for. Never GENERIC: every dealer's scope holds
 * it (for its catalogue), so a request on it would be every dealer's.
 */
export const findMachine = async (
  db: DbOrTx,
  scope: SQL | undefined,
  matricola: string,
): Promise<MachineForWarranty | undefined> => {
  const [row] = await db
    .select({
      matricola: macchina.mtMatricola,
      localizedDescrizione: macchina.localizedDescrizione,
      dataFineGaranzia: macchina.dataFineGaranzia,
      dealerLogin: macchina.dealerLogin,
      crCod: macchina.mtCrCod,
    })
    .from(macchina)
    .where(and(scope, eq(macchina.mtMatricola, matricola), ne(macchina.mtMatricola, GENERIC_SERIAL)))
    .limit(1);
  return row;
};

export const insertRequest = async (
  db: DbOrTx,
  values: WarrantyColumns & { matricola: string; dataRichiesta: string },
  login: string,
) => {
  const [row] = await db
    .insert(richiestaGaranzia)
    .values({ ...values, numero: sql`nextval(${sql.raw(`'${richiestaGaranziaNumero.seqName}'`)})`, createdBy: login })
    .returning();
  return row as WarrantyRecord;
};

export const updateRequest = async (db: DbOrTx, id: number, values: WarrantyColumns, login: string) => {
  const [row] = await db
    .update(richiestaGaranzia)
    .set({ ...values, lastModifiedBy: login, lastModifiedDate: sql`now()` })
    .where(eq(richiestaGaranzia.id, id))
    .returning();
  return row as WarrantyRecord;
};

export const setState = async (db: DbOrTx, id: number, statoAttivita: string, login: string) => {
  const [row] = await db
    .update(richiestaGaranzia)
    .set({ statoAttivita, lastModifiedBy: login, lastModifiedDate: sql`now()` })
    .where(eq(richiestaGaranzia.id, id))
    .returning();
  return row as WarrantyRecord;
};

/** Removes a request with its history and its attachments' links; answers the files it pointed at. */
export const deleteRequest = async (db: DbOrTx, id: number) => {
  const links = await db
    .delete(richiestaGaranziaAllegato)
    .where(eq(richiestaGaranziaAllegato.richiestaId, id))
    .returning({ fileId: richiestaGaranziaAllegato.fileId });
  await db.delete(richiestaGaranziaEvento).where(eq(richiestaGaranziaEvento.richiestaId, id));
  await db.delete(richiestaGaranzia).where(eq(richiestaGaranzia.id, id));
  return links.map((l) => l.fileId);
};

export const insertEvent = (
  db: DbOrTx,
  richiestaId: number,
  statoAttivita: string,
  nota: string | null,
  login: string,
) => db.insert(richiestaGaranziaEvento).values({ richiestaId, statoAttivita, nota, login });

export const findEvents = (db: DbOrTx, richiestaId: number) =>
  db
    .select()
    .from(richiestaGaranziaEvento)
    .where(eq(richiestaGaranziaEvento.richiestaId, richiestaId))
    .orderBy(asc(richiestaGaranziaEvento.data), asc(richiestaGaranziaEvento.id));

/** The live attachments of a request, oldest first. */
export const findAttachments = (db: DbOrTx, richiestaId: number) =>
  db
    .select({ file: storedFile })
    .from(richiestaGaranziaAllegato)
    .innerJoin(storedFile, eq(storedFile.id, richiestaGaranziaAllegato.fileId))
    .where(and(eq(richiestaGaranziaAllegato.richiestaId, richiestaId), isNull(storedFile.deletedAt)))
    .orderBy(asc(richiestaGaranziaAllegato.createdDate), asc(storedFile.id));

export const insertAttachment = (db: DbOrTx, richiestaId: number, fileId: string, login: string) =>
  db.insert(richiestaGaranziaAllegato).values({ richiestaId, fileId, createdBy: login });

/** Removes the link of one attachment of a request; answers whether it was there. */
export const deleteAttachment = async (db: DbOrTx, richiestaId: number, fileId: string) =>
  (
    await db
      .delete(richiestaGaranziaAllegato)
      .where(and(eq(richiestaGaranziaAllegato.richiestaId, richiestaId), eq(richiestaGaranziaAllegato.fileId, fileId)))
      .returning({ fileId: richiestaGaranziaAllegato.fileId })
  ).length > 0;

/** The request saved with an order (the order variant), if any. */
export const findRequestOfOrder = async (db: DbOrTx, ordineId: number) => {
  const [row] = await db
    .select({ matricola: richiestaGaranzia.matricola, numero: richiestaGaranzia.numero })
    .from(richiestaGaranzia)
    .where(eq(richiestaGaranzia.ordineId, ordineId))
    .limit(1);
  return row;
};

/** The request an attachment belongs to. */
export const findAttachmentOwner = async (db: DbOrTx, fileId: string) => {
  const [row] = await db
    .select({ matricola: richiestaGaranzia.matricola, numero: richiestaGaranzia.numero })
    .from(richiestaGaranziaAllegato)
    .innerJoin(richiestaGaranzia, eq(richiestaGaranzia.id, richiestaGaranziaAllegato.richiestaId))
    .where(eq(richiestaGaranziaAllegato.fileId, fileId))
    .limit(1);
  return row;
};

/**
 * Parts of one catalogue whose code starts with, or whose code or description contains, `q`
 * (the tree search's text: lower-case, without accents): one row per code, code prefixes first.
 */
export const findComponents = async (db: DbOrTx, crCodice: string, q: string) => {
  const needle = q.toLowerCase();
  const prefix = sql`bool_or(lower(${catalogoRiga.articoloCodice}) like ${`${escapeLike(needle)}%`})`;
  const rows = await db
    .select({
      codice: sql<string>`${catalogoRiga.articoloCodice}`,
      localizedDescrizione: sql<Record<string, string>>`(array_agg(${catalogoRiga.localizedDescrizione}))[1]`,
    })
    .from(catalogoRiga)
    .innerJoin(catalogo, eq(catalogo.id, catalogoRiga.crId))
    .where(
      and(
        eq(catalogo.crCodice, crCodice),
        isNotNull(catalogoRiga.articoloCodice),
        sql`${catalogoRiga.rigTipoNodo} <> 2`,
        sql`${catalogoRiga.searchText} like lower(unaccent(${containsPattern(needle)}))`,
      ),
    )
    .groupBy(catalogoRiga.articoloCodice)
    .orderBy(sql`${prefix} desc`, asc(catalogoRiga.articoloCodice))
    .limit(WARRANTY_COMPONENT_RESULTS);
  return rows;
};

/**
 * One part of a catalogue by its code (the component saved on a request must be the machine's): a
 * visible row, as the component search offers them.
 */
export const findComponent = async (db: DbOrTx, crCodice: string, codice: string) => {
  const [row] = await db
    .select({ codice: catalogoRiga.articoloCodice, localizedDescrizione: catalogoRiga.localizedDescrizione })
    .from(catalogoRiga)
    .innerJoin(catalogo, eq(catalogo.id, catalogoRiga.crId))
    .where(
      and(
        eq(catalogo.crCodice, crCodice),
        eq(catalogoRiga.articoloCodice, codice),
        sql`${catalogoRiga.rigTipoNodo} <> 2`,
      ),
    )
    .limit(1);
  return row;
};

/** The dealer a state change is mailed to. */
export const findDealer = async (db: DbOrTx, login: string) => {
  const [row] = await db
    .select({ login: appUser.login, email: appUser.email, firstName: appUser.firstName, langKey: appUser.langKey })
    .from(appUser)
    .where(eq(appUser.login, login))
    .limit(1);
  return row;
};
