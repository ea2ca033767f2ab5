import type {
  Account,
  ChangePasswordRequest,
  RegisterRequest,
  ResetFinishRequest,
  Session,
  SettingsRequest,
} from '@ricambi/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from './http.ts';
import { except, queryKeys } from './keys.ts';

/** The signed-in account, or null when anonymous (401 on the account path is not an error). */
export const accountQuery = queryOptions({
  queryKey: queryKeys.account.current(),
  queryFn: async (): Promise<Account | null> => {
    try {
      return await http.get<Account>('/api/account');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export const useAccount = () => useQuery(accountQuery).data ?? null;

export const useLogout = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<void>('/api/logout'),
    onSettled: () => {
      client.setQueryData(queryKeys.account.current(), null);
      client.removeQueries({ predicate: except(queryKeys.account.all, queryKeys.themes.all) });
    },
  });
};

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterRequest) => http.post<void>('/api/register', body),
    meta: { handlesErrors: true },
  });

export const useActivate = (key: string | undefined) =>
  useQuery({
    queryKey: queryKeys.account.activation(key),
    queryFn: () => http.get<void>(`/api/activate?key=${encodeURIComponent(key ?? '')}`).then(() => true),
    enabled: Boolean(key),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });

export const useSaveSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsRequest) => http.post<Account>('/api/account', body),
    onSuccess: (account) => client.setQueryData(queryKeys.account.current(), account),
    meta: { handlesErrors: true },
  });
};

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) => http.post<void>('/api/account/change_password', body),
    meta: { handlesErrors: true },
  });

export const useResetInit = () =>
  useMutation({
    mutationFn: (email: string) => http.post<void>('/api/account/reset_password/init', { email }),
    meta: { handlesErrors: true },
  });

export const useResetFinish = () =>
  useMutation({
    mutationFn: (body: ResetFinishRequest) => http.post<void>('/api/account/reset_password/finish', body),
    meta: { handlesErrors: true },
  });

export const useSessions = () =>
  useQuery({ queryKey: queryKeys.account.sessions(), queryFn: () => http.get<Session[]>('/api/account/sessions') });

export const useInvalidateSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (series: string) => http.delete<void>(`/api/account/sessions/${encodeURIComponent(series)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.sessions() }),
    meta: { errorKey: 'sessions.messages.error' },
  });
};
