export const AUTHORITIES = [
  'ROLE_ADMIN',
  'ROLE_MANAGER',
  'ROLE_INTERNAL',
  'ROLE_USER',
  'ROLE_CR_USER',
  'ROLE_CR_SUBDEALER',
  'ROLE_CR_INTERNAL',
  'ROLE_CR_SUPERDEALER',
  'ROLE_CART',
  'ROLE_PREVIOUS_ADMINISTRATOR',
] as const;

export type Authority = (typeof AUTHORITIES)[number];

export const isAuthority = (value: string): value is Authority => (AUTHORITIES as readonly string[]).includes(value);

/** Access column of a route: empty = open to all; otherwise any one of the listed authorities. */
export const hasAnyAuthority = (granted: readonly string[] | undefined, required: readonly Authority[]): boolean =>
  required.length === 0 || required.some((role) => granted?.includes(role) === true);

/** Spec 1 §4: CR roles enable the machine area; ADMIN, MANAGER, INTERNAL, USER the spare-parts area. */
export const MACHINE_AREA_ROLES: readonly Authority[] = [
  'ROLE_CR_USER',
  'ROLE_CR_SUBDEALER',
  'ROLE_CR_INTERNAL',
  'ROLE_CR_SUPERDEALER',
];
export const PARTS_AREA_ROLES: readonly Authority[] = ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_INTERNAL', 'ROLE_USER'];

/** Administration pages (audits, logs, metrics, health, configuration, API docs, themes, maintenance). */
export const ADMIN_ROLES: readonly Authority[] = ['ROLE_ADMIN'];
/** Spec 1 §2.1: the spare-parts search and its results. */
export const CATALOGUE_READ_ROLES: readonly Authority[] = ['ROLE_USER'];

/** Spec 1 §6: who sees the where-used list, OEM equivalents and the stock figures of an article. */
export const CATALOGUE_STAFF_ROLES: readonly Authority[] = ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_INTERNAL'];

/** Who manages users (spec 1 §2.1 says ROLE_MANAGER; administrators too, docs/decisions.md). */
export const USER_MANAGEMENT_ROLES: readonly Authority[] = ['ROLE_MANAGER', 'ROLE_ADMIN'];

/** Who maintains the catalogue master data (docs/decisions.md "Catalogue master data"). */
export const CATALOGUE_ADMIN_ROLES: readonly Authority[] = ['ROLE_ADMIN', 'ROLE_MANAGER'];
/** The search log holds user names and addresses: administrators change it. */
export const SEARCH_LOG_ROLES: readonly Authority[] = ['ROLE_ADMIN'];
/** Managers read it too: it sits in the catalogue administration they run (issue 11, finding 12). */
export const SEARCH_LOG_READ_ROLES: readonly Authority[] = ['ROLE_ADMIN', 'ROLE_MANAGER'];

// Role lists the web's route table reads on every page: kept here, away from the zod schemas.

/** Spec 1 §2.1, §2.3: who has a cart, sends an order, sends a subdealer's request, imports orders, keeps the tariff. */
export const CART_ROLES: readonly Authority[] = ['ROLE_CART'];
export const ORDER_SEND_ROLES: readonly Authority[] = ['ROLE_USER', 'ROLE_CR_USER'];
export const ORDER_REQUEST_ROLES: readonly Authority[] = ['ROLE_CR_SUBDEALER'];
export const ORDER_IMPORT_ROLES: readonly Authority[] = ['ROLE_CR_SUPERDEALER'];
export const TARIFF_ROLES: readonly Authority[] = ['ROLE_MANAGER', 'ROLE_ADMIN'];
/** Spec 2 §2: the item page (code lookup, add to cart). */
export const ITEM_PAGE_ROLES: readonly Authority[] = ['ROLE_CR_USER'];
/** Spec 2 §2, §6: who refreshes a machine's catalogue (and PDFs) from the ERP. */
export const CATALOGUE_REFRESH_ROLES: readonly Authority[] = ['ROLE_CR_INTERNAL'];
/** Spec 2 §2 whereUsed: internal staff. */
export const WHERE_USED_ROLES: readonly Authority[] = ['ROLE_CR_INTERNAL'];
/** Spec 2 §2, §6: the visibility screens are for superdealers and internal staff. */
export const VISIBILITY_ROLES: readonly Authority[] = ['ROLE_CR_SUPERDEALER', 'ROLE_CR_INTERNAL'];
/** Spec 2 §6: machine models are maintained by managers. */
export const CR_MODELLI_ROLES: readonly Authority[] = ['ROLE_MANAGER'];
/**
 * Spec 2 gives the screens to ROLE_USER; changing the portal's texts is for administrators and
 * managers (docs/decisions.md).
 */
export const I18N_TEXT_ACCESS: { read: readonly Authority[]; write: readonly Authority[] } = {
  read: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_MANAGER'],
  write: ['ROLE_ADMIN', 'ROLE_MANAGER'],
};
/** Spec 1 §2.1, §6: banners are managed by managers. */
export const BANNER_ADMIN_ROLES: readonly Authority[] = ['ROLE_MANAGER'];
/** Spec 2 §2, §6: who files warranty requests (dealers), who reads them (the back office too), who moves them on. */
export const WARRANTY_ROLES: readonly Authority[] = ['ROLE_CR_USER'];
export const WARRANTY_READ_ROLES: readonly Authority[] = ['ROLE_CR_USER', 'ROLE_CR_INTERNAL'];
export const WARRANTY_BACKOFFICE_ROLES: readonly Authority[] = ['ROLE_CR_INTERNAL'];
/** Spec 2 §2, §6: who opens support tickets (customers) and who answers them (the help desk). */
export const TICKET_ROLES: readonly Authority[] = ['ROLE_USER', 'ROLE_CR_USER'];
export const TICKET_STAFF_ROLES: readonly Authority[] = ['ROLE_INTERNAL'];
/**
 * Spec 2 §2, §6: the documents library is for dealers and sub-dealers; internal staff (any brand) and
 * managers (every language, the flags) open it too (docs/decisions.md).
 */
export const DOCUMENT_LIBRARY_ROLES: readonly Authority[] = [
  'ROLE_CR_USER',
  'ROLE_CR_SUBDEALER',
  'ROLE_CR_INTERNAL',
  'ROLE_MANAGER',
];
/** Who sees internal documents: never dealers nor sub-dealers (spec 2 §6). */
export const DOCUMENT_INTERNAL_ROLES: readonly Authority[] = ['ROLE_CR_INTERNAL', 'ROLE_MANAGER'];
/** Spec 2 §6: documents, their files and models are published by managers; the log is for administrators. */
export const DOCUMENT_ADMIN_ROLES: readonly Authority[] = ['ROLE_MANAGER'];
export const DOCUMENT_LOG_ROLES: readonly Authority[] = ['ROLE_ADMIN'];
/** Spec 2 §2: the order history, its tracking dialog and the reorder request page. */
export const ORDER_HISTORY_ROLES: readonly Authority[] = ['ROLE_CR_USER', 'ROLE_USER'];
/** Spec 3 §2, §6: dealers compile checklists; managers administer them and their templates. */
export const CHECKLIST_ROLES: readonly Authority[] = ['ROLE_CR_USER'];
export const CHECKLIST_ADMIN_ROLES: readonly Authority[] = ['ROLE_MANAGER'];

/** Spec 2 §2, §6: the shipping calculator (/spesespedizione) is for internal staff. */
export const SHIPPING_CALCULATOR_ROLES: readonly Authority[] = ['ROLE_INTERNAL'];
