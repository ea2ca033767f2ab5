import fastifyCookie from '@fastify/cookie';
import { AUTHORITIES, type Authority, hasAnyAuthority, type ThemeArea, themeAllows } from '@ricambi/domain';
import Fastify, { type HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Access, registerAuth } from '../src/platform/auth.ts';
import { registerErrorHandling } from '../src/platform/errors.ts';
import { DEMO_USERS } from '../src/seed/demo.seed.ts';
import { createAgent, createTestApp, problemOf, type TestApp } from './test-app.ts';

/** Who opens the technical documents' library (DOCUMENT_LIBRARY_ROLES), written out. */
const MANAGER: Access = ['ROLE_MANAGER'];
/** Who compiles DAR/PDI checklists (CHECKLIST_ROLES), written out. */
const CHECKLIST: Access = ['ROLE_CR_USER'];
const DOCUMENT_LIBRARY: Access = ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_INTERNAL', 'ROLE_MANAGER'];
/** Who opens the order history (ORDER_HISTORY_ROLES), written out. */
const ORDER_HISTORY: Access = ['ROLE_CR_USER', 'ROLE_USER'];

/** The ERP's bearer token of the matrix's apps (ERP_TOKEN). */
const ERP_TOKEN = 'role-matrix-erp-token-0123456789';
/**
 * Machine-to-machine routes: 'public' to the session layer, they check their own bearer token and
 * answer 401 without it whoever is signed in (the header that opens them).
 */
const BEARER_ONLY: Record<string, Record<string, string>> = {
  'POST /api/erp/storicoordine': { authorization: `Bearer ${ERP_TOKEN}` },
};

/**
 * Every route under /api, /management, /v3 and /swagger-ui with the access it must have (DESIGN.md:
 * "A role matrix test covers every route"). A new route fails the first test until it is listed here.
 */
const ACCESS: Record<string, Access> = {
  'POST /api/authentication': 'public',
  'POST /api/logout': 'public',
  'POST /api/register': 'public',
  'GET /api/activate': 'public',
  'POST /api/account/reset_password/init': 'public',
  'POST /api/account/reset_password/finish': 'public',
  'GET /api/themes': 'public',
  'GET /management/health': 'public',
  'GET /management/health/readiness': 'public',
  'GET /api/account': 'authenticated',
  'POST /api/account': 'authenticated',
  'POST /api/account/change_password': 'authenticated',
  'GET /api/account/sessions': 'authenticated',
  'DELETE /api/account/sessions/:series': 'authenticated',
  'POST /api/themes-reload': ['ROLE_ADMIN'],
  // Monitoring pages (spec 1 §2.1: audits, configuration, logs, metrics are ROLE_ADMIN).
  'GET /api/audits': ['ROLE_ADMIN'],
  'GET /management/configprops': ['ROLE_ADMIN'],
  'GET /api/logs': ['ROLE_ADMIN'],
  'PUT /api/logs': ['ROLE_ADMIN'],
  'GET /api/metrics': ['ROLE_ADMIN'],
  'GET /management/prometheus': ['ROLE_ADMIN'],
  // The outbox's dead letters (issue 18): listed and queued again by administrators.
  'GET /api/outbox/failed': ['ROLE_ADMIN'],
  'POST /api/outbox/failed/:id/retry': ['ROLE_ADMIN'],
  // Act-as: GET and DELETE act on the session (204 when not acting); starting needs an act-as role.
  'GET /api/cart/select': 'authenticated',
  'POST /api/cart/select': ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL'],
  'DELETE /api/cart/select': 'authenticated',
  'GET /api/act-as/users': ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL'],
  // Translation texts (spec 2 §2): read by users, changed by administrators and managers.
  'GET /api/i18ns': ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/i18ns/:textId/:localeId': ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/i18ns': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'PUT /api/i18ns/:textId/:localeId': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'DELETE /api/i18ns/:textId/:localeId': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/i18n-texts/:localeId': 'public',
  // Banners (spec 1 §2.1, §6: managed by ROLE_MANAGER); shown to and acknowledged by any signed-in user.
  'GET /api/banners': ['ROLE_MANAGER'],
  'GET /api/banners/:id': ['ROLE_MANAGER'],
  'POST /api/banners': ['ROLE_MANAGER'],
  'PUT /api/banners/:id': ['ROLE_MANAGER'],
  'DELETE /api/banners/:id': ['ROLE_MANAGER'],
  'GET /api/banners/types': 'authenticated',
  'GET /api/banners/active': 'authenticated',
  'POST /api/banners/checked': 'authenticated',
  // User management (spec 1 §2.1 ROLE_MANAGER; administrators too, docs/decisions.md "Administration").
  'GET /api/users': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'POST /api/users': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/:login': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'PUT /api/users/:login': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'DELETE /api/users/:login': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'PUT /api/users/:login/activated': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/search': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/search/byLogin': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/searchBasic/byLoginOrEmailOrCompany': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/authorities': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/temi': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/temipdf': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/logiche': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'GET /api/users/login': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'POST /api/users/import/preview': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'POST /api/users/updateList': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  // Read by the machine area's visibility screens too (spec 2 §2: internal staff, superdealers).
  'GET /api/users/searchSuperdealers': ['ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_CR_INTERNAL'],
  'GET /api/users/subdealers': ['ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'],
  'GET /api/users/getstato': 'authenticated',
  // Article searches and the article page (spec 1 §2.1: ROLE_USER).
  'GET /api/search/full': ['ROLE_USER'],
  'GET /api/search/byId': ['ROLE_USER'],
  'GET /api/articolo/:id/detail': ['ROLE_USER'],
  'GET /api/articolo/:id/images': ['ROLE_USER'],
  'GET /api/articolo/:id/images/:name': ['ROLE_USER'],
  'GET /api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita': ['ROLE_USER'],
  'GET /api/marchio/search/findByModelloAndVariante': ['ROLE_USER'],
  'GET /api/articolo/search/distinctTag2ByMarchioId': ['ROLE_USER'],
  'GET /api/articolo/search/distinctTag3ByMarchioIdAndTag2': ['ROLE_USER'],
  'GET /api/articolo/search/findByMarchioIdAndTag2AndTag3': ['ROLE_USER'],
  'GET /api/articolo/search/distinctTag1': ['ROLE_USER'],
  'GET /api/articolo/search/distinctTag2ByTag1': ['ROLE_USER'],
  'GET /api/articolo/search/distinctTag3ByTag1AndTag2': ['ROLE_USER'],
  'GET /api/articolo/search/distinctTag6ByTag1AndTag2AndTag3': ['ROLE_USER'],
  'GET /api/articolo/search/findByTag1AndTag2AndTag3AndTag6': ['ROLE_USER'],
  // Catalogue master data (spec 3 §2, §7): maintained by administrators and managers (docs/decisions.md).
  'GET /api/tipoCategoria': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/tipoCategoria/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/tipoCategoria': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'PUT /api/tipoCategoria/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'DELETE /api/tipoCategoria/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/categoria': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/categoria/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/categoria': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'PUT /api/categoria/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'DELETE /api/categoria/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/marchio': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/marchio/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/marchio': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'PUT /api/marchio/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'DELETE /api/marchio/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/articolo': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/articolo/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/articolo': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'PUT /api/articolo/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'DELETE /api/articolo/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/articoloArticolo': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/articoloArticolo/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/articoloArticolo': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'PUT /api/articoloArticolo/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'DELETE /api/articoloArticolo/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/articoloEquiv': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/articoloEquiv/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/articoloEquiv': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'PUT /api/articoloEquiv/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'DELETE /api/articoloEquiv/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/comboVoci': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/comboVoci/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/comboVoci': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'PUT /api/comboVoci/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'DELETE /api/comboVoci/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  // The search log holds user names and addresses: managers read it, administrators change it.
  'GET /api/searchLogs': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'GET /api/searchLogs/:id': ['ROLE_ADMIN', 'ROLE_MANAGER'],
  'POST /api/searchLogs': ['ROLE_ADMIN'],
  'PUT /api/searchLogs/:id': ['ROLE_ADMIN'],
  'DELETE /api/searchLogs/:id': ['ROLE_ADMIN'],
  // Relations read by the article page; where-used only for staff (spec 1 §6).
  'GET /api/articoloArticolo/search/byPadreId/:id': ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_INTERNAL', 'ROLE_USER'],
  'GET /api/articoloArticolo/search/byPadreIdAndOrigine/:id': [
    'ROLE_ADMIN',
    'ROLE_MANAGER',
    'ROLE_INTERNAL',
    'ROLE_USER',
  ],
  'GET /api/articoloArticolo/search/byFiglioId/:id': ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_INTERNAL'],
  'GET /api/articoloArticolo/search/info/:id': ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_INTERNAL', 'ROLE_USER'],
  'GET /api/articoloEquiv/byArticoloId/:id': ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_INTERNAL', 'ROLE_USER'],
  // Catalogue maintenance (issue 4): stock and price import, search data rebuild (spec 1 §7).
  'POST /api/articolo-stock/import/preview': ['ROLE_ADMIN'],
  'POST /api/articolo-stock/import': ['ROLE_ADMIN'],
  'GET /api/articolo-stock/template.csv': ['ROLE_ADMIN'],
  'GET /api/reindex': ['ROLE_ADMIN'],
  'GET /api/reindex/all': ['ROLE_ADMIN'],
  // Orders (issue 5): checkout for ROLE_USER / ROLE_CR_USER (subdealers refused inside), requests for
  // subdealers, import for superdealers, the tariff for managers and administrators.
  'GET /api/cart/spesespedizione': ['ROLE_CART'],
  'POST /api/cart/send': ['ROLE_USER', 'ROLE_CR_USER'],
  'POST /api/cart/sendrequest': ['ROLE_CR_SUBDEALER'],
  'PUT /api/cart/update': ['ROLE_CART'],
  'GET /api/cart/import': ['ROLE_CR_SUPERDEALER'],
  'GET /api/combovoci/stati': 'authenticated',
  'GET /api/combovoci/provincie/:c': 'authenticated',
  'GET /api/combovoci/problemi': 'authenticated',
  'GET /api/combovoci/problemiSegnalati': 'authenticated',
  'GET /api/combovoci/collocazioneProblema': 'authenticated',
  'GET /api/combovoci/settori': 'authenticated',
  'GET /api/combovoci/lingue': 'authenticated',
  'GET /api/combovoci/lingue/': 'authenticated',
  'GET /api/combovoci/categorie/:type': 'authenticated',
  'GET /api/messainstradas/search': ['ROLE_CR_USER'],
  'GET /api/messainstrada/get': ['ROLE_CR_USER'],
  'POST /api/messainstrada': ['ROLE_CR_USER'],
  'POST /api/messainstrada/salvaallegato/:matricola': ['ROLE_CR_USER'],
  'POST /api/messainstrada/cancellaallegato': ['ROLE_CR_USER'],
  'POST /api/messainstrada/scaricaallegato': ['ROLE_CR_USER'],
  'GET /api/messainstrada/scaricaallegato/:name/download': ['ROLE_CR_USER'],
  'GET /api/messainstrada/scaricaallegato/:name/thumbnail': ['ROLE_CR_USER'],
  'GET /api/messainstrada/pdf/:matricola': ['ROLE_CR_USER'],
  // Warranty requests (spec 2 §2, §6; issue 12 §5): dealers file and change them, the back office
  // (ROLE_CR_INTERNAL) reads every dealer's and moves them on.
  'GET /api/richiestagaranzias/search': ['ROLE_CR_USER', 'ROLE_CR_INTERNAL'],
  'GET /api/richiestagaranzia/get/:matricola/:numero': ['ROLE_CR_USER', 'ROLE_CR_INTERNAL'],
  'GET /api/richiestagaranzia/gg': ['ROLE_CR_USER', 'ROLE_CR_INTERNAL'],
  'GET /api/richiestagaranzia/componenti': ['ROLE_CR_USER'],
  'POST /api/richiestagaranzia': ['ROLE_CR_USER'],
  'DELETE /api/richiestagaranzia/:matricola/:numero/:lang': ['ROLE_CR_USER'],
  'POST /api/richiestagaranzia/salvaallegato/:matricola/:date/:numero': ['ROLE_CR_USER'],
  'POST /api/richiestagaranzia/cancellaallegato': ['ROLE_CR_USER'],
  'POST /api/richiestagaranzia/scaricaallegato': ['ROLE_CR_USER', 'ROLE_CR_INTERNAL'],
  'GET /api/richiestagaranzia/scaricaallegato/:name/download': ['ROLE_CR_USER', 'ROLE_CR_INTERNAL'],
  'GET /api/richiestagaranzia/scaricaallegato/:name/thumbnail': ['ROLE_CR_USER', 'ROLE_CR_INTERNAL'],
  'GET /api/richiestagaranzia/pdf/:matricola/:date/:numero': ['ROLE_CR_USER', 'ROLE_CR_INTERNAL'],
  'PUT /api/richiestagaranzia/:matricola/:numero/stato': ['ROLE_CR_INTERNAL'],
  // Support tickets (spec 2 §2, §6; issue 14): customers (ROLE_USER, ROLE_CR_USER) open and follow
  // theirs, the help desk (ROLE_INTERNAL, which holds ROLE_USER too) reads every one and alone sets the status.
  'GET /api/sysaid': ['ROLE_USER', 'ROLE_CR_USER'],
  'GET /api/sysaid/count': ['ROLE_USER', 'ROLE_CR_USER'],
  'GET /api/sysaid/matricole': ['ROLE_USER', 'ROLE_CR_USER'],
  'GET /api/sysaid/:id': ['ROLE_USER', 'ROLE_CR_USER'],
  'POST /api/sysaid': ['ROLE_USER', 'ROLE_CR_USER'],
  'PUT /api/sysaid': ['ROLE_INTERNAL'],
  'POST /api/sysaid/addticketnote': ['ROLE_USER', 'ROLE_CR_USER'],
  'POST /api/sysaid/addticketfile/:id': ['ROLE_USER', 'ROLE_CR_USER'],
  'GET /api/sysaid/download/:id/:fileId': ['ROLE_USER', 'ROLE_CR_USER'],
  'GET /api/sysaid/download/:id/:fileId/thumbnail': ['ROLE_USER', 'ROLE_CR_USER'],
  'GET /api/sysaid/downloadpdf/:id/:lang': ['ROLE_USER', 'ROLE_CR_USER'],
  // The shipping calculator (spec 2 §2, §6: ROLE_INTERNAL; theme area tracks).
  'GET /api/speseSpedizione': ['ROLE_INTERNAL'],
  'GET /api/speseSpedizione/tariffario': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'POST /api/speseSpedizione/tariffario/preview': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  'POST /api/speseSpedizione/tariffario': ['ROLE_MANAGER', 'ROLE_ADMIN'],
  // Cart (issue 5, spec 1 §6 ROLE_CART): the effective user's cart, quick order and saved carts.
  'GET /api/cartitem': ['ROLE_CART'],
  'POST /api/cartitem': ['ROLE_CART'],
  'PUT /api/cartitem': ['ROLE_CART'],
  'DELETE /api/cartitem/:id': ['ROLE_CART'],
  'GET /api/cartkind': ['ROLE_CART'],
  'GET /api/cartaddress': ['ROLE_CART'],
  'POST /api/cartutil/cartall': ['ROLE_CART'],
  'DELETE /api/cartutil/cartall': ['ROLE_CART'],
  'GET /api/cart/download/csv/:lang': ['ROLE_CART'],
  'POST /api/cartutil/quick/preview': ['ROLE_CART'],
  'POST /api/cartutil/quick/preview-file': ['ROLE_CART'],
  'GET /api/savedcarts': ['ROLE_CART'],
  'POST /api/savedcarts': ['ROLE_CART'],
  'POST /api/savedcarts/:id/load': ['ROLE_CART'],
  'DELETE /api/savedcarts/:id': ['ROLE_CART'],
  // Machines and catalogues (issue 6, spec 2 §2, §6): the machine area; refresh for internal staff,
  // the item page for CR users.
  'GET /api/machine/full': ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'],
  'GET /api/machine/dealer': ['ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'],
  'GET /api/machine/finegaranzia': ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'],
  'GET /api/machine/byId': ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'],
  'GET /api/catalogo/:id/:matricola': ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'],
  'PUT /api/catalogo/:id': ['ROLE_CR_INTERNAL'],
  'GET /api/catalogo/refreshall/:crCodice': ['ROLE_CR_INTERNAL'],
  'GET /api/catalogo/estraiCatalogo/:serial': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/catalogo/resource-dot/:drawing.png': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/catalogo/resource-dot/:drawing.json': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/righecatalogo/:crId/bylevel/:level': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/righecatalogo/:crId/byitem/:itemPrec': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/righecatalogo/list': ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'],
  // Catalogue PDFs (issue 6 §5): whoever opens the catalogue; the machine must be visible (404 otherwise).
  'GET /api/catalogo/:id/pdf/download/:rigItemOrLang/:lang': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/catalogo/:id/pdf/download/:rigItemOrLang': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/esisteCatalogo/:idMatricola': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/catalogo/download/:idMatricola': [
    'ROLE_CR_USER',
    'ROLE_CR_SUBDEALER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
  ],
  'GET /api/crarticolo/': ['ROLE_CR_USER'],
  'GET /api/crarticolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita': ['ROLE_CR_USER'],
  // Where used (spec 2 §6: internal staff), sub-dealer visibility (superdealers and internal staff;
  // the dealer picker for internal staff only) and machine models (managers), issue 6.
  'GET /api/whereused/search': ['ROLE_CR_INTERNAL'],
  'GET /api/whereused/download/csv/:term/:type': ['ROLE_CR_INTERNAL'],
  'GET /api/visibilitamacchine': ['ROLE_CR_SUPERDEALER', 'ROLE_CR_INTERNAL'],
  'GET /api/visibilitamacchine/download/csv': ['ROLE_CR_SUPERDEALER', 'ROLE_CR_INTERNAL'],
  'GET /api/visibilitamacchine/dealers': ['ROLE_CR_INTERNAL'],
  'GET /api/visibilitamacchine/:id': ['ROLE_CR_SUPERDEALER', 'ROLE_CR_INTERNAL'],
  'POST /api/visibilitamacchine': ['ROLE_CR_SUPERDEALER', 'ROLE_CR_INTERNAL'],
  'PUT /api/visibilitamacchine/:id': ['ROLE_CR_SUPERDEALER', 'ROLE_CR_INTERNAL'],
  'DELETE /api/visibilitamacchine/:id': ['ROLE_CR_SUPERDEALER', 'ROLE_CR_INTERNAL'],
  'GET /api/crModellis': ['ROLE_MANAGER'],
  'GET /api/crModellis/name': ['ROLE_MANAGER'],
  'GET /api/crModellis/:id': ['ROLE_MANAGER'],
  'POST /api/crModellis': ['ROLE_MANAGER'],
  'PUT /api/crModellis/:id': ['ROLE_MANAGER'],
  'DELETE /api/crModellis/:id': ['ROLE_MANAGER'],
  // Technical documents (issue 13, spec 2 §2, §6, spec 3 §5): the library for dealers, sub-dealers,
  // internal staff and managers (DOCUMENT_LIBRARY_ROLES, docs/decisions.md); documents, their files
  // and model rows for managers; the download log, read-only, for administrators.
  'GET /api/combovoci/marchi': 'authenticated',
  'GET /api/crDocumentistree': DOCUMENT_LIBRARY,
  'GET /api/documenti/albero': DOCUMENT_LIBRARY,
  'GET /api/documenti/search': DOCUMENT_LIBRARY,
  'GET /api/crDocumentiFilesByIdAndLingua': DOCUMENT_LIBRARY,
  'GET /api/geticon/:nomeFileFisico': DOCUMENT_LIBRARY,
  'POST /api/documenti/download/:id': DOCUMENT_LIBRARY,
  'GET /api/documenti/download': DOCUMENT_LIBRARY,
  'POST /api/crDocumentiFiles/upload': ['ROLE_MANAGER'],
  'GET /api/crDocumentis': ['ROLE_MANAGER'],
  'GET /api/crDocumentis/:id': ['ROLE_MANAGER'],
  'POST /api/crDocumentis': ['ROLE_MANAGER'],
  'PUT /api/crDocumentis/:id': ['ROLE_MANAGER'],
  'DELETE /api/crDocumentis/:id': ['ROLE_MANAGER'],
  'GET /api/crDocumentiModellis': ['ROLE_MANAGER'],
  'GET /api/crDocumentiModellis/:id': ['ROLE_MANAGER'],
  'POST /api/crDocumentiModellis': ['ROLE_MANAGER'],
  'PUT /api/crDocumentiModellis/:id': ['ROLE_MANAGER'],
  'DELETE /api/crDocumentiModellis/:id': ['ROLE_MANAGER'],
  'GET /api/crDocumentiFiles': ['ROLE_MANAGER'],
  'GET /api/crDocumentiFiles/:id': ['ROLE_MANAGER'],
  'POST /api/crDocumentiFiles': ['ROLE_MANAGER'],
  'PUT /api/crDocumentiFiles/:id': ['ROLE_MANAGER'],
  'DELETE /api/crDocumentiFiles/:id': ['ROLE_MANAGER'],
  'GET /api/crDocumentiLogs': ['ROLE_ADMIN'],
  'GET /api/crDocumentiLogs/:id': ['ROLE_ADMIN'],
  // Order history (issue 16, spec 2 §2, §6: ROLE_CR_USER, ROLE_USER; the kinds a user has are checked
  // inside); the ERP's hand-back authenticates by its own bearer token (BEARER_ONLY).
  'GET /api/storicoordine/:idRichiesta': ORDER_HISTORY,
  'POST /api/storicoordine/id': ORDER_HISTORY,
  'GET /api/storicoordine/tracking/:wayBill': ORDER_HISTORY,
  'GET /api/storicoordine/isArticoloGestito/': ORDER_HISTORY,
  'GET /api/storicoordine/isArticoloGestito': ORDER_HISTORY,
  'POST /api/storicoordine/sendrequest': ORDER_HISTORY,
  'POST /api/storicoordine/riordina': ORDER_HISTORY,
  'GET /api/storicoordine/download/csv/:idRichiesta': ORDER_HISTORY,
  'GET /api/storicoordine/pdf/:lang/:idRichiesta/:id': ORDER_HISTORY,
  'POST /api/erp/storicoordine': 'public',
  'GET /api/erpStoricoLogs': ['ROLE_ADMIN'],
  'GET /api/erpStoricoLogs/:id': ['ROLE_ADMIN'],
  // Their administration on the entity kit (spec 3 §2, §6: ROLE_MANAGER), and a template's new version.
  ...Object.fromEntries(
    ['crDarTemplateHeaders', 'crDarTemplateLines', 'crDarHeaders', 'crDarLines'].flatMap((e) => [
      [`GET /api/${e}`, MANAGER],
      [`POST /api/${e}`, MANAGER],
      [`GET /api/${e}/:id`, MANAGER],
      [`PUT /api/${e}/:id`, MANAGER],
      [`DELETE /api/${e}/:id`, MANAGER],
    ]),
  ),
  'POST /api/crDarTemplateHeaders/:id/newVersion': MANAGER,
  // DAR/PDI checklists (issue 15, spec 3 §2, §6): dealers compile their own.
  'GET /api/crDars/headers': CHECKLIST,
  'GET /api/crDars/search': CHECKLIST,
  'GET /api/crDars/:id': CHECKLIST,
  'GET /api/crDars/lines/:id': CHECKLIST,
  'GET /api/crDarHeaders/active/:matricola': CHECKLIST,
  'POST /api/crDarHeadersLines': CHECKLIST,
  'PUT /api/crDars/lines/:id': CHECKLIST,
  'POST /api/crDars/uploadfile': CHECKLIST,
  'GET /api/crDars/scaricafile/:name/download': CHECKLIST,
  'GET /api/crDars/thumbnail/:name': CHECKLIST,
  'POST /api/crDars/cancellafile': CHECKLIST,
  'PUT /api/crDars': CHECKLIST,
  'GET /api/crDars/downloadpdf/:id/:lang': CHECKLIST,
  'GET /v3/api-docs': ['ROLE_ADMIN'],
  'GET /swagger-ui': ['ROLE_ADMIN'],
  'GET /swagger-ui/': ['ROLE_ADMIN'],
  'GET /swagger-ui/static/index.html': ['ROLE_ADMIN'],
  'GET /swagger-ui/static/swagger-initializer.js': ['ROLE_ADMIN'],
  // The Swagger UI library's own CSS and JS (served by @fastify/static without the UI hooks); the
  // page, its initializer and the API document above stay admin-only.
  'GET /swagger-ui/static/*': 'public',
  'GET /swagger-ui/json': ['ROLE_ADMIN'],
  'GET /swagger-ui/yaml': ['ROLE_ADMIN'],
};

const MATRIX_PREFIXES = ['/api', '/management', '/v3', '/swagger-ui'];

/**
 * The routes of a built app, from `printRoutes()` (its tree: each line adds a segment to its
 * parent's path, 4 characters of indentation per level). HEAD twins of GET routes are left out.
 * The tree drops the static part before a wildcard (`/swagger-ui/static/*` prints as `/swagger-ui/*`),
 * so wildcard routes are compared by count and checked with hasRoute.
 */
const registeredRoutes = (tree: string) => {
  const routes: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (depth > 0 ? (paths[depth - 1] ?? '') : '') + (match[2] ?? '');
    paths.length = depth;
    paths[depth] = url;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${url}`);
    }
  }
  return routes.filter((r) => MATRIX_PREFIXES.some((p) => r.split(' ')[1]?.startsWith(p))).sort();
};

/** A concrete URL for a route pattern. */
const concrete = (url: string) => url.replace(/:\w+/g, 'unknown-value').replace(/\*$/, 'swagger-ui.css');

const entries = Object.entries(ACCESS).map(([route, access]) => {
  const [method = 'GET', url = '/'] = route.split(' ');
  return { route, method: method as HTTPMethods, url: concrete(url), access };
});
const nonPublic = entries.filter((e) => e.access !== 'public');
const restricted = entries.flatMap((e) => (Array.isArray(e.access) ? [{ ...e, roles: e.access as Authority[] }] : []));

describe('role matrix', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ERP_TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every registered /api, /management, /v3 and /swagger-ui route', () => {
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(10);
    for (const route of Object.keys(ACCESS)) {
      const [method, url] = route.split(' ') as [HTTPMethods, string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
    expect(registered.filter((r) => !r.endsWith('*'))).toEqual(
      Object.keys(ACCESS)
        .filter((r) => !r.endsWith('*'))
        .sort(),
    );
    expect(registered).toHaveLength(Object.keys(ACCESS).length);
  });

  it.each(nonPublic.map((e) => [e.route, e] as const))('anonymous %s -> 401', async (_, e) => {
    const response = await t.agent().request(e.method, e.url);
    expect(response.statusCode).toBe(401);
    expect(problemOf(response).message).toBe('error.http.401');
  });

  it.each(entries.filter((e) => e.access === 'public').map((e) => [e.route, e] as const))(
    'anonymous %s is let through',
    async (_, e) => {
      const response = await t.agent().request(e.method, e.url, { headers: BEARER_ONLY[e.route] });
      expect([401, 403]).not.toContain(response.statusCode);
    },
  );

  it.each(Object.keys(BEARER_ONLY))('%s answers 401 without its bearer token, signed in or not', async (route) => {
    const [method, url] = route.split(' ') as [HTTPMethods, string];
    expect(ACCESS[route]).toBe('public');
    const admin = await t.createUser({ authorities: [...AUTHORITIES] });
    for (const agent of [t.agent(), await t.signIn(admin.login, admin.password)]) {
      const response = await agent.request(method, url, { headers: { authorization: 'Bearer not-the-token' } });
      expect(response.statusCode).toBe(401);
      expect(problemOf(response).message).toBe('error.http.401');
      expect((await agent.request(method, url)).statusCode).toBe(401);
    }
  });

  it('lets a signed-in user without any authority through every "authenticated" route', async () => {
    const user = await t.createUser({ authorities: [] });
    const agent = await t.signIn(user.login, user.password);
    for (const e of entries.filter((x) => x.access === 'authenticated')) {
      const response = await agent.request(e.method, e.url);
      expect([401, 403], e.route).not.toContain(response.statusCode);
    }
  });

  it.each(restricted.map((e) => [e.route, e] as const))(
    '%s: 403 for a user holding every other authority, allowed for a holder of the role',
    async (_, e) => {
      const others = AUTHORITIES.filter((a) => !e.roles.includes(a));
      const without = await t.createUser({ authorities: others });
      const denied = await (await t.signIn(without.login, without.password)).request(e.method, e.url);
      expect(denied.statusCode).toBe(403);
      expect(problemOf(denied).message).toBe('error.http.403');

      for (const role of e.roles) {
        const holder = await t.createUser({ authorities: [role] });
        const allowed = await (await t.signIn(holder.login, holder.password)).request(e.method, e.url);
        expect([401, 403]).not.toContain(allowed.statusCode);
      }
    },
  );

  it('serves the OpenAPI document to an administrator', async () => {
    const admin = await t.createUser({ authorities: ['ROLE_ADMIN'] });
    const response = await (await t.signIn(admin.login, admin.password)).get('/v3/api-docs');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/account', '/api/authentication']));
  });
});

describe('role matrix for the demo users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  // Signing out would end the agent's session half-way; logout is public and covered above.
  const calls = entries.filter((e) => e.route !== 'POST /api/logout');

  it.each(DEMO_USERS.map((u) => [u.login, u] as const))(
    '%s gets exactly the routes its authorities allow',
    async (login, user) => {
      const agent = await t.signIn(login);
      const theme = t.themes.resolve('localhost', user.tema ?? null);
      for (const e of calls) {
        const area = t.routeAreas.get(e.route);
        const themeAllowed = !area || !theme || themeAllows(theme, area);
        const allowed = (typeof e.access === 'string' || hasAnyAuthority(user.authorities, e.access)) && themeAllowed;
        const response = await agent.request(e.method, e.url);
        // A session never opens a bearer-only route (no ERP_TOKEN here: closed to everyone).
        if (BEARER_ONLY[e.route]) expect(response.statusCode, `${login} ${e.route}`).toBe(401);
        else if (allowed) expect([401, 403], `${login} ${e.route}`).not.toContain(response.statusCode);
        else expect(response.statusCode, `${login} ${e.route}`).toBe(403);
      }
    },
  );
});

describe('routes must declare their access', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops buildApp from starting when a plugin adds an /api route without config.access', async () => {
    const built = await buildApp({ config: t.config, database: t.database, log: t.log });
    try {
      built.app.register(async (app) => {
        app.get('/api/orders', async () => ({}));
      });
      await expect(built.app.ready()).rejects.toThrow('Route GET /api/orders declares no access');
    } finally {
      await built.app.close().catch(() => undefined);
    }
  });

  it.each(['/api/x', '/management/x', '/v3/x', '/api'])('registerAuth refuses %s without access', async (url) => {
    const app = Fastify();
    registerAuth(app, t.db, t.config);
    app.register(async (scope) => {
      scope.post(url, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(`Route POST ${url} declares no access`);
    await app.close().catch(() => undefined);
  });

  it('registerAuth accepts declared routes, and routes outside the API without access', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    registerErrorHandling(app);
    registerAuth(app, t.db, t.config);
    app.register(async (scope) => {
      scope.get('/api/declared', { config: { access: 'authenticated' } }, async () => ({}));
      scope.get('/assets/logo.svg', async () => 'svg');
    });
    await expect(app.ready()).resolves.toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/api/declared' })).statusCode).toBe(401);
    await app.close();
  });
});

describe('theme areas (spec 2 §1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const withAreaRoutes = async () => {
    const built = await buildApp({ config: t.config, database: t.database, log: t.log });
    built.app.register(async (app) => {
      for (const area of ['parts', 'tracks'] as ThemeArea[]) {
        app.get(`/api/area-probe/${area}`, { config: { access: 'authenticated', area } }, async () => ({ area }));
      }
    });
    await built.app.ready();
    return built;
  };

  it('refuses a route of an area the theme of the user lacks with 403, and lets the other through', async () => {
    const built = await withAreaRoutes();
    try {
      expect([...built.routeAreas]).toEqual(
        expect.arrayContaining([
          ['GET /api/area-probe/parts', 'parts'],
          ['GET /api/area-probe/tracks', 'tracks'],
        ]),
      );
      const agent = createAgent(built.app);
      expect((await agent.login('tracks', 'tracks')).statusCode).toBe(200);
      const parts = await agent.get('/api/area-probe/parts');
      expect(parts.statusCode).toBe(403);
      expect(problemOf(parts).message).toBe('error.http.403');
      expect((await agent.get('/api/area-probe/tracks')).statusCode).toBe(200);

      const dealer = createAgent(built.app);
      expect((await dealer.login('dealer', 'dealer')).statusCode).toBe(200);
      expect((await dealer.get('/api/area-probe/parts')).statusCode).toBe(200);
      expect((await dealer.get('/api/area-probe/tracks')).statusCode).toBe(200);
    } finally {
      await built.app.close();
    }
  });

  it('decides by the host name first: a dealer on the tracks host is refused the parts area', async () => {
    const built = await withAreaRoutes();
    try {
      const dealer = createAgent(built.app);
      await dealer.login('dealer', 'dealer');
      const onTracks = await dealer.get('/api/area-probe/parts', { headers: { host: 'tracks.localhost' } });
      expect(onTracks.statusCode).toBe(403);
      const onParts = await dealer.get('/api/area-probe/parts', { headers: { host: 'parts.localhost:8080' } });
      expect(onParts.statusCode).toBe(200);
    } finally {
      await built.app.close();
    }
  });

  it('asks for sign-in before it looks at the theme', async () => {
    const built = await withAreaRoutes();
    try {
      expect((await createAgent(built.app).get('/api/area-probe/parts')).statusCode).toBe(401);
    } finally {
      await built.app.close();
    }
  });
});
