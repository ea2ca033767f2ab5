import { type ActAsTarget, type ActAsUser, PAGE_SIZE } from '@ricambi/domain';
import { keepPreviousData, type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { accountQuery } from './account.api.ts';
import { http } from './http.ts';
import { except, queryKeys } from './keys.ts';

const SELECT = '/api/cart/select';

export type ActAsUsersParams = { page: number; sort: string; search: string };

/** One page of the act-as list and its total (X-Total-Count). */
export const useActAsUsers = (params: ActAsUsersParams, enabled = true) =>
  useQuery({
    queryKey: queryKeys.actAs.users(params),
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(params.page), size: String(PAGE_SIZE), sort: params.sort });
      if (params.search) query.set('search', params.search);
      return http.getPage<ActAsUser>(`/api/act-as/users?${query}`);
    },
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * After a switch of identity nothing cached belongs to the new one: everything but the themes and
 * the account is dropped, and the account is read again (kept meanwhile, so the layout does not
 * flash "signed out"). Call it once no page that needs the old identity is shown.
 */
export const reloadIdentity = async (client: QueryClient) => {
  client.removeQueries({ predicate: except(queryKeys.themes.all, queryKeys.account.current()) });
  await client.fetchQuery({ ...accountQuery, staleTime: 0 });
};

export const useStartActAs = () =>
  useMutation({ mutationFn: (login: string) => http.post<ActAsTarget>(SELECT, { login }) });

export const useStopActAs = () => useMutation({ mutationFn: () => http.delete<void>(SELECT) });
