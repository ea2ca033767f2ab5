import { expect, type Page, test } from '@playwright/test';
import { choose, expectSignedInAs, openMainEntry, signIn } from './support/ui.ts';

// A small real PNG (1×1) and a minimal PDF: the server judges files by their content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000, 0x90)]);

const uploadInput = (page: Page) => page.getByTestId('ms-upload').locator('input[type="file"]');

// Spec 2 §2–§9 (issue 12): a dealer registers a machine handed over to a customer, attaches the
// photo and the signed form, downloads the record as a PDF; bad files are refused with their message.
test('a dealer registers a machine on the road with two attachments and downloads its PDF', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'dealer');
  await expectSignedInAs(page, 'dealer');
  await openMainEntry(page, 'Messa in strada');
  await expect(page.getByRole('heading', { name: 'Messa in strada' })).toBeVisible();
  // "Da fare" is the default filter; the first machine to register opens its form.
  await expect(page.getByTestId('ms-state').getByRole('radio', { name: 'Da fare' })).toBeChecked();
  const first = page.getByTestId('ms-table').locator('tbody tr.ant-table-row').first().getByRole('link');
  const serial = (await first.textContent())?.trim() ?? '';
  expect(serial).not.toBe('');
  await first.click();
  await expect(page.getByRole('heading', { name: `Messa in strada ${serial}` })).toBeVisible();
  await expect(page.getByText('Salva la messa in strada per poter aggiungere allegati.')).toBeVisible();

  // Saving an empty form says what is missing and stores nothing.
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('È necessario completare i campi obbligatori, contrassegnati con *.')).toBeVisible();

  await page.getByLabel('Cliente', { exact: true }).fill('Edil Verdi Srl');
  await page.getByLabel('Partita IVA').fill('IT09876543210');
  await page.getByLabel('Via').fill('Via Emilia 10');
  await page.getByLabel('CAP').fill('40100');
  await page.getByLabel('Città').fill('Bologna');
  await choose(
    page,
    page.getByLabel('Stato', { exact: true }),
    'Ital',
    'Italia',
    page.getByTestId('ms-stato'),
    'Italia',
  );
  await choose(page, page.getByLabel('Provincia'), 'BO', 'BO', page.getByTestId('ms-provincia'), 'BO');
  await page.getByLabel('E-mail').fill('ufficio@edilverdi');
  await expect(page.getByText("L'indirizzo e-mail non è valido.")).toBeVisible();
  await page.getByLabel('E-mail').fill('ufficio@edilverdi.it');
  await page.getByLabel('Data messa in strada').fill('20/11/2026');
  await page.getByLabel('Data messa in strada').press('Enter');
  await choose(page, page.getByLabel('Settore'), 'Edil', 'Edilizia', page.getByTestId('ms-settore'), 'Edilizia');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(`Messa in strada della matricola ${serial} salvata.`)).toBeVisible();

  // Two files in one go, each with its own upload; both are listed.
  await uploadInput(page).setInputFiles([
    { name: 'consegna.png', mimeType: 'image/png', buffer: PNG },
    { name: 'modulo firmato.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const attachments = page.getByTestId('ms-attachments');
  await expect(attachments).toContainText('consegna.png');
  await expect(attachments).toContainText('modulo firmato.pdf');

  // Too big: said before sending, naming the file and the limit. A program renamed .jpg: refused by content.
  await uploadInput(page).setInputFiles({
    name: 'foto enorme.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(6 * 1024 * 1024, 1),
  });
  await expect(page.getByText('Il file foto enorme.jpg supera il limite di 5 MB.')).toBeVisible();
  await uploadInput(page).setInputFiles({ name: 'virus.jpg', mimeType: 'image/jpeg', buffer: EXE });
  await expect(page.getByText(/Il file virus\.jpg non è ammesso/)).toBeVisible();
  await expect(attachments.locator('.ant-list-item')).toHaveCount(2);

  // The record as a PDF.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`messa-in-strada-${serial}.pdf`);

  // An attachment goes after a confirmation.
  await attachments.getByRole('button', { name: 'Elimina consegna.png' }).click();
  await page.getByRole('button', { name: 'Elimina', exact: true }).click();
  await expect(attachments.locator('.ant-list-item')).toHaveCount(1);

  // Back to the list: the machine is among the done ones.
  await page.getByRole('button', { name: 'Indietro' }).click();
  await page.getByTestId('ms-state').getByText('Fatte').click();
  await page.getByPlaceholder('Matricola, cliente o città').fill(serial);
  await page.getByRole('button', { name: 'Cerca' }).click();
  const row = page.getByTestId('ms-table').locator('tbody tr.ant-table-row', { hasText: serial });
  await expect(row).toContainText('Edil Verdi Srl');
  await expect(row).toContainText('20/11/2026');
});

test('a subdealer cannot open the road registration', async ({ page }) => {
  await signIn(page, 'subdealer');
  await page.goto('/messainstrada');
  await expect(page).toHaveURL(/\/accessdenied$/);
});
