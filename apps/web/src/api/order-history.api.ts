import {
  type Language,
  ORDER_HISTORY_HEADERS,
  ORDER_HISTORY_PAGE_SIZE,
  type OrderAgainResult,
  type OrderHistoryKind,
  type OrderHistoryLine,
  type OrderHistorySortField,
  type OrderHistoryState,
  type ReorderRequest,
  type SortParam,
  type Tracking,
} from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

const enc = encodeURIComponent;
const BASE = '/api/storicoordine';

/** The filter of the list and of its CSV (spec 2 §7: mese, stato, term). */
export type OrderHistoryFilter = { mese: number; stato: OrderHistoryState; term?: string };

/** One page of the list: its lines, the lines under the filter and those of them still to fulfil. */
export type OrderHistoryPage = { items: OrderHistoryLine[]; total: number; daEvadere: number };

/** The filter as the API's query (an empty term is left out). */
export const orderHistoryFilterQuery = (filter: OrderHistoryFilter) => {
  const params = new URLSearchParams({ mese: String(filter.mese), stato: filter.stato });
  if (filter.term?.trim()) params.set('term', filter.term.trim());
  return params;
};

/** GET /api/storicoordine/{kind}: a page of 20 lines, the totals in X-Total-Count and X-Total-DeEvadere. */
export const useOrderHistoryPage = (
  kind: OrderHistoryKind,
  filter: OrderHistoryFilter,
  page: number,
  sort: SortParam<OrderHistorySortField>,
) =>
  useQuery({
    queryKey: queryKeys.orderHistory.list(kind, { ...filter, page, sort }),
    queryFn: async (): Promise<OrderHistoryPage> => {
      const params = orderHistoryFilterQuery(filter);
      params.set('page', String(page));
      params.set('size', String(ORDER_HISTORY_PAGE_SIZE));
      params.set('sort', sort);
      const answer = await http.getPage<OrderHistoryLine>(`${BASE}/${enc(kind)}?${params}`);
      const daEvadere = Number(answer.headers.get(ORDER_HISTORY_HEADERS.totalDaEvadere));
      return { items: answer.items, total: answer.total, daEvadere: Number.isFinite(daEvadere) ? daEvadere : 0 };
    },
    placeholderData: keepPreviousData,
    // The list page mounts afresh when the tracking dialog opens or closes over it: no reload then.
    staleTime: 30_000,
    meta: { handlesErrors: true },
  });

/** POST /api/storicoordine/id: one line of the user's history (the request page). */
export const useOrderHistoryLine = (id: number) =>
  useQuery({
    queryKey: queryKeys.orderHistory.line(id),
    queryFn: () => http.post<OrderHistoryLine>(`${BASE}/id`, { id }),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
    meta: { handlesErrors: true },
  });

/**
 * GET /api/storicoordine/isArticoloGestito/?id: whether the line's part can be ordered from the cart.
 * The answer is Y or N, read as text whether it comes bare or as a JSON string.
 */
export const useArticoloGestito = (id: number) =>
  useQuery({
    queryKey: queryKeys.orderHistory.gestito(id),
    queryFn: async () => {
      const answer = await (await http.getResponse(`${BASE}/isArticoloGestito/?id=${id}`)).text();
      return answer.trim().replace(/^"(.*)"$/, '$1') === 'Y';
    },
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
    meta: { handlesErrors: true },
  });

/**
 * GET /api/storicoordine/tracking/{wayBill}?slug: the carrier's events. Read afresh each time the
 * dialog opens (nothing kept once it closes); a failure is the dialog's to show, never retried.
 */
export const useTracking = (wayBill: string, slug: string | undefined) =>
  useQuery({
    queryKey: queryKeys.orderHistory.tracking(wayBill, slug ?? ''),
    queryFn: () =>
      http.get<Tracking>(`${BASE}/tracking/${enc(wayBill)}${slug ? `?${new URLSearchParams({ slug })}` : ''}`),
    gcTime: 0,
    staleTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });

/** POST /api/storicoordine/sendrequest?langKey: a part asked of the back office; the form shows failures. */
export const useSendReorderRequest = () => {
  const lang = useTranslation().i18n.language as Language;
  return useMutation({
    mutationFn: (body: ReorderRequest) =>
      http.post<{ inviata: true; email: string | null }>(`${BASE}/sendrequest?langKey=${enc(lang)}`, body),
    meta: { handlesErrors: true },
  });
};

/**
 * POST /api/storicoordine/riordina: an order's lines, or the chosen ones, back into the cart. The
 * cart (every language) and the checkout's views of it are read again; failures reach the alerts.
 */
export const useOrderAgainMutation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { idOrdine: number } | { ids: number[] }) =>
      http.post<OrderAgainResult>(`${BASE}/riordina`, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cart.views() }),
        client.invalidateQueries({ queryKey: queryKeys.checkout.all }),
      ]),
  });
};

/** GET /api/storicoordine/download/csv/{kind}?mese&stato&term: the lines of the filter as a CSV file. */
export const downloadOrderHistoryCsv = (kind: OrderHistoryKind, filter: OrderHistoryFilter) =>
  http.download(`${BASE}/download/csv/${enc(kind)}?${orderHistoryFilterQuery(filter)}`, `storico-${kind}.csv`);

/** GET /api/storicoordine/pdf/{lang}/{kind}/{idOrdine}: one order as a PDF. */
export const downloadOrderPdf = (lang: string, kind: OrderHistoryKind, idOrdine: number, fallbackName: string) =>
  http.download(`${BASE}/pdf/${enc(lang)}/${enc(kind)}/${idOrdine}`, fallbackName);
