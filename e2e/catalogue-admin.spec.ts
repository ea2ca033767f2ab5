import { expect, test } from '@playwright/test';
import { expectSignedInAs, signIn, unique } from './support/ui.ts';

// Spec 3 §2, §5: the catalogue master-data screens enforce the slug pattern, the required fields
// and tipoArticolo G/M/R; deletes ask for confirmation.
test('an administrator maintains brands, categories and articles', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  await expectSignedInAs(page, 'admin');

  // One Administration entry leads to every catalogue entity.
  await page.getByTestId('admin-menu').click();
  await page.getByRole('menuitem', { name: 'Catalogo' }).click();
  await expect(page).toHaveURL(/\/catalogue-admin$/);
  await page.getByTestId('catalogue-marchio').click();
  await expect(page.getByRole('heading', { name: 'Marchi' })).toBeVisible();

  // Marchio: descrizione required.
  const brand = unique('Marchio E2E ');
  await page.getByRole('link', { name: 'Nuovo marchio' }).click();
  let dialog = page.getByRole('dialog');
  const save = () => dialog.getByRole('button', { name: 'Salva' });
  await expect(save()).toBeDisabled();
  await dialog.getByLabel('Descrizione', { exact: true }).fill(brand);
  await expect(save()).toBeEnabled();
  await save().click();
  await expect(page).toHaveURL(/\/marchio$/);
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(brand);
  await expect(page.locator('tbody tr', { hasText: brand })).toHaveCount(1);

  // Categoria: a slug outside the pattern shows the pattern message and keeps Save disabled.
  const categoria = unique('Categoria E2E ');
  await page.goto('/categoria/new');
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome', { exact: true }).fill(categoria);
  await dialog.getByLabel('Descrizione', { exact: true }).fill('Categoria di prova');
  await dialog.getByLabel('Slug').fill('filtri olio!');
  await expect(
    dialog.getByText('Questo campo deve seguire il formato: solo lettere, cifre, trattino basso (_) e trattino (-).'),
  ).toBeVisible();
  await expect(save()).toBeDisabled();
  const slug = unique('filtri-olio_');
  await dialog.getByLabel('Slug').fill(slug);
  await expect(save()).toBeEnabled();
  await save().click();
  await expect(page).toHaveURL(/\/categoria$/);
  const categoriaRow = page.locator('tbody tr', { hasText: slug });
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(slug);
  await expect(categoriaRow).toHaveCount(1);

  // Articolo: required fields, tipoArticolo chosen among G, M and R, the brand by typeahead.
  const id = 990_000_000 + Math.floor(Math.random() * 9_000_000);
  const code = `E2E-${id}`;
  await page.goto('/articolo/new');
  dialog = page.getByRole('dialog');
  await expect(save()).toBeDisabled();
  await dialog.getByLabel('ID', { exact: true }).fill(String(id));
  await dialog.getByLabel('Codice articolo').fill(code);
  await dialog.getByLabel('Gruppo merceologico').fill('FIL');
  await dialog.getByLabel('Prezzo di listino (€)').fill('12.50');
  await dialog.getByLabel('Peso (kg)').fill('0.4');
  await dialog.getByLabel('Descrizione', { exact: true }).fill('Filtro di prova e2e');
  // Still missing: tipoArticolo.
  await expect(save()).toBeDisabled();
  await dialog.getByLabel('Tipo articolo', { exact: true }).click();
  for (const option of ['G – Generico', 'M – Macchina', 'R – Ricambio'])
    await expect(page.getByTitle(option, { exact: true })).toBeVisible();
  await page.getByTitle('R – Ricambio', { exact: true }).click();
  await dialog.getByLabel('Marchio').fill(brand.slice(0, 14));
  await page.getByTitle(brand, { exact: true }).click();
  await expect(save()).toBeEnabled();
  // Clearing a required field disables Save again and says why.
  await dialog.getByLabel('Gruppo merceologico').fill('');
  await expect(dialog.getByText('Questo campo è obbligatorio.')).toHaveCount(1);
  await expect(save()).toBeDisabled();
  await dialog.getByLabel('Gruppo merceologico').fill('FIL');
  await expect(save()).toBeEnabled();
  await save().click();
  await expect(page).toHaveURL(/\/articolo$/);
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(code);
  const articoloRow = page.locator('tbody tr', { hasText: code });
  await expect(articoloRow).toContainText('R – Ricambio');

  // Its master-data page shows every field; the id stays read-only when editing.
  await articoloRow.getByRole('link', { name: 'Dettaglio' }).click();
  await expect(page).toHaveURL(new RegExp(`/articolo-detail/${id}$`));
  await expect(page.getByText(brand)).toBeVisible();
  await page.goto(`/articolo/${id}/edit`);
  await expect(page.getByRole('dialog').getByLabel('ID', { exact: true })).toBeDisabled();
  await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();

  // Delete with the confirmation.
  await page.goto('/categoria');
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(slug);
  await categoriaRow.getByRole('link', { name: 'Elimina' }).click();
  await expect(page.getByTestId('delete-question')).toContainText('Sei sicuro di voler eliminare la categoria');
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(categoriaRow).toHaveCount(0);
});

test('a dealer cannot open the catalogue master data', async ({ page }) => {
  await signIn(page, 'dealer');
  await expectSignedInAs(page, 'dealer');
  await page.goto('/articolo/new');
  await expect(page).toHaveURL(/\/accessdenied$/);
});
