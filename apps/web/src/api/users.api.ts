import {
  type CountryOption,
  ERP_PASSWORD_HEADER,
  type ErpTestResult,
  type Logica,
  type User,
  type UserImportPreview,
  type UserImportResult,
  type UserSummary,
  type UserThemeOption,
} from '@ricambi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys, USERS_ENTITY } from './keys.ts';

const LOOKUP_STALE_MS = 5 * 60_000;

const useLookup = <T>(name: string, url: string) =>
  useQuery({ queryKey: queryKeys.users.lookup(name), queryFn: () => http.get<T>(url), staleTime: LOOKUP_STALE_MS });

export const useAssignableAuthorities = () => useLookup<string[]>('authorities', '/api/users/authorities');
export const useUserThemes = (pdf: boolean) =>
  useLookup<UserThemeOption[]>(pdf ? 'temipdf' : 'temi', pdf ? '/api/users/temipdf' : '/api/users/temi');
export const useCountries = () => useLookup<CountryOption[]>('getstato', '/api/users/getstato');

/** The typeahead (spec 1 §9: 10 suggestions), e.g. the dealers for a subdealer. */
export const useUserSearch = (term: string, logica?: Logica, enabled = true) =>
  useQuery({
    queryKey: queryKeys.users.search({ term, logica }),
    queryFn: () =>
      http.get<UserSummary[]>(`/api/users/search?${new URLSearchParams({ term, ...(logica ? { logica } : {}) })}`),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });

/** The list's activation toggle; the list and the user's page are read again. */
export const useSetActivated = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ login, activated }: { login: string; activated: boolean }) =>
      http.put<User>(`/api/users/${encodeURIComponent(login)}/activated`, { activated }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.entity(USERS_ENTITY).all }),
  });
};

/** The Test button: given credentials, or the stored ones of `login`; the password in a header. */
export const useTestErp = () =>
  useMutation({
    mutationFn: ({ login, erpUser, erpPassword }: { login?: string; erpUser: string; erpPassword?: string }) => {
      const query = new URLSearchParams({ erpUser, ...(login ? { login } : {}) });
      return http.get<ErpTestResult>(
        `/api/users/login?${query}`,
        erpPassword ? { [ERP_PASSWORD_HEADER]: erpPassword } : undefined,
      );
    },
    meta: { handlesErrors: true },
  });

export const usePreviewImport = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return http.postMultipart<UserImportPreview>('/api/users/import/preview', form);
    },
    meta: { handlesErrors: true },
  });

/** POST api/users/updateList: all rows or none. */
export const useApplyImport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rows: Record<string, unknown>[]) => http.post<UserImportResult>('/api/users/updateList', rows),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.entity(USERS_ENTITY).all }),
    meta: { handlesErrors: true },
  });
};
