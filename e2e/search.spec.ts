import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { axeFindings } from './support/axe.ts';
import { signIn, unique } from './support/ui.ts';

// Issue 4 "Checked when you say resolved": searches in five languages, code ranking, typos,
// typeahead, machine and dimension searches, prices and labels per user, staff-only parts.

type Hit = { id: number; articolo: string; tipoArticolo: string };
type Info = { disponibilita: number; in5gg: number; producibile: number; inArrivo: number };

const LANGS = [
  { code: 'it', menu: 'Italiano', word: 'antisdrucciolo', confirm: /Confermo/, search: 'Cerca' },
  { code: 'en', menu: 'English', word: 'slip', confirm: /I confirm/, search: 'Search' },
  { code: 'fr', menu: 'Français', word: 'antidérapant', confirm: /Je confirme/, search: 'Rechercher' },
  { code: 'de', menu: 'Deutsch', word: 'Radabdeckung', confirm: /Ich bestätige/, search: 'Suchen' },
  { code: 'es', menu: 'Español', word: 'antideslizante', confirm: /Confirmo/, search: 'Buscar' },
] as const;

const u = unique('')
  .replace(/[^a-z0-9]/g, '')
  .slice(-6);
// Codes starting with 00 sort before the demo catalogue's codes within a ranking tier.
const CODE = `00-E2E-${u}`;
const ARTICLE_ID = 9_000_000_000 + Math.floor(Math.random() * 100_000_000);

/** API calls with the signed-in page's cookies and the CSRF header. */
const api = async (page: Page) => {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const request: APIRequestContext = page.request;
  return {
    get: async <T>(url: string) => {
      const response = await request.get(url);
      expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    },
    post: async (url: string, data: unknown) => {
      const response = await request.post(url, { data, headers: { 'X-XSRF-TOKEN': xsrf } });
      expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    },
  };
};

const chooseLanguage = async (page: Page, name: string) => {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name }).click();
  // The language's texts load on first use: the switch is done once the button names it.
  await expect(page.getByTestId('language-menu')).toContainText(name);
};

const asUser = async (browser: Browser, login: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  return page;
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await asUser(browser, 'admin');
  const call = await api(page);
  const base = { prezzo: 120, tipoArticolo: 'R', tipoArticoloOrig: 'T', gruppoMerceologico: 'RIC', peso: 2.5 };
  await call.post('/api/articolo', {
    ...base,
    id: ARTICLE_ID,
    articolo: CODE,
    descrizione: 'Copriruota antisdrucciolo',
    localizedDescrizione: {
      it: 'Copriruota antisdrucciolo',
      en: 'Anti-slip wheel cover',
      fr: 'Couvre-roue antidérapant',
      de: 'Rutschfeste Radabdeckung',
      es: 'Cubrerrueda antideslizante',
    },
  });
  // A longer code with the same beginning: listed after the exact code.
  await call.post('/api/articolo', {
    ...base,
    id: ARTICLE_ID + 1,
    articolo: `${CODE}1`,
    descrizione: 'Guarnizione copriruota',
    localizedDescrizione: { it: 'Guarnizione copriruota' },
  });
  await page.context().close();
});

test('a description word in each of the five languages finds the part, results after the confirmation', async ({
  page,
}) => {
  await signIn(page, 'dealer');
  for (const lang of LANGS) {
    await chooseLanguage(page, lang.menu);
    await page.goto('/spare-parts');
    const box = page.getByRole('combobox').first();
    await box.fill(lang.word);
    // Enter in one language, the button in the others: both search at once, even while suggestions load.
    if (lang === LANGS[0]) await box.press('Enter');
    else await page.getByRole('button', { name: lang.search }).first().click();
    await expect(page).toHaveURL(new RegExp(`/search-full/${encodeURIComponent(lang.word)}$`));
    // Nothing is listed before the confirmation (spec 1 §2.3).
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('checkbox', { name: lang.confirm }).check();
    await expect(page.getByRole('link', { name: CODE, exact: true }), lang.code).toBeVisible();
  }
});

test('a code prefix lists the exact code first; a typo still finds the part', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto(`/search-full/${encodeURIComponent(CODE)}`);
  await page.getByRole('checkbox').check();
  const codes = page.locator('tbody tr td:first-child a');
  await expect(codes.first()).toHaveText(CODE);
  await expect(codes.nth(1)).toHaveText(`${CODE}1`);

  await page.goto('/search-full/antisdruciolo');
  await page.getByRole('checkbox').check();
  await expect(page.getByText(/Nessun risultato esatto/)).toBeVisible();
  await expect(page.getByRole('link', { name: CODE, exact: true })).toBeVisible();
});

test('the typeahead offers at most 10 suggestions and "show all"', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/spare-parts');
  const box = page.getByRole('combobox').first();
  await box.fill('filtro');
  await expect(page.getByTestId('typeahead-show-all')).toBeVisible();
  const count = await page.getByTestId('typeahead-option').count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(10);
  await page.getByTestId('typeahead-show-all').click();
  await expect(page).toHaveURL(/\/search-full\/filtro$/);
  // Picking a suggestion opens the article.
  await page.goto('/spare-parts');
  await page.getByRole('combobox').first().fill(CODE);
  await page.getByTestId('typeahead-option').first().click();
  await expect(page).toHaveURL(new RegExp(`/articolo/r/${ARTICLE_ID}$`));
  await expect(page.getByRole('heading', { name: CODE })).toBeVisible();
});

test('a typeahead request the next keystroke supersedes is cancelled, not waited for', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/spare-parts');
  // The first term's answer is held back until the browser has given it up, so the next term arrives
  // while it is in flight; then it is let go (the browser no longer takes it).
  let held = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/search\/full\?term=filt&/, async (route) => {
    held = true;
    await released;
    await route.continue().catch(() => undefined);
  });
  const cancelled = page.waitForEvent('requestfailed', {
    predicate: (request) => /\/api\/search\/full\?term=filt&/.test(request.url()),
    timeout: 20_000,
  });
  const box = page.getByRole('combobox').first();
  try {
    await box.fill('filt');
    await expect.poll(() => held).toBe(true);
    await box.fill('filtro');
    expect((await cancelled).failure()?.errorText).toMatch(/ABORTED|cancel/i);
  } finally {
    release();
  }
  await expect(page.getByTestId('typeahead-option').first()).toBeVisible();
  await expect(page.getByTestId('typeahead-show-all')).toBeVisible();
});

/** Opens a select and takes its first option with the keyboard (as a tablet user would tap it). */
const pickFirst = async (page: Page, id: string) => {
  const select = page.locator(`#${id}`);
  await expect(select).toBeEnabled();
  await select.click();
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`#${id}_list`)).toBeAttached();
  await expect(
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first(),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(select).toHaveAttribute('aria-expanded', 'false');
};

test('machine search cascades brand, model, variant and lists the machine parts', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/spare-parts');
  await pickFirst(page, 'machine-brand');
  await pickFirst(page, 'machine-model');
  await pickFirst(page, 'machine-variant');
  await page.getByRole('button', { name: 'Cerca' }).nth(2).click();
  await expect(page).toHaveURL(/\/search-machine\/\d+\/[^/]+\/[^/]+$/);
  await page.getByRole('checkbox').check();
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  expect(await page.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(1);
});

test('dimension search finds rubber tracks; a failed one shows its message', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/spare-parts');
  for (const id of ['dimension-tag1', 'dimension-tag2', 'dimension-tag3', 'dimension-tag6']) await pickFirst(page, id);
  await page.getByRole('button', { name: 'Cerca' }).nth(3).click();
  await expect(page).toHaveURL(/\/search-dimensions\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/);
  await page.getByRole('checkbox').check();
  await expect(page.locator('tbody tr.ant-table-row').first()).toContainText(/Cingolo in gomma/);

  await page.goto('/search-dimensions/999/1/1/X');
  await expect(page.getByText('Nessun cingolo trovato per queste dimensioni', { exact: false })).toBeVisible();
});

/** An article with stock in every bucket, found with the staff-only figures. */
const articleWithEveryBucket = async (page: Page) => {
  const call = await api(page);
  for (const term of ['filtro', 'tubo', 'guarnizione', 'perno', 'boccola']) {
    const hits = await call.get<Hit[]>(`/api/search/full?term=${term}&size=50`);
    for (const hit of hits.filter((h) => h.tipoArticolo === 'R')) {
      const info = await call.get<Info>(
        `/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita?articoloId=${hit.id}&quantita=1`,
      );
      if (info.disponibilita > 0 && info.in5gg + info.producibile > 0 && info.inArrivo > 0) return { hit, info };
    }
  }
  throw new Error('the demo catalogue has no article with stock in every bucket');
};

test('a dealer sees the net price and the label for each quantity; staff see stock and where-used', async ({
  browser,
}) => {
  test.setTimeout(120_000); // three users sign in
  const internal = await asUser(browser, 'internal');
  const { hit, info } = await articleWithEveryBucket(internal);
  await internal.goto(`/articolo/r/${hit.id}`);
  await expect(internal.getByText('Giacenze')).toBeVisible();
  // The main menu has a "Dove è usato" page too; this is the article page's section.
  await expect(internal.getByRole('main').getByText('Dove è usato')).toBeVisible();
  await internal.context().close();

  const dealer = await asUser(browser, 'dealer');
  const five = info.disponibilita + info.in5gg + info.producibile;
  const cases = [
    [info.disponibilita, 'Disponibile'],
    [five, 'Disponibile in 5 gg'],
    [five + info.inArrivo, 'In Arrivo'],
    [five + info.inArrivo + 1, 'Telefonare'],
  ] as const;
  // The price and availability of one unit come with the article: the page asks for them only when
  // the quantity changes.
  const ownInfoCalls: string[] = [];
  dealer.on('request', (r) => {
    if (r.url().includes(`findInfoClienteByArticoloIdAndUtenteIdAndQuantita?articoloId=${hit.id}&`))
      ownInfoCalls.push(r.url());
  });
  await dealer.goto(`/articolo/r/${hit.id}`);
  await expect(dealer.locator('.article-price [data-availability]')).toHaveText(
    info.disponibilita >= 1 ? 'Disponibile' : /.+/,
  );
  await expect(dealer.getByText('Prezzo netto')).toBeVisible();
  expect(ownInfoCalls).toEqual([]);
  for (const [qt, label] of cases) {
    await dealer.goto(`/articolo/r/${hit.id}?qt=${qt}`);
    await expect(dealer.locator('.article-price [data-availability]')).toHaveText(label);
  }
  await expect(dealer.getByText('Prezzo netto')).toBeVisible();
  await expect(dealer.getByText('Giacenze')).toHaveCount(0);
  await expect(dealer.getByText('Dove è usato')).toHaveCount(0);
  // Typing a quantity updates the label after the short wait.
  await dealer.locator('#articolo-qt').fill(String(info.disponibilita));
  await expect(dealer.locator('.article-price [data-availability]')).toHaveText('Disponibile');
  expect(await axeFindings(dealer, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([]);
  await dealer.context().close();

  const subdealer = await asUser(browser, 'subdealer');
  await subdealer.goto(`/articolo/r/${hit.id}`);
  await expect(subdealer.locator('.article-price [data-availability]')).toBeVisible();
  await expect(subdealer.getByText('Prezzo netto')).toHaveCount(0);
  await expect(subdealer.getByText(/€/)).toHaveCount(0);
  await subdealer.context().close();
});

test('an unknown article shows the not-found page', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/articolo/r/999999999999');
  await expect(page.getByText('Articolo non trovato')).toBeVisible();
});
