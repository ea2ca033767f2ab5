import { lazyRouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../../components/entity-admin/entity-routes.ts';
import type { AppRoute } from '../../lib/app-route.ts';
import {
  CR_DAR_HEADER_META,
  CR_DAR_LINE_META,
  CR_DAR_TEMPLATE_HEADER_META,
  CR_DAR_TEMPLATE_LINE_META,
} from './checklists-admin.meta.ts';

const templateHeaders = () => import('./cr-dar-template-header.entity.tsx');
const templateLines = () => import('./cr-dar-template-line.entity.tsx');
const headers = () => import('./cr-dar-header.entity.tsx');
const lines = () => import('./cr-dar-line.entity.tsx');

/**
 * The checklist administration (spec 3 §2): templates and their lines, compiled checklists and
 * their lines, for managers; one Administration entry each.
 */
export const CHECKLISTS_ADMIN_ROUTES: AppRoute[] = [
  ...entityRoutes(
    CR_DAR_TEMPLATE_HEADER_META,
    {
      list: lazyRouteComponent(templateHeaders, 'CrDarTemplateHeaderListPage'),
      detail: lazyRouteComponent(templateHeaders, 'CrDarTemplateHeaderDetailPage'),
    },
    { menu: 'admin', order: 51, roles: CR_DAR_TEMPLATE_HEADER_META.access.write },
  ),
  ...entityRoutes(
    CR_DAR_TEMPLATE_LINE_META,
    {
      list: lazyRouteComponent(templateLines, 'CrDarTemplateLineListPage'),
      detail: lazyRouteComponent(templateLines, 'CrDarTemplateLineDetailPage'),
    },
    { menu: 'admin', order: 52, roles: CR_DAR_TEMPLATE_LINE_META.access.write },
  ),
  ...entityRoutes(
    CR_DAR_HEADER_META,
    {
      list: lazyRouteComponent(headers, 'CrDarHeaderListPage'),
      detail: lazyRouteComponent(headers, 'CrDarHeaderDetailPage'),
    },
    { menu: 'admin', order: 53, roles: CR_DAR_HEADER_META.access.write },
  ),
  ...entityRoutes(
    CR_DAR_LINE_META,
    {
      list: lazyRouteComponent(lines, 'CrDarLineListPage'),
      detail: lazyRouteComponent(lines, 'CrDarLineDetailPage'),
    },
    { menu: 'admin', order: 54, roles: CR_DAR_LINE_META.access.write },
  ),
];
