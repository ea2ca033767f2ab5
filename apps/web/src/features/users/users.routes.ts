import { lazyRouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../../components/entity-admin/entity-routes.ts';
import type { AppRoute } from '../../lib/app-route.ts';
import { USERS_META } from './users.meta.ts';

const page = () => import('./users.entity.tsx');

/** User management (spec 1 §2.1: ROLE_MANAGER; administrators too, docs/decisions.md), first in Administration. */
export const USERS_ROUTES: AppRoute[] = entityRoutes(
  USERS_META,
  { list: lazyRouteComponent(page, 'UsersListPage'), detail: lazyRouteComponent(page, 'UserDetailPage') },
  { menu: 'admin', order: 30 },
);
