import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const statusPages = () => import('./StatusPages.tsx');

/**
 * The error pages and the privacy policy. The error pages load with their first visit like any page
 * (antd's Result and its pictures are not in the sign-in page's scripts); the not-found page too
 * (app/router.tsx).
 */
export const COMMON_ROUTES: AppRoute[] = [
  {
    name: 'error',
    path: '/error',
    access: 'open',
    titleKey: 'error.title',
    component: lazyRouteComponent(statusPages, 'ErrorPage'),
  },
  {
    name: 'accessdenied',
    path: '/accessdenied',
    access: 'open',
    titleKey: 'error.accessdenied.title',
    component: lazyRouteComponent(statusPages, 'AccessDeniedPage'),
  },
  {
    name: 'privacy-policy',
    path: '/cookie-and-privacy-policy',
    access: 'open',
    titleKey: 'privacy.title',
    component: lazyRouteComponent(() => import('./PrivacyPolicyPage.tsx'), 'PrivacyPolicyPage'),
  },
];
