import { expect, test } from '@playwright/test';
import { E2E_PORT } from './support/paths.ts';
import { signIn } from './support/ui.ts';

// Spec 2 §1: a page of an area the active theme gives no access to is blocked in the web guard
// (the access-denied page), not only hidden from the menu. The tracks theme has no parts access;
// it is chosen by the user's tema (the tracks user) or by the host name tracks.localhost.

test('the tracks user opening the machine search by URL lands on the access-denied page', async ({ page }) => {
  await signIn(page, 'tracks');
  await expect(page).toHaveURL(/\/spare-parts$/);
  await page.goto('/machine/search/');
  await expect(page).toHaveURL(/\/accessdenied$/);
  await expect(page.getByText('Non sei autorizzato ad accedere alla pagina')).toBeVisible();
});

test('a dealer may open the machine search under the parts theme but not under the tracks host', async ({
  browser,
}) => {
  const parts = await browser.newPage();
  await signIn(parts, 'dealer');
  await parts.goto('/machine/search/');
  await expect(parts).toHaveURL(/\/machine\/search\/$/);
  await parts.close();

  const tracks = await browser.newPage();
  const tracksHost = `http://tracks.localhost:${E2E_PORT}`;
  await tracks.goto(`${tracksHost}/login`);
  await signIn(tracks, 'dealer');
  await expect(tracks.getByTestId('account-menu')).toContainText('dealer');
  await tracks.goto(`${tracksHost}/machine/search/`);
  await expect(tracks).toHaveURL(/\/accessdenied$/);
  await expect(tracks.getByText('Non sei autorizzato ad accedere alla pagina')).toBeVisible();
});
