import type { Theme } from '@ricambi/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

export const themesQuery = queryOptions({
  queryKey: queryKeys.themes.all,
  queryFn: () => http.get<Theme[]>('/api/themes'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** POST /api/themes-reload (admin): the themes read again; the answer replaces the cached list. */
export const useReloadThemes = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<Theme[]>('/api/themes-reload'),
    onSuccess: (themes) => client.setQueryData(themesQuery.queryKey, themes),
    meta: { errorKey: 'admin.themesReload.failed' },
  });
};
