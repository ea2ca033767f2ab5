import {
  type ArticoloDetail,
  type ArticoloHit,
  AUTOCOMPLETE_SIZE,
  type InfoCliente,
  type MarchioRef,
  PAGE_SIZE,
  SEARCH_HEADERS,
} from '@ricambi/domain';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

export type HitPage = {
  items: ArticoloHit[];
  total: number;
  /** More matches exist than were counted (the total reads "more than"). */
  capped: boolean;
  match: 'exact' | 'fuzzy' | 'none';
  corrected?: string;
};
export type TagValue = { value: string; count: number };

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  ).toString();

const fetchHits = async (url: string, signal?: AbortSignal): Promise<HitPage> => {
  const { items, total, capped, headers } = await http.getPage<ArticoloHit>(url, signal);
  const corrected = headers.get(SEARCH_HEADERS.corrected);
  return {
    items,
    total,
    capped,
    match: (headers.get(SEARCH_HEADERS.match) as HitPage['match'] | null) ?? 'exact',
    corrected: corrected ? decodeURIComponent(corrected) : undefined,
  };
};

const useLang = () => useTranslation().i18n.language;

/** The typeahead: 10 suggestions and the total (for 'show all'); asks only from 2 characters. */
export const useTypeahead = (term: string) => {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.catalogue.search('typeahead', { term, lang }),
    // A keystroke supersedes the request of the term before it: that one is cancelled, not waited for.
    queryFn: ({ signal }) => fetchHits(`/api/search/full?${query({ term, size: AUTOCOMPLETE_SIZE, lang })}`, signal),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

export const useFullSearch = (term: string, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.catalogue.search('full', { term, page, lang }),
    queryFn: ({ signal }) => fetchHits(`/api/search/full?${query({ term, page, size: PAGE_SIZE, lang })}`, signal),
    placeholderData: keepPreviousData,
  });
};

export const useByIdSearch = (id: number, tipoArticolo: 'R' | 'M', page: number, enabled = true) => {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.catalogue.search('byId', { id, tipoArticolo, page, lang }),
    queryFn: () => fetchHits(`/api/search/byId?${query({ id, tipoArticolo, page, size: PAGE_SIZE, lang })}`),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useTrackSearch = (dims: { tag1: string; tag2: string; tag3: string; tag6: string }, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.catalogue.search('tracks', { ...dims, page, lang }),
    queryFn: () =>
      fetchHits(
        `/api/articolo/search/findByTag1AndTag2AndTag3AndTag6?${query({ ...dims, page, size: PAGE_SIZE, lang })}`,
      ),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
};

export const useMachines = (marchioId: number, tag2: string, tag3: string) => {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.catalogue.search('machines', { marchioId, tag2, tag3, lang }),
    queryFn: () =>
      http.get<ArticoloHit[]>(
        `/api/articolo/search/findByMarchioIdAndTag2AndTag3?${query({ marchioId, tag2, tag3, lang })}`,
      ),
  });
};

/** A cascading list (brands, models, variants, track dimensions): asked once its parents are chosen. */
const useLookup = <T>(
  name: string,
  url: string,
  params: Record<string, string | number | undefined>,
  enabled: boolean,
) =>
  useQuery({
    queryKey: queryKeys.catalogue.lookup(name, params),
    queryFn: () => http.get<T>(`${url}?${query(params)}`),
    enabled,
    staleTime: 5 * 60_000,
  });

export const useBrands = () =>
  useLookup<MarchioRef[]>('brands', '/api/marchio/search/findByModelloAndVariante', {}, true);
export const useModels = (marchioId?: number) =>
  useLookup<TagValue[]>('models', '/api/articolo/search/distinctTag2ByMarchioId', { marchioId }, Boolean(marchioId));
export const useVariants = (marchioId?: number, tag2?: string) =>
  useLookup<TagValue[]>(
    'variants',
    '/api/articolo/search/distinctTag3ByMarchioIdAndTag2',
    { marchioId, tag2 },
    Boolean(marchioId && tag2),
  );
export const useWidths = () => useLookup<TagValue[]>('widths', '/api/articolo/search/distinctTag1', {}, true);
export const usePitches = (tag1?: string) =>
  useLookup<TagValue[]>('pitches', '/api/articolo/search/distinctTag2ByTag1', { tag1 }, Boolean(tag1));
export const useLinks = (tag1?: string, tag2?: string) =>
  useLookup<TagValue[]>(
    'links',
    '/api/articolo/search/distinctTag3ByTag1AndTag2',
    { tag1, tag2 },
    Boolean(tag1 && tag2),
  );
export const useShapes = (tag1?: string, tag2?: string, tag3?: string) =>
  useLookup<TagValue[]>(
    'shapes',
    '/api/articolo/search/distinctTag6ByTag1AndTag2AndTag3',
    { tag1, tag2, tag3 },
    Boolean(tag1 && tag2 && tag3),
  );

/** The article page; its price and availability for one unit come with it (no second call for quantity 1). */
export const useArticolo = (id: number) => {
  const lang = useLang();
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.catalogue.articolo(id, lang),
    queryFn: async () => {
      const detail = await http.get<ArticoloDetail>(`/api/articolo/${id}/detail?${query({ lang })}`);
      client.setQueryData(queryKeys.catalogue.info(id, 1), detail.infoCliente);
      return detail;
    },
    meta: { handlesErrors: true },
    retry: false,
  });
};

/**
 * Price, availability and the over-availability flag of an article for a quantity (spec 1 §3): the
 * article page's figures and the check before an add. Fresh for 5 s, so the figures the article page
 * came with (quantity 1) are not asked again at once.
 */
export const infoClienteQuery = (articoloId: number, quantita: number) =>
  queryOptions({
    queryKey: queryKeys.catalogue.info(articoloId, quantita),
    queryFn: () =>
      http.get<InfoCliente>(
        `/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita?${query({ articoloId, quantita })}`,
      ),
    staleTime: 5_000,
  });

/** Price and availability for the quantity (spec 1 §3); the caller waits 200 ms after typing. */
export const useInfoCliente = (articoloId: number, quantita: number, enabled: boolean) =>
  useQuery({ ...infoClienteQuery(articoloId, quantita), enabled, placeholderData: keepPreviousData });
