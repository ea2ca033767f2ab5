import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { axeFindings, WCAG_AA } from './support/axe.ts';
import { E2E_PORT } from './support/paths.ts';
import { expectSignedInAs, signIn, signInKeepingBanners, unique } from './support/ui.ts';

// The banners made here are for the tracks theme, which a user gets on the tracks host: the other
// tests, all on the parts theme, never see them.
const PARTS = `http://localhost:${E2E_PORT}`;
const TRACKS = `http://tracks.localhost:${E2E_PORT}`;
const DAY = 86_400_000;

const format = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}-${p(d.getMonth() + 1)}-${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/** Types a date and time (dd-MM-yyyy HH:mm:ss) into an antd picker and confirms it. */
const fillDateTime = async (input: Locator, value: string) => {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
};

const newPage = async (browser: Browser, baseURL: string, width = 1366) =>
  (await browser.newContext({ baseURL, viewport: { width, height: 900 } })).newPage();

const modalOf = (page: Page, id: number) => page.locator(`[data-testid="banner-modal"][data-banner-id="${id}"]`);

/** Waits until banner `id` is open; banners opened before it (the demo data's) are dismissed. */
const waitForBanner = async (page: Page, id: number) => {
  const any = page.getByTestId('banner-modal');
  for (let i = 0; i < 6; i++) {
    await expect(any).toBeVisible();
    if (await modalOf(page, id).isVisible()) return page.getByRole('dialog').filter({ has: modalOf(page, id) });
    const other = Number(await any.getAttribute('data-banner-id'));
    await page.getByTestId('banner-dismiss').click();
    await expect(modalOf(page, other)).toBeHidden();
  }
  throw new Error(`banner ${id} was not shown`);
};

/** Loads a page and dismisses every banner it opens; answers their ids. */
const loadDismissingBanners = async (page: Page, load: () => Promise<unknown>) => {
  const active = page.waitForResponse((r) => r.url().includes('/api/banners/active'));
  await load();
  // The page may move on (home redirects by theme) before the body is read: the page asks the same URL again.
  const url = new URL((await active).url());
  const list = await page.evaluate((u) => fetch(u).then((r) => r.json()), `${url.pathname}${url.search}`);
  const ids = (list as { id: number; type: string }[]).filter((b) => b.type !== 'CHECKOUT').map((b) => b.id);
  for (const id of ids) {
    await expect(modalOf(page, id)).toBeVisible();
    await page.getByTestId('banner-dismiss').click();
    await expect(modalOf(page, id)).toBeHidden();
  }
  return ids;
};

/** After a load: the other active banners open (and are dismissed), banner `id` never does. */
const expectNotShown = async (page: Page, id: number, load: () => Promise<unknown>) => {
  expect(await loadDismissingBanners(page, load)).not.toContain(id);
  await expect(modalOf(page, id)).toHaveCount(0);
};

const axeViolations = (page: Page, include?: string) => axeFindings(page, { include, tags: WCAG_AA });

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

// Spec 1 §2.1 (banners: ROLE_MANAGER), §3 "Banner", §4 "Banners", §5 "Banner", §7; issue 3 check
// "Banner shown once, acknowledged → gone for that user; dismissed → back on next load".
test('manager publishes a banner; a dealer dismisses it (back on the next load), then acknowledges it (gone)', async ({
  browser,
}, testInfo) => {
  // Three users, five languages and two screen widths: over three minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const header = unique('Fermo magazzino ');
  const texts = {
    it: [header, 'Il magazzino resterà chiuso venerdì per inventario.'],
    en: ['Warehouse closed', 'The warehouse will be closed on Friday for stocktaking.'],
    fr: ['Entrepôt fermé', 'L’entrepôt sera fermé vendredi pour inventaire.'],
    de: ['Lager geschlossen', 'Das Lager bleibt am Freitag wegen Inventur geschlossen.'],
    es: ['Almacén cerrado', 'El almacén permanecerá cerrado el viernes por inventario.'],
  };

  // The manager creates it in the dialog: five languages, the tracks theme, start and end.
  const manager = await newPage(browser, PARTS);
  await signIn(manager, 'manager');
  await expectSignedInAs(manager, 'manager');
  await manager.getByTestId('admin-menu').click();
  await manager.getByRole('menuitem', { name: 'Banner', exact: true }).click();
  await expect(manager).toHaveURL(/\/banners$/);
  await expect(manager.getByRole('heading', { name: 'Banner', level: 1 })).toBeVisible();

  await manager.getByRole('link', { name: 'Nuovo banner' }).click();
  await expect(manager).toHaveURL(/\/banners\/new$/);
  const dialog = manager.getByRole('dialog', { name: 'Aggiungi banner' });
  await expect(dialog).toBeVisible();
  for (const [lang, [title, message]] of Object.entries(texts)) {
    await dialog.locator(`#headers_${lang}`).fill(title as string);
    await dialog.locator(`#messages_${lang}`).fill(message as string);
  }
  await dialog.getByLabel('Tipo', { exact: true }).click();
  await manager.getByTitle('Avviso').click();
  await dialog.getByLabel('Ambiente', { exact: true }).click();
  await manager.getByTitle('Eurocomach Tracks').click();
  const start = new Date(Date.now() - 60_000);
  const inizio = dialog.getByLabel('Inizio', { exact: true });
  const fine = dialog.getByLabel('Fine', { exact: true });
  await fillDateTime(inizio, format(new Date(start.getTime() + DAY)));
  await fillDateTime(fine, format(start));
  // End before start: the field says so and Save stays disabled.
  await expect(dialog.getByText("La fine deve essere successiva all'inizio.")).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Salva' });
  await expect(save).toBeDisabled();
  await fillDateTime(inizio, format(start));
  await fillDateTime(fine, format(new Date(start.getTime() + 2 * DAY)));
  await expect(dialog.getByText("La fine deve essere successiva all'inizio.")).toHaveCount(0);
  // A viewport as tall as the dialog, so that the screenshot shows all of it.
  await manager.setViewportSize({ width: 1366, height: 1300 });
  await manager.screenshot({ path: testInfo.outputPath('banner-dialog-1366.png') });
  await manager.setViewportSize({ width: 1366, height: 900 });

  const created = manager.waitForResponse((r) => r.url().endsWith('/api/banners') && r.request().method() === 'POST');
  await expect(save).toBeEnabled();
  await save.click();
  const response = await created;
  expect(response.status()).toBe(201);
  const id = ((await response.json()) as { id: number }).id;
  await expect(manager).toHaveURL(/\/banners$/);
  const row = manager.getByRole('row', { name: new RegExp(header) });
  await expect(row).toContainText('Avviso');
  await expect(row).toContainText('Eurocomach Tracks');
  await expect(row).toContainText(format(start));
  await expect(row).toContainText('In corso');
  await manager.screenshot({ path: testInfo.outputPath('banner-list-1366.png'), fullPage: true });

  // A dealer on the tracks portal gets it after signing in, in Italian (the dealer's language).
  const dealer = await newPage(browser, TRACKS);
  await signInKeepingBanners(dealer, 'dealer');
  const shown = await waitForBanner(dealer, id);
  await expect(dealer.getByRole('dialog', { name: header })).toBeVisible();
  await expect(shown).toContainText(texts.it[1] as string);
  await expectSignedInAs(dealer, 'dealer');
  expect(await axeViolations(dealer, '.ant-modal')).toEqual([]);
  await dealer.screenshot({ path: testInfo.outputPath('banner-modal-1366.png') });

  // Dismissed ("Ricordamelo più tardi"): not again during this page load…
  await shown.getByRole('button', { name: 'Ricordamelo più tardi' }).click();
  await expect(modalOf(dealer, id)).toBeHidden();
  await dealer.getByRole('link', { name: 'Home' }).first().click();
  // Home sends the tracks portal on to the spare-parts page: once it shows, the banner stays closed.
  await expect(dealer).toHaveURL(/\/spare-parts$/);
  await expect(dealer.getByRole('heading').first()).toBeVisible();
  await expect(modalOf(dealer, id)).toHaveCount(0);
  // …but back on the next load; Esc dismisses too.
  await dealer.reload();
  await waitForBanner(dealer, id);
  await dealer.keyboard.press('Escape');
  await expect(modalOf(dealer, id)).toBeHidden();
  await dealer.reload();
  const again = await waitForBanner(dealer, id);

  // Closed ("Ho capito"): acknowledged, never shown again to the dealer.
  const checked = dealer.waitForResponse((r) => r.url().endsWith('/api/banners/checked'));
  await again.getByRole('button', { name: 'Ho capito' }).click();
  expect((await checked).status()).toBe(204);
  await expect(modalOf(dealer, id)).toBeHidden();
  await expectNotShown(dealer, id, () => dealer.reload());
  await expectNotShown(dealer, id, () => dealer.goto('/cookie-and-privacy-policy'));

  // Another user on the tracks portal still gets it; on the parts portal nobody does.
  const subdealer = await newPage(browser, TRACKS);
  await signInKeepingBanners(subdealer, 'subdealer');
  await waitForBanner(subdealer, id);
  await expect(subdealer.getByRole('dialog', { name: header })).toBeVisible();
  const parts = await newPage(browser, PARTS);
  await signInKeepingBanners(parts, 'subdealer');
  await expectSignedInAs(parts, 'subdealer');
  await expectNotShown(parts, id, () => parts.reload());

  // The detail page shows every language; deleting it takes it away from everyone.
  await manager.goto(`/banner/${id}`);
  for (const [title] of Object.values(texts)) {
    await expect(manager.locator('.ant-descriptions').getByText(title as string, { exact: true })).toBeVisible();
  }
  await manager.goto(`/banners/${id}/delete`);
  await expect(manager.getByTestId('delete-question')).toHaveText(`Sei sicuro di voler eliminare il banner ${id}?`);
  await manager.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(manager.getByRole('row', { name: new RegExp(header) })).toHaveCount(0);
  await expectNotShown(subdealer, id, () => subdealer.reload());
  for (const page of [manager, dealer, subdealer, parts]) await page.context().close();
});

test('tablet width: the banner list, the dialog and the banner fit in 820 px', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const manager = await newPage(browser, PARTS, 820);
  await signIn(manager, 'manager');
  await expectSignedInAs(manager, 'manager');
  // A banner with a long message, for the tracks theme.
  const created = await manager.request.post('/api/banners', {
    headers: { 'X-XSRF-TOKEN': await xsrf(manager) },
    data: {
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + DAY).toISOString(),
      type: 'INFO',
      ambiente: 'tracks',
      headers: { it: 'Nuovi orari del servizio clienti', en: 'New customer service hours' },
      messages: {
        it: 'Dal prossimo lunedì il servizio clienti risponde dalle 8 alle 18, dal lunedì al venerdì.\nIl sabato mattina restano attivi gli ordini urgenti dei cingoli, dalle 9 alle 12, al numero dedicato.',
      },
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;

  await loadDismissingBanners(manager, () => manager.goto('/banners'));
  await expect(manager.getByRole('row').nth(1)).toBeVisible();
  expect(await fitsWidth(manager)).toBe(true);
  await manager.screenshot({ path: testInfo.outputPath('banner-list-820.png'), fullPage: true });
  expect(await axeViolations(manager)).toEqual([]);

  await loadDismissingBanners(manager, () => manager.goto('/banners/new'));
  const dialog = manager.getByRole('dialog', { name: 'Aggiungi banner' });
  await expect(dialog.locator('#messages_es')).toBeAttached();
  expect(await fitsWidth(manager)).toBe(true);
  const box = await dialog.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(820);
  expect(await axeViolations(manager, '.ant-modal')).toEqual([]);
  await manager.setViewportSize({ width: 820, height: 1400 });
  await manager.screenshot({ path: testInfo.outputPath('banner-dialog-820.png') });

  const subdealer = await newPage(browser, TRACKS, 820);
  await signInKeepingBanners(subdealer, 'subdealer');
  const shown = await waitForBanner(subdealer, id);
  await expect(shown).toContainText('Il sabato mattina');
  await expect(shown.getByRole('button', { name: 'Ho capito' })).toBeInViewport();
  await expect(shown.getByRole('button', { name: 'Ricordamelo più tardi' })).toBeInViewport();
  expect(await fitsWidth(subdealer)).toBe(true);
  await subdealer.screenshot({ path: testInfo.outputPath('banner-modal-820.png') });

  const removed = await manager.request.delete(`/api/banners/${id}`, {
    headers: { 'X-XSRF-TOKEN': await xsrf(manager) },
  });
  expect(removed.status()).toBe(204);
  for (const page of [manager, subdealer]) await page.context().close();
});
