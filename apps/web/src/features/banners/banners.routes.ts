import { lazyRouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../../components/entity-admin/entity-routes.ts';
import type { AppRoute } from '../../lib/app-route.ts';
import { BANNERS_META } from './banners.meta.ts';

const page = () => import('./banners.entity.tsx');

/** Banners (spec 1 §2.1: ROLE_MANAGER), in the Administration menu. */
export const BANNERS_ROUTES: AppRoute[] = entityRoutes(
  BANNERS_META,
  { list: lazyRouteComponent(page, 'BannersListPage'), detail: lazyRouteComponent(page, 'BannerDetailPage') },
  { menu: 'admin', order: 40, roles: ['ROLE_MANAGER'] },
);
