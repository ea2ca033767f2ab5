import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const pages = () => import('./catalogue-maintenance.pages.ts');

/** Catalogue maintenance (spec 1 §2.1 reindex: ROLE_ADMIN; issue 4 §2 stock and prices from the ERP). */
export const CATALOGUE_MAINTENANCE_ROUTES: AppRoute[] = [
  {
    name: 'reindex',
    path: '/reindex',
    access: ['ROLE_ADMIN'],
    titleKey: 'catalogueMaintenance.reindex.title',
    component: lazyRouteComponent(pages, 'ReindexPage'),
    nav: { menu: 'admin', order: 66 },
  },
  {
    name: 'stock-import',
    path: '/stock-import',
    access: ['ROLE_ADMIN'],
    titleKey: 'catalogueMaintenance.stockImport.title',
    component: lazyRouteComponent(pages, 'StockImportPage'),
    nav: { menu: 'admin', order: 86 },
  },
];
