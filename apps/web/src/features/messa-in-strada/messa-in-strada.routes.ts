import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const ROLES = ['ROLE_CR_USER'] as const;

/** Spec 2 §2 messainstrada (ROLE_CR_USER): the list, a main-menu entry, and one machine's record. */
export const MESSA_IN_STRADA_ROUTES: AppRoute[] = [
  {
    name: 'messainstrada',
    path: '/messainstrada',
    access: ROLES,
    titleKey: 'messainstrada.title',
    component: lazyRouteComponent(() => import('./MessaInStradaListPage.tsx'), 'MessaInStradaListPage'),
    nav: { menu: 'main', order: 35 },
    area: 'parts',
  },
  {
    name: 'messainstrada.detail',
    path: '/messainstrada/$matricola',
    access: ROLES,
    titleKey: 'messainstrada.title',
    component: lazyRouteComponent(() => import('./MessaInStradaFormPage.tsx'), 'MessaInStradaFormPage'),
    area: 'parts',
  },
];
