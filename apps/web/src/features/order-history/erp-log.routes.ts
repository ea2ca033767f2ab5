import { lazyRouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../../components/entity-admin/entity-routes.ts';
import type { AppRoute } from '../../lib/app-route.ts';
import { ERP_STORICO_LOG_META } from './erp-log.meta.ts';

const log = () => import('./ErpStoricoLogEntity.tsx');

/** The hand-back log (issue 16 §1): an Administration entry beside the documents' download log. */
export const ERP_LOG_ROUTES: AppRoute[] = entityRoutes(
  ERP_STORICO_LOG_META,
  {
    list: lazyRouteComponent(log, 'ErpStoricoLogListPage'),
    detail: lazyRouteComponent(log, 'ErpStoricoLogDetailPage'),
  },
  { menu: 'admin', order: 49.5, roles: ERP_STORICO_LOG_META.access.read },
);
