import { type Account, type Authority, hasAnyAuthority } from '@ricambi/domain';

export type RouteAccess = 'open' | 'anonymous-only' | readonly Authority[];
export type GuardDecision = 'allow' | 'login' | 'denied' | 'home';

/** Spec 1 §2.2: unauthenticated -> login (target remembered); missing role -> accessdenied; signed-in on login/register -> home. */
export const guard = (access: RouteAccess, account: Pick<Account, 'authorities'> | null): GuardDecision => {
  if (access === 'open') return 'allow';
  if (access === 'anonymous-only') return account ? 'home' : 'allow';
  if (!account) return 'login';
  return hasAnyAuthority(account.authorities, access) ? 'allow' : 'denied';
};

const TARGET_KEY = 'ricambi.previousUrl';

export const rememberTarget = (href: string) => globalThis.sessionStorage?.setItem(TARGET_KEY, href);

/** The target remembered before sign-in, once. */
export const takeTarget = (): string | undefined => {
  const href = globalThis.sessionStorage?.getItem(TARGET_KEY) ?? undefined;
  globalThis.sessionStorage?.removeItem(TARGET_KEY);
  return href?.startsWith('/') && !href.startsWith('//') ? href : undefined;
};
