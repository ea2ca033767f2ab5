import { expect, test } from '@playwright/test';
import { expectSignedInAs, signIn } from './support/ui.ts';

test('an administrator overrides a UI text through the translation texts, and removes it again', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInAs(page, 'admin');
  await page.goto('/i18ns');
  await expect(page.getByRole('heading', { name: 'Testi di traduzione' })).toBeVisible();

  await page.getByRole('link', { name: 'Nuovo testo' }).click();
  await expect(page).toHaveURL(/\/i18ns\/new$/);
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Salva' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Chiave del testo').fill('not a key');
  await dialog.getByLabel('Lingua', { exact: true }).click();
  await page.getByTitle('Italiano').click();
  await dialog.getByLabel('Testo', { exact: true }).fill('Entra nel portale');
  await expect(dialog.getByText('Il formato di questo campo non è valido.')).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Chiave del testo').fill('home.tiles.password');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/\/i18ns$/);
  const row = page.locator('tbody tr', { hasText: 'home.tiles.password' });
  await expect(row).toContainText('Entra nel portale');

  // The override replaces the bundled Italian text at once.
  await page.goto('/');
  await expect(page.getByText('Entra nel portale')).toBeVisible();

  // Edit: ids read-only.
  await page.goto('/i18ns/home.tiles.password/it/edit');
  await expect(page.getByRole('dialog').getByLabel('Chiave del testo')).toBeDisabled();
  await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();
  await expect(page).toHaveURL(/\/i18ns$/);

  // Delete asks for confirmation with the id; the original text comes back.
  await row.getByRole('link', { name: 'Elimina' }).click();
  await expect(page.getByTestId('delete-question')).toHaveText(
    'Sei sicuro di voler eliminare il testo home.tiles.password / it?',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(row).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByText('Cambia la password di accesso.')).toBeVisible();
});

test('a dealer cannot open the new-text dialog', async ({ page }) => {
  await signIn(page, 'dealer');
  await expectSignedInAs(page, 'dealer');
  await page.goto('/i18ns/new');
  await expect(page).toHaveURL(/\/accessdenied$/);
});
