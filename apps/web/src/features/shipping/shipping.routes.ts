import { SHIPPING_CALCULATOR_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

/**
 * Spec 2 §2 spesespedizione: internal staff's shipping cost calculator, a main-menu entry (spec 2 §2
 * navigation: after the tickets, before the visibility), blocked where the theme has no tracks access.
 */
export const SHIPPING_ROUTES: AppRoute[] = [
  {
    name: 'speseSpedizione',
    path: '/spesespedizione',
    access: SHIPPING_CALCULATOR_ROLES,
    titleKey: 'speseSpedizione.menu',
    component: lazyRouteComponent(() => import('./ShippingCalculatorPage.tsx'), 'ShippingCalculatorPage'),
    nav: { menu: 'main', order: 41 },
    area: 'tracks',
  },
];
