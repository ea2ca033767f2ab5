import { type ActAsTarget, type ActAsUser, PAGE_SIZE } from '@ricambi/domain';
import { keepPreviousData, type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { accountQuery } from './account.api.ts';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

const SELECT = '/api/cart/select';

export type ActAsUsersParams = { page: number; sort: string; search: string };

/** One page of the act-as list and its total (X-Total-Count). */
export const useActAsUsers = (params: ActAsUsersParams, enabled = true) =>
  useQuery({
    queryKey: queryKeys.actAs.users(params),
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(params.page), size: String(PAGE_SIZE), sort: params.sort });
      if (params.search) query.set('search', params.search);
      const { data, headers } = await http.getWithHeaders<ActAsUser[]>(`/api/act-as/users?${query}`);
      return { items: data, total: Number(headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
    enabled,
  });

/** Whom the session acts as (null when it does not). */
export const useActAsTarget = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.actAs.current(),
    queryFn: async () => (await http.get<ActAsTarget | undefined>(SELECT)) ?? null,
    enabled,
  });

const isCurrentAccount = (key: readonly unknown[]) =>
  key[0] === queryKeys.account.all[0] && key[1] === queryKeys.account.current()[1];

/**
 * After a switch of identity nothing cached belongs to the new one: everything but the themes and
 * the account is dropped, and the account is read again (kept meanwhile, so the layout does not
 * flash "signed out"). Call it once no page that needs the old identity is shown.
 */
export const reloadIdentity = async (client: QueryClient) => {
  client.removeQueries({
    predicate: (q) => q.queryKey[0] !== queryKeys.themes.all[0] && !isCurrentAccount(q.queryKey),
  });
  await client.fetchQuery({ ...accountQuery, staleTime: 0 });
};

export const useStartActAs = () =>
  useMutation({ mutationFn: (login: string) => http.post<ActAsTarget>(SELECT, { login }) });

export const useStopActAs = () => useMutation({ mutationFn: () => http.delete<void>(SELECT) });
