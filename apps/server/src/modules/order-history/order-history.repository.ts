import type { OrderHistoryFilter, OrderHistorySortField, SortKey } from '@ricambi/domain';
import { ORDER_HISTORY_DEFAULT_SORT } from '@ricambi/domain';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import {
  appUser,
  articolo,
  erpStoricoLog,
  storicoOrdine,
  storicoOrdineGiorno,
  storicoOrdineRiga,
  storicoTrackingEvento,
} from '../../db/schema/index.ts';
import { containsPattern, orderBy, type SortColumns } from '../../platform/paging.ts';
import type { HistoryLineRow } from './order-history.mapper.ts';

const r = storicoOrdineRiga;
const h = storicoOrdine;
const g = storicoOrdineGiorno;

/** Whose lines a history lists: customers' ids and the request types of the chosen kind. */
export type HistoryScope = { userIds: readonly number[]; tipi: readonly string[] };

/** The user and, for a dealer, its subdealers (users whose dealer login is its login). */
export const findScopeUserIds = async (db: DbOrTx, userId: number, withSubdealers: boolean) => {
  if (!withSubdealers) return [userId];
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(
      or(
        eq(appUser.id, userId),
        eq(appUser.dealerLogin, sql`(select ${appUser.login} from ${appUser} where ${appUser.id} = ${userId})`),
      ),
    );
  return rows.map((row) => row.id);
};

const monthsAgo = (months: number, now: Date) => {
  const from = new Date(now);
  from.setMonth(from.getMonth() - months);
  return from;
};

const filterConditions = (scope: HistoryScope, filter: OrderHistoryFilter, now: Date): SQL[] => {
  const conditions: SQL[] = [
    inArray(r.userId, [...scope.userIds]),
    inArray(r.tiporichiesta, [...scope.tipi]),
    gte(r.dataIns, monthsAgo(filter.mese, now)),
  ];
  if (filter.stato === 'daEvadere') conditions.push(eq(r.seEvasa, false));
  if (filter.term) conditions.push(ilike(r.searchText, containsPattern(filter.term.toLowerCase())));
  return conditions;
};

const SORT: SortColumns<OrderHistorySortField> = {
  dataIns: r.dataIns,
  codArt: r.codArt,
  descRiga: r.descRiga,
  matricola: r.matricola,
  nroOrdTxt: h.nroOrdTxt,
  rifVsNroOrd: h.rifVsNroOrd,
  qtaOrdinata: r.qtaOrdinata,
  qtaSpedita: r.qtaSpedita,
  importo: r.importo,
  dataSpediz: r.dataSpediz,
  nroSpedTxt: r.nroSpedTxt,
  nroFattTxt: r.nroFattTxt,
  seEvasa: r.seEvasa,
};

const lineColumns = {
  line: r,
  nroOrdTxt: h.nroOrdTxt,
  rifVsNroOrd: h.rifVsNroOrd,
  portale: h.portale,
  cliente: appUser.login,
};

const toRow = (row: {
  line: typeof r.$inferSelect;
  nroOrdTxt: string;
  rifVsNroOrd: string | null;
  portale: boolean;
  cliente: string;
}): HistoryLineRow => ({
  ...row.line,
  nroOrdTxt: row.nroOrdTxt,
  rifVsNroOrd: row.rifVsNroOrd,
  portale: row.portale,
  cliente: row.cliente,
});

/** One page of the history, sorted (the id last, so pages never overlap). */
export const findHistoryPage = async (
  db: DbOrTx,
  scope: HistoryScope,
  filter: OrderHistoryFilter,
  paging: { page: number; size: number; sort: readonly SortKey<OrderHistorySortField>[] },
  now = new Date(),
): Promise<HistoryLineRow[]> => {
  const order = [...orderBy(paging.sort, SORT, [], ORDER_HISTORY_DEFAULT_SORT), desc(r.id)];
  const byOrderColumns = paging.sort.some((k) => k.field === 'nroOrdTxt' || k.field === 'rifVsNroOrd');
  if (byOrderColumns) {
    const rows = await db
      .select(lineColumns)
      .from(r)
      .innerJoin(h, eq(h.id, r.storicoId))
      .innerJoin(appUser, eq(appUser.id, r.userId))
      .where(and(...filterConditions(scope, filter, now)))
      .orderBy(...order)
      .limit(paging.size)
      .offset(paging.page * paging.size);
    return rows.map(toRow);
  }
  // Sorted by the line's own columns: the page's ids are chosen on the lines alone, and only those
  // 20 lines are joined to their order and customer (a sort by code or amount over a year of a dealer
  // would otherwise join every line before sorting, bench/history.ts).
  const pageIds = db
    .select({ id: r.id })
    .from(r)
    .where(and(...filterConditions(scope, filter, now)))
    .orderBy(...order)
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .as('page_ids');
  const rows = await db
    .select(lineColumns)
    .from(pageIds)
    .innerJoin(r, eq(r.id, pageIds.id))
    .innerJoin(h, eq(h.id, r.storicoId))
    .innerJoin(appUser, eq(appUser.id, r.userId))
    .orderBy(...order);
  return rows.map(toRow);
};

/** The lines under the filter and those among them still to fulfil (X-Total-Count, X-Total-DeEvadere). */
export const countHistory = async (db: DbOrTx, scope: HistoryScope, filter: OrderHistoryFilter, now = new Date()) => {
  if (filter.term) {
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        daEvadere: sql<number>`(count(*) filter (where not ${r.seEvasa}))::int`,
      })
      .from(r)
      .where(and(...filterConditions(scope, filter, now)));
    return { total: row?.total ?? 0, daEvadere: row?.daEvadere ?? 0 };
  }
  // Without a term: the lines of the first, partial day counted, the days after it summed from the
  // per-day totals the triggers keep (storico_ordine_giorno) — one statement, one snapshot.
  const from = monthsAgo(filter.mese, now);
  const nextDay = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1));
  const open = filter.stato === 'daEvadere';
  const firstDay = and(...filterConditions(scope, filter, now), lt(r.dataIns, nextDay));
  const laterDays = and(
    inArray(g.userId, [...scope.userIds]),
    inArray(g.tiporichiesta, [...scope.tipi]),
    gte(g.giorno, nextDay.toISOString().slice(0, 10)),
  );
  const [row] = await queryRows<{ total: number; da_evadere: number }>(
    db,
    sql`select
      (select count(*) from ${r} where ${firstDay})::int
        + (select coalesce(sum(${open ? g.daEvadere : g.righe}), 0) from ${g} where ${laterDays})::int as total,
      (select count(*) from ${r} where ${firstDay} and not ${r.seEvasa})::int
        + (select coalesce(sum(${g.daEvadere}), 0) from ${g} where ${laterDays})::int as da_evadere`,
  );
  return { total: row?.total ?? 0, daEvadere: row?.da_evadere ?? 0 };
};

/**
 * The lines under the filter in the list's default order, `batch` at a time (keyset on data_ins and
 * id): the CSV is written as it is read, in constant memory at any size.
 */
export async function* streamHistory(
  db: DbOrTx,
  scope: HistoryScope,
  filter: OrderHistoryFilter,
  batch = 1000,
  now = new Date(),
): AsyncGenerator<HistoryLineRow[]> {
  let after: { dataIns: Date; id: number } | undefined;
  for (;;) {
    const conditions = filterConditions(scope, filter, now);
    // A row comparison, not (a < x or a = x and b < y): the index range starts at the last line sent
    // (storico_ordine_riga_date_idx), where the OR form would read every line before it again.
    if (after)
      conditions.push(
        sql`(${r.dataIns}, ${r.id}) < (${sql.param(after.dataIns, r.dataIns)}, ${sql.param(after.id, r.id)})`,
      );
    const rows = await db
      .select(lineColumns)
      .from(r)
      .innerJoin(h, eq(h.id, r.storicoId))
      .innerJoin(appUser, eq(appUser.id, r.userId))
      .where(and(...conditions))
      .orderBy(desc(r.dataIns), desc(r.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map(toRow);
    const last = rows[rows.length - 1]?.line;
    if (!last || rows.length < batch) return;
    after = { dataIns: last.dataIns, id: last.id };
  }
}

/** One line of these customers (any request type), or undefined. */
export const findLine = async (db: DbOrTx, userIds: readonly number[], id: number) => {
  const [row] = await db
    .select(lineColumns)
    .from(r)
    .innerJoin(h, eq(h.id, r.storicoId))
    .innerJoin(appUser, eq(appUser.id, r.userId))
    .where(and(eq(r.id, id), inArray(r.userId, [...userIds])));
  return row ? toRow(row) : undefined;
};

/** Lines of these customers by id. */
export const findLines = async (db: DbOrTx, userIds: readonly number[], ids: readonly number[]) => {
  const rows = await db
    .select(lineColumns)
    .from(r)
    .innerJoin(h, eq(h.id, r.storicoId))
    .innerJoin(appUser, eq(appUser.id, r.userId))
    .where(and(inArray(r.id, [...ids]), inArray(r.userId, [...userIds])))
    .orderBy(asc(r.storicoId), asc(r.riga));
  return rows.map(toRow);
};

/** An order of these customers with its lines in line order, or undefined. */
export const findOrder = async (db: DbOrTx, userIds: readonly number[], storicoId: number) => {
  const [order] = await db
    .select({ order: h, cliente: appUser.login, company: appUser.company })
    .from(h)
    .innerJoin(appUser, eq(appUser.id, h.userId))
    .where(and(eq(h.id, storicoId), inArray(h.userId, [...userIds])));
  if (!order) return undefined;
  const lines = await db
    .select(lineColumns)
    .from(r)
    .innerJoin(h, eq(h.id, r.storicoId))
    .innerJoin(appUser, eq(appUser.id, r.userId))
    .where(eq(r.storicoId, storicoId))
    .orderBy(asc(r.riga));
  return { ...order, lines: lines.map(toRow) };
};

/** Whether one of these customers has a line with this waybill (tracking is the customer's own). */
export const hasWaybill = async (db: DbOrTx, userIds: readonly number[], wayBill: string) => {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.wayBill, wayBill), inArray(r.userId, [...userIds])))
    .limit(1);
  return Boolean(row);
};

/** The carrier events the ERP handed back for a waybill, newest first. */
export const findTrackingEvents = (db: DbOrTx, wayBill: string) =>
  db
    .select()
    .from(storicoTrackingEvento)
    .where(eq(storicoTrackingEvento.wayBill, wayBill))
    .orderBy(desc(storicoTrackingEvento.data), desc(storicoTrackingEvento.id));

// ---------------------------------------------------------------------------------------------
// Writes: the portal's orders and the ERP hand-back

export type HistoryOrderInsert = typeof storicoOrdine.$inferInsert;
export type HistoryLineInsert = Omit<typeof storicoOrdineRiga.$inferInsert, 'storicoId'>;

export const insertHistoryOrder = async (
  db: DbOrTx,
  order: HistoryOrderInsert,
  lines: readonly HistoryLineInsert[],
) => {
  const [stored] = await db.insert(h).values(order).returning();
  if (!stored) throw new Error('storico_ordine insert returned no row');
  if (lines.length > 0) await db.insert(r).values(lines.map((l) => ({ ...l, storicoId: stored.id })));
  return stored;
};

/** The stored orders by number, locked for the hand-back's update. */
export const lockOrdersByNumber = (db: DbOrTx, numbers: readonly string[]) =>
  numbers.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(h)
        .where(inArray(h.nroOrdTxt, [...numbers]))
        .for('update');

export const updateHistoryOrder = (
  db: DbOrTx,
  id: number,
  values: Pick<HistoryOrderInsert, 'rifVsNroOrd' | 'erpGeneratedAt' | 'tiporichiesta' | 'dataIns'>,
) => db.update(h).set(values).where(eq(h.id, id));

/** Inserts the lines or updates those of the same order and line number. */
export const upsertHistoryLines = async (db: DbOrTx, storicoId: number, lines: readonly HistoryLineInsert[]) => {
  if (lines.length === 0) return;
  await db
    .insert(r)
    .values(lines.map((l) => ({ ...l, storicoId })))
    .onConflictDoUpdate({
      target: [r.storicoId, r.riga],
      set: {
        userId: sql`excluded.user_id`,
        tiporichiesta: sql`excluded.tiporichiesta`,
        dataIns: sql`excluded.data_ins`,
        articoloId: sql`coalesce(excluded.articolo_id, ${r.articoloId})`,
        codArt: sql`excluded.cod_art`,
        descRiga: sql`excluded.desc_riga`,
        unitaMisura: sql`coalesce(excluded.unita_misura, ${r.unitaMisura})`,
        matricola: sql`excluded.matricola`,
        qtaOrdinata: sql`excluded.qta_ordinata`,
        qtaSpedita: sql`excluded.qta_spedita`,
        importo: sql`excluded.importo`,
        seEvasa: sql`excluded.se_evasa`,
        dataSpediz: sql`excluded.data_spediz`,
        nroSpedTxt: sql`excluded.nro_sped_txt`,
        nroFattTxt: sql`excluded.nro_fatt_txt`,
        wayBill: sql`excluded.way_bill`,
        wayBillTxt: sql`excluded.way_bill_txt`,
        isAftership: sql`excluded.is_aftership`,
        codAftership: sql`excluded.cod_aftership`,
        searchText: sql`excluded.search_text`,
      },
    });
};

/** The newest document's events replace a waybill's events; an older document's are ignored. */
export const replaceTrackingEvents = async (
  db: DbOrTx,
  wayBill: string,
  generatedAt: Date,
  events: readonly Omit<typeof storicoTrackingEvento.$inferInsert, 'wayBill' | 'erpGeneratedAt'>[],
) => {
  const [newer] = await db
    .select({ id: storicoTrackingEvento.id })
    .from(storicoTrackingEvento)
    .where(and(eq(storicoTrackingEvento.wayBill, wayBill), gt(storicoTrackingEvento.erpGeneratedAt, generatedAt)))
    .limit(1);
  if (newer) return false;
  await db.delete(storicoTrackingEvento).where(eq(storicoTrackingEvento.wayBill, wayBill));
  if (events.length > 0)
    await db.insert(storicoTrackingEvento).values(events.map((e) => ({ ...e, wayBill, erpGeneratedAt: generatedAt })));
  return true;
};

/** User ids by login (the customers a hand-back document names). */
export const findUserIdsByLogin = async (db: DbOrTx, logins: readonly string[]) => {
  if (logins.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: appUser.id, login: appUser.login })
    .from(appUser)
    .where(inArray(appUser.login, [...logins]));
  return new Map(rows.map((row) => [row.login, row.id]));
};

/** Whether a document with this id was already applied (a repeat changes nothing). */
const HANDBACK_LOCK = 7_412_016;

/**
 * Hand-backs one at a time, until the transaction ends: the same document posted twice at once is
 * applied once, and two documents never lock orders and per-day totals in opposite orders.
 */
export const lockHandbacks = (db: DbOrTx) => db.execute(sql`select pg_advisory_xact_lock(${HANDBACK_LOCK}::bigint)`);

export const isDocumentApplied = async (db: DbOrTx, documentId: string) => {
  const [row] = await db
    .select({ id: erpStoricoLog.id })
    .from(erpStoricoLog)
    .where(and(eq(erpStoricoLog.documentId, documentId), inArray(erpStoricoLog.outcome, ['APPLIED', 'STALE'])))
    .limit(1);
  return Boolean(row);
};

export const insertHandbackLog = (db: DbOrTx, entry: typeof erpStoricoLog.$inferInsert) =>
  db.insert(erpStoricoLog).values(entry);

/** The hand-back log, newest first. */
export const findHandbackLog = (db: DbOrTx, limit: number) =>
  db.select().from(erpStoricoLog).orderBy(desc(erpStoricoLog.receivedAt), desc(erpStoricoLog.id)).limit(limit);

/** Catalogue ids of article codes (a hand-back line names its article by code). */
export const findArticleIdsByCode = async (db: DbOrTx, codes: readonly string[]) => {
  if (codes.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: articolo.id, code: articolo.articolo })
    .from(articolo)
    .where(inArray(articolo.articolo, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.code, row.id]));
};

/** Who asks (the reorder request's mails). */
export const findCustomer = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({ login: appUser.login, email: appUser.email, firstName: appUser.firstName, company: appUser.company })
    .from(appUser)
    .where(eq(appUser.id, userId));
  return row;
};
