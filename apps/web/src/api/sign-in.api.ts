import type { Account } from '@ricambi/domain';
import { http } from './http.ts';

export type SignInForm = { username: string; password: string; rememberMe: boolean };

/**
 * POST /api/authentication (spec 1 §2.1), the login trimmed and lower-cased. Apart from
 * account.api.ts: the sign-in page is a document of its own that takes no TanStack Query along.
 */
export const signIn = (form: SignInForm): Promise<Account> =>
  http.postForm<Account>('/api/authentication', {
    username: form.username.trim().toLowerCase(),
    password: form.password,
    'remember-me': String(form.rememberMe),
  });
