import { expect, type Page, test } from '@playwright/test';
import { expectSignedInAs, openMainEntry, readCsv, signIn } from './support/ui.ts';

/** The table's rows as cell texts. */
const tableRows = (page: Page) =>
  page
    .getByTestId('whereused-table')
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));

const downloadCsv = async (page: Page) => {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('whereused-csv').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^dove-usato-.+\.csv$/);
  return readCsv((await file.path()) as string);
};

// Spec 2 §2, §5, §6, §7: where used, for internal staff; the demo's benchmark catalogue alone has
// plates B01…B10 (three machines), the showcase article is in every model catalogue.
test('internal staff find where a plate or an article is used and export the rows', async ({ page }) => {
  await signIn(page, 'internal');
  await expectSignedInAs(page, 'internal');
  await openMainEntry(page, 'Dove è usato');
  await expect(page).toHaveURL(/\/whereused$/);
  await expect(page.getByRole('heading', { name: 'Dove è usato' })).toBeVisible();

  // The term is required; the default type is plate or drawing.
  await expect(page.getByRole('radio', { name: 'Tavola o disegno' })).toBeChecked();
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.getByText('Inserisci il codice da cercare.')).toBeVisible();

  // A plate: every machine of the benchmark catalogue, each once.
  await page.getByLabel('Codice').fill('b01');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page).toHaveURL(/term=b01/);
  await expect(page.getByTestId('whereused-count')).toHaveText('Risultati: 3');
  const shown = await tableRows(page);
  expect(shown).toEqual([
    ['ECXL300001', 'CR-BENCH-5000'],
    ['ECXL300002', 'CR-BENCH-5000'],
    ['ECXL300003', 'CR-BENCH-5000'],
  ]);
  await expect(page.getByRole('link', { name: 'ECXL300001' })).toHaveAttribute('href', /^\/catalogo\/\d+\/ECXL300001$/);
  // The CSV holds exactly the rows on screen.
  const [header, ...rows] = await downloadCsv(page);
  expect(header).toEqual(['Matricola', 'Codice catalogo']);
  expect(rows).toEqual(shown);

  // An article per plate: the plate column appears; the CSV equals the whole list (API).
  await page.locator('label', { hasText: 'Articolo per tavola' }).click();
  await page.getByLabel('Codice').fill('1.0121.818.8');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page).toHaveURL(/type=artTavola/);
  await expect(page.getByRole('columnheader', { name: 'Tavola' })).toBeVisible();
  const api = await page.request.get('/api/whereused/search?term=1.0121.818.8&tiporicerca=artTavola');
  const all = (await api.json()) as { mtMatricola: string; crCod: string; rigIdTav: string | null }[];
  expect(all.length).toBeGreaterThan(20);
  await expect(page.getByTestId('whereused-count')).toHaveText(`Risultati: ${all.length}`);
  const firstPage = await tableRows(page);
  expect(firstPage).toEqual(all.slice(0, 20).map((r) => [r.mtMatricola, r.crCod, r.rigIdTav ?? '']));
  const [artHeader, ...artRows] = await downloadCsv(page);
  expect(artHeader).toEqual(['Matricola', 'Codice catalogo', 'Tavola']);
  expect(artRows).toEqual(all.map((r) => [r.mtMatricola, r.crCod, r.rigIdTav ?? '']));
  expect(artRows.slice(0, 20)).toEqual(firstPage);

  // Article in catalogue: one row per machine, no plate column.
  await page.locator('label', { hasText: 'Articolo nel catalogo' }).click();
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page).toHaveURL(/type=artCat/);
  await expect(page.getByRole('columnheader', { name: 'Tavola' })).toHaveCount(0);
  const machines = new Set(all.map((r) => r.mtMatricola)).size;
  await expect(page.getByTestId('whereused-count')).toHaveText(`Risultati: ${machines}`);

  // Nothing found.
  await page.getByLabel('Codice').fill('ZZZ-NESSUNO');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.getByTestId('whereused-count')).toHaveText('Risultati: 0');
  await expect(page.getByText('Nessuna macchina trovata.')).toBeVisible();
  await expect(page.getByTestId('whereused-csv')).toHaveAttribute('aria-disabled', 'true');
});

test('the where-used page is not for dealers', async ({ page }) => {
  await signIn(page, 'dealer');
  await expectSignedInAs(page, 'dealer');
  await expect(page.getByRole('link', { name: 'Dove è usato' })).toHaveCount(0);
  await page.goto('/whereused');
  await expect(page).toHaveURL(/\/accessdenied$/);
  expect((await page.request.get('/api/whereused/search?term=B01')).status()).toBe(403);
});
