import { ORDER_HISTORY_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';
import {
  ORDER_HISTORY_LIST,
  ORDER_HISTORY_PATH,
  ORDER_HISTORY_REQUEST,
  ORDER_HISTORY_TRACKING,
} from './order-history.paths.ts';

const pages = () => import('./order-history.pages.ts');
const page = { access: ORDER_HISTORY_ROLES, area: 'parts' as const };

/**
 * Spec 2 §2 storicoOrdine (issue 16): the history of the user's first kind (a main-menu entry), the
 * list of one kind (ORD, PREV, REQ) with its filters in the address, the tracking dialog over the
 * list and the reorder request page of one line.
 */
export const ORDER_HISTORY_ROUTES: AppRoute[] = [
  {
    ...page,
    name: 'storicoOrdine',
    path: ORDER_HISTORY_PATH,
    titleKey: 'storicoOrdine.menu',
    component: lazyRouteComponent(pages, 'OrderHistoryIndexPage'),
    nav: { menu: 'main', order: 32 },
  },
  {
    ...page,
    name: 'storicoOrdine.list',
    path: ORDER_HISTORY_LIST,
    titleKey: 'storicoOrdine.title',
    component: lazyRouteComponent(pages, 'OrderHistoryPage'),
  },
  {
    ...page,
    name: 'storicoOrdine.tracking',
    path: ORDER_HISTORY_TRACKING,
    titleKey: 'storicoOrdine.tracking.pageTitle',
    component: lazyRouteComponent(pages, 'OrderHistoryPage'),
  },
  {
    ...page,
    name: 'storicoOrdine.request',
    path: ORDER_HISTORY_REQUEST,
    titleKey: 'storicoOrdine.request.title',
    component: lazyRouteComponent(pages, 'ReorderRequestPage'),
  },
];
