import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const pages = () => import('./cart.pages.ts');

/**
 * Spec 1 §2.1, §2.3: the cart (ROLE_CART) and the quick order that fills it (issue 5 §6). The cart's
 * navigation entry is the cart dropdown of the navigation bar (layout), not a menu item.
 */
export const CART_ROUTES: AppRoute[] = [
  {
    name: 'cart',
    path: '/cart',
    access: ['ROLE_CART'],
    titleKey: 'cart.title',
    component: lazyRouteComponent(pages, 'CartPage'),
  },
  {
    name: 'quick-order',
    path: '/quick-order',
    access: ['ROLE_CART'],
    titleKey: 'quickOrder.title',
    component: lazyRouteComponent(pages, 'QuickOrderPage'),
  },
];
