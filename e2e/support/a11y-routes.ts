// Every route of the web app's route table, with the demo users that open it in the accessibility
// sweep (e2e/a11y.spec.ts) and how its path parameters are filled from the demo data. A web test
// (apps/web/src/app/a11y-routes.test.ts) fails when a route of the table is missing here.

export type A11yUser =
  | 'anonymous'
  | 'dealer'
  | 'admin'
  | 'manager'
  | 'internal'
  | 'superdealer'
  | 'subdealer'
  | 'tracks';

/** Values of path parameters, read from the demo data before the sweep. */
export type DemoIds = {
  articleId: number;
  machineArticleId: number;
  machineId: number;
  serial: string;
  brandId: number;
  model: string;
  variant: string;
  dimensions: [string, string, string, string];
  bannerId: number;
  userLogin: string;
  i18n: [string, string];
  tipoCategoriaId: number;
  categoriaId: number;
  marchioId: number;
  articoloArticoloId: number;
  articoloEquivId: number;
  searchLogId: number;
  comboVociId: number;
  crModelliId: number;
  crDocumentiId: number;
  crDocumentiFileId: number;
  crDocumentiModelliId: number;
  /** A download log row (the sweep downloads a demo file first). */
  crDocumentiLogId: number;
  /** A row of the ERP hand-back log (the demo data hands back one document). */
  erpLogId: number;
  visibilityId: number;
  visibilityLogin: string;
  /** A demo warranty request of the dealer's. */
  warrantySerial: string;
  warrantyNumero: number;
  /** A demo support ticket of the dealer's. */
  ticketId: number;
  /** A demo checklist of the dealer's, one of its question lines; the checklist admin rows. */
  checklist: { id: number; lineId: number };
  crDarTemplateHeaderId: number;
  crDarTemplateLineId: number;
  crDarHeaderId: number;
  crDarLineId: number;
  /** A line of the dealer's order history (the reorder request page). */
  historyLine: { id: number; descRiga: string };
};

export type A11yPage = {
  /** The route's path as the route table writes it. */
  route: string;
  users: readonly A11yUser[];
  url: (ids: DemoIds) => string;
  /** Also checked at 768 px (the main dealer pages). */
  tablet?: boolean;
};

const enc = encodeURIComponent;
const fixed = (route: string, users: readonly A11yUser[], tablet = false): A11yPage => ({
  route,
  users,
  url: () => route,
  tablet,
});

/** Admin entity routes: list, new, edit, delete dialogs and the detail page. */
const entity = (
  list: string,
  detail: string,
  users: readonly A11yUser[],
  id: (ids: DemoIds) => string,
  idTemplate = '$id',
): A11yPage[] => [
  fixed(list, users),
  fixed(`${list}/new`, users),
  { route: `${list}/${idTemplate}/edit`, users, url: (ids) => `${list}/${id(ids)}/edit` },
  { route: `${list}/${idTemplate}/delete`, users, url: (ids) => `${list}/${id(ids)}/delete` },
  { route: `${detail}/${idTemplate}`, users, url: (ids) => `${detail}/${id(ids)}` },
];

const SIGNED_IN: readonly A11yUser[] = ['dealer', 'admin'];
const CATALOGUE: readonly A11yUser[] = ['dealer', 'admin', 'tracks'];

export const A11Y_PAGES: readonly A11yPage[] = [
  fixed('/', ['anonymous', 'dealer', 'admin', 'tracks'], true),
  fixed('/login', ['anonymous'], true),
  fixed('/register', ['anonymous']),
  fixed('/activate', ['anonymous']),
  fixed('/reset/request', ['anonymous']),
  fixed('/reset/finish', ['anonymous']),
  fixed('/settings', ['dealer']),
  fixed('/password', ['dealer']),
  fixed('/sessions', ['admin']),
  fixed('/act-as', ['internal']),
  fixed('/metrics', ['admin']),
  fixed('/health', ['admin']),
  fixed('/configuration', ['admin']),
  fixed('/audits', ['admin']),
  fixed('/logs', ['admin']),
  fixed('/docs', ['admin']),
  fixed('/outbox', ['admin']),
  fixed('/reindex', ['admin']),
  fixed('/stock-import', ['admin']),
  fixed('/error', ['anonymous', 'dealer']),
  fixed('/accessdenied', ['anonymous', 'dealer']),
  fixed('/cookie-and-privacy-policy', ['anonymous', 'dealer']),
  // Catalogue: searches and the article pages.
  fixed('/spare-parts', CATALOGUE, true),
  { route: '/search-full/$term', users: CATALOGUE, url: () => '/search-full/filtro', tablet: true },
  { route: '/search-code/$articoloId', users: SIGNED_IN, url: (ids) => `/search-code/${ids.articleId}` },
  {
    route: '/search-machine/$marchio/$modello/$variante',
    users: SIGNED_IN,
    url: (ids) => `/search-machine/${ids.brandId}/${enc(ids.model)}/${enc(ids.variant)}`,
  },
  {
    route: '/search-dimensions/$larghezza/$passo/$maglie/$forma',
    users: ['dealer', 'tracks'],
    url: (ids) => `/search-dimensions/${ids.dimensions.map(enc).join('/')}`,
  },
  { route: '/articolo/r/$id', users: CATALOGUE, url: (ids) => `/articolo/r/${ids.articleId}`, tablet: true },
  { route: '/articolo/m/$id', users: SIGNED_IN, url: (ids) => `/articolo/m/${ids.machineArticleId}` },
  // Machines (spec 2).
  fixed('/machine/search/', ['dealer', 'internal', 'superdealer', 'subdealer'], true),
  {
    route: '/catalogo/$idMatricola/$matricola',
    users: ['dealer', 'subdealer'],
    url: (ids) => `/catalogo/${ids.machineId}/${ids.serial}`,
    tablet: true,
  },
  { route: '/item/search/$id', users: ['dealer'], url: (ids) => `/item/search/${ids.articleId}?sn=${ids.serial}` },
  fixed('/item/search/', ['dealer']),
  fixed('/whereused', ['internal']),
  // After-sales (spec 2): road registration.
  fixed('/messainstrada', ['dealer', 'superdealer'], true),
  { route: '/messainstrada/$matricola', users: ['dealer'], url: (ids) => `/messainstrada/${ids.serial}`, tablet: true },
  fixed('/richiestagaranzia', ['dealer', 'internal'], true),
  fixed('/richiestagaranzia/nuova', ['dealer'], true),
  // The order variant without its checkout hand-over: the page says so and links back.
  { route: '/richiestagaranzia/$idTestata', users: ['dealer'], url: () => '/richiestagaranzia/0' },
  {
    route: '/richiestagaranzia/$matricola/$numero',
    users: ['dealer', 'internal'],
    url: (ids) => `/richiestagaranzia/${ids.warrantySerial}/${ids.warrantyNumero}`,
    tablet: true,
  },
  // Technical documents: a dealer by a machine's serial; a manager sees every language and the flags.
  {
    route: '/documenti',
    users: ['dealer', 'manager'],
    url: (ids) => `/documenti?serial=${enc(ids.serial)}`,
    tablet: true,
  },
  // Support tickets: the help desk sees every customer's; only customers open new ones.
  fixed('/ticket', ['dealer', 'internal'], true),
  fixed('/ticket/new', ['dealer'], true),
  { route: '/ticket/$id', users: ['dealer', 'internal'], url: (ids) => `/ticket/${ids.ticketId}`, tablet: true },
  // Order history: a dealer's orders and a subdealer's requests; the tracked demo shipment; a request.
  // (a subdealer's /storicoOrdine opens its requests, REQ).
  fixed('/storicoOrdine', ['subdealer']),
  { route: '/storicoOrdine/$idRichiesta', users: ['dealer'], url: () => '/storicoOrdine/ORD', tablet: true },
  {
    route: '/storicoOrdine/$idRichiesta/tracking/$wayBill',
    users: ['dealer'],
    url: () => '/storicoOrdine/ORD/tracking/BRT000000000001?slug=brt',
  },
  {
    route: '/storicoOrdine/$idRichiesta/request/$id/$desc',
    users: ['dealer'],
    url: (ids) => `/storicoOrdine/ORD/request/${ids.historyLine.id}/${enc(ids.historyLine.descRiga)}`,
    tablet: true,
  },
  // DAR/PDI checklists: the dealer's list, the new-checklist search, a checklist with its dialogs.
  fixed('/crDars', ['dealer'], true),
  { route: '/crDars/new/$tipo', users: ['dealer'], url: () => '/crDars/new/PDI', tablet: true },
  { route: '/crDars/$idh/head', users: ['dealer'], url: (ids) => `/crDars/${ids.checklist.id}/head` },
  { route: '/crDar/$idh', users: ['dealer'], url: (ids) => `/crDar/${ids.checklist.id}`, tablet: true },
  {
    route: '/crDar/$idh/line/$lineId',
    users: ['dealer'],
    url: (ids) => `/crDar/${ids.checklist.id}/line/${ids.checklist.lineId}`,
    tablet: true,
  },
  { route: '/crDar/$idh/head', users: ['dealer'], url: (ids) => `/crDar/${ids.checklist.id}/head`, tablet: true },
  // The shipping calculator of internal staff (tracks area).
  fixed('/spesespedizione', ['internal'], true),
  fixed('/visibilitamacchine', ['superdealer', 'internal']),
  {
    route: '/visibilitamacchine/$id/view',
    users: ['superdealer'],
    url: (ids) => `/visibilitamacchine/${ids.visibilityId}/view`,
  },
  {
    route: '/visibilitamacchine/new/$login',
    users: ['superdealer'],
    url: (ids) => `/visibilitamacchine/new/${ids.visibilityLogin}`,
  },
  {
    route: '/visibilitamacchine/$id/$login/edit',
    users: ['superdealer'],
    url: (ids) => `/visibilitamacchine/${ids.visibilityId}/${ids.visibilityLogin}/edit`,
  },
  {
    route: '/visibilitamacchine/$id/delete',
    users: ['superdealer'],
    url: (ids) => `/visibilitamacchine/${ids.visibilityId}/delete`,
  },
  ...entity('/crModellis', '/crModelli', ['manager'], (ids) => String(ids.crModelliId)),
  ...entity('/crDocumentis', '/crDocumenti', ['manager'], (ids) => String(ids.crDocumentiId)),
  ...entity('/crDocumentiFiles', '/crDocumentiFile', ['manager'], (ids) => String(ids.crDocumentiFileId)),
  ...entity('/crDocumentiModellis', '/crDocumentiModelli', ['manager'], (ids) => String(ids.crDocumentiModelliId)),
  ...entity('/crDarTemplateHeaders', '/crDarTemplateHeader', ['manager'], (ids) => String(ids.crDarTemplateHeaderId)),
  ...entity('/crDarTemplateLines', '/crDarTemplateLine', ['manager'], (ids) => String(ids.crDarTemplateLineId)),
  ...entity('/crDarHeaders', '/crDarHeader', ['manager'], (ids) => String(ids.crDarHeaderId)),
  ...entity('/crDarLines', '/crDarLine', ['manager'], (ids) => String(ids.crDarLineId)),
  // The download log is read-only: a list and a detail, no dialogs.
  fixed('/crDocumentiLogs', ['admin']),
  { route: '/crDocumentiLog/$id', users: ['admin'], url: (ids) => `/crDocumentiLog/${ids.crDocumentiLogId}` },
  // The ERP hand-back log is read-only too.
  fixed('/erpStoricoLogs', ['admin']),
  { route: '/erpStoricoLog/$id', users: ['admin'], url: (ids) => `/erpStoricoLog/${ids.erpLogId}` },
  // Cart and checkout.
  fixed('/cart', ['dealer', 'tracks'], true),
  fixed('/quick-order', ['dealer']),
  fixed('/cart/checkout', ['dealer']),
  fixed('/cart/request', ['subdealer']),
  fixed('/cart/import', ['superdealer']),
  fixed('/shipping-costs', ['admin']),
  // Administration entities.
  ...entity('/i18ns', '/i18n', ['admin'], (ids) => ids.i18n.map(enc).join('/'), '$textId/$localeId'),
  ...entity('/banners', '/banner', ['manager'], (ids) => String(ids.bannerId)),
  ...entity('/user-management', '/user', ['admin'], (ids) => ids.userLogin, '$login'),
  fixed('/catalogue-admin', ['admin']),
  ...entity('/articolo', '/articolo-detail', ['admin'], (ids) => String(ids.articleId)),
  ...entity('/marchio', '/marchio', ['admin'], (ids) => String(ids.marchioId)),
  ...entity('/categoria', '/categoria', ['admin'], (ids) => String(ids.categoriaId)),
  ...entity('/tipoCategoria', '/tipoCategoria', ['admin'], (ids) => String(ids.tipoCategoriaId)),
  ...entity('/articoloArticoloList', '/articoloArticolo', ['admin'], (ids) => String(ids.articoloArticoloId)),
  ...entity('/articoloEquivs', '/articoloEquiv', ['admin'], (ids) => String(ids.articoloEquivId)),
  ...entity('/comboVoci', '/comboVoci', ['admin'], (ids) => String(ids.comboVociId)),
  ...entity('/searchLogs', '/searchLog', ['admin'], (ids) => String(ids.searchLogId)),
];
