import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';
import { AccessDeniedPage, ErrorPage } from './StatusPages.tsx';

/** The error pages (small, and the router's own fallbacks, so not lazy) and the privacy policy. */
export const COMMON_ROUTES: AppRoute[] = [
  { name: 'error', path: '/error', access: 'open', titleKey: 'error.title', component: ErrorPage },
  {
    name: 'accessdenied',
    path: '/accessdenied',
    access: 'open',
    titleKey: 'error.accessdenied.title',
    component: AccessDeniedPage,
  },
  {
    name: 'privacy-policy',
    path: '/cookie-and-privacy-policy',
    access: 'open',
    titleKey: 'privacy.title',
    component: lazyRouteComponent(() => import('./PrivacyPolicyPage.tsx'), 'PrivacyPolicyPage'),
  },
];
