import { PAGE_SIZE } from '@ricambi/domain';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http, type Page } from './http.ts';
import { queryKeys } from './keys.ts';

export type PageParams = { page: number; sort: string; search: string };
export type { Page };

/** What the calls of an administration entity need of its config (the kit's EntityConfig has it). */
export type EntityEndpoint = {
  /** The entity's name: the root of its query keys. */
  name: string;
  apiPath: string;
  /** After a create, update or delete (e.g. reload what depends on the entity). */
  onChanged?: () => void;
  /** Cached queries a create, update or delete also makes stale (key prefixes; e.g. other entities). */
  invalidates?: readonly QueryKey[];
};

/** What else a change makes stale, read again alongside the entity's own lists. */
const invalidateRelated = (client: QueryClient, endpoint: EntityEndpoint) =>
  Promise.all((endpoint.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));

const itemUrl = (endpoint: Pick<EntityEndpoint, 'apiPath'>, ids: readonly string[]) =>
  `${endpoint.apiPath}/${ids.map(encodeURIComponent).join('/')}`;

/** A list page of an entity (paging, sorting and the search term of the kit). */
export const fetchPage = <T>(apiPath: string, p: PageParams & { size?: number }): Promise<Page<T>> => {
  const params = new URLSearchParams({ page: String(p.page), size: String(p.size ?? PAGE_SIZE) });
  if (p.sort) params.append('sort', p.sort);
  if (p.search) params.set('search', p.search);
  return http.getPage<T>(`${apiPath}?${params}`);
};

export const useEntityPage = <T>(endpoint: EntityEndpoint, p: PageParams) =>
  useQuery({
    queryKey: queryKeys.entity(endpoint.name).list(p),
    queryFn: () => fetchPage<T>(endpoint.apiPath, p),
    placeholderData: keepPreviousData,
  });

export const useEntity = <T>(endpoint: EntityEndpoint, ids: readonly string[] | undefined) =>
  useQuery({
    queryKey: queryKeys.entity(endpoint.name).item(ids ?? []),
    queryFn: () => http.get<T>(itemUrl(endpoint, ids ?? [])),
    enabled: Boolean(ids?.length),
  });

/**
 * A create or update: the entity's lists and items are read again (a change can move a row to
 * another page or change its order, so every list of the entity is affected).
 */
export const useSaveEntity = <T>(endpoint: EntityEndpoint) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, body }: { ids?: readonly string[]; body: Record<string, unknown> }) =>
      ids ? http.put<T>(itemUrl(endpoint, ids), body) : http.post<T>(endpoint.apiPath, body),
    onSuccess: () => {
      endpoint.onChanged?.();
      void invalidateRelated(client, endpoint);
      return client.invalidateQueries({ queryKey: queryKeys.entity(endpoint.name).all });
    },
    meta: { handlesErrors: true },
  });
};

export const useDeleteEntity = (endpoint: EntityEndpoint) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => http.delete<void>(itemUrl(endpoint, ids)),
    onSuccess: (_data, ids) => {
      endpoint.onChanged?.();
      client.removeQueries({ queryKey: queryKeys.entity(endpoint.name).item(ids) });
      void invalidateRelated(client, endpoint);
      return client.invalidateQueries({ queryKey: queryKeys.entity(endpoint.name).all });
    },
  });
};
