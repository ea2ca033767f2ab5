import { ACT_AS_ROLES, type Account, type Authority } from '@ricambi/domain';
import type { RouteComponent } from '@tanstack/react-router';
import { entityRoutes } from '../components/entity-admin/entity-routes.ts';
import { ActivatePage } from '../features/account/ActivatePage.tsx';
import { LoginPage } from '../features/account/LoginPage.tsx';
import { PasswordPage } from '../features/account/PasswordPage.tsx';
import { RegisterPage } from '../features/account/RegisterPage.tsx';
import { ResetFinishPage } from '../features/account/ResetFinishPage.tsx';
import { ResetRequestPage } from '../features/account/ResetRequestPage.tsx';
import { SessionsPage } from '../features/account/SessionsPage.tsx';
import { SettingsPage } from '../features/account/SettingsPage.tsx';
import { ActAsPage } from '../features/act-as/ActAsPage.tsx';
import { AuditsPage } from '../features/admin/AuditsPage.tsx';
import { ConfigurationPage } from '../features/admin/ConfigurationPage.tsx';
import { DocsPage } from '../features/admin/DocsPage.tsx';
import { HealthPage } from '../features/admin/HealthPage.tsx';
import { LogsPage } from '../features/admin/LogsPage.tsx';
import { MetricsPage } from '../features/admin/MetricsPage.tsx';
import { ArticoloPage } from '../features/articolo/ArticoloPage.tsx';
import { BannerDetailPage, BannersListPage, bannersEntity } from '../features/banners/banners.entity.tsx';
import { CartPage } from '../features/cart/CartPage.tsx';
import { QuickOrderPage } from '../features/cart/QuickOrderPage.tsx';
import { CatalogueAdminPage } from '../features/catalogue-admin/CatalogueAdminPage.tsx';
import {
  ArticoloArticoloDetailPage,
  ArticoloArticoloListPage,
  ArticoloEquivDetailPage,
  ArticoloEquivListPage,
  ArticoloListPage,
  ArticoloMasterDetailPage,
  articoloArticoloEntity,
  articoloEntity,
  articoloEquivEntity,
  CategoriaDetailPage,
  CategoriaListPage,
  ComboVociDetailPage,
  ComboVociListPage,
  categoriaEntity,
  comboVociEntity,
  MarchioDetailPage,
  MarchioListPage,
  marchioEntity,
  SearchLogDetailPage,
  SearchLogListPage,
  searchLogEntity,
  TipoCategoriaDetailPage,
  TipoCategoriaListPage,
  tipoCategoriaEntity,
} from '../features/catalogue-admin/catalogue-admin.entities.tsx';
import { ReindexPage } from '../features/catalogue-maintenance/ReindexPage.tsx';
import { StockImportPage } from '../features/catalogue-maintenance/StockImportPage.tsx';
import { CheckoutPage, RequestPage } from '../features/checkout/CheckoutPage.tsx';
import { ImportOrderPage } from '../features/checkout/ImportOrderPage.tsx';
import { ShippingCostsPage } from '../features/checkout/ShippingCostsPage.tsx';
import { PrivacyPolicyPage } from '../features/common/PrivacyPolicyPage.tsx';
import { AccessDeniedPage, ErrorPage } from '../features/common/StatusPages.tsx';
import { CR_MODELLI_ROUTES } from '../features/cr-modelli/cr-modelli.entity.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { I18nDetailPage, I18nsListPage, i18nsEntity } from '../features/i18ns/i18ns.entity.tsx';
import { MACHINE_ROUTES } from '../features/machines/machines.routes.ts';
import {
  SearchCodePage,
  SearchDimensionsPage,
  SearchFullPage,
  SearchMachinePage,
} from '../features/search/SearchResultsPages.tsx';
import { SparePartsPage } from '../features/search/SparePartsPage.tsx';
import { UserDetailPage, UsersListPage, usersEntity } from '../features/users/users.entity.tsx';
import { VISIBILITY_ROUTES } from '../features/visibility/visibility.routes.ts';
import { WHERE_USED_ROUTES } from '../features/whereused/whereused.routes.ts';
import type { AppRoute, NavPlacement } from '../lib/app-route.ts';
import { guard } from '../lib/guards.ts';

const ACCOUNT_ROLES: readonly Authority[] = ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CR_SUBDEALER'];
/** Spec 1 §2.1: the spare-parts search and article pages; the result routes' access is not shown, the same is used. */
const CATALOGUE_ROLES: readonly Authority[] = ['ROLE_USER'];

/** Spec 1 §2.1, §2.3: the article searches and the article page. */
const CATALOGUE_ROUTES: AppRoute[] = [
  {
    name: 'spare-parts',
    path: '/spare-parts',
    access: CATALOGUE_ROLES,
    titleKey: 'search.title',
    component: SparePartsPage,
    nav: { menu: 'main', order: 20 },
    area: 'tracks',
  },
  {
    name: 'search-full',
    path: '/search-full/$term',
    access: CATALOGUE_ROLES,
    titleKey: 'search.free.resultsTitle',
    component: SearchFullPage,
  },
  {
    name: 'search-code',
    path: '/search-code/$articoloId',
    access: CATALOGUE_ROLES,
    titleKey: 'search.code.resultsTitle',
    component: SearchCodePage,
  },
  {
    name: 'search-machine',
    path: '/search-machine/$marchio/$modello/$variante',
    access: CATALOGUE_ROLES,
    titleKey: 'search.machine.resultsTitle',
    component: SearchMachinePage,
  },
  {
    name: 'search-dimensions',
    path: '/search-dimensions/$larghezza/$passo/$maglie/$forma',
    access: CATALOGUE_ROLES,
    titleKey: 'search.dimensions.resultsTitle',
    component: SearchDimensionsPage,
  },
  {
    name: 'articolo.ricambio',
    path: '/articolo/r/$id',
    access: CATALOGUE_ROLES,
    titleKey: 'articoloPage.title',
    component: ArticoloPage,
  },
  {
    name: 'articolo.macchina',
    path: '/articolo/m/$id',
    access: CATALOGUE_ROLES,
    titleKey: 'articoloPage.title',
    component: ArticoloPage,
  },
];

/**
 * Spec 1 §2.1, §2.3: the cart (ROLE_CART) and the quick order that fills it (issue 5 §6). The cart's
 * navigation entry is the cart dropdown of the navigation bar (layout), not a menu item.
 */
const CART_ROUTES: AppRoute[] = [
  {
    name: 'cart',
    path: '/cart',
    access: ['ROLE_CART'],
    titleKey: 'cart.title',
    component: CartPage,
  },
  {
    name: 'quick-order',
    path: '/quick-order',
    access: ['ROLE_CART'],
    titleKey: 'quickOrder.title',
    component: QuickOrderPage,
  },
];

/**
 * Spec 1 §2.1, §2.3: checkout (a subdealer holding ROLE_USER is sent on to the request), the
 * subdealer's request, the superdealer's order import, and the shipping tariff (issue 5 §5).
 */
const CHECKOUT_ROUTES: AppRoute[] = [
  {
    name: 'checkout',
    path: '/cart/checkout',
    access: ['ROLE_USER', 'ROLE_CR_USER'],
    titleKey: 'checkout.title',
    component: CheckoutPage,
  },
  {
    name: 'request',
    path: '/cart/request',
    access: ['ROLE_CR_SUBDEALER'],
    titleKey: 'checkout.request.title',
    component: RequestPage,
  },
  {
    name: 'import-order',
    path: '/cart/import',
    access: ['ROLE_CR_SUPERDEALER'],
    titleKey: 'importOrder.title',
    component: ImportOrderPage,
    nav: { menu: 'main', order: 30 },
  },
  {
    name: 'shipping-costs',
    path: '/shipping-costs',
    access: ['ROLE_MANAGER', 'ROLE_ADMIN'],
    titleKey: 'tariff.title',
    component: ShippingCostsPage,
    nav: { menu: 'admin', order: 84 },
  },
];

/**
 * The route table of spec 1 §2.1: read by the router, the guards, page titles and the navigation
 * bar. Areas not built yet are absent (never dead entries).
 */
export const ROUTES: readonly AppRoute[] = [
  {
    name: 'home',
    path: '/',
    access: 'open',
    titleKey: 'global.menu.home',
    component: HomePage,
    nav: { menu: 'main', order: 0 },
  },
  {
    name: 'login',
    path: '/login',
    access: 'anonymous-only',
    titleKey: 'login.title',
    component: LoginPage,
    nav: { menu: 'anonymous', order: 0 },
  },
  {
    name: 'register',
    path: '/register',
    access: 'anonymous-only',
    titleKey: 'register.title',
    component: RegisterPage,
    nav: { menu: 'anonymous', order: 1 },
  },
  { name: 'activate', path: '/activate', access: 'open', titleKey: 'activate.title', component: ActivatePage },
  {
    name: 'requestReset',
    path: '/reset/request',
    access: 'open',
    titleKey: 'reset.request.title',
    component: ResetRequestPage,
  },
  {
    name: 'finishReset',
    path: '/reset/finish',
    access: 'open',
    titleKey: 'reset.finish.title',
    component: ResetFinishPage,
  },
  {
    name: 'settings',
    path: '/settings',
    access: ACCOUNT_ROLES,
    titleKey: 'global.menu.account.settings',
    component: SettingsPage,
    nav: { menu: 'account', order: 0 },
  },
  {
    name: 'password',
    path: '/password',
    access: ACCOUNT_ROLES,
    titleKey: 'global.menu.account.password',
    component: PasswordPage,
    nav: { menu: 'account', order: 1 },
  },
  {
    name: 'sessions',
    path: '/sessions',
    access: ['ROLE_ADMIN'],
    titleKey: 'global.menu.account.sessions',
    component: SessionsPage,
    nav: { menu: 'account', order: 2 },
  },
  {
    name: 'act-as',
    path: '/act-as',
    access: ACT_AS_ROLES,
    titleKey: 'actas.title',
    component: ActAsPage,
    nav: { menu: 'main', order: 50 },
  },
  // Monitoring pages (spec 1 §2.1: ROLE_ADMIN), in the Administration menu.
  {
    name: 'metrics',
    path: '/metrics',
    access: ['ROLE_ADMIN'],
    titleKey: 'admin.metrics.title',
    component: MetricsPage,
    nav: { menu: 'admin', order: 60 },
  },
  {
    name: 'health',
    path: '/health',
    access: ['ROLE_ADMIN'],
    titleKey: 'admin.health.title',
    component: HealthPage,
    nav: { menu: 'admin', order: 61 },
  },
  {
    name: 'configuration',
    path: '/configuration',
    access: ['ROLE_ADMIN'],
    titleKey: 'admin.configuration.title',
    component: ConfigurationPage,
    nav: { menu: 'admin', order: 62 },
  },
  {
    name: 'audits',
    path: '/audits',
    access: ['ROLE_ADMIN'],
    titleKey: 'admin.audits.title',
    component: AuditsPage,
    nav: { menu: 'admin', order: 63 },
  },
  {
    name: 'logs',
    path: '/logs',
    access: ['ROLE_ADMIN'],
    titleKey: 'admin.logs.title',
    component: LogsPage,
    nav: { menu: 'admin', order: 64 },
  },
  {
    name: 'docs',
    path: '/docs',
    access: ['ROLE_ADMIN'],
    titleKey: 'admin.docs.title',
    component: DocsPage,
    nav: { menu: 'admin', order: 65 },
  },
  // Catalogue maintenance (spec 1 §2.1 reindex: ROLE_ADMIN; issue 4 §2 stock and prices from the ERP).
  {
    name: 'reindex',
    path: '/reindex',
    access: ['ROLE_ADMIN'],
    titleKey: 'catalogueMaintenance.reindex.title',
    component: ReindexPage,
    nav: { menu: 'admin', order: 66 },
  },
  {
    name: 'stock-import',
    path: '/stock-import',
    access: ['ROLE_ADMIN'],
    titleKey: 'catalogueMaintenance.stockImport.title',
    component: StockImportPage,
    nav: { menu: 'admin', order: 86 },
  },
  { name: 'error', path: '/error', access: 'open', titleKey: 'error.title', component: ErrorPage },
  {
    name: 'accessdenied',
    path: '/accessdenied',
    access: 'open',
    titleKey: 'error.accessdenied.title',
    component: AccessDeniedPage,
  },
  {
    name: 'privacy-policy',
    path: '/cookie-and-privacy-policy',
    access: 'open',
    titleKey: 'privacy.title',
    component: PrivacyPolicyPage,
  },
  ...CATALOGUE_ROUTES,
  ...MACHINE_ROUTES,
  ...WHERE_USED_ROUTES,
  ...VISIBILITY_ROUTES,
  ...CR_MODELLI_ROUTES,
  ...CART_ROUTES,
  ...CHECKOUT_ROUTES,
  ...entityRoutes(
    i18nsEntity,
    { list: I18nsListPage, detail: I18nDetailPage },
    {
      menu: 'admin',
      order: 50,
      roles: ['ROLE_ADMIN', 'ROLE_MANAGER'],
    },
  ),
  // Banners (spec 1 §2.1: ROLE_MANAGER), in the Administration menu.
  ...entityRoutes(
    bannersEntity,
    { list: BannersListPage, detail: BannerDetailPage },
    { menu: 'admin', order: 40, roles: ['ROLE_MANAGER'] },
  ),
  // User management (spec 1 §2.1: ROLE_MANAGER; administrators too, docs/decisions.md), first in Administration.
  ...entityRoutes(usersEntity, { list: UsersListPage, detail: UserDetailPage }, { menu: 'admin', order: 30 }),
  // Catalogue master data (spec 3 §2; administrators and managers, docs/decisions.md): one Administration entry.
  {
    name: 'catalogueAdmin',
    path: '/catalogue-admin',
    access: ['ROLE_ADMIN', 'ROLE_MANAGER'],
    titleKey: 'catalogueAdmin.title',
    component: CatalogueAdminPage,
    nav: { menu: 'admin', order: 80 },
  },
  ...entityRoutes(articoloEntity, { list: ArticoloListPage, detail: ArticoloMasterDetailPage }),
  ...entityRoutes(marchioEntity, { list: MarchioListPage, detail: MarchioDetailPage }),
  ...entityRoutes(categoriaEntity, { list: CategoriaListPage, detail: CategoriaDetailPage }),
  ...entityRoutes(tipoCategoriaEntity, { list: TipoCategoriaListPage, detail: TipoCategoriaDetailPage }),
  ...entityRoutes(articoloArticoloEntity, { list: ArticoloArticoloListPage, detail: ArticoloArticoloDetailPage }),
  ...entityRoutes(articoloEquivEntity, { list: ArticoloEquivListPage, detail: ArticoloEquivDetailPage }),
  ...entityRoutes(comboVociEntity, { list: ComboVociListPage, detail: ComboVociDetailPage }),
  ...entityRoutes(searchLogEntity, { list: SearchLogListPage, detail: SearchLogDetailPage }),
];

export const routePathByName = (name: string) => ROUTES.find((r) => r.name === name)?.path;

/** The path of a named route when this user may open it. */
export const allowedRoutePath = (name: string, account: Pick<Account, 'authorities'> | null) => {
  const route = ROUTES.find((r) => r.name === name);
  return route && guard(route.access, account) === 'allow' ? route.path : undefined;
};

export const routeByPath = (pathname: string) => ROUTES.find((r) => r.path === pathname);

/** The navigation entries of one menu that this user, under this theme, may open. */
export const navEntries = (
  menu: NavPlacement['menu'],
  account: Pick<Account, 'authorities'> | null,
  flags: { canAccessParts: boolean; canAccessTracks: boolean },
) =>
  ROUTES.filter((r) => r.nav?.menu === menu)
    .filter((r) => guard(r.access, account) === 'allow')
    .filter((r) => !r.nav?.roles || guard(r.nav.roles, account) === 'allow')
    .filter((r) => !r.area || (r.area === 'parts' ? flags.canAccessParts : flags.canAccessTracks))
    .sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0));

export const canOpen = (name: string, account: Pick<Account, 'authorities'> | null) => {
  const route = ROUTES.find((r) => r.name === name);
  return route ? guard(route.access, account) === 'allow' : false;
};
