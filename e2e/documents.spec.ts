import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { option, signIn, unique } from './support/ui.ts';

// Issue 13 (spec 2 §2–§7, spec 3 §5): the dealer finds a machine's documents by serial, in its
// language, with first-page pictures, and downloads one, which the administrator's log shows; a
// sub-dealer finds them for a granted serial only; a manager publishes a document with two language
// files and a serial range, refused files and a missing category are said, and the dealer finds it.

type Machine = { mtMatricola: string; id: number };

const open = async (browser: Browser, login: string, width = 1366) => {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await signIn(page, login);
  return page;
};

const searchSerial = async (page: Page, serial: string) => {
  const serialBox = page.getByTestId('doc-f-serial').locator('input');
  await serialBox.fill(serial);
  await serialBox.press('Enter');
};

/** The codes of the results shown (one per file). */
const shownCodes = async (page: Page) => {
  await expect(page.getByTestId('doc-loading')).toHaveCount(0);
  // The list of the filters before stays shown, busy, while the new one loads.
  await expect(page.locator('[data-testid="doc-results"][aria-busy="true"]')).toHaveCount(0);
  return page
    .getByTestId('doc-result')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('[data-testid="doc-code"]')?.textContent?.trim() ?? ''),
    );
};

test('the dealer types EC35A00001 and finds only the documents for it, in Italian, with pictures, and downloads one', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await open(browser, 'dealer');
  await page.goto('/documenti');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await searchSerial(page, 'ec35a00001');
  await expect(page).toHaveURL(/serial=EC35A00001/);
  await expect(page.getByText('ES 35 ZT').first()).toBeVisible();

  await expect(page.getByTestId('doc-result').first()).toBeVisible();
  const codes = await shownCodes(page);
  // The manual, the parts list, the bulletin of the first series, the track guide, the safety rules.
  expect([...codes].sort()).toEqual(
    ['BS-ES35ZT-01-IT', 'CAT-ES35ZT-IT', 'MUM-ES35ZT-IT', 'SIC-EUROCOMACH-IT', 'TRK-ES35ZT-IT'].sort(),
  );
  // Not the second series' bulletin, the internal diagram, the expired bulletin nor next year's edition.
  for (const hidden of ['BS-ES35ZT-02', 'SCH-ES35ZT', 'BS-ES35ZT-00', 'MUM-ES35ZT-2027'])
    expect(codes.some((c) => c.startsWith(hidden))).toBe(false);
  await expect(page.getByTestId('doc-lingua').first()).toContainText(/it/i);
  // Every file shows its first page, a picture the browser could load.
  const icons = page.getByTestId('doc-icon');
  await expect(icons).toHaveCount(codes.length);
  for (const icon of await icons.all()) {
    await icon.scrollIntoViewIfNeeded();
    await expect.poll(() => icon.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  // The manager-only fields stay hidden.
  await expect(page.getByTestId('doc-manager')).toHaveCount(0);

  const manual = page.getByTestId('doc-result').filter({ hasText: 'MUM-ES35ZT-IT' });
  const [download] = await Promise.all([page.waitForEvent('download'), manual.getByTestId('doc-download').click()]);
  expect(download.suggestedFilename()).toBe('MUM-ES35ZT_it.pdf');
  const bytes = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await page.context().close();

  // The administrator's log shows the download with the filters of the page.
  const admin = await open(browser, 'admin');
  await admin.goto('/crDocumentiLogs');
  const row = admin.getByRole('row').filter({ hasText: 'MUM-ES35ZT_it.pdf' }).filter({ hasText: 'dealer' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('EC35A00001');
  await admin.context().close();
});

test('the catalogue page leads to the documents of its serial', async ({ browser }) => {
  const page = await open(browser, 'dealer');
  const [machine] = (await (await page.request.get('/api/machine/full?term=ec35a00001&size=1')).json()) as Machine[];
  expect(machine?.mtMatricola).toBe('EC35A00001');
  await page.goto(`/catalogo/${machine?.id}/${machine?.mtMatricola}`);
  await page.getByTestId('catalogue-documents').click();
  await expect(page).toHaveURL(/\/documenti\?.*serial=EC35A00001/);
  await expect(page.getByTestId('doc-result').first()).toBeVisible();
  await page.context().close();
});

test('a sub-dealer finds the documents of a granted serial and nothing for another machine', async ({ browser }) => {
  const page = await open(browser, 'subdealer');
  const granted = (await (await page.request.get('/api/machine/full?term=ec&size=200')).json()) as Machine[];
  const serial = granted.find((m) => m.mtMatricola.startsWith('EC35A'))?.mtMatricola ?? granted[0]?.mtMatricola;
  expect(serial).toBeTruthy();
  await page.goto('/documenti');
  await searchSerial(page, serial as string);
  await expect(page.getByTestId('doc-result').first()).toBeVisible();
  expect((await shownCodes(page)).length).toBeGreaterThan(0);

  // A machine of the superdealer's, not granted to this sub-dealer: "not found" on the serial, no results.
  const other = await open(browser, 'superdealer');
  const [foreign] = (await (await other.request.get('/api/machine/full?term=&size=1')).json()) as Machine[];
  await other.context().close();
  expect(granted.map((m) => m.mtMatricola)).not.toContain(foreign?.mtMatricola);
  await searchSerial(page, foreign?.mtMatricola as string);
  await expect(page.getByTestId('doc-field-error')).toBeVisible();
  await expect(page.getByTestId('doc-result')).toHaveCount(0);
  await page.context().close();
});

const pdf = async (title: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++) doc.addPage().drawText(`${title} — ${i}`, { x: 50, y: 700, size: 20, font });
  return Buffer.from(await doc.save());
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Chooses an option of the select labelled `label` in `scope` (retried: a click may land while it opens). */
const pick = async (scope: Locator, label: string, text: string) => {
  const page = scope.page();
  const select = scope.getByLabel(label, { exact: true });
  await expect(async () => {
    await select.click();
    await option(page, text).click({ timeout: 3_000 });
    await expect(select.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText(text, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
};

test('a manager publishes a document with two language files and a serial range, and the dealer finds it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const code = unique('E2E-DOC-');
  const manager = await open(browser, 'manager');
  await manager.goto('/crDocumentis/new');
  const dialog = manager.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Salva' });

  await dialog.getByLabel('Nome', { exact: true }).fill(`Bollettino ${code}`);
  await pick(dialog, 'Marchio', 'Eurocomach');
  await pick(dialog, 'Tipo documento', 'Bollettino di servizio');
  // Without a category the document cannot be saved.
  await expect(save).toBeDisabled();
  await pick(dialog, 'Categoria', 'Assistenza tecnica');

  await dialog.getByRole('tab', { name: 'Modelli' }).click();
  await pick(dialog, 'Modello (modello da aggiungere)', 'ES 35 ZT');
  await dialog.getByLabel('Da matricola (modello da aggiungere)', { exact: true }).fill('ec35a00001');
  await dialog.getByLabel('A matricola (modello da aggiungere)', { exact: true }).fill('EC35A00003');
  // A typed row not yet added keeps the dialog from saving.
  await expect(save).toBeDisabled();
  await dialog.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(dialog.getByLabel('Da matricola (modelli, riga 1)', { exact: true })).toHaveValue('EC35A00001');

  await dialog.getByRole('tab', { name: 'File' }).click();
  const files = dialog.getByTestId('file-rows');
  const input = files.locator('input[type=file]');
  // A picture renamed .pdf and a PDF over 100 MB are refused before anything is sent.
  await input.setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(files.getByRole('alert')).toContainText('Il file deve essere un pdf');
  const big = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-e2e-')), 'grande.pdf');
  await fs.writeFile(big, '%PDF-1.7\n');
  await fs.truncate(big, 101 * 1024 * 1024);
  await input.setInputFiles(big);
  await expect(files.getByRole('alert')).toContainText('Il file deve essere inferiore a 100MB');
  await fs.rm(path.dirname(big), { recursive: true, force: true });

  for (const [row, lang, language] of [
    [1, 'it', 'Italiano'],
    [2, 'en', 'English'],
  ] as const) {
    await input.setInputFiles({ name: `${code}_${lang}.pdf`, mimeType: 'application/pdf', buffer: await pdf(code) });
    const codeCell = dialog.getByLabel(`Codice (file, riga ${row})`, { exact: true });
    await expect(codeCell).toBeVisible({ timeout: 20_000 });
    await codeCell.fill(`${code}-${lang.toUpperCase()}`);
    await pick(dialog, `Lingua (file, riga ${row})`, language);
  }
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await manager.context().close();

  // The dealer finds it for a serial of the range, in Italian, and not for one outside it.
  const dealer = await open(browser, 'dealer');
  await dealer.goto('/documenti?serial=EC35A00001');
  await expect(dealer.getByTestId('doc-result').filter({ hasText: `${code}-IT` })).toBeVisible();
  expect((await shownCodes(dealer)).filter((c) => c.startsWith(code))).toEqual([`${code}-IT`]);
  await dealer.goto('/documenti?serial=EC35A00004');
  await expect(dealer.getByTestId('doc-result').first()).toBeVisible();
  expect((await shownCodes(dealer)).some((c) => c.startsWith(code))).toBe(false);
  await dealer.context().close();
});
