import {
  CART_ROLES,
  type CartItemAdd,
  type CartItemUpdate,
  type CartView,
  hasAnyAuthority,
  type Language,
  type QuickOrderRow,
  type SavedCart,
} from '@ricambi/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccount } from './account.api.ts';
import { infoClienteQuery } from './catalogue.api.ts';
import { http } from './http.ts';
import { except, queryKeys } from './keys.ts';

const useLang = () => useTranslation().i18n.language as Language;

/** Spec 1 §6: ROLE_CART may add to the cart and sees the cart dropdown. */
export const useCanUseCart = () => hasAnyAuthority(useAccount()?.authorities, CART_ROLES);

export const cartQuery = (lang: string) => ({
  queryKey: queryKeys.cart.view(lang),
  queryFn: () => http.get<CartView>(`/api/cartitem?langKey=${encodeURIComponent(lang)}`),
});

/** The cart in the interface language (descriptions in that language). */
export const useCart = (enabled = true) => {
  const lang = useLang();
  return useQuery({ ...cartQuery(lang), enabled });
};

/**
 * Every cart change answers the whole cart in the asked language: it replaces the cached one. The
 * checkout's views (check, cart kind, shipping) depend on the lines and are read again.
 */
const useCartMutation = <V>(
  mutationFn: (variables: V, langKey: string) => Promise<CartView>,
  handlesErrors: boolean,
) => {
  const client = useQueryClient();
  const lang = useLang();
  return useMutation({
    mutationFn: (variables: V) => mutationFn(variables, `langKey=${encodeURIComponent(lang)}`),
    onSuccess: (view) => {
      client.setQueryData(queryKeys.cart.view(lang), view);
      // The cart in the other languages is read again when shown; saved carts do not change.
      void client.invalidateQueries({ queryKey: queryKeys.cart.views(), predicate: except(queryKeys.cart.view(lang)) });
      void client.invalidateQueries({ queryKey: queryKeys.checkout.all });
    },
    meta: { handlesErrors },
  });
};

/** POST /api/cartitem; the caller handles refusals (field errors, over-availability). */
export const useAddCartItem = () =>
  useCartMutation((body: CartItemAdd, q) => http.post<CartView>(`/api/cartitem?${q}`, body), true);

/** PUT /api/cartitem; the caller puts the field errors on the line's fields. */
export const useUpdateCartItem = () =>
  useCartMutation((body: CartItemUpdate, q) => http.put<CartView>(`/api/cartitem?${q}`, body), true);

export const useDeleteCartItem = () =>
  useCartMutation((id: number, q) => http.delete<CartView>(`/api/cartitem/${id}?${q}`), false);

export const useClearCart = () =>
  useCartMutation((_: undefined, q) => http.delete<CartView>(`/api/cartutil/cartall?${q}`), false);

/** POST /api/cartutil/cartall: every row or none (per-row field errors `righe.N.field`). */
export const useAddAllToCart = () =>
  useCartMutation((righe: CartItemAdd[], q) => http.post<CartView>(`/api/cartutil/cartall?${q}`, { righe }), true);

/** Price, availability and the over-availability flag for an exact quantity (asked before adding). */
export const fetchInfoCliente = (client: QueryClient, articoloId: number, quantita: number) =>
  client.fetchQuery(infoClienteQuery(articoloId, quantita));

/** Quick order: pasted text or an uploaded file, resolved without touching the cart. */
export const useQuickOrderPreview = () => {
  const q = `langKey=${encodeURIComponent(useLang())}`;
  return useMutation({
    mutationFn: (source: { testo: string } | { file: File }) => {
      if ('testo' in source) return http.post<QuickOrderRow[]>(`/api/cartutil/quick/preview?${q}`, source);
      const form = new FormData();
      form.append('file', source.file);
      return http.postMultipart<QuickOrderRow[]>(`/api/cartutil/quick/preview-file?${q}`, form);
    },
    meta: { handlesErrors: true },
  });
};

export const useSavedCarts = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.cart.saved(),
    queryFn: () => http.get<SavedCart[]>('/api/savedcarts'),
    enabled,
  });

export const useSaveCart = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nome: string) => http.post<SavedCart>('/api/savedcarts', { nome }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.cart.saved() }),
    meta: { handlesErrors: true },
  });
};

export const useLoadSavedCart = () =>
  useCartMutation(
    ({ id, modo }: { id: number; modo: 'sostituisci' | 'aggiungi' }, q) =>
      http.post<CartView>(`/api/savedcarts/${id}/load?${q}`, { modo }),
    false,
  );

export const useDeleteSavedCart = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<void>(`/api/savedcarts/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.cart.saved() }),
  });
};

/** GET /api/cart/download/csv/{lang}: the cart as a CSV file, saved by the browser. */
export const downloadCartCsv = (lang: string) =>
  http.download(`/api/cart/download/csv/${encodeURIComponent(lang)}`, 'carrello.csv');
