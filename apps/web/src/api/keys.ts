/** Query keys of every module, from one factory: mutations invalidate exactly what they change. */
export const queryKeys = {
  account: {
    all: ['account'] as const,
    current: () => [...queryKeys.account.all, 'current'] as const,
    sessions: () => [...queryKeys.account.all, 'sessions'] as const,
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
    shipping: (params: object) => [...queryKeys.checkout.all, 'shipping', params] as const,
    countries: () => [...queryKeys.checkout.all, 'countries'] as const,
    provinces: (stato: string) => [...queryKeys.checkout.all, 'provinces', stato] as const,
  },
  /** The cart (spec 1 §2.3): its lines in a language, and the saved carts. */
  cart: {
    all: ['cart'] as const,
    view: (lang: string) => [...queryKeys.cart.all, 'view', lang] as const,
    saved: () => [...queryKeys.cart.all, 'saved'] as const,
  },
  /** Every entity of the administration kit. */
  entity: (name: string) => ({
    all: ['entity', name] as const,
    list: (params: object) => ['entity', name, 'list', params] as const,
    item: (ids: readonly string[]) => ['entity', name, 'item', ...ids] as const,
  }),
};
