import {
  AUTOCOMPLETE_SIZE,
  type Machine,
  PAGE_SIZE,
  type UserSummary,
  type Visibilita,
  type VisibilitaInput,
} from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

/** The list's filter (spec 2 §2: /visibilitamacchine?l1&l2&mt): dealer, subdealer, serial part. */
export type VisibilityFilter = { l1?: string; l2?: string; mt?: string };

const filterParams = (filter: VisibilityFilter) => {
  const params = new URLSearchParams();
  for (const key of ['l1', 'l2', 'mt'] as const) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
};

export const useVisibilityPage = (filter: VisibilityFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.visibility.list(filter, page),
    queryFn: async () => {
      const params = filterParams(filter);
      params.set('page', String(page));
      params.set('size', String(PAGE_SIZE));
      return http.getPage<Visibilita>(`/api/visibilitamacchine?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export const useVisibilita = (id: number | undefined) =>
  useQuery({
    queryKey: queryKeys.visibility.item(id ?? 0),
    queryFn: () => http.get<Visibilita>(`/api/visibilitamacchine/${id}`),
    enabled: Boolean(id),
  });

export const useSaveVisibilita = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: VisibilitaInput }) =>
      id
        ? http.put<Visibilita>(`/api/visibilitamacchine/${id}`, body)
        : http.post<Visibilita>('/api/visibilitamacchine', body),
    // A grant changes the lists and its own row, not the dealer, subdealer and machine pickers.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.visibility.lists() }),
        client.invalidateQueries({ queryKey: queryKeys.visibility.items() }),
      ]),
    meta: { handlesErrors: true },
  });
};

export const useDeleteVisibilita = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<void>(`/api/visibilitamacchine/${id}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: queryKeys.visibility.item(id) });
      return client.invalidateQueries({ queryKey: queryKeys.visibility.lists() });
    },
  });
};

/** Internal staff's dealer picker: dealers and superdealers matching the typed text (10). */
export const useDealerLookup = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.visibility.dealers(search),
    queryFn: () => http.get<UserSummary[]>(`/api/visibilitamacchine/dealers?${new URLSearchParams({ search })}`),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The subdealers of one dealer (the users module's lookup; a superdealer gets its own). */
export const useSubdealers = (dealer: string | undefined) =>
  useQuery({
    queryKey: queryKeys.visibility.subdealers(dealer ?? ''),
    queryFn: () =>
      http.get<UserSummary[]>(
        `/api/users/subdealers?${new URLSearchParams({ dealer: dealer ?? '', size: '500', sort: 'login,asc' })}`,
      ),
    enabled: Boolean(dealer),
    staleTime: 30_000,
  });

/** The dealer's machines whose serial contains the term (the form's serial typeahead). */
export const useDealerMachines = (dealer: string | undefined, term: string) =>
  useQuery({
    queryKey: queryKeys.visibility.machines(dealer ?? '', term),
    queryFn: () =>
      http.get<Machine[]>(
        `/api/machine/dealer?${new URLSearchParams({ login: dealer ?? '', term, page: '0', size: String(AUTOCOMPLETE_SIZE) })}`,
      ),
    enabled: Boolean(dealer) && term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

/** The CSV of the whole filter (every page). */
export const visibilityCsvUrl = (filter: VisibilityFilter) => {
  const params = filterParams(filter).toString();
  return `/api/visibilitamacchine/download/csv${params ? `?${params}` : ''}`;
};

/** A user as the pickers show it: login and company (or name). */
export const userLabel = (u: {
  login: string;
  company?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}) => {
  const name = u.company?.trim() || [u.firstName, u.lastName].filter(Boolean).join(' ');
  return name ? `${u.login} · ${name}` : u.login;
};
