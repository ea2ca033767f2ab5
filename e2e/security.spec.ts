import { type Browser, expect, type Page, type Response, test } from '@playwright/test';
import { E2E_PORT } from './support/paths.ts';
import { signIn, signInKeepingBanners, unique } from './support/ui.ts';

// The banner is for the tracks theme, which only a user on the tracks host gets: the other tests,
// all on the parts theme, never see it.
const PARTS = `http://localhost:${E2E_PORT}`;
const TRACKS = `http://tracks.localhost:${E2E_PORT}`;
const DAY = 86_400_000;

type Probed = Window & { __pwned?: number; __violations?: string[] };

const newPage = async (browser: Browser, baseURL: string) =>
  (await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } })).newPage();

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

/** The sources a document's policy lets scripts come from (script-src, else default-src). */
const scriptSources = (response: Response | null) => {
  const policy = response?.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]): [string, string[]] => [name, values]),
  );
  return { policy, sources: directives.get('script-src') ?? directives.get('default-src') ?? [] };
};

const expectStrictScriptPolicy = (response: Response | null) => {
  const { policy, sources } = scriptSources(response);
  expect(policy).toContain("frame-ancestors 'none'");
  // Only the portal's own script files: no 'unsafe-inline', no 'unsafe-eval', no nonce or hash.
  expect(sources).toEqual(["'self'"]);
  expect(policy).toContain("script-src-attr 'none'");
  expect(policy).not.toContain('unsafe-eval');
};

/** What the page's own scripts can see: a flag set by injected code, and any policy violation. */
const probe = (page: Page) =>
  page.evaluate(() => {
    const w = window as Probed;
    return {
      pwned: w.__pwned,
      violations: w.__violations ?? [],
      inlineScripts: [...document.scripts].filter((s) => !s.src).length,
    };
  });

/** Waits until banner `id` is open; the demo data's banners, opened before it, are dismissed. */
const waitForBanner = async (page: Page, id: number) => {
  const modal = page.locator(`[data-testid="banner-modal"][data-banner-id="${id}"]`);
  const any = page.getByTestId('banner-modal');
  for (let i = 0; i < 6; i++) {
    await expect(any).toBeVisible();
    if (await modal.isVisible()) return modal;
    const other = await any.getAttribute('data-banner-id');
    await page.getByTestId('banner-dismiss').click();
    await expect(page.locator(`[data-testid="banner-modal"][data-banner-id="${other}"]`)).toBeHidden();
  }
  throw new Error(`banner ${id} was not shown`);
};

// Issue 18 §3 check: "a page with an injected <script> in a banner text runs nothing".
test('a banner text with a script and an event handler is shown as text and runs nothing', async ({ browser }) => {
  test.setTimeout(180_000);
  const manager = await newPage(browser, PARTS);
  await signIn(manager, 'manager');
  const header = unique('Avviso sicurezza ');
  const message = 'Prova <script>window.__pwned = 1</script> e <img src=x onerror="window.__pwned=2"> fine.';
  const created = await manager.request.post('/api/banners', {
    headers: { 'X-XSRF-TOKEN': await xsrf(manager) },
    data: {
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + DAY).toISOString(),
      type: 'INFO',
      ambiente: 'tracks',
      headers: { it: header },
      messages: { it: message },
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;

  const dealer = await newPage(browser, TRACKS);
  // Recorded from the first byte of every document: a violation would mean the policy had to stop something.
  await dealer.addInitScript(() => {
    const w = window as Probed;
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations?.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
    );
  });
  const signInPage = await dealer.goto('/login');
  expectStrictScriptPolicy(signInPage);
  expect((await probe(dealer)).inlineScripts).toBe(0);
  await signInKeepingBanners(dealer, 'dealer');

  const modal = await waitForBanner(dealer, id);
  await expect(dealer.getByRole('dialog', { name: header })).toBeVisible();
  // The markup is the text the dealer reads, not elements of the page.
  await expect(modal).toContainText('<script>window.__pwned = 1</script>');
  await expect(modal).toContainText('<img src=x onerror="window.__pwned=2">');
  await expect(modal.locator('script, img')).toHaveCount(0);
  expect(await probe(dealer)).toEqual({ pwned: undefined, violations: [], inlineScripts: 0 });

  // The app's own document (a reload) carries the same policy, and the banner still runs nothing.
  const appPage = await dealer.reload();
  expectStrictScriptPolicy(appPage);
  await expect(await waitForBanner(dealer, id)).toContainText('onerror=');
  expect(await probe(dealer)).toEqual({ pwned: undefined, violations: [], inlineScripts: 0 });

  const removed = await manager.request.delete(`/api/banners/${id}`, {
    headers: { 'X-XSRF-TOKEN': await xsrf(manager) },
  });
  expect(removed.status()).toBe(204);
  for (const page of [manager, dealer]) await page.context().close();
});
