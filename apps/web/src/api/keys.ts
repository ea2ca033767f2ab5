import { matchQuery, type Query, type QueryKey } from '@tanstack/react-query';

/**
 * A predicate for every cached query but those under the given keys (by key prefix, never by a
 * key's position), e.g. what a change of identity drops.
 */
export const except =
  (...keys: readonly QueryKey[]) =>
  (query: Query) =>
    !keys.some((queryKey) => matchQuery({ queryKey }, query));

/** Query keys of every module, from one factory: mutations invalidate exactly what they change. */
export const queryKeys = {
  account: {
    all: ['account'] as const,
    current: () => [...queryKeys.account.all, 'current'] as const,
    sessions: () => [...queryKeys.account.all, 'sessions'] as const,
    activation: (key: string | undefined) => [...queryKeys.account.all, 'activation', key ?? ''] as const,
  },
  themes: {
    all: ['themes'] as const,
  },
  actAs: {
    all: ['act-as'] as const,
    current: () => [...queryKeys.actAs.all, 'current'] as const,
    users: (params: object) => [...queryKeys.actAs.all, 'users', params] as const,
  },
  /** The administrator's monitoring pages. */
  admin: {
    all: ['admin'] as const,
    audits: (params: object) => [...queryKeys.admin.all, 'audits', params] as const,
    configuration: () => [...queryKeys.admin.all, 'configuration'] as const,
    health: () => [...queryKeys.admin.all, 'health'] as const,
    loggers: () => [...queryKeys.admin.all, 'loggers'] as const,
    metrics: () => [...queryKeys.admin.all, 'metrics'] as const,
    /** The outbox's dead letters: every page of the list. */
    outboxFailed: () => [...queryKeys.admin.all, 'outbox-failed'] as const,
    outboxFailedPage: (params: object) => [...queryKeys.admin.outboxFailed(), params] as const,
  },
  /** Banners shown to the signed-in user (the administration list is an entity below). */
  banners: {
    all: ['banners'] as const,
    activeAll: () => [...queryKeys.banners.all, 'active'] as const,
    active: (login: string, ambiente: string, type?: string) =>
      [...queryKeys.banners.activeAll(), login, ambiente, type ?? '*'] as const,
    types: () => [...queryKeys.banners.all, 'types'] as const,
  },
  /** User management's lookups (the list and the user itself are the kit's entity 'userManagement'). */
  users: {
    all: ['users'] as const,
    lookup: (name: string) => [...queryKeys.users.all, 'lookup', name] as const,
    search: (params: object) => [...queryKeys.users.all, 'search', params] as const,
  },
  /** Searches and article pages for users (spec 1 §2.3). */
  catalogue: {
    all: ['catalogue'] as const,
    search: (kind: string, params: object) => [...queryKeys.catalogue.all, 'search', kind, params] as const,
    lookup: (name: string, params: object) => [...queryKeys.catalogue.all, 'lookup', name, params] as const,
    articolo: (id: number, lang: string) => [...queryKeys.catalogue.all, 'articolo', id, lang] as const,
    info: (id: number, quantita: number) => [...queryKeys.catalogue.all, 'info', id, quantita] as const,
    related: (name: string, id: number, params: object) =>
      [...queryKeys.catalogue.all, 'related', name, id, params] as const,
  },
  /** Checkout, request and order import (spec 1 §2.3): the cart as checked, addresses, shipping, tariff. */
  checkout: {
    all: ['checkout'] as const,
    check: (lang: string) => [...queryKeys.checkout.all, 'check', lang] as const,
    addresses: () => [...queryKeys.checkout.all, 'addresses'] as const,
    kind: () => [...queryKeys.checkout.all, 'kind'] as const,
    shippingAll: () => [...queryKeys.checkout.all, 'shipping'] as const,
    shipping: (params: object) => [...queryKeys.checkout.shippingAll(), params] as const,
    countries: () => [...queryKeys.checkout.all, 'countries'] as const,
    provinces: (stato: string) => [...queryKeys.checkout.all, 'provinces', stato] as const,
  },
  /** The shipping calculator of internal staff (spec 2 §2, §5): one cost per country, postcode and weight. */
  shippingCalculator: {
    all: ['shipping-calculator'] as const,
    cost: (params: { stato: string; cap: string; peso: string }) =>
      [...queryKeys.shippingCalculator.all, 'cost', params] as const,
  },
  /** The cart (spec 1 §2.3): its lines in a language, and the saved carts. */
  cart: {
    all: ['cart'] as const,
    views: () => [...queryKeys.cart.all, 'view'] as const,
    view: (lang: string) => [...queryKeys.cart.views(), lang] as const,
    saved: () => [...queryKeys.cart.all, 'saved'] as const,
  },
  /**
   * The machine area. Everything of one machine's catalogue sits under `catalogue(idMatricola)`, so
   * that a refresh clears exactly that machine's cache (spec 2 §4).
   */
  machines: {
    all: ['machines'] as const,
    search: (params: object) => [...queryKeys.machines.all, 'search', params] as const,
    catalogue: (idMatricola: number) => [...queryKeys.machines.all, 'catalogue', idMatricola] as const,
    headers: (idMatricola: number) => [...queryKeys.machines.catalogue(idMatricola), 'header'] as const,
    header: (idMatricola: number, matricola: string, lang: string) =>
      [...queryKeys.machines.headers(idMatricola), matricola, lang] as const,
    rowsAll: (idMatricola: number) => [...queryKeys.machines.catalogue(idMatricola), 'rows'] as const,
    rows: (idMatricola: number, parent: number | 'root', lang: string) =>
      [...queryKeys.machines.rowsAll(idMatricola), parent, lang] as const,
    treeSearchAll: (idMatricola: number) => [...queryKeys.machines.catalogue(idMatricola), 'tree-search'] as const,
    treeSearch: (idMatricola: number, q: string, lang: string) =>
      [...queryKeys.machines.treeSearchAll(idMatricola), q, lang] as const,
    drawing: (name: string) => [...queryKeys.machines.all, 'drawing', name] as const,
    item: (id: number, lang: string) => [...queryKeys.machines.all, 'item', id, lang] as const,
    itemInfo: (id: number, quantita: number) => [...queryKeys.machines.all, 'item-info', id, quantita] as const,
  },
  /** The machine visibility of subdealers (spec 2 §2 crSubdealerVisibilita) and its pickers. */
  /** Road registration (messa in strada) and the lookup lists of the after-sales forms. */
  messaInStrada: {
    all: ['messa-in-strada'] as const,
    lists: () => [...queryKeys.messaInStrada.all, 'list'] as const,
    list: (filter: object, page: number) => [...queryKeys.messaInStrada.lists(), filter, page] as const,
    items: (matricola: string) => [...queryKeys.messaInStrada.all, 'item', matricola] as const,
    item: (matricola: string, lang: string) => [...queryKeys.messaInStrada.items(matricola), lang] as const,
  },
  /**
   * Warranty requests (spec 2 §2–§9): the lists, each request under `items(matricola, numero)`, the
   * server's date limit, the component search over a machine's catalogue and the serial check.
   */
  warranty: {
    all: ['warranty'] as const,
    lists: () => [...queryKeys.warranty.all, 'list'] as const,
    list: (filter: object, page: number) => [...queryKeys.warranty.lists(), filter, page] as const,
    items: (matricola: string, numero: number) => [...queryKeys.warranty.all, 'item', matricola, numero] as const,
    item: (matricola: string, numero: number, lang: string) =>
      [...queryKeys.warranty.items(matricola, numero), lang] as const,
    maxAge: () => [...queryKeys.warranty.all, 'gg'] as const,
    components: (matricola: string, q: string, lang: string) =>
      [...queryKeys.warranty.all, 'components', matricola, q, lang] as const,
    serial: (matricola: string, lang: string) => [...queryKeys.warranty.all, 'serial', matricola, lang] as const,
  },
  /**
   * Support tickets (spec 2 §2–§9): the lists, each ticket, the serial lookup of the new-ticket form
   * and the count of tickets waiting for the user (the navigation badge).
   */
  tickets: {
    all: ['tickets'] as const,
    lists: () => [...queryKeys.tickets.all, 'list'] as const,
    list: (filter: object, page: number) => [...queryKeys.tickets.lists(), filter, page] as const,
    item: (id: number) => [...queryKeys.tickets.all, 'item', id] as const,
    serials: (term: string, lang: string) => [...queryKeys.tickets.all, 'serials', term, lang] as const,
    count: () => [...queryKeys.tickets.all, 'count'] as const,
  },
  /**
   * The dealer's checklists (spec 3 §2, issue 15): the list pages, each header and its tree of
   * lines, the machines on the road of the new-checklist search and a serial's checklists not sent.
   */
  checklists: {
    all: ['checklists'] as const,
    lists: () => [...queryKeys.checklists.all, 'list'] as const,
    list: (params: object) => [...queryKeys.checklists.lists(), params] as const,
    header: (id: number) => [...queryKeys.checklists.all, 'header', id] as const,
    tree: (id: number) => [...queryKeys.checklists.all, 'tree', id] as const,
    machines: (tipo: string, term: string, page: number) =>
      [...queryKeys.checklists.all, 'machines', tipo, term, page] as const,
    active: (matricola: string) => [...queryKeys.checklists.all, 'active', matricola] as const,
  },
  /**
   * The technical documents' library (spec 2 §2–§7): the category tree and the result pages of the
   * filters; uploads and edits of the administration make both stale.
   */
  documents: {
    all: ['documents'] as const,
    trees: () => [...queryKeys.documents.all, 'tree'] as const,
    tree: (filters: object) => [...queryKeys.documents.trees(), filters] as const,
    searches: () => [...queryKeys.documents.all, 'search'] as const,
    search: (filters: object, page: number) => [...queryKeys.documents.searches(), filters, page] as const,
  },
  /**
   * The order history (spec 2 §2–§9, issue 16): the list pages of each kind, one line (the request
   * page), whether a line's part can be ordered from the cart, and a waybill's tracking.
   */
  orderHistory: {
    all: ['order-history'] as const,
    lists: () => [...queryKeys.orderHistory.all, 'list'] as const,
    list: (kind: string, params: object) => [...queryKeys.orderHistory.lists(), kind, params] as const,
    line: (id: number) => [...queryKeys.orderHistory.all, 'line', id] as const,
    gestito: (id: number) => [...queryKeys.orderHistory.all, 'gestito', id] as const,
    tracking: (wayBill: string, slug: string) => [...queryKeys.orderHistory.all, 'tracking', wayBill, slug] as const,
  },
  combos: {
    all: ['combos'] as const,
    list: (name: string) => [...queryKeys.combos.all, name] as const,
  },
  visibility: {
    all: ['visibility'] as const,
    lists: () => [...queryKeys.visibility.all, 'list'] as const,
    list: (filter: object, page: number) => [...queryKeys.visibility.lists(), filter, page] as const,
    items: () => [...queryKeys.visibility.all, 'item'] as const,
    item: (id: number) => [...queryKeys.visibility.items(), id] as const,
    dealers: (search: string) => [...queryKeys.visibility.all, 'dealers', search] as const,
    subdealers: (dealer: string) => [...queryKeys.visibility.all, 'subdealers', dealer] as const,
    machines: (dealer: string, term: string) => [...queryKeys.visibility.all, 'machines', dealer, term] as const,
  },
  /** Where-used searches of internal staff (spec 2 §5). */
  whereUsed: {
    all: ['whereUsed'] as const,
    search: (s: object) => [...queryKeys.whereUsed.all, 'search', s] as const,
  },
  /** Every entity of the administration kit. */
  entity: (name: string) => ({
    all: ['entity', name] as const,
    list: (params: object) => ['entity', name, 'list', params] as const,
    item: (ids: readonly string[]) => ['entity', name, 'item', ...ids] as const,
    suggest: (term: string) => ['entity', name, 'suggest', term] as const,
    /** Lists related to one row (bill of materials, equivalents): read again when the entity changes. */
    relation: (...parts: readonly (string | number)[]) => ['entity', name, 'relation', ...parts] as const,
  }),
};

// The kit entity names below are key namespaces; the route table reads them too, without the hooks.

/** The users entity of the administration kit: its list and items live under this key. */
export const USERS_ENTITY = 'userManagement';

/** The kit entity names of the catalogue master data: their lists and items live under these keys. */
export const CATALOGUE_ENTITIES = {
  tipoCategoria: 'catalogueAdmin.tipoCategoria',
  categoria: 'catalogueAdmin.categoria',
  marchio: 'catalogueAdmin.marchio',
  articolo: 'catalogueAdmin.articolo',
  articoloArticolo: 'catalogueAdmin.articoloArticolo',
  articoloEquiv: 'catalogueAdmin.articoloEquiv',
  searchLog: 'catalogueAdmin.searchLog',
  comboVoci: 'catalogueAdmin.comboVoci',
} as const;
export type CatalogueEntity = keyof typeof CATALOGUE_ENTITIES;
