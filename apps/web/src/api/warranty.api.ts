import {
  type fineGaranziaSchema,
  type Machine,
  WARRANTY_COMPONENT_MIN_CHARS,
  WARRANTY_DEFAULT_MAX_AGE_DAYS,
  WARRANTY_PAGE_SIZE,
  type Warranty,
  type WarrantyComponent,
  type WarrantyFilter,
  type WarrantyRow,
  type WarrantySave,
  type WarrantySaved,
  type WarrantyStateChange,
} from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

const enc = encodeURIComponent;
const BASE = '/api/richiestagaranzia';

/** The list's filter (spec 2 §2: /richiestagaranzia?stato&term). */
export type WarrantyListFilter = { stato: WarrantyFilter; term: string; lang: string };

/** GET /api/richiestagaranzias/search: 10 requests a page, the total in X-Total-Count. */
export const useWarrantyPage = (filter: WarrantyListFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.warranty.list(filter, page),
    queryFn: () => {
      const params = new URLSearchParams({
        stato: filter.stato,
        lang: filter.lang,
        page: String(page),
        size: String(WARRANTY_PAGE_SIZE),
      });
      if (filter.term.trim()) params.set('term', filter.term.trim());
      return http.getPage<WarrantyRow>(`/api/richiestagaranzias/search?${params}`);
    },
    placeholderData: keepPreviousData,
  });

/** GET /api/richiestagaranzia/get/{matricola}/{numero}: one request with its attachments and history. */
export const useWarranty = (matricola: string, numero: number, lang: string) =>
  useQuery({
    queryKey: queryKeys.warranty.item(matricola, numero, lang),
    queryFn: () => http.get<Warranty>(`${BASE}/get/${enc(matricola)}/${numero}?lang=${enc(lang)}`),
    enabled: matricola !== '' && Number.isInteger(numero) && numero > 0,
  });

/**
 * GET /api/richiestagaranzia/gg: how many days old a failure or repair date may be (spec 2 §5). While
 * it is read, or when it cannot be, the spec's 90 days apply (the server checks again on save).
 */
export const useWarrantyMaxAge = () => {
  const query = useQuery({
    queryKey: queryKeys.warranty.maxAge(),
    queryFn: () => http.get<{ gg: number }>(`${BASE}/gg`),
    staleTime: 10 * 60_000,
    meta: { handlesErrors: true },
  });
  return query.data?.gg ?? WARRANTY_DEFAULT_MAX_AGE_DAYS;
};

/** GET /api/richiestagaranzia/componenti?matricola&q: parts of the machine's catalogue (≤ 10). */
export const useWarrantyComponents = (matricola: string, q: string, lang: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.warranty.components(matricola, q, lang),
    queryFn: () => http.get<WarrantyComponent[]>(`${BASE}/componenti?${new URLSearchParams({ matricola, q, lang })}`),
    enabled: enabled && matricola !== '' && q.length >= WARRANTY_COMPONENT_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export type FineGaranzia = z.infer<typeof fineGaranziaSchema>;

/** Why the serial check refused a serial: the key under richiestagaranzia.error. */
export type SerialRefusal = { valid: false; reason: 'notFound' | 'serialNoCatalogue' };
/** What the serial check found (spec 2 §5): the machine and its warranty end, or why it is refused. */
export type SerialCheck = { valid: true; dataFineGaranzia: string | null; machine: Machine | null } | SerialRefusal;

/**
 * The extract-catalogue reply (text/plain): "OK <machine id>" is a serial with a catalogue; "KO ..."
 * is refused — NO_CATALOGUE when the machine has no catalogue, anything else not found.
 */
export const parseSerialReply = (text: string): { valid: true; machineId: number | null } | SerialRefusal => {
  const reply = text.trim();
  if (reply.toUpperCase().startsWith('KO'))
    return { valid: false, reason: /NO_CATALOGUE/i.test(reply) ? 'serialNoCatalogue' : 'notFound' };
  const id = Number(reply.slice(2).trim());
  return { valid: true, machineId: Number.isInteger(id) && id > 0 ? id : null };
};

/**
 * The serial check of a new request (spec 2 §5): GET /api/catalogo/estraiCatalogo/{serial}; when it
 * answers OK, the warranty end (GET /api/machine/finegaranzia) and the machine's description.
 */
export const useSerialCheck = (matricola: string, lang: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.warranty.serial(matricola, lang),
    queryFn: async (): Promise<SerialCheck> => {
      const reply = parseSerialReply(
        await (await http.getResponse(`/api/catalogo/estraiCatalogo/${enc(matricola)}`)).text(),
      );
      if (!reply.valid) return reply;
      const [fine, machine] = await Promise.all([
        http.get<FineGaranzia>(`/api/machine/finegaranzia?${new URLSearchParams({ matricola })}`),
        reply.machineId === null
          ? Promise.resolve(null)
          : http.get<Machine>(`/api/machine/byId?id=${reply.machineId}`).catch(() => null),
      ]);
      return { valid: true, dataFineGaranzia: fine.dataFineGaranzia, machine };
    },
    enabled: enabled && matricola !== '',
    staleTime: 60_000,
    retry: false,
    meta: { handlesErrors: true },
  });

/** A changed request: its page takes the answer, the lists are read again. */
const useRequestChanged = () => {
  const client = useQueryClient();
  return (saved: Warranty, lang: string) => {
    const { matricola, numeroRichiesta } = saved.id;
    client.setQueryData(queryKeys.warranty.item(matricola, numeroRichiesta, lang), saved);
    return Promise.all([
      client.invalidateQueries({
        queryKey: queryKeys.warranty.items(matricola, numeroRichiesta),
        predicate: (q) => q.queryKey.at(-1) !== lang,
      }),
      client.invalidateQueries({ queryKey: queryKeys.warranty.lists() }),
    ]);
  };
};

export type CreateWarrantyVariables = {
  body: WarrantySave;
  /** The first attachment: a new request needs one (spec 2 §5). */
  file: File;
  lang: string;
  onProgress?: (percent: number) => void;
};

/**
 * POST /api/richiestagaranzia?nuova=true: a new request, multipart — the request as JSON in the field
 * `richiesta` (first, so the server reads it before the file), then its first attachment `file`. With
 * `ordine` (the order variant) the cart is sent as a warranty order in the same use case: the cart's
 * views are read again.
 */
export const useCreateWarranty = () => {
  const client = useQueryClient();
  const changed = useRequestChanged();
  return useMutation({
    mutationFn: ({ body, file, lang, onProgress }: CreateWarrantyVariables) => {
      const form = new FormData();
      form.append('richiesta', JSON.stringify(body));
      form.append('file', file, file.name);
      return http.upload<WarrantySaved>(`${BASE}?lingua=${enc(lang)}&nuova=true`, form, { onProgress });
    },
    onSuccess: async (saved, { lang }) => {
      await Promise.all([
        changed(saved, lang),
        ...(saved.ordine
          ? [
              client.invalidateQueries({ queryKey: queryKeys.cart.views() }),
              client.invalidateQueries({ queryKey: queryKeys.checkout.all }),
            ]
          : []),
      ]);
    },
    meta: { handlesErrors: true },
  });
};

/** POST /api/richiestagaranzia?nuova=false: the changes of an editable request (JSON). */
export const useUpdateWarranty = () => {
  const changed = useRequestChanged();
  return useMutation({
    mutationFn: ({ body, lang }: { body: WarrantySave; lang: string }) =>
      http.post<WarrantySaved>(`${BASE}?lingua=${enc(lang)}&nuova=false`, body),
    onSuccess: (saved, { lang }) => changed(saved, lang),
    meta: { handlesErrors: true },
  });
};

/** DELETE /api/richiestagaranzia/{matricola}/{numero}/{lang}: only while editable. */
export const useDeleteWarranty = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ matricola, numero, lang }: { matricola: string; numero: number; lang: string }) =>
      http.delete<void>(`${BASE}/${enc(matricola)}/${numero}/${enc(lang)}`),
    onSuccess: (_, { matricola, numero }) => {
      client.removeQueries({ queryKey: queryKeys.warranty.items(matricola, numero) });
      return client.invalidateQueries({ queryKey: queryKeys.warranty.lists() });
    },
    meta: { handlesErrors: true },
  });
};

/** POST /api/richiestagaranzia/cancellaallegato: one attachment removed (never the last one). */
export const useDeleteWarrantyAttachment = () => {
  const changed = useRequestChanged();
  return useMutation({
    mutationFn: (params: { matricola: string; numero: number; allegato: string; lang: string }) =>
      http.post<Warranty>(`${BASE}/cancellaallegato?lang=${enc(params.lang)}`, {
        matricola: params.matricola,
        numero: params.numero,
        allegato: params.allegato,
      }),
    onSuccess: (saved, { lang }) => changed(saved, lang),
    meta: { handlesErrors: true },
  });
};

/** After an upload the uploader hands over the request as the server answered it. */
export const useWarrantyAttachmentAdded = useRequestChanged;

/** PUT /api/richiestagaranzia/{matricola}/{numero}/stato: the back office moves a request on. */
export const useChangeWarrantyState = () => {
  const changed = useRequestChanged();
  return useMutation({
    mutationFn: (params: { matricola: string; numero: number; body: WarrantyStateChange; lang: string }) =>
      http.put<Warranty>(
        `${BASE}/${enc(params.matricola)}/${params.numero}/stato?lang=${enc(params.lang)}`,
        params.body,
      ),
    onSuccess: (saved, { lang }) => changed(saved, lang),
    meta: { handlesErrors: true },
  });
};

export const warrantyUploadUrl = (matricola: string, dataRichiestaIso: string, numero: number, lang: string) =>
  `${BASE}/salvaallegato/${enc(matricola)}/${enc(dataRichiestaIso)}/${numero}?lang=${enc(lang)}`;
export const warrantyFileUrl = (id: string) => `${BASE}/scaricaallegato/${enc(id)}/download`;
export const warrantyThumbnailUrl = (id: string) => `${BASE}/scaricaallegato/${enc(id)}/thumbnail`;
export const warrantyPdfUrl = (matricola: string, dataRichiestaIso: string, numero: number, lang: string) =>
  `${BASE}/pdf/${enc(matricola)}/${enc(dataRichiestaIso)}/${numero}?lingua=${enc(lang)}`;
