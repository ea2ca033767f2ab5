import { lazyRouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../../components/entity-admin/entity-routes.ts';
import type { AppRoute } from '../../lib/app-route.ts';
import { CR_MODELLI_META } from './cr-modelli.meta.ts';

const page = () => import('./cr-modelli.entity.tsx');

/** Machine models: the list, its dialogs and the detail; an Administration menu entry for managers. */
export const CR_MODELLI_ROUTES: AppRoute[] = entityRoutes(
  CR_MODELLI_META,
  { list: lazyRouteComponent(page, 'CrModelliListPage'), detail: lazyRouteComponent(page, 'CrModelliDetailPage') },
  { menu: 'admin', order: 45, roles: ['ROLE_MANAGER'] },
);
