import {
  AUTOCOMPLETE_SIZE,
  BOM_PAGE_SIZE,
  type BomChild,
  type BomParent,
  type Equivalent,
  type Language,
  WHERE_USED_PAGE_SIZE,
} from '@ricambi/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { fetchPage } from './entity-admin.api.ts';
import { http } from './http.ts';
import { CATALOGUE_ENTITIES, queryKeys } from './keys.ts';

/** A typeahead over an entity's list (`?search=`), 10 suggestions. */
export const useEntitySuggestions = <T>(entity: string, apiPath: string, term: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.entity(entity).suggest(term),
    queryFn: () => fetchPage<T>(apiPath, { page: 0, sort: '', search: term, size: AUTOCOMPLETE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });

/** The items behind chosen ids (to label a select's current value); shares the kit's item cache. */
export const useEntityItems = <T>(entity: string, apiPath: string, ids: readonly number[]) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.entity(entity).item([String(id)]),
      queryFn: () => http.get<T>(`${apiPath}/${id}`),
      staleTime: 60_000,
    })),
  });

const relationKey = (entity: string, ...parts: readonly (string | number)[]) =>
  queryKeys.entity(entity).relation(...parts);
const paged = <T>(url: string, params: Record<string, string>) =>
  http.getPage<T>(`${url}?${new URLSearchParams(params)}`);

/** Spec 3 §7: the bill of materials of a machine or assembly, 20 per page. */
export const useBomChildren = (padreId: number, lang: Language, page: number, origine?: string) =>
  useQuery({
    queryKey: relationKey(CATALOGUE_ENTITIES.articoloArticolo, 'byPadre', padreId, lang, page, origine ?? ''),
    queryFn: () =>
      paged<BomChild>(
        origine
          ? `/api/articoloArticolo/search/byPadreIdAndOrigine/${padreId}`
          : `/api/articoloArticolo/search/byPadreId/${padreId}`,
        { lang, page: String(page), size: String(BOM_PAGE_SIZE), ...(origine ? { origine } : {}) },
      ),
    placeholderData: keepPreviousData,
  });

/** Spec 1 §6: where an article is used, 10 per page (administrators, managers, internal staff). */
export const useWhereUsed = (figlioId: number, lang: Language, page: number, enabled = true) =>
  useQuery({
    queryKey: relationKey(CATALOGUE_ENTITIES.articoloArticolo, 'byFiglio', figlioId, lang, page),
    queryFn: () =>
      paged<BomParent>(`/api/articoloArticolo/search/byFiglioId/${figlioId}`, {
        lang,
        page: String(page),
        size: String(WHERE_USED_PAGE_SIZE),
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The equivalents of an article: ALT (with our article when we sell it), OEM for staff only. */
export const useEquivalents = (articoloId: number, lang: Language) =>
  useQuery({
    queryKey: relationKey(CATALOGUE_ENTITIES.articoloEquiv, 'byArticolo', articoloId, lang),
    queryFn: () => http.get<Equivalent[]>(`/api/articoloEquiv/byArticoloId/${articoloId}?lang=${lang}`),
  });
