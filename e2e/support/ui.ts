import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_BANNERS } from '../../apps/server/src/seed/demo-banners.seed.ts';

const bannerHandled = new WeakSet<Page>();

/**
 * Banners open as a dialog after sign-in and on every page load until acknowledged (the demo data
 * holds one for every user). Whenever one is in the way of a test step it is dismissed ("Remind me
 * later": nothing is recorded).
 */
export const dismissBannersWhenShown = async (page: Page) => {
  if (bannerHandled.has(page)) return;
  bannerHandled.add(page);
  await page.addLocatorHandler(
    page.getByTestId('banner-modal'),
    async (modal) => {
      const id = await modal.first().getAttribute('data-banner-id');
      await page.getByTestId('banner-dismiss').click();
      // Banners open one after the other: wait for this one only.
      await page.locator(`[data-testid="banner-modal"][data-banner-id="${id}"]`).waitFor({ state: 'hidden' });
    },
    { noWaitAfter: true },
  );
};

/** Signs in through the real login form; banner dialogs are left for the test to handle. */
export const signInKeepingBanners = async (page: Page, username: string, password = username, rememberMe = true) => {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const remember = page.getByRole('checkbox', { name: 'Ricordami' });
  if ((await remember.isChecked()) !== rememberMe) await remember.click();
  // No shorter bound than the test's own: on a busy machine the answer (argon2) can take long, and a
  // step taken before it would race the sign-in.
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/authentication') && r.request().method() === 'POST',
    { timeout: 0 },
  );
  await page.getByRole('button', { name: 'Accedi' }).last().click();
  const response = await answered;
  // Signed in, the sign-in document hands over to the app with a page load: the next step waits for
  // it rather than racing it (a goto meanwhile would be interrupted).
  if (response.ok()) await page.waitForURL((url) => url.pathname !== '/login');
  return response;
};

const DEMO_BANNER_TITLES = new Set(DEMO_BANNERS.map((b) => b.headers.it));

/**
 * The signed-in user acknowledges the demo data's banners (through the API), so that the pages the
 * test loads next open no dialog. Banners that tests create are left alone.
 */
export const acknowledgeDemoBanners = async (page: Page) => {
  const active = await page.request.get('/api/banners/active');
  if (!active.ok()) return;
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  for (const banner of (await active.json()) as { id: number; headers: { it?: string } }[]) {
    if (!DEMO_BANNER_TITLES.has(banner.headers.it ?? '')) continue;
    await page.request.post('/api/banners/checked', { data: { id: banner.id }, headers: { 'X-XSRF-TOKEN': xsrf } });
  }
};

/**
 * Signs in through the real login form (Italian UI unless the page was switched). A banner dialog
 * in the way is dismissed, and the demo banners are acknowledged once signed in.
 */
/** Signs in through the form; a refused sign-in fails the test here, with the server's answer. */
export const signIn = async (page: Page, username: string, password = username, rememberMe = true) => {
  await dismissBannersWhenShown(page);
  const response = await signInKeepingBanners(page, username, password, rememberMe);
  if (!response.ok()) throw new Error(`sign-in as ${username}: ${response.status()} ${await response.text()}`);
  await acknowledgeDemoBanners(page);
};

export const expectSignedInAs = async (page: Page, login: string) => {
  await expect(page.getByTestId('account-menu')).toContainText(login);
};

export const signOut = async (page: Page) => {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A downloaded CSV export: UTF-8 with BOM, `;`, CRLF; the header row first. */
export const readCsv = (file: string) => {
  const text = fs.readFileSync(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
};

/** An antd select's option in the open dropdown (the visible item, not the hidden a11y list). */
export const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();

/** The form item (label, control, messages) around a labelled field. */
export const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().getByLabel(label, { exact: true }) });

/**
 * Types into a select's search and clicks the option until `chosen` shows it: a click on an option list the
 * typeahead is still replacing, or on a dropdown still closing from the last choice, does not take.
 */
export const choose = async (
  page: Page,
  field: Locator,
  typed: string,
  text: string,
  chosen: Locator,
  shown: string,
) => {
  await expect(async () => {
    await field.click();
    await field.fill(typed);
    await option(page, text).click({ timeout: 3_000 });
    await expect(chosen).toContainText(shown, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
};

/**
 * Follows a main-menu entry as a user would: the entries fold into the "Menu" button when they do not
 * fit the bar (a dealer's at 1280 px), which is then opened first.
 */
export const openMainEntry = async (page: Page, name: string) => {
  const menuButton = page.getByRole('navigation', { name: 'Menu' }).getByTestId('main-menu');
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole('link', { name, exact: true }).filter({ visible: true }).first().click();
};
