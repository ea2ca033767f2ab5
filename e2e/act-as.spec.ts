import { expect, type Page, test } from '@playwright/test';
import { expectSignedInAs, openMainEntry, signIn } from './support/ui.ts';

type Account = { login: string; authorities: string[] };

const accountOf = async (page: Page) => (await page.request.get('/api/account')).json() as Promise<Account>;

const badge = (page: Page) => page.getByTestId('act-as-badge');

/** Opens the act-as page from the main menu and searches. */
const openActAs = async (page: Page, search: string) => {
  await openMainEntry(page, 'Agisci come');
  await expect(page).toHaveURL(/\/act-as$/);
  await page.getByLabel('Cerca utenti').fill(search);
};

// Spec 1 §2.3 "Act-as", §4 (home after about 1 s; ROLE_PREVIOUS_ADMINISTRATOR), §6, §9.
test.describe('act-as', () => {
  test('internal acts as dealer: home after 1 s, badge on every page, then back to the own identity', async ({
    page,
  }) => {
    await signIn(page, 'internal');
    await expectSignedInAs(page, 'internal');
    await openActAs(page, 'dealer');

    const rows = page.locator('tbody tr.ant-table-row');
    // dealer, subdealer, subdealer2, superdealer
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText('Rossi Macchine Srl');
    await expect(page.getByText('1–4 di 4')).toBeVisible();

    // The confirmation shows only for the one second before going home: watch the DOM for it from
    // before the click, so a slow machine cannot miss it.
    const started = page.waitForFunction(
      () => document.querySelector('[data-testid="act-as-started"]')?.textContent || false,
      null,
      { polling: 'raf' },
    );
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Agisci come dealer', exact: true }).click();
    expect(await (await started).jsonValue()).toContain('Ora stai operando come dealer.');
    await expect(page).toHaveURL(/\/$/);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(900);

    await expect(badge(page)).toContainText('Stai operando come dealer');
    await expect(badge(page)).toContainText('(Davide Rossi)');
    await expectSignedInAs(page, 'dealer');
    const acting = await accountOf(page);
    expect(acting.login).toBe('dealer');
    expect([...acting.authorities].sort()).toEqual([
      'ROLE_CART',
      'ROLE_CR_USER',
      'ROLE_PREVIOUS_ADMINISTRATOR',
      'ROLE_USER',
    ]);
    // The act-as page is staff-only, and the dealer's own account pages are not offered.
    await expect(page.getByRole('link', { name: 'Agisci come' })).toHaveCount(0);
    await page.getByTestId('account-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Impostazioni' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    for (const path of ['/cookie-and-privacy-policy', '/no-such-page', '/settings', '/']) {
      await page.goto(path);
      await expect(badge(page), path).toContainText('Stai operando come dealer');
    }
    await page.goto('/password');
    await expect(page.getByTestId('not-while-acting')).toBeVisible();
    await page.goto('/');

    // No call made for the old identity failed along the way.
    await expect(page.locator('.ant-notification-notice-error')).toHaveCount(0);

    await page.getByRole('button', { name: 'Torna alla tua identità' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(badge(page)).toHaveCount(0);
    await expectSignedInAs(page, 'internal');
    await expect(page.getByText('Hai ripreso la tua identità.')).toBeVisible();
    const own = await accountOf(page);
    expect(own.login).toBe('internal');
    expect(own.authorities).not.toContain('ROLE_PREVIOUS_ADMINISTRATOR');
    await expect(page.locator('.ant-notification-notice-error')).toHaveCount(0);
  });

  test('administrators and managers cannot be picked', async ({ page }) => {
    await signIn(page, 'internal');
    await expectSignedInAs(page, 'internal');
    await openActAs(page, 'eurocomach');
    await expect(page.getByRole('button', { name: 'Agisci come admin', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Agisci come manager', exact: true })).toBeDisabled();
  });

  test('a dealer opening /act-as goes to /accessdenied and cannot act through the API', async ({ page }) => {
    await signIn(page, 'dealer');
    await expectSignedInAs(page, 'dealer');
    await page.goto('/act-as');
    await expect(page).toHaveURL(/\/accessdenied$/);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await page.request.post('/api/cart/select', {
      data: { login: 'subdealer' },
      headers: { 'X-XSRF-TOKEN': csrf },
    });
    expect(response.status()).toBe(403);
  });

  test('tablet width: the list and the badge fit in 820 px', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 820, height: 1000 });
    await signIn(page, 'internal');
    await expectSignedInAs(page, 'internal');
    await page.goto('/act-as');
    await page.getByLabel('Cerca utenti').fill('dealer');
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(4);
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fitsWidth()).toBe(true);
    const button = await page.getByRole('button', { name: 'Agisci come subdealer', exact: true }).boundingBox();
    expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(820);
    await page.screenshot({ path: testInfo.outputPath('act-as-page-820.png'), fullPage: true });

    await page.getByRole('button', { name: 'Agisci come subdealer', exact: true }).click();
    await expect(badge(page)).toContainText('Stai operando come subdealer');
    expect(await fitsWidth()).toBe(true);
    await expect(page.getByRole('button', { name: 'Torna alla tua identità' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('act-as-badge-820.png') });
    await page.getByRole('button', { name: 'Torna alla tua identità' }).click();
    await expect(badge(page)).toHaveCount(0);
  });
});
