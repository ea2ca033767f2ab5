import { ADMIN_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const pages = () => import('./admin.pages.ts');
const lazy = (name: keyof Awaited<ReturnType<typeof pages>>) => lazyRouteComponent(pages, name);

/** Monitoring pages (spec 1 §2.1: ROLE_ADMIN), in the Administration menu. */
export const ADMIN_ROUTES: AppRoute[] = [
  {
    name: 'metrics',
    path: '/metrics',
    access: ADMIN_ROLES,
    titleKey: 'admin.metrics.title',
    component: lazy('MetricsPage'),
    nav: { menu: 'admin', order: 60 },
  },
  {
    name: 'health',
    path: '/health',
    access: ADMIN_ROLES,
    titleKey: 'admin.health.title',
    component: lazy('HealthPage'),
    nav: { menu: 'admin', order: 61 },
  },
  {
    name: 'configuration',
    path: '/configuration',
    access: ADMIN_ROLES,
    titleKey: 'admin.configuration.title',
    component: lazy('ConfigurationPage'),
    nav: { menu: 'admin', order: 62 },
  },
  {
    name: 'audits',
    path: '/audits',
    access: ADMIN_ROLES,
    titleKey: 'admin.audits.title',
    component: lazy('AuditsPage'),
    nav: { menu: 'admin', order: 63 },
  },
  {
    name: 'logs',
    path: '/logs',
    access: ADMIN_ROLES,
    titleKey: 'admin.logs.title',
    component: lazy('LogsPage'),
    nav: { menu: 'admin', order: 64 },
  },
  {
    name: 'outbox',
    path: '/outbox',
    access: ADMIN_ROLES,
    titleKey: 'admin.outbox.title',
    component: lazy('OutboxPage'),
    nav: { menu: 'admin', order: 66 },
  },
  {
    name: 'docs',
    path: '/docs',
    access: ADMIN_ROLES,
    titleKey: 'admin.docs.title',
    component: lazy('DocsPage'),
    nav: { menu: 'admin', order: 65 },
  },
];
