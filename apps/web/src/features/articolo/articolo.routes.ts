import { CATALOGUE_READ_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const page = lazyRouteComponent(() => import('./ArticoloPage.tsx'), 'ArticoloPage');

/** Spec 1 §2.1, §2.3: the article page, of a spare part (r) or of a machine (m). */
export const ARTICOLO_ROUTES: AppRoute[] = [
  {
    name: 'articolo.ricambio',
    path: '/articolo/r/$id',
    access: CATALOGUE_READ_ROLES,
    titleKey: 'articoloPage.title',
    component: page,
  },
  {
    name: 'articolo.macchina',
    path: '/articolo/m/$id',
    access: CATALOGUE_READ_ROLES,
    titleKey: 'articoloPage.title',
    component: page,
  },
];
