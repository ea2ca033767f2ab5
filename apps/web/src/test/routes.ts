import type { Account } from '@ricambi/domain';
import { ROUTES } from '../app/routes.ts';
import type { NavPlacement } from '../lib/app-route.ts';
import { navEntries as entriesOf, type ThemeFlags } from '../lib/navigation.ts';

export { ROUTES };

/** The navigation entries of one menu over the whole route table, as the navigation bar shows them. */
export const navEntries = (
  menu: NavPlacement['menu'],
  account: Pick<Account, 'authorities'> | null,
  flags: ThemeFlags,
) => entriesOf(ROUTES, menu, account, flags);
