import { WHERE_USED_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

/** Spec 2 §2 whereUsed: internal staff, a main-menu entry. */
export const WHERE_USED_ROUTES: AppRoute[] = [
  {
    name: 'whereUsed',
    path: '/whereused',
    access: WHERE_USED_ROLES,
    titleKey: 'whereUsed.title',
    component: lazyRouteComponent(() => import('./WhereUsedPage.tsx'), 'WhereUsedPage'),
    nav: { menu: 'main', order: 40 },
    area: 'parts',
  },
];
