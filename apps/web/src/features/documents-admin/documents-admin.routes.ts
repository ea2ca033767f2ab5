import { lazyRouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../../components/entity-admin/entity-routes.ts';
import type { AppRoute } from '../../lib/app-route.ts';
import { CR_DOCUMENTI_META } from './cr-documenti.meta.ts';
import { CR_DOCUMENTI_FILE_META } from './cr-documenti-file.meta.ts';
import { CR_DOCUMENTI_LOG_META } from './cr-documenti-log.meta.ts';
import { CR_DOCUMENTI_MODELLI_META } from './cr-documenti-modelli.meta.ts';

const documenti = () => import('./cr-documenti.entity.tsx');
const files = () => import('./cr-documenti-file.entity.tsx');
const modelli = () => import('./cr-documenti-modelli.entity.tsx');
const log = () => import('./cr-documenti-log.entity.tsx');

/**
 * The document administration (spec 2 §2, spec 3 §2): documents, their files and model rows for
 * managers, the download log (read-only) for administrators; one Administration entry each.
 */
export const DOCUMENTS_ADMIN_ROUTES: AppRoute[] = [
  ...entityRoutes(
    CR_DOCUMENTI_META,
    {
      list: lazyRouteComponent(documenti, 'CrDocumentiListPage'),
      detail: lazyRouteComponent(documenti, 'CrDocumentiDetailPage'),
    },
    { menu: 'admin', order: 46, roles: CR_DOCUMENTI_META.access.write },
  ),
  ...entityRoutes(
    CR_DOCUMENTI_FILE_META,
    {
      list: lazyRouteComponent(files, 'CrDocumentiFileListPage'),
      detail: lazyRouteComponent(files, 'CrDocumentiFileDetailPage'),
    },
    { menu: 'admin', order: 47, roles: CR_DOCUMENTI_FILE_META.access.write },
  ),
  ...entityRoutes(
    CR_DOCUMENTI_MODELLI_META,
    {
      list: lazyRouteComponent(modelli, 'CrDocumentiModelliListPage'),
      detail: lazyRouteComponent(modelli, 'CrDocumentiModelliDetailPage'),
    },
    { menu: 'admin', order: 48, roles: CR_DOCUMENTI_MODELLI_META.access.write },
  ),
  ...entityRoutes(
    CR_DOCUMENTI_LOG_META,
    {
      list: lazyRouteComponent(log, 'CrDocumentiLogListPage'),
      detail: lazyRouteComponent(log, 'CrDocumentiLogDetailPage'),
    },
    { menu: 'admin', order: 49, roles: CR_DOCUMENTI_LOG_META.access.read },
  ),
];
