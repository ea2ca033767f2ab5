import { I18N_TEXT_ACCESS } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../../components/entity-admin/entity-routes.ts';
import type { AppRoute } from '../../lib/app-route.ts';
import { I18NS_META } from './i18ns.meta.ts';

const page = () => import('./i18ns.entity.tsx');

/** Translation texts (spec 2 §2), in the Administration menu of administrators and managers. */
export const I18NS_ROUTES: AppRoute[] = entityRoutes(
  I18NS_META,
  { list: lazyRouteComponent(page, 'I18nsListPage'), detail: lazyRouteComponent(page, 'I18nDetailPage') },
  { menu: 'admin', order: 50, roles: I18N_TEXT_ACCESS.write },
);
