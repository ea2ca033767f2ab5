import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

/** The home page (spec 1 §2.2): it sends each user on to the area of the theme. */
export const HOME_ROUTES: AppRoute[] = [
  {
    name: 'home',
    path: '/',
    access: 'open',
    titleKey: 'global.menu.home',
    component: lazyRouteComponent(() => import('./HomePage.tsx'), 'HomePage'),
    nav: { menu: 'main', order: 0 },
  },
];
