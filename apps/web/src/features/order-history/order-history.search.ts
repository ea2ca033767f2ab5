import {
  ORDER_HISTORY_DEFAULT_SORT,
  ORDER_HISTORY_KINDS,
  ORDER_HISTORY_LIMITS,
  ORDER_HISTORY_MONTHS,
  ORDER_HISTORY_SORT_FIELDS,
  ORDER_HISTORY_STATES,
  type OrderHistoryKind,
  type OrderHistoryLine,
  type OrderHistorySortField,
  type OrderHistoryState,
  orderHistoryKindsFor,
  parseSortParam,
  type SortParam,
  sortParam,
} from '@ricambi/domain';
import type { OrderHistoryFilter } from '../../api/order-history.api.ts';

/** The list as the address holds it (/storicoOrdine/{kind}?mese&stato&term&page&sort). */
export type OrderHistoryAddress = OrderHistoryFilter & { page: number; sort: SortParam<OrderHistorySortField> };

const DEFAULT_SORT: SortParam<OrderHistorySortField> = ORDER_HISTORY_DEFAULT_SORT[0] ?? 'dataIns,desc';

/** Spec 2 §9: the last 12 months, every state, first page, newest first. */
export const DEFAULT_ORDER_HISTORY_ADDRESS: OrderHistoryAddress = {
  mese: ORDER_HISTORY_MONTHS.default,
  stato: 'tutti',
  page: 0,
  sort: DEFAULT_SORT,
};

/** The months offered (1 to 12). */
export const MONTH_CHOICES = Array.from(
  { length: ORDER_HISTORY_MONTHS.max - ORDER_HISTORY_MONTHS.min + 1 },
  (_, i) => ORDER_HISTORY_MONTHS.min + i,
);

/** The router reads `?mese=3` as a number and `?term=true` as a boolean: every value is read as text. */
const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : '';

/** The list read from the address; anything unknown or malformed falls back to its default. */
export const parseOrderHistorySearch = (search: Record<string, unknown>): OrderHistoryAddress => {
  const mese = Number(textOf(search.mese));
  const stato = textOf(search.stato);
  const page = Number(textOf(search.page));
  const term = textOf(search.term).slice(0, ORDER_HISTORY_LIMITS.term);
  const sort = parseSortParam(ORDER_HISTORY_SORT_FIELDS, textOf(search.sort));
  const address: OrderHistoryAddress = {
    mese:
      Number.isInteger(mese) && mese >= ORDER_HISTORY_MONTHS.min && mese <= ORDER_HISTORY_MONTHS.max
        ? mese
        : DEFAULT_ORDER_HISTORY_ADDRESS.mese,
    stato: ORDER_HISTORY_STATES.includes(stato as OrderHistoryState)
      ? (stato as OrderHistoryState)
      : DEFAULT_ORDER_HISTORY_ADDRESS.stato,
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
    sort: sort ? sortParam(sort.field, sort.direction) : DEFAULT_ORDER_HISTORY_ADDRESS.sort,
  };
  if (term) address.term = term;
  return address;
};

/** The address of a list: only what differs from the default, so that /storicoOrdine/ORD is the default list. */
export const toOrderHistorySearch = (address: OrderHistoryAddress): Record<string, string | number> => {
  const search: Record<string, string | number> = {};
  if (address.mese !== DEFAULT_ORDER_HISTORY_ADDRESS.mese) search.mese = address.mese;
  if (address.stato !== DEFAULT_ORDER_HISTORY_ADDRESS.stato) search.stato = address.stato;
  if (address.term?.trim()) search.term = address.term.trim();
  if (address.page > 0) search.page = address.page;
  if (address.sort !== DEFAULT_ORDER_HISTORY_ADDRESS.sort) search.sort = address.sort;
  return search;
};

export const filterOf = ({ mese, stato, term }: OrderHistoryAddress): OrderHistoryFilter =>
  term ? { mese, stato, term } : { mese, stato };

/** A change of filter goes back to the first page; an emptied term is dropped. */
export const withFilter = (address: OrderHistoryAddress, change: Partial<OrderHistoryFilter>): OrderHistoryAddress => {
  const next: OrderHistoryAddress = { ...address, ...change, page: 0 };
  if (!next.term?.trim()) delete next.term;
  return next;
};

/** The histories this user has, in the order of the tabs (docs/decisions.md "Order history"). */
export const kindsOf = (authorities: readonly string[] | undefined): OrderHistoryKind[] =>
  orderHistoryKindsFor(authorities ?? []);

export const isKind = (value: unknown): value is OrderHistoryKind =>
  ORDER_HISTORY_KINDS.includes(value as OrderHistoryKind);

/** Spec 2 §3: a line is fulfilled (seEvasa), partly shipped, or still to fulfil. */
export type LineState = 'evasa' | 'parziale' | 'daEvadere';
export const lineStateOf = (line: Pick<OrderHistoryLine, 'seEvasa' | 'qtaSpedita'>): LineState =>
  line.seEvasa ? 'evasa' : line.qtaSpedita > 0 ? 'parziale' : 'daEvadere';
export const LINE_STATE_COLORS: Record<LineState, string> = { evasa: 'green', parziale: 'orange', daEvadere: 'blue' };
