import { CATALOGUE_ADMIN_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../../components/entity-admin/entity-routes.ts';
import type { AppRoute } from '../../lib/app-route.ts';
import { CATALOGUE_ADMIN_META as M } from './catalogue-admin.meta.ts';

const pages = () => import('./catalogue-admin.pages.ts');
type PageName = Extract<keyof Awaited<ReturnType<typeof pages>>, `${string}Page`>;
const lazy = (name: PageName) => lazyRouteComponent(pages, name);
const entity = (meta: (typeof M)[keyof typeof M], list: PageName, detail: PageName) =>
  entityRoutes(meta, { list: lazy(list), detail: lazy(detail) });

/** Catalogue master data (spec 3 §2; administrators and managers, docs/decisions.md): one Administration entry. */
export const CATALOGUE_ADMIN_ROUTES: AppRoute[] = [
  {
    name: 'catalogueAdmin',
    path: '/catalogue-admin',
    access: CATALOGUE_ADMIN_ROLES,
    titleKey: 'catalogueAdmin.title',
    component: lazy('CatalogueAdminPage'),
    nav: { menu: 'admin', order: 80 },
  },
  ...entity(M.articolo, 'ArticoloListPage', 'ArticoloMasterDetailPage'),
  ...entity(M.marchio, 'MarchioListPage', 'MarchioDetailPage'),
  ...entity(M.categoria, 'CategoriaListPage', 'CategoriaDetailPage'),
  ...entity(M.tipoCategoria, 'TipoCategoriaListPage', 'TipoCategoriaDetailPage'),
  ...entity(M.articoloArticolo, 'ArticoloArticoloListPage', 'ArticoloArticoloDetailPage'),
  ...entity(M.articoloEquiv, 'ArticoloEquivListPage', 'ArticoloEquivDetailPage'),
  ...entity(M.comboVoci, 'ComboVociListPage', 'ComboVociDetailPage'),
  ...entity(M.searchLog, 'SearchLogListPage', 'SearchLogDetailPage'),
];
