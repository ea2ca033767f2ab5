import { CATALOGUE_READ_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

/** Spec 1 §2.1: the spare-parts search; the result routes' access is not shown, the same is used. */

const pages = () => import('./search.pages.ts');
const lazy = (name: keyof Awaited<ReturnType<typeof pages>>) => lazyRouteComponent(pages, name);

/** Spec 1 §2.1, §2.3: the article searches and their results. */
export const SEARCH_ROUTES: AppRoute[] = [
  {
    name: 'spare-parts',
    path: '/spare-parts',
    access: CATALOGUE_READ_ROLES,
    titleKey: 'search.title',
    component: lazy('SparePartsPage'),
    nav: { menu: 'main', order: 20 },
    area: 'tracks',
  },
  {
    name: 'search-full',
    path: '/search-full/$term',
    access: CATALOGUE_READ_ROLES,
    titleKey: 'search.free.resultsTitle',
    component: lazy('SearchFullPage'),
  },
  {
    name: 'search-code',
    path: '/search-code/$articoloId',
    access: CATALOGUE_READ_ROLES,
    titleKey: 'search.code.resultsTitle',
    component: lazy('SearchCodePage'),
  },
  {
    name: 'search-machine',
    path: '/search-machine/$marchio/$modello/$variante',
    access: CATALOGUE_READ_ROLES,
    titleKey: 'search.machine.resultsTitle',
    component: lazy('SearchMachinePage'),
  },
  {
    name: 'search-dimensions',
    path: '/search-dimensions/$larghezza/$passo/$maglie/$forma',
    access: CATALOGUE_READ_ROLES,
    titleKey: 'search.dimensions.resultsTitle',
    component: lazy('SearchDimensionsPage'),
  },
];
