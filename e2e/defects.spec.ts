import { type Browser, expect, test } from '@playwright/test';
import { signIn } from './support/ui.ts';

// Issue 11, findings of the browser run on the feature pages (admin, status pages, themes, search).

const newPage = async (browser: Browser, login: string, width = 1280) => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, login);
  await expect(page.getByTestId('account-menu')).toContainText(login);
  return page;
};

test.describe.configure({ timeout: 180_000 });

test('the admin reloads the themes from the configuration page, and reads audit events by name', async ({
  browser,
}) => {
  const page = await newPage(browser, 'admin');
  await page.goto('/configuration');
  await page.getByTestId('themes-reload').click();
  await expect(page.getByText(/^Temi ricaricati: \d+\.$/)).toBeVisible();

  await page.goto('/audits');
  const table = page.locator('.ant-table-tbody');
  await expect(table.getByText('Accesso riuscito').first()).toBeVisible();
  await expect(table).not.toContainText('AUTHENTICATION_SUCCESS');
  await page.context().close();
});

test("the 404 page shows the theme's logo, not antd's illustration", async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  await page.goto('/no-such-page');
  const mark = page.getByTestId('status-mark');
  await expect(mark).toContainText('404');
  await expect(mark.locator('img')).toHaveAttribute('src', /\/themes\/eurocomach\/logo\.svg$/);
  await expect(page.locator('.ant-result-image')).toHaveCount(0);
  await page.context().close();
});

test('the tracks theme offers no search by machine; a blank free search asks for a term', async ({ browser }) => {
  const page = await newPage(browser, 'tracks');
  await page.goto('/spare-parts');
  await expect(page.getByText('Cingoli in gomma per dimensioni')).toBeVisible();
  await expect(page.getByText('Ricerca per macchina')).toHaveCount(0);

  await page.goto('/search-full/%20');
  await expect(page.getByTestId('empty-term')).toContainText('Scrivi che cosa cercare');
  await expect(page.getByText(/term:/)).toHaveCount(0);
  await page.context().close();
});
