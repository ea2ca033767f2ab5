import {
  TICKET_PAGE_SIZE,
  type Ticket,
  type TicketFilter,
  type TicketInput,
  type TicketRow,
  type TicketSerial,
  type TicketStatus,
} from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type UploadOptions } from './http.ts';
import { queryKeys } from './keys.ts';

const enc = encodeURIComponent;
const BASE = '/api/sysaid';
/** The badge is read again this often (and after every change of the user's own). */
export const TICKET_COUNT_REFRESH_MS = 60_000;

/** The list's filters (spec 2 §2, §7): state, opening dates (yyyy-MM-dd), free text, only mine, type, location, urgency. */
export type TicketListFilter = {
  stato: TicketFilter;
  dateFrom?: string;
  dateTo?: string;
  ricerca?: string;
  soloMiei: boolean;
  tipologiaKey?: number;
  collocazioneKey?: number;
  urgenzaClienteKey?: number;
};

/** GET /api/sysaid's query: the filters set, one page of 20. */
export const ticketListQuery = (filter: TicketListFilter, page: number) => {
  const params = new URLSearchParams({ stato: filter.stato, page: String(page), size: String(TICKET_PAGE_SIZE) });
  if (filter.dateFrom) params.set('dateFrom', filter.dateFrom);
  if (filter.dateTo) params.set('dateTo', filter.dateTo);
  if (filter.ricerca?.trim()) params.set('ricerca', filter.ricerca.trim());
  if (filter.soloMiei) params.set('soloMiei', 'true');
  for (const key of ['tipologiaKey', 'collocazioneKey', 'urgenzaClienteKey'] as const) {
    const value = filter[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
};

/** GET /api/sysaid: a page of tickets (a customer's own; every customer's for the help desk), the total in X-Total-Count. */
export const useTicketPage = (filter: TicketListFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.tickets.list(filter, page),
    queryFn: () => http.getPage<TicketRow>(`${BASE}?${ticketListQuery(filter, page)}`),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });

/** GET /api/sysaid/{id}: one ticket with its notes and files. */
export const useTicket = (id: number) =>
  useQuery({
    queryKey: queryKeys.tickets.item(id),
    queryFn: () => http.get<Ticket>(`${BASE}/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { handlesErrors: true },
  });

/** GET /api/sysaid/matricole?term: the user's serials starting with the (lower-cased) term, at most 10. */
export const useTicketSerials = (term: string, lang: string) =>
  useQuery({
    queryKey: queryKeys.tickets.serials(term, lang),
    queryFn: () => http.get<TicketSerial[]>(`${BASE}/matricole?${new URLSearchParams({ term, lang })}`),
    enabled: term !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
    meta: { handlesErrors: true },
  });

/**
 * GET /api/sysaid/count: the tickets waiting for this user's answer (the navigation badge), read
 * every minute and after each change the user makes. A failure only hides the badge.
 */
export const useTicketCount = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.tickets.count(),
    queryFn: () => http.get<{ count: number }>(`${BASE}/count`),
    enabled,
    refetchInterval: TICKET_COUNT_REFRESH_MS,
    staleTime: 10_000,
    meta: { handlesErrors: true },
  });

/** A changed ticket: its page takes the server's answer; the lists and the badge are read again. */
export const useTicketChanged = () => {
  const client = useQueryClient();
  return (ticket: Ticket) => {
    client.setQueryData(queryKeys.tickets.item(ticket.id), ticket);
    return Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.tickets.lists() }),
      client.invalidateQueries({ queryKey: queryKeys.tickets.count() }),
    ]);
  };
};

/** POST /api/sysaid: a new ticket (customers only); answers its id. */
export const useCreateTicket = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketInput) => http.post<{ newTicketId: number }>(BASE, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.tickets.lists() }),
        client.invalidateQueries({ queryKey: queryKeys.tickets.count() }),
      ]),
    meta: { handlesErrors: true },
  });
};

export const ticketUploadUrl = (id: number) => `${BASE}/addticketfile/${id}`;

/** POST /api/sysaid/addticketfile/{id}: one file (multipart `file`) with its progress; answers the ticket. */
export const useUploadTicketFile = () => {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?: UploadOptions['onProgress'] }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.upload<Ticket>(ticketUploadUrl(id), form, { onProgress });
    },
    onSuccess: (ticket) => changed(ticket),
    meta: { handlesErrors: true },
  });
};

/** POST /api/sysaid/addticketnote: a note of either side; answers { success, ticket }. */
export const useAddTicketNote = () => {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (body: { ticketId: number; note: string }) =>
      http.post<{ success: boolean; ticket: Ticket }>(`${BASE}/addticketnote`, body),
    onSuccess: (answer) => changed(answer.ticket),
    meta: { handlesErrors: true },
  });
};

/** PUT /api/sysaid: the help desk sets a ticket's status (46 waits for the customer, 3 closes). */
export const useChangeTicketStatus = () => {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (body: { id: number; status: TicketStatus }) => http.put<Ticket>(BASE, body),
    onSuccess: (ticket) => changed(ticket),
    meta: { handlesErrors: true },
  });
};

export const ticketFileUrl = (id: number, fileId: string) => `${BASE}/download/${id}/${enc(fileId)}`;
export const ticketThumbnailUrl = (id: number, fileId: string) => `${ticketFileUrl(id, fileId)}/thumbnail`;
export const ticketPdfUrl = (id: number, lang: string) => `${BASE}/downloadpdf/${id}/${enc(lang)}`;
