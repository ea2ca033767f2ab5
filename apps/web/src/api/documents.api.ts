import {
  DOCUMENT_PAGE_SIZE,
  type DocumentDownload,
  type DocumentFilters,
  type DocumentResult,
  type DocumentTree,
} from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

/** The chosen category of the tree: its keys from the top (none: every category). */
export type DocumentCategory = { categoria1?: string; categoria2?: string; categoria3?: string };

/** The query string of the tree (filters) or of the results (filters, category and page). */
export const documentParams = (
  filters: DocumentFilters,
  extra: DocumentCategory & { page?: number; size?: number } = {},
) => {
  const params = new URLSearchParams();
  for (const key of ['brand', 'tipoDocumento', 'serial', 'term'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  // Empty is every language; absent, the reader's own.
  if (filters.lingua !== undefined) params.set('lingua', filters.lingua);
  for (const key of ['categoria1', 'categoria2', 'categoria3'] as const) {
    const value = extra[key];
    if (value) params.set(key, value);
  }
  if (extra.page !== undefined) params.set('page', String(extra.page));
  if (extra.size !== undefined) params.set('size', String(extra.size));
  return params;
};

/**
 * GET /api/crDocumentistree: the categories of what the filters find, with their counts, and the
 * machine of the serial. A field error (an unknown serial, a missing brand) is the page's to show.
 */
export const useDocumentTree = (filters: DocumentFilters, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.documents.tree(filters),
    queryFn: () => http.get<DocumentTree>(`/api/crDocumentistree?${documentParams(filters)}`),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { handlesErrors: true },
  });

/** GET /api/documenti/search: one page of 20 files, daData descending then codice; the total in X-Total-Count. */
export const useDocumentResults = (
  filters: DocumentFilters,
  category: DocumentCategory,
  page: number,
  enabled: boolean,
) =>
  useQuery({
    queryKey: queryKeys.documents.search({ ...filters, ...category }, page),
    queryFn: () =>
      http.getPage<DocumentResult>(
        `/api/documenti/search?${documentParams(filters, { ...category, page, size: DOCUMENT_PAGE_SIZE })}`,
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { handlesErrors: true },
  });

export type DocumentDownloadVariables = { id: number; body: DocumentDownload; fileName: string };

/**
 * POST /api/documenti/download/{id}: the PDF, saved under its original name; the server logs the
 * download with the filters and the tree path it is sent (spec 2 §7). Failures reach the alerts.
 */
export const useDownloadDocument = () =>
  useMutation({
    mutationFn: async ({ id, body, fileName }: DocumentDownloadVariables) =>
      http.downloadPost(`/api/documenti/download/${id}`, body, fileName),
  });

/** The first-page picture of a file (GET /api/geticon/{nomeFileFisico}). */
export const documentIconUrl = (nomeFileFisico: string) => `/api/geticon/${encodeURIComponent(nomeFileFisico)}`;
