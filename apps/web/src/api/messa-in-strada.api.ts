import type { MessaInStrada, MessaInStradaInput, MessaInStradaRow, MessaInStradaStato } from '@ricambi/domain';
import { MESSA_IN_STRADA_PAGE_SIZE } from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

/** The list's filter (spec 2 §2: /messainstrada?stato&term). */
export type MessaInStradaFilter = { stato: MessaInStradaStato; term: string; lang: string };

export const useMessaInStradaPage = (filter: MessaInStradaFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.messaInStrada.list(filter, page),
    queryFn: () => {
      const params = new URLSearchParams({
        stato: filter.stato,
        lang: filter.lang,
        page: String(page),
        size: String(MESSA_IN_STRADA_PAGE_SIZE),
      });
      if (filter.term.trim()) params.set('term', filter.term.trim());
      return http.getPage<MessaInStradaRow>(`/api/messainstradas/search?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export const useMessaInStrada = (matricola: string, lang: string) =>
  useQuery({
    queryKey: queryKeys.messaInStrada.item(matricola, lang),
    queryFn: () =>
      http.get<MessaInStrada>(
        `/api/messainstrada/get?matricola=${encodeURIComponent(matricola)}&lang=${encodeURIComponent(lang)}`,
      ),
  });

/** A changed record: its page takes the answer, the lists are read again. */
const useRecordChanged = () => {
  const client = useQueryClient();
  return (record: MessaInStrada) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.messaInStrada.items(record.id.matricola) }),
      client.invalidateQueries({ queryKey: queryKeys.messaInStrada.lists() }),
    ]);
};

export const useSaveMessaInStrada = () => {
  const changed = useRecordChanged();
  return useMutation({
    mutationFn: ({ body, lang }: { body: MessaInStradaInput; lang: string }) =>
      http.post<MessaInStrada>(`/api/messainstrada?lingua=${encodeURIComponent(lang)}`, body),
    onSuccess: changed,
    meta: { handlesErrors: true },
  });
};

export const useDeleteMessaInStradaAllegato = () => {
  const changed = useRecordChanged();
  return useMutation({
    mutationFn: (params: { matricola: string; id: string }) =>
      http.post<MessaInStrada>('/api/messainstrada/cancellaallegato', params),
    onSuccess: changed,
  });
};

/** After an upload the uploader hands over the record as the server answered it. */
export const useAttachmentAdded = useRecordChanged;

export const messaInStradaUploadUrl = (matricola: string) =>
  `/api/messainstrada/salvaallegato/${encodeURIComponent(matricola)}`;
export const messaInStradaFileUrl = (id: string) => `/api/messainstrada/scaricaallegato/${id}/download`;
export const messaInStradaThumbnailUrl = (id: string) => `/api/messainstrada/scaricaallegato/${id}/thumbnail`;
export const messaInStradaPdfUrl = (matricola: string, lang: string) =>
  `/api/messainstrada/pdf/${encodeURIComponent(matricola)}?lingua=${encodeURIComponent(lang)}`;
