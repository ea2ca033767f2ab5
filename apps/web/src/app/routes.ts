import { ACCOUNT_ROUTES } from '../features/account/account.routes.ts';
import { ACT_AS_ROUTES } from '../features/act-as/act-as.routes.ts';
import { ADMIN_ROUTES } from '../features/admin/admin.routes.ts';
import { ARTICOLO_ROUTES } from '../features/articolo/articolo.routes.ts';
import { BANNERS_ROUTES } from '../features/banners/banners.routes.ts';
import { CART_ROUTES } from '../features/cart/cart.routes.ts';
import { CATALOGUE_ADMIN_ROUTES } from '../features/catalogue-admin/catalogue-admin.routes.ts';
import { CATALOGUE_MAINTENANCE_ROUTES } from '../features/catalogue-maintenance/catalogue-maintenance.routes.ts';
import { CHECKLIST_ROUTES } from '../features/checklists/checklists.routes.ts';
import { CHECKLISTS_ADMIN_ROUTES } from '../features/checklists-admin/checklists-admin.routes.ts';
import { CHECKOUT_ROUTES } from '../features/checkout/checkout.routes.ts';
import { COMMON_ROUTES } from '../features/common/common.routes.ts';
import { CR_MODELLI_ROUTES } from '../features/cr-modelli/cr-modelli.routes.ts';
import { DOCUMENTS_ROUTES } from '../features/documents/documents.routes.ts';
import { DOCUMENTS_ADMIN_ROUTES } from '../features/documents-admin/documents-admin.routes.ts';
import { HOME_ROUTES } from '../features/home/home.routes.ts';
import { I18NS_ROUTES } from '../features/i18ns/i18ns.routes.ts';
import { MACHINE_ROUTES } from '../features/machines/machines.routes.ts';
import { MESSA_IN_STRADA_ROUTES } from '../features/messa-in-strada/messa-in-strada.routes.ts';
import { ERP_LOG_ROUTES } from '../features/order-history/erp-log.routes.ts';
import { ORDER_HISTORY_ROUTES } from '../features/order-history/order-history.routes.ts';
import { SEARCH_ROUTES } from '../features/search/search.routes.ts';
import { SHIPPING_ROUTES } from '../features/shipping/shipping.routes.ts';
import { TICKET_ROUTES } from '../features/tickets/tickets.routes.ts';
import { USERS_ROUTES } from '../features/users/users.routes.ts';
import { VISIBILITY_ROUTES } from '../features/visibility/visibility.routes.ts';
import { WARRANTY_ROUTES } from '../features/warranty/warranty.routes.ts';
import { WHERE_USED_ROUTES } from '../features/whereused/whereused.routes.ts';
import type { AppRoute } from '../lib/app-route.ts';

/**
 * The route table of spec 1 §2.1, read by the router, the guards, page titles and the navigation
 * bar: each feature declares its own routes, with its pages loaded lazily. Areas not built yet are
 * absent (never dead entries).
 */
export const ROUTES: readonly AppRoute[] = [
  ...HOME_ROUTES,
  ...ACCOUNT_ROUTES,
  ...ACT_AS_ROUTES,
  ...ADMIN_ROUTES,
  ...CATALOGUE_MAINTENANCE_ROUTES,
  ...COMMON_ROUTES,
  ...SEARCH_ROUTES,
  ...ARTICOLO_ROUTES,
  ...MACHINE_ROUTES,
  ...WHERE_USED_ROUTES,
  ...MESSA_IN_STRADA_ROUTES,
  ...WARRANTY_ROUTES,
  ...DOCUMENTS_ROUTES,
  ...ORDER_HISTORY_ROUTES,
  ...TICKET_ROUTES,
  ...CHECKLIST_ROUTES,
  ...SHIPPING_ROUTES,
  ...VISIBILITY_ROUTES,
  ...CR_MODELLI_ROUTES,
  ...DOCUMENTS_ADMIN_ROUTES,
  ...ERP_LOG_ROUTES,
  ...CHECKLISTS_ADMIN_ROUTES,
  ...CART_ROUTES,
  ...CHECKOUT_ROUTES,
  ...I18NS_ROUTES,
  ...BANNERS_ROUTES,
  ...USERS_ROUTES,
  ...CATALOGUE_ADMIN_ROUTES,
];
