import type { Theme } from '@ricambi/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

export const themesQuery = queryOptions({
  queryKey: queryKeys.themes.all,
  queryFn: () => http.get<Theme[]>('/api/themes'),
  staleTime: Number.POSITIVE_INFINITY,
});
