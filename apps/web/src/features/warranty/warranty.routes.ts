import { WARRANTY_READ_ROLES, WARRANTY_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

/**
 * Spec 2 §2 richiestagaranzia: the list (a main-menu entry), a new request, one request, and the
 * order variant reached from the checkout's warranty-order button (/richiestagaranzia/{idTestata}).
 * Dealers (ROLE_CR_USER) file and edit; the back office (ROLE_CR_INTERNAL) reads and moves requests on.
 */
export const WARRANTY_ROUTES: AppRoute[] = [
  {
    name: 'richiestagaranzia',
    path: '/richiestagaranzia',
    access: WARRANTY_READ_ROLES,
    titleKey: 'richiestagaranzia.title',
    component: lazyRouteComponent(() => import('./WarrantyListPage.tsx'), 'WarrantyListPage'),
    nav: { menu: 'main', order: 36 },
    area: 'parts',
  },
  {
    name: 'richiestagaranzia.new',
    path: '/richiestagaranzia/nuova',
    access: WARRANTY_ROLES,
    titleKey: 'richiestagaranzia.form.newTitle',
    component: lazyRouteComponent(() => import('./WarrantyFormPage.tsx'), 'WarrantyNewPage'),
    area: 'parts',
  },
  {
    name: 'richiestagaranzia.order',
    path: '/richiestagaranzia/$idTestata',
    access: WARRANTY_ROLES,
    titleKey: 'richiestagaranzia.order.title',
    component: lazyRouteComponent(() => import('./WarrantyOrderPage.tsx'), 'WarrantyOrderPage'),
    area: 'parts',
  },
  {
    name: 'richiestagaranzia.detail',
    path: '/richiestagaranzia/$matricola/$numero',
    access: WARRANTY_READ_ROLES,
    titleKey: 'richiestagaranzia.title',
    component: lazyRouteComponent(() => import('./WarrantyFormPage.tsx'), 'WarrantyDetailPage'),
    area: 'parts',
  },
];
