import { ACT_AS_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

/** Acting as another user (spec 1 §2.1), a main-menu entry of internal staff. */
export const ACT_AS_ROUTES: AppRoute[] = [
  {
    name: 'act-as',
    path: '/act-as',
    access: ACT_AS_ROLES,
    titleKey: 'actas.title',
    component: lazyRouteComponent(() => import('./ActAsPage.tsx'), 'ActAsPage'),
    nav: { menu: 'main', order: 50 },
  },
];
