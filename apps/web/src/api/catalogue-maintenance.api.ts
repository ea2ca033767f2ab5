import type { ReindexResult, StockImportPreview, StockImportResult, StockImportRow } from '@ricambi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { except, queryKeys } from './keys.ts';

export const STOCK_TEMPLATE_URL = '/api/articolo-stock/template.csv';

/** POST /api/articolo-stock/import/preview: the file's rows with their errors; nothing is stored. */
export const useStockImportPreview = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return http.postMultipart<StockImportPreview>('/api/articolo-stock/import/preview', form);
    },
    meta: { handlesErrors: true },
  });

/** POST /api/articolo-stock/import: all rows in one transaction, or none. */
export const useStockImportApply = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rows: StockImportRow[]) => http.post<StockImportResult>('/api/articolo-stock/import', rows),
    // Stock and prices show wherever articles do: every cached query but the account and the themes.
    onSuccess: () => client.invalidateQueries({ predicate: except(queryKeys.account.all, queryKeys.themes.all) }),
    meta: { handlesErrors: true },
  });
};

/** GET /api/reindex (changed articles) or /api/reindex/all (spec 1 §7). */
export const useReindex = () =>
  useMutation({
    mutationFn: (scope: 'changed' | 'all') =>
      http.get<ReindexResult>(scope === 'all' ? '/api/reindex/all' : '/api/reindex'),
    meta: { handlesErrors: true },
  });
