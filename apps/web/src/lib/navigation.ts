import { type Account, type Theme, themeAllows } from '@ricambi/domain';
import { useRouter } from '@tanstack/react-router';
import { createContext } from 'react';
import { useAccount } from '../api/account.api.ts';
import type { AppRoute, NavPlacement } from './app-route.ts';
import { guard } from './guards.ts';
import { useActiveTheme } from './theme.context.ts';

export type ThemeFlags = Pick<Theme, 'canAccessParts' | 'canAccessTracks'>;
type RouteRow = Pick<AppRoute, 'access' | 'area'>;

/** Spec 2 §1: a route of an area opens only when the active theme gives access to it. */
export const areaAllowed = (route: Pick<AppRoute, 'area'>, flags: ThemeFlags | undefined) =>
  !route.area || !flags || themeAllows(flags, route.area);

/** Whether this user, under this theme, may open the route. */
export const routeAllowed = (
  route: RouteRow,
  account: Pick<Account, 'authorities'> | null,
  flags: ThemeFlags | undefined,
) => guard(route.access, account) === 'allow' && areaAllowed(route, flags);

/** The navigation entries of one menu that this user, under this theme, may open. */
export const navEntries = (
  routes: readonly AppRoute[],
  menu: NavPlacement['menu'],
  account: Pick<Account, 'authorities'> | null,
  flags: ThemeFlags,
) =>
  routes
    .filter((r) => r.nav?.menu === menu)
    .filter((r) => routeAllowed(r, account, flags))
    .filter((r) => !r.nav?.roles || guard(r.nav.roles, account) === 'allow')
    .sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0));

/**
 * The path of a named route when the signed-in user, under the active theme, may open it — read from
 * the router, so a page needs no import of the route table.
 */
export const useAllowedRoutePath = () => {
  const router = useRouter();
  const account = useAccount();
  const theme = useActiveTheme();
  return (name: string): string | undefined => {
    const data = Object.values(router.routesById)
      .map((r) => r.options.staticData)
      .find((d) => d?.name === name);
    if (!data?.access || !data.path) return undefined;
    return routeAllowed({ access: data.access, area: data.area }, account, theme) ? data.path : undefined;
  };
};

/**
 * Which copy of the main menu's entries is rendering: the one shown (a horizontal menu, or the folded
 * menu's button), the hidden copy that measures whether the menu fits, or the folded menu's list. A
 * count beside an entry (the tickets waiting) carries its test id only in the shown copy.
 */
export type NavCopy = 'shown' | 'measure' | 'folded';
export const NavCopyContext = createContext<NavCopy>('shown');
