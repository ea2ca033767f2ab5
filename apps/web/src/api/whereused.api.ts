import { WHERE_USED_TRUNCATED_HEADER, type WhereUsedResultRow, type WhereUsedType } from '@ricambi/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

export type WhereUsedSearch = { term: string; type: WhereUsedType };
export type WhereUsedResult = { rows: WhereUsedResultRow[]; truncated: boolean };

/** GET /api/whereused/search: the rows, and whether the server cut the list at its cap. */
export const useWhereUsed = (search: WhereUsedSearch | undefined) =>
  useQuery({
    queryKey: queryKeys.whereUsed.search(search ?? { term: '', type: 'tavCat' }),
    queryFn: async (): Promise<WhereUsedResult> => {
      const params = new URLSearchParams({ term: search?.term ?? '', tiporicerca: search?.type ?? 'tavCat' });
      const { items, headers } = await http.getPage<WhereUsedResultRow>(`/api/whereused/search?${params}`);
      return { rows: items, truncated: headers.get(WHERE_USED_TRUNCATED_HEADER) === 'true' };
    },
    enabled: Boolean(search?.term),
    placeholderData: keepPreviousData,
  });

/** The CSV of the same search (the browser downloads it with the session cookie). */
export const whereUsedCsvUrl = (s: WhereUsedSearch) =>
  `/api/whereused/download/csv/${encodeURIComponent(s.term)}/${encodeURIComponent(s.type)}`;
