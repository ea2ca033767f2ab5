import { PAGE_SIZE } from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http.ts';
import { queryKeys } from '../../api/keys.ts';
import type { EntityConfig, EntityRow } from './entity-admin.types.ts';

export type PageParams = { page: number; sort: string; search: string };
export type Page<T> = { items: T[]; total: number };

const itemUrl = (config: Pick<EntityConfig, 'apiPath'>, ids: readonly string[]) =>
  `${config.apiPath}/${ids.map(encodeURIComponent).join('/')}`;

/** A list page: rows and the total from X-Total-Count. */
export const fetchPage = async <T>(apiPath: string, p: PageParams & { size?: number }): Promise<Page<T>> => {
  const params = new URLSearchParams({ page: String(p.page), size: String(p.size ?? PAGE_SIZE) });
  if (p.sort) params.append('sort', p.sort);
  if (p.search) params.set('search', p.search);
  const { data, headers } = await http.getWithHeaders<T[]>(`${apiPath}?${params}`);
  return { items: data, total: Number(headers.get('X-Total-Count') ?? 0) };
};

export const useEntityPage = <T extends EntityRow>(config: EntityConfig<T>, p: PageParams) =>
  useQuery({
    queryKey: queryKeys.entity(config.name).list(p),
    queryFn: () => fetchPage<T>(config.apiPath, p),
    placeholderData: keepPreviousData,
  });

export const useEntity = <T extends EntityRow>(config: EntityConfig<T>, ids: readonly string[] | undefined) =>
  useQuery({
    queryKey: queryKeys.entity(config.name).item(ids ?? []),
    queryFn: () => http.get<T>(itemUrl(config, ids ?? [])),
    enabled: Boolean(ids?.length),
  });

export const useSaveEntity = <T extends EntityRow>(config: EntityConfig<T>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, body }: { ids?: readonly string[]; body: EntityRow }) =>
      ids ? http.put<T>(itemUrl(config, ids), body) : http.post<T>(config.apiPath, body),
    onSuccess: () => {
      config.onChanged?.();
      return client.invalidateQueries({ queryKey: queryKeys.entity(config.name).all });
    },
    meta: { handlesErrors: true },
  });
};

export const useDeleteEntity = <T extends EntityRow>(config: EntityConfig<T>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => http.delete<void>(itemUrl(config, ids)),
    onSuccess: () => {
      config.onChanged?.();
      return client.invalidateQueries({ queryKey: queryKeys.entity(config.name).all });
    },
  });
};
