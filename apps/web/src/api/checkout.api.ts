import type {
  CartAddress,
  CartCheck,
  CheckoutInput,
  ComboVoce,
  cartKindSchema,
  ImportResult,
  RequestInput,
  SendResult,
  ShippingCost,
  TariffPreview,
} from '@ricambi/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, request } from './http.ts';
import { queryKeys } from './keys.ts';

export type CartKindInfo = z.infer<typeof cartKindSchema>;

/**
 * PUT /api/cart/update: the cart checked again line by line, with what blocks sending. The
 * checkout shows these lines (the cart view of the same moment), so that the lines it sends, the
 * total it shows and the problems it lists agree.
 */
export const useCartCheck = (lang: string) =>
  useQuery({
    queryKey: queryKeys.checkout.check(lang),
    queryFn: () => request<CartCheck>('PUT', `/api/cart/update?langKey=${encodeURIComponent(lang)}`),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });

/** GET /api/cartaddress: the user's addresses, the default one (TIPO_INDIRIZZO 000) first. */
export const useCartAddresses = () =>
  useQuery({
    queryKey: queryKeys.checkout.addresses(),
    queryFn: () => http.get<CartAddress[]>('/api/cartaddress'),
    staleTime: 60_000,
  });

/** GET /api/cartkind: what the cart holds, and from which net total shipping is free (if it applies). */
export const useCartKind = () =>
  useQuery({
    queryKey: queryKeys.checkout.kind(),
    queryFn: () => http.get<CartKindInfo>('/api/cartkind'),
    staleTime: 0,
    meta: { handlesErrors: true },
  });

/** GET /api/combovoci/stati: the countries, names in the five languages. */
export const useCountries = () =>
  useQuery({
    queryKey: queryKeys.checkout.countries(),
    queryFn: () => http.get<ComboVoce[]>('/api/combovoci/stati'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/combovoci/provincie/{c}: the provinces of a country (only Italy has them). */
export const useProvinces = (stato: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.checkout.provinces(stato ?? ''),
    queryFn: () => http.get<ComboVoce[]>(`/api/combovoci/provincie/${encodeURIComponent(stato ?? '')}`),
    enabled: enabled && Boolean(stato),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/cart/spesespedizione?stato&cap&id: the shipping cost (below 0: not computable). */
export const useShippingCost = (params: { stato?: string | null; cap?: string | null; id?: number | null }) => {
  const stato = params.stato ?? '';
  const cap = (params.cap ?? '').trim();
  return useQuery({
    queryKey: queryKeys.checkout.shipping({ stato, cap, id: params.id ?? null }),
    queryFn: () => {
      const query = new URLSearchParams({ stato, cap });
      if (params.id != null) query.set('id', String(params.id));
      return http.get<ShippingCost>(`/api/cart/spesespedizione?${query}`);
    },
    enabled: Boolean(stato),
    staleTime: 30_000,
    meta: { handlesErrors: true },
  });
};

export type SendMode = 'order' | 'request';
export type SendVariables = { body: CheckoutInput | RequestInput; idempotencyKey: string };

/**
 * POST /api/cart/send (orders, quotes, warranty orders) or /api/cart/sendrequest (a subdealer's
 * request). The Idempotency-Key makes a repeated send (double click, retry) answer the first result.
 */
export const useSendOrder = (mode: SendMode, lang: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: SendVariables) =>
      request<SendResult>(
        'POST',
        `/api/cart/${mode === 'request' ? 'sendrequest' : 'send'}?langKey=${encodeURIComponent(lang)}`,
        { json: body },
        { 'Idempotency-Key': idempotencyKey },
      ),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cart.views() }),
        client.invalidateQueries({ queryKey: queryKeys.checkout.kind() }),
      ]);
    },
    meta: { handlesErrors: true },
  });
};

/** GET /api/cart/import?nOrdine: the lines of an order the ERP handed back, added to the cart. */
export const useImportOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nOrdine: string) =>
      http.get<ImportResult>(`/api/cart/import?${new URLSearchParams({ nOrdine: nOrdine.trim() })}`),
    // The lines join the cart, as a cart change does: its views and the checkout's views of it.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cart.views() }),
        client.invalidateQueries({ queryKey: queryKeys.checkout.all }),
      ]),
    meta: { handlesErrors: true },
  });
};

/** Spec 1 §6 "tariff importer download": the tariff as XLSX. */
export const TARIFF_URL = '/api/speseSpedizione/tariffario';

export type TariffPreviewRow = TariffPreview['rows'][number];
export type TariffApplyResult = { rows: number };

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** POST /api/speseSpedizione/tariffario/preview: every row of the file checked; nothing stored. */
export const useTariffPreview = () =>
  useMutation({
    mutationFn: (file: File) => http.postMultipart<TariffPreview>(`${TARIFF_URL}/preview`, fileForm(file)),
    meta: { handlesErrors: true },
  });

/** POST /api/speseSpedizione/tariffario: the file replaces the tariff, all rows or none. */
export const useTariffApply = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => http.postMultipart<TariffApplyResult>(TARIFF_URL, fileForm(file)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.checkout.shippingAll() }),
    meta: { handlesErrors: true },
  });
};
