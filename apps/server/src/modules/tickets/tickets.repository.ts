import {
  GENERIC_SERIAL,
  type PageQuery,
  TICKET_CLOSED,
  TICKET_DEFAULT_SORT,
  TICKET_SERIAL_RESULTS,
  TICKET_WAITING_CUSTOMER,
  type TicketFilter,
  type TicketSortField,
  type TicketWaiting,
} from '@ricambi/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appUser, macchina, storedFile, ticket, ticketFile, ticketNota, userAuthority } from '../../db/schema/index.ts';
import { containsPattern, orderBy, type SortColumns, totalOfPage } from '../../platform/paging.ts';

export type TicketRecord = typeof ticket.$inferSelect;
export type TicketNoteRecord = typeof ticketNota.$inferSelect;

/** Whose tickets a list shows: the help desk sees every customer's, a customer its own. */
export type TicketViewer = { kind: 'staff'; login: string } | { kind: 'customer'; login: string };

const SORTABLE: SortColumns<TicketSortField> = {
  id: ticket.id,
  insert_time: ticket.insertTime,
  status: ticket.status,
  urgenzaClienteKey: ticket.urgenzaClienteKey,
};

const statusCondition = (stato: TicketFilter) => {
  switch (stato) {
    case 'OPEN':
      return ne(ticket.status, TICKET_CLOSED);
    case '46':
      return eq(ticket.status, TICKET_WAITING_CUSTOMER);
    case 'CLOSE':
      return eq(ticket.status, TICKET_CLOSED);
    case 'ALL':
      return undefined;
  }
};

const viewerCondition = (viewer: TicketViewer, soloMiei: boolean) =>
  viewer.kind === 'customer'
    ? eq(ticket.login, viewer.login)
    : soloMiei
      ? eq(ticket.assegnatario, viewer.login)
      : undefined;

/** Next day of `iso` (yyyy-MM-dd), for an inclusive "to" date. */
const dayAfter = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export type TicketListFilter = {
  stato: TicketFilter;
  dateFrom?: string;
  dateTo?: string;
  ricerca?: string;
  soloMiei: boolean;
  tipologiaKey?: number;
  collocazioneKey?: number;
  urgenzaClienteKey?: number;
};

const listCondition = (viewer: TicketViewer, f: TicketListFilter) => {
  const pattern = f.ricerca ? containsPattern(f.ricerca.toLowerCase()) : undefined;
  const number = f.ricerca && /^\d{1,15}$/.test(f.ricerca) ? eq(ticket.id, Number(f.ricerca)) : undefined;
  return and(
    viewerCondition(viewer, f.soloMiei),
    statusCondition(f.stato),
    // Days in Italy, where the business is.
    f.dateFrom ? gte(ticket.insertTime, sql`(${f.dateFrom}::date)::timestamp at time zone 'Europe/Rome'`) : undefined,
    f.dateTo
      ? lt(ticket.insertTime, sql`(${dayAfter(f.dateTo)}::date)::timestamp at time zone 'Europe/Rome'`)
      : undefined,
    f.tipologiaKey ? eq(ticket.tipologiaKey, f.tipologiaKey) : undefined,
    f.collocazioneKey ? eq(ticket.collocazioneKey, f.collocazioneKey) : undefined,
    f.urgenzaClienteKey ? eq(ticket.urgenzaClienteKey, f.urgenzaClienteKey) : undefined,
    pattern
      ? or(
          number,
          sql`lower(${ticket.title}) like ${pattern}`,
          sql`lower(${ticket.matricola}) like ${pattern}`,
          sql`lower(${ticket.descrizione}) like ${pattern}`,
          sql`lower(coalesce(${ticket.modello}, '')) like ${pattern}`,
          viewer.kind === 'staff' ? sql`lower(${ticket.login}) like ${pattern}` : undefined,
        )
      : undefined,
  );
};

// Qualified by hand: in a one-table select Drizzle leaves column names bare, which the subquery would read as its own.
const TICKET_ID = sql.raw('"ticket"."id"');
const noteCount = sql<number>`(select count(*) from ${ticketNota} n where n.ticket_id = ${TICKET_ID})`.mapWith(Number);
const fileCount =
  sql<number>`(select count(*) from ${ticketFile} tf join ${storedFile} f on f.id = tf.file_id where tf.ticket_id = ${TICKET_ID} and f.deleted_at is null)`.mapWith(
    Number,
  );

/** One page of the tickets a viewer sees, with the total. */
export const pageOfTickets = async (
  db: DbOrTx,
  viewer: TicketViewer,
  filter: TicketListFilter,
  paging: PageQuery<TicketSortField>,
) => {
  const where = listCondition(viewer, filter);
  const rows = await db
    .select({ t: ticket, note: noteCount, file: fileCount, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(ticket)
    .where(where)
    .orderBy(...orderBy(paging.sort, SORTABLE, [ticket.id], TICKET_DEFAULT_SORT))
    .limit(paging.size)
    .offset(paging.page * paging.size);
  const total = await totalOfPage(rows, paging.page, async () => {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(ticket).where(where);
    return counted?.n ?? 0;
  });
  return { rows, total };
};

/** A ticket the viewer may see; `lock` holds its row for the rest of the transaction. */
export const findTicket = async (db: DbOrTx, viewer: TicketViewer, id: number, lock = false) => {
  const query = db
    .select()
    .from(ticket)
    .where(and(eq(ticket.id, id), viewerCondition(viewer, false)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** Whether a ticket exists at all (a customer asking for another's ticket gets 403, an unknown id 404). */
export const ticketExists = async (db: DbOrTx, id: number) =>
  (await db.select({ id: ticket.id }).from(ticket).where(eq(ticket.id, id)).limit(1)).length > 0;

export const insertTicket = async (db: DbOrTx, values: typeof ticket.$inferInsert) => {
  const [row] = await db.insert(ticket).values(values).returning();
  return row as TicketRecord;
};

export const updateTicket = async (
  db: DbOrTx,
  id: number,
  values: Partial<Pick<TicketRecord, 'status' | 'attesa' | 'assegnatario' | 'closeTime'>>,
) => {
  const [row] = await db.update(ticket).set(values).where(eq(ticket.id, id)).returning();
  return row as TicketRecord;
};

export const insertNote = (db: DbOrTx, values: typeof ticketNota.$inferInsert) => db.insert(ticketNota).values(values);

export const findNotes = (db: DbOrTx, ticketId: number) =>
  db
    .select()
    .from(ticketNota)
    .where(eq(ticketNota.ticketId, ticketId))
    .orderBy(asc(ticketNota.createdAt), asc(ticketNota.id));

export const findFiles = (db: DbOrTx, ticketId: number) =>
  db
    .select({ file: storedFile })
    .from(ticketFile)
    .innerJoin(storedFile, eq(storedFile.id, ticketFile.fileId))
    .where(and(eq(ticketFile.ticketId, ticketId), isNull(storedFile.deletedAt)))
    .orderBy(asc(ticketFile.createdDate), asc(storedFile.id));

export const insertFile = (db: DbOrTx, ticketId: number, fileId: string, login: string) =>
  db.insert(ticketFile).values({ ticketId, fileId, createdBy: login });

/** The ticket a file belongs to. */
export const findFileTicket = async (db: DbOrTx, fileId: string) => {
  const [row] = await db
    .select({ ticketId: ticketFile.ticketId })
    .from(ticketFile)
    .where(eq(ticketFile.fileId, fileId))
    .limit(1);
  return row?.ticketId;
};

/** The open tickets waiting for this viewer's answer (spec 2 §2 badge). */
export const countWaiting = async (db: DbOrTx, viewer: TicketViewer) => {
  const waiting: TicketWaiting = viewer.kind === 'staff' ? 'STAFF' : 'CUSTOMER';
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ticket)
    .where(and(eq(ticket.attesa, waiting), ne(ticket.status, TICKET_CLOSED), viewerCondition(viewer, false)));
  return row?.n ?? 0;
};

/** Machines under `scope` whose serial holds `term` (the new-ticket lookup), GENERIC aside. */
export const findSerials = (db: DbOrTx, scope: SQL | undefined, term: string) =>
  db
    .select({
      matricola: macchina.mtMatricola,
      localizedDescrizione: macchina.localizedDescrizione,
      dataFineGaranzia: macchina.dataFineGaranzia,
    })
    .from(macchina)
    .where(
      and(
        scope,
        ne(macchina.mtMatricola, GENERIC_SERIAL),
        sql`lower(${macchina.mtMatricola}) like ${containsPattern(term.toLowerCase())}`,
      ),
    )
    .orderBy(asc(macchina.mtMatricola))
    .limit(TICKET_SERIAL_RESULTS);

/** One machine under `scope` by its serial. */
export const findMachine = async (db: DbOrTx, scope: SQL | undefined, matricola: string) => {
  const [row] = await db
    .select({
      matricola: macchina.mtMatricola,
      localizedDescrizione: macchina.localizedDescrizione,
      dataFineGaranzia: macchina.dataFineGaranzia,
    })
    .from(macchina)
    .where(and(scope, eq(macchina.mtMatricola, matricola), ne(macchina.mtMatricola, GENERIC_SERIAL)))
    .limit(1);
  return row;
};

export const findUser = async (db: DbOrTx, login: string) => {
  const [row] = await db
    .select({
      login: appUser.login,
      email: appUser.email,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      langKey: appUser.langKey,
    })
    .from(appUser)
    .where(eq(appUser.login, login))
    .limit(1);
  return row;
};

/** The help desk's addresses: active users with the staff role and an e-mail. */
export const findStaffContacts = (db: DbOrTx, roles: readonly string[]) =>
  db
    .selectDistinct({
      login: appUser.login,
      email: appUser.email,
      firstName: appUser.firstName,
      langKey: appUser.langKey,
    })
    .from(appUser)
    .innerJoin(userAuthority, eq(userAuthority.userId, appUser.id))
    .where(and(inArray(userAuthority.authorityName, [...roles]), eq(appUser.activated, true), isNotNull(appUser.email)))
    .orderBy(asc(appUser.login));
