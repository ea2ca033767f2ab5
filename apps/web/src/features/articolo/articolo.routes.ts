import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';
import { CATALOGUE_ROLES } from '../search/search.routes.ts';

const page = lazyRouteComponent(() => import('./ArticoloPage.tsx'), 'ArticoloPage');

/** Spec 1 §2.1, §2.3: the article page, of a spare part (r) or of a machine (m). */
export const ARTICOLO_ROUTES: AppRoute[] = [
  {
    name: 'articolo.ricambio',
    path: '/articolo/r/$id',
    access: CATALOGUE_ROLES,
    titleKey: 'articoloPage.title',
    component: page,
  },
  {
    name: 'articolo.macchina',
    path: '/articolo/m/$id',
    access: CATALOGUE_ROLES,
    titleKey: 'articoloPage.title',
    component: page,
  },
];
