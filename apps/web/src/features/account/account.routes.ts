import { ADMIN_ROLES, type Authority } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const ACCOUNT_ROLES: readonly Authority[] = ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CR_SUBDEALER'];
const pages = () => import('./account.pages.ts');
const lazy = (name: keyof Awaited<ReturnType<typeof pages>>) => lazyRouteComponent(pages, name);

/** Spec 1 §2.1: sign-in (a document of its own: login/; the route leads there), registration, activation, password reset, the account's settings and sessions. */
export const ACCOUNT_ROUTES: AppRoute[] = [
  {
    name: 'login',
    path: '/login',
    access: 'anonymous-only',
    titleKey: 'login.title',
    component: lazyRouteComponent(() => import('./LoginRedirect.tsx'), 'LoginRedirect'),
    nav: { menu: 'anonymous', order: 0 },
  },
  {
    name: 'register',
    path: '/register',
    access: 'anonymous-only',
    titleKey: 'register.title',
    component: lazy('RegisterPage'),
    nav: { menu: 'anonymous', order: 1 },
  },
  { name: 'activate', path: '/activate', access: 'open', titleKey: 'activate.title', component: lazy('ActivatePage') },
  {
    name: 'requestReset',
    path: '/reset/request',
    access: 'open',
    titleKey: 'reset.request.title',
    component: lazy('ResetRequestPage'),
  },
  {
    name: 'finishReset',
    path: '/reset/finish',
    access: 'open',
    titleKey: 'reset.finish.title',
    component: lazy('ResetFinishPage'),
  },
  {
    name: 'settings',
    path: '/settings',
    access: ACCOUNT_ROLES,
    titleKey: 'global.menu.account.settings',
    component: lazy('SettingsPage'),
    nav: { menu: 'account', order: 0 },
  },
  {
    name: 'password',
    path: '/password',
    access: ACCOUNT_ROLES,
    titleKey: 'global.menu.account.password',
    component: lazy('PasswordPage'),
    nav: { menu: 'account', order: 1 },
  },
  {
    name: 'sessions',
    path: '/sessions',
    access: ADMIN_ROLES,
    titleKey: 'global.menu.account.sessions',
    component: lazy('SessionsPage'),
    nav: { menu: 'account', order: 2 },
  },
];
