import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { DEMO_BANNERS } from '../apps/server/src/seed/demo-banners.seed.ts';
import { A11Y_PAGES, type A11yPage, type A11yUser, type DemoIds } from './support/a11y-routes.ts';
import { axeViolations } from './support/axe.ts';
import { E2E_PORT } from './support/paths.ts';
import { dismissBannersWhenShown } from './support/ui.ts';

// Issue 11 §5: zero axe violations of any impact (every rule axe runs by default, best practices
// included, plus target-size) on every route of the route table, as each demo user who opens it,
// once settled; the main dealer pages also at 768 px. The Swagger UI inside /docs is third-party.

// The sweeps of the users are independent and long: spread over the workers, not one after the other.
test.describe.configure({ mode: 'parallel' });

const json = async <T>(api: APIRequestContext, url: string): Promise<T> => {
  const response = await api.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
};

const xsrf = async (api: APIRequestContext) =>
  (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

const first = async <T>(api: APIRequestContext, url: string): Promise<T> => {
  const [row] = await json<T[]>(api, url);
  expect(row, `no row at ${url}`).toBeDefined();
  return row as T;
};

type ChecklistNodeLite = { line: { id: number; tipoRiga: string }; figli: ChecklistNodeLite[] };

/** A demo checklist of the dealer's still being compiled, and its first question. */
const demoChecklist = async (dealer: APIRequestContext) => {
  const { id } = await first<Id>(dealer, `/api/crDars/headers?stato=${encodeURIComponent('In Corso')}&size=1`);
  const tree = await json<ChecklistNodeLite[]>(dealer, `/api/crDars/lines/${id}`);
  const questions = (nodes: ChecklistNodeLite[]): ChecklistNodeLite[] =>
    nodes.flatMap((n) => [...(n.line.tipoRiga === 'D' ? [n] : []), ...questions(n.figli)]);
  const [question] = questions(tree);
  expect(question, 'the demo checklist has a question').toBeDefined();
  return { id, lineId: (question as ChecklistNodeLite).line.id };
};

/** The first row of a list; when the demo data holds none, one is created first. */
const firstOrCreate = async <T>(api: APIRequestContext, url: string, data: object): Promise<T> => {
  const rows = await json<T[]>(api, `${url}?size=1`);
  if (rows[0]) return rows[0];
  const created = await api.post(url, { data, headers: { 'X-XSRF-TOKEN': await xsrf(api) } });
  if (created.status() === 201) return (await created.json()) as T;
  // The sweeps run in parallel: another worker may have created the same row meanwhile.
  const [made] = await json<T[]>(api, `${url}?size=1`);
  expect(made, await created.text()).toBeDefined();
  return made as T;
};

type Value = { value: string };
type Id = { id: number };

let ids: DemoIds | undefined;

/** Path parameters from the demo data, read once through the API as the users who may read them. */
type IdReader = 'dealer' | 'admin' | 'manager' | 'superdealer';

const demoIds = async (users: Record<IdReader, APIRequestContext>) => {
  if (ids) return ids;
  const { dealer, admin, manager, superdealer } = users;
  const [article] = await json<Id[]>(dealer, '/api/search/full?term=1.0121.818.8&size=1');
  const [machine] = await json<(Id & { mtMatricola: string })[]>(dealer, '/api/machine/full?term=ec35a00001&size=1');
  const brand = await first<Id>(dealer, '/api/marchio/search/findByModelloAndVariante');
  const model = await first<Value>(dealer, `/api/articolo/search/distinctTag2ByMarchioId?marchioId=${brand.id}`);
  const variant = await first<Value>(
    dealer,
    `/api/articolo/search/distinctTag3ByMarchioIdAndTag2?marchioId=${brand.id}&tag2=${encodeURIComponent(model.value)}`,
  );
  const tag1 = await first<Value>(dealer, '/api/articolo/search/distinctTag1');
  const tag2 = await first<Value>(dealer, `/api/articolo/search/distinctTag2ByTag1?tag1=${tag1.value}`);
  const tag3 = await first<Value>(
    dealer,
    `/api/articolo/search/distinctTag3ByTag1AndTag2?tag1=${tag1.value}&tag2=${tag2.value}`,
  );
  const tag6 = await first<Value>(
    dealer,
    `/api/articolo/search/distinctTag6ByTag1AndTag2AndTag3?tag1=${tag1.value}&tag2=${tag2.value}&tag3=${tag3.value}`,
  );
  const machineArticle = await first<Id>(admin, '/api/articolo?size=1&sort=id,asc');
  // A free search by a user writes the search log (after answering: awaited until it shows).
  await json(admin, '/api/search/full?term=filtro&size=1');
  await expect.poll(async () => (await json<Id[]>(admin, '/api/searchLogs?size=1')).length).toBeGreaterThan(0);
  const searchLog = await first<Id>(admin, '/api/searchLogs?size=1');
  const i18n = await firstOrCreate<{ textId: string; localeId: string }>(admin, '/api/i18ns', {
    textId: 'a11y.sample.text',
    localeId: 'it',
    text: 'Testo di prova',
  });
  const combo = await firstOrCreate<Id>(admin, '/api/comboVoci', {
    tipo: 'a11y',
    chiave: 'sample',
    descrizione: { it: 'Voce di prova', en: 'Sample entry', fr: 'Entrée', de: 'Eintrag', es: 'Entrada' },
    ordine: 1,
  });
  const visibility = await first<Id & { login: string }>(superdealer, '/api/visibilitamacchine?size=1');
  // A download writes the documents' log, which the demo data leaves empty.
  const documentFile = await first<Id>(manager, '/api/crDocumentiFiles?size=1');
  expect((await manager.get(`/api/documenti/download?id=${documentFile.id}`)).status()).toBe(200);
  await expect.poll(async () => (await json<Id[]>(admin, '/api/crDocumentiLogs?size=1')).length).toBeGreaterThan(0);
  const warranty = await first<{ id: { matricola: string; numeroRichiesta: number } }>(
    dealer,
    '/api/richiestagaranzias/search?stato=TUTTE&size=1',
  );
  ids = {
    articleId: article?.id ?? 0,
    machineArticleId: machineArticle.id,
    machineId: machine?.id ?? 0,
    serial: machine?.mtMatricola ?? '',
    brandId: brand.id,
    model: model.value,
    variant: variant.value,
    dimensions: [tag1.value, tag2.value, tag3.value, tag6.value],
    bannerId: (await first<Id>(manager, '/api/banners?size=1')).id,
    userLogin: 'dealer',
    i18n: [i18n.textId, i18n.localeId],
    tipoCategoriaId: (await first<Id>(admin, '/api/tipoCategoria?size=1')).id,
    categoriaId: (await first<Id>(admin, '/api/categoria?size=1')).id,
    marchioId: (await first<Id>(admin, '/api/marchio?size=1')).id,
    articoloArticoloId: (await first<Id>(admin, '/api/articoloArticolo?size=1')).id,
    articoloEquivId: (await first<Id>(admin, '/api/articoloEquiv?size=1')).id,
    searchLogId: searchLog.id,
    comboVociId: combo.id,
    crModelliId: (await first<Id>(manager, '/api/crModellis?size=1')).id,
    crDocumentiId: (await first<Id>(manager, '/api/crDocumentis?size=1')).id,
    crDocumentiFileId: documentFile.id,
    crDocumentiModelliId: (await first<Id>(manager, '/api/crDocumentiModellis?size=1')).id,
    crDocumentiLogId: (await first<Id>(admin, '/api/crDocumentiLogs?size=1')).id,
    erpLogId: (await first<Id>(admin, '/api/erpStoricoLogs?size=1')).id,
    visibilityId: visibility.id,
    visibilityLogin: visibility.login,
    warrantySerial: warranty.id.matricola,
    warrantyNumero: warranty.id.numeroRichiesta,
    ticketId: (await first<Id>(dealer, '/api/sysaid?size=1')).id,
    checklist: await demoChecklist(dealer),
    crDarTemplateHeaderId: (await first<Id>(manager, '/api/crDarTemplateHeaders?size=1')).id,
    crDarTemplateLineId: (await first<Id>(manager, '/api/crDarTemplateLines?size=1')).id,
    crDarHeaderId: (await first<Id>(manager, '/api/crDarHeaders?size=1')).id,
    crDarLineId: (await first<Id>(manager, '/api/crDarLines?size=1')).id,
    historyLine: await first<{ id: number; descRiga: string }>(dealer, '/api/storicoordine/ORD?size=1'),
  };
  return ids;
};

type RouterState = { status: string; isLoading: boolean; isTransitioning: boolean };
type SweptWindow = Window & {
  __TSR_ROUTER__?: { state: RouterState; navigate: (options: { href: string }) => Promise<void> };
  __a11yFetches?: number;
  __a11yQuietFrames?: number;
  /** What kept the last frame from being quiet, for the message of a page that does not settle. */
  __a11yBusy?: string;
};

/** In every document of a swept context: the app's requests in flight (its API client uses fetch). */
const countFetches = () => {
  const w = window as SweptWindow;
  const original = window.fetch.bind(window);
  w.__a11yFetches = 0;
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.__a11yFetches = (w.__a11yFetches ?? 0) + 1;
    return original(...args).finally(() => {
      w.__a11yFetches = (w.__a11yFetches ?? 1) - 1;
    });
  };
};

/**
 * Waits until the page has settled: the router idle, no request in flight, no spinner or skeleton,
 * no finite animation running — two frames in a row (a query starts in the frame after its page).
 * 40 s: in CI through the two-process cluster on 2 cores, the documents page with its seven
 * thumbnails once took more than 20 s (and settled on the retry).
 */
const settle = async (page: Page, timeout = 40_000) => {
  await page.evaluate(() => {
    (window as SweptWindow).__a11yQuietFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const w = window as SweptWindow;
      const router = w.__TSR_ROUTER__?.state;
      // The sign-in page is a document of its own, without the app's router: drawn once its main is.
      const signInDrawn = window.location.pathname === '/login' && document.querySelector('main form') !== null;
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      const spinner = document.querySelector('.ant-spin-spinning, .ant-skeleton-active');
      const busy = [
        ...(router === undefined
          ? signInDrawn
            ? []
            : ['sign-in form not drawn']
          : router.status === 'idle' && !router.isLoading && !router.isTransitioning
            ? []
            : [
                `router ${router.status}${router.isLoading ? ' loading' : ''}${router.isTransitioning ? ' transitioning' : ''}`,
              ]),
        ...(w.__a11yFetches === 0 ? [] : [`${w.__a11yFetches} requests`]),
        ...(spinner ? [`spinner ${spinner.className}`] : []),
        ...running.map(
          (a) =>
            `animation ${(a as CSSAnimation).animationName ?? a.constructor.name} on ${((a.effect as KeyframeEffect | null)?.target as Element | null)?.className ?? '?'}`,
        ),
      ];
      w.__a11yBusy = busy.join('; ');
      const quiet = busy.length === 0;
      w.__a11yQuietFrames = quiet ? (w.__a11yQuietFrames ?? 0) + 1 : 0;
      return w.__a11yQuietFrames >= 2;
    },
    undefined,
    { polling: 'raf', timeout },
  );
};

const violationsOf = async (page: Page, label: string) => {
  const found = (await axeViolations(page, { exclude: 'iframe' })).map(
    (v) => `${label} ${v.id} (${v.impact}): ${v.targets.join(', ')}`,
  );
  // One level-one heading per page (axe asks for at least one).
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) found.push(`${label} h1 count: ${h1}`);
  return found;
};

/**
 * Opens a page of the app: the first by loading it, the next ones through the app's router, as a
 * click on a link would (the session, the loaded code and the cache stay, as for a user). The
 * sign-in page is a document of its own: always loaded.
 */
const open = async (page: Page, url: string) => {
  const loaded = await page.evaluate(() => (window as SweptWindow).__TSR_ROUTER__ !== undefined).catch(() => false);
  const ownDocument = new URL(url, 'http://localhost').pathname === '/login';
  if (loaded && !ownDocument)
    await page.evaluate((href) => (window as SweptWindow).__TSR_ROUTER__?.navigate({ href }), url);
  else await page.goto(url);
};

/** Opens every page the user is listed for, one after the other, and collects the violations. */
const sweep = async (page: Page, user: A11yUser, pages: readonly A11yPage[]) => {
  const found: string[] = [];
  const width = page.viewportSize()?.width ?? 0;
  for (const entry of pages) {
    const url = entry.url(ids as DemoIds);
    const label = `[${user} ${width}px] ${url}`;
    const started = Date.now();
    try {
      await open(page, url);
      await settle(page);
    } catch (error) {
      const busy = await page.evaluate(() => (window as SweptWindow).__a11yBusy).catch(() => undefined);
      found.push(`${label} did not settle: ${(error as Error).message.split('\n')[0]} (busy: ${busy ?? '?'})`);
      continue;
    }
    const settled = Date.now();
    const landed = await page.evaluate(() => window.location.pathname);
    // The user must really see the page, not be sent to sign in or to the access-denied page.
    if (!['/login', '/accessdenied'].includes(entry.route) && ['/login', '/accessdenied'].includes(landed)) {
      found.push(`${label} redirected to ${landed}`);
      continue;
    }
    const violations = await violationsOf(page, label);
    if (process.env.A11Y_DEBUG)
      console.log([`${label} ${settled - started} + ${Date.now() - settled} ms`, ...violations].join('\n  '));
    found.push(...violations);
  }
  return found;
};

type Session = { api: APIRequestContext; state: Awaited<ReturnType<APIRequestContext['storageState']>> };
const sessions: Partial<Record<A11yUser, Promise<Session>>> = {};

const DEMO_BANNER_TITLES = new Set(DEMO_BANNERS.map((b) => b.headers.it));

/** Signs in through the API (as the login form does) and acknowledges the demo banners. */
const openSession = async (user: A11yUser): Promise<Session> => {
  const api = await request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  await api.get('/api/account');
  const token = async () => (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const signedIn = await api.post('/api/authentication', {
    form: { username: user, password: user, 'remember-me': 'true' },
    headers: { 'X-XSRF-TOKEN': await token() },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const active = await api.get('/api/banners/active');
  for (const banner of (await active.json()) as { id: number; headers: { it?: string } }[]) {
    if (!DEMO_BANNER_TITLES.has(banner.headers.it ?? '')) continue;
    await api.post('/api/banners/checked', { data: { id: banner.id }, headers: { 'X-XSRF-TOKEN': await token() } });
  }
  return { api, state: await api.storageState() };
};

const sessionOf = (user: A11yUser) => {
  sessions[user] ??= openSession(user);
  return sessions[user];
};

const pages: Partial<Record<A11yUser, Promise<Page>>> = {};

/** The one browser page of the user in this worker, signed in by reusing the session's cookies. */
const pageOf = async (browser: Browser, user: A11yUser, width = 1280) => {
  pages[user] ??= (async () => {
    const storageState = user === 'anonymous' ? undefined : (await sessionOf(user)).state;
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState });
    await context.addInitScript(countFetches);
    const page = await context.newPage();
    // A banner another test publishes meanwhile opens over any page: it is dismissed when in the way.
    await dismissBannersWhenShown(page);
    return page;
  })();
  const page = await pages[user];
  if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: 900 });
  return page;
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [dealer, admin, manager, superdealer] = await Promise.all(
    (['dealer', 'admin', 'manager', 'superdealer'] as const).map(async (u) => (await sessionOf(u)).api),
  );
  await demoIds({ dealer, admin, manager, superdealer } as Record<IdReader, APIRequestContext>);
});

// Run in parallel, a worker may take several groups of this file's tests: each group closes what it
// opened, and the next one opens its own (the caches are per worker process, not per group).
test.afterAll(async () => {
  for (const [user, page] of Object.entries(pages)) {
    delete pages[user as A11yUser];
    await (await page)?.context().close();
  }
  for (const [user, session] of Object.entries(sessions)) {
    delete sessions[user as A11yUser];
    await (await session)?.api.dispose();
  }
});

const USERS: readonly A11yUser[] = [
  'anonymous',
  'dealer',
  'admin',
  'manager',
  'internal',
  'superdealer',
  'subdealer',
  'tracks',
];

// A11Y_ROUTES=<regular expression> sweeps only the matching routes (while fixing one page).
const only = process.env.A11Y_ROUTES ? new RegExp(process.env.A11Y_ROUTES) : undefined;
const SWEPT = A11Y_PAGES.filter((p) => !only || only.test(p.route));

// One test per user, on one page of that user: every page at 1280 px, the main ones again at 768 px.
// A page that does not settle is reported with the others, so one slow page hides nothing.
for (const user of USERS) {
  const wide = SWEPT.filter((p) => p.users.includes(user));
  const tablet = wide.filter((p) => p.tablet);
  if (wide.length === 0) continue;
  const title = tablet.length ? ` (${wide.length} at 1280 px, ${tablet.length} at 768 px)` : ` (${wide.length})`;
  test(`every page ${user} opens has no axe violation${title}`, async ({ browser }) => {
    test.setTimeout(60_000 + (wide.length + tablet.length) * 25_000);
    const found = await sweep(await pageOf(browser, user), user, wide);
    if (tablet.length) found.push(...(await sweep(await pageOf(browser, user, 768), user, tablet)));
    expect(found).toEqual([]);
  });
}

/** axe on the open page, or on part of it, and nothing else than the listed rules when given. */
const axeOn = async (page: Page, label: string, include?: string, rules?: string[]) =>
  (await axeViolations(page, { include, exclude: 'iframe', rules })).map(
    (v) => `${label} ${v.id}: ${v.targets.join(', ')}`,
  );

test('the two typeaheads name their active suggestion, or none (no "-1")', async ({ browser }) => {
  const page = await pageOf(browser, 'dealer');
  const found: string[] = [];
  for (const [path, field, typed, option] of [
    ['/spare-parts', page.getByRole('combobox', { name: 'Ricerca libera' }), 'filtro', 'typeahead-option'],
    ['/machine/search/', page.locator('#machine-serial'), 'EC35A', 'machine-option'],
  ] as const) {
    await open(page, path);
    await settle(page);
    await field.fill(typed);
    await expect(page.getByTestId(option).first()).toBeVisible();
    await settle(page);
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(await field.getAttribute('aria-activedescendant')).toBeNull();
    found.push(...(await axeOn(page, `${path} open`)));
    await field.press('ArrowDown');
    const active = await field.getAttribute('aria-activedescendant');
    expect(active, path).toMatch(/_list_0$/);
    await expect(page.locator(`[id="${active}"]`)).toHaveCount(1);
    found.push(...(await axeOn(page, `${path} active`)));
    await field.press('Escape');
  }
  expect(found).toEqual([]);
});

for (const user of ['dealer', 'tracks'] as const) {
  test(`primary buttons keep 4.5:1 on hover under the theme of ${user}`, async ({ browser }) => {
    const page = await pageOf(browser, user);
    await open(page, '/spare-parts');
    await settle(page);
    const button = page.getByRole('button', { name: 'Cerca' }).first();
    await expect(button).toHaveClass(/ant-btn-color-primary/);
    await button.hover();
    await settle(page);
    await button.evaluate((b) => b.setAttribute('data-a11y-hovered', ''));
    const found = await axeOn(page, `${user} hover`, '[data-a11y-hovered]', ['color-contrast']);
    await button.evaluate((b) => b.removeAttribute('data-a11y-hovered'));
    await page.mouse.move(0, 0);
    expect(found).toEqual([]);
  });
}

test('at 1280 px the superdealer reaches every main entry, none hidden yet focusable', async ({ browser }) => {
  const page = await pageOf(browser, 'superdealer');
  await open(page, '/machine/search/');
  await settle(page);
  const nav = page.getByRole('navigation', { name: 'Menu' });
  const button = nav.getByTestId('main-menu');
  if (await button.isVisible()) await button.click();
  for (const entry of ['Macchine', 'Ricerca ricambi', 'Importa ordine', 'Visibilità macchine']) {
    const link = page.getByRole('link', { name: entry, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toBeInViewport();
  }
  expect(await axeOn(page, 'superdealer menu', 'header', ['aria-hidden-focus'])).toEqual([]);
});
