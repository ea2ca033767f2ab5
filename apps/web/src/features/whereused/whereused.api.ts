import { WHERE_USED_TRUNCATED_HEADER, type WhereUsedResultRow, type WhereUsedType } from '@ricambi/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../api/http.ts';

export type WhereUsedSearch = { term: string; type: WhereUsedType };
export type WhereUsedResult = { rows: WhereUsedResultRow[]; truncated: boolean };

export const whereUsedKeys = {
  all: ['whereUsed'] as const,
  search: (s: WhereUsedSearch) => [...whereUsedKeys.all, 'search', s] as const,
};

/** GET /api/whereused/search: the rows, and whether the server cut the list at its cap. */
export const useWhereUsed = (search: WhereUsedSearch | undefined) =>
  useQuery({
    queryKey: whereUsedKeys.search(search ?? { term: '', type: 'tavCat' }),
    queryFn: async (): Promise<WhereUsedResult> => {
      const params = new URLSearchParams({ term: search?.term ?? '', tiporicerca: search?.type ?? 'tavCat' });
      const { data, headers } = await http.getWithHeaders<WhereUsedResultRow[]>(`/api/whereused/search?${params}`);
      return { rows: data, truncated: headers.get(WHERE_USED_TRUNCATED_HEADER) === 'true' };
    },
    enabled: Boolean(search?.term),
    placeholderData: keepPreviousData,
  });

/** The CSV of the same search (the browser downloads it with the session cookie). */
export const whereUsedCsvUrl = (s: WhereUsedSearch) =>
  `/api/whereused/download/csv/${encodeURIComponent(s.term)}/${encodeURIComponent(s.type)}`;
