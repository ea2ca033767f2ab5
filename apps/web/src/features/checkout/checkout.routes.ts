import { ORDER_IMPORT_ROLES, ORDER_REQUEST_ROLES, ORDER_SEND_ROLES, TARIFF_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const pages = () => import('./checkout.pages.ts');
const lazy = (name: 'CheckoutPage' | 'RequestPage' | 'ImportOrderPage' | 'ShippingCostsPage') =>
  lazyRouteComponent(pages, name);

/**
 * Spec 1 §2.1, §2.3: checkout (a subdealer holding ROLE_USER is sent on to the request), the
 * subdealer's request, the superdealer's order import, and the shipping tariff (issue 5 §5).
 */
export const CHECKOUT_ROUTES: AppRoute[] = [
  {
    name: 'checkout',
    path: '/cart/checkout',
    access: ORDER_SEND_ROLES,
    titleKey: 'checkout.title',
    component: lazy('CheckoutPage'),
  },
  {
    name: 'request',
    path: '/cart/request',
    access: ORDER_REQUEST_ROLES,
    titleKey: 'checkout.request.title',
    component: lazy('RequestPage'),
  },
  {
    name: 'import-order',
    path: '/cart/import',
    access: ORDER_IMPORT_ROLES,
    titleKey: 'importOrder.title',
    component: lazy('ImportOrderPage'),
    nav: { menu: 'main', order: 30 },
  },
  {
    name: 'shipping-costs',
    path: '/shipping-costs',
    access: TARIFF_ROLES,
    titleKey: 'tariff.title',
    component: lazy('ShippingCostsPage'),
    nav: { menu: 'admin', order: 84 },
  },
];
