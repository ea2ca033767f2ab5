import { expect, type Page, test } from '@playwright/test';
import { businessToday, formatItalianDate, warrantyMinDate } from '@ricambi/domain';
import { choose, expectSignedInAs, option, signIn } from './support/ui.ts';

// Issue 12 §4, §5 (spec 2 §2–§9): a dealer files a warranty request with a component of the machine's
// own catalogue and a photo and finds it In corso; bad input is refused with its message; the back
// office moves it on and the dealer sees it locked.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000, 0x90)]);
const SERIAL = 'EC35A00001';

const fileInput = (page: Page) => page.getByTestId('wr-upload').locator('input[type="file"]');
const typeDate = async (page: Page, testId: string, iso: string) => {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(formatItalianDate(iso) as string);
  await input.press('Enter');
};

test('a dealer files a warranty request with a component and a photo; the back office moves it on', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'dealer');
  await expectSignedInAs(page, 'dealer');
  // A part of this machine's catalogue, as the component search offers it.
  const components = await page.request.get(`/api/richiestagaranzia/componenti?matricola=${SERIAL}&q=mot`);
  expect(components.status(), await components.text()).toBe(200);
  const [component] = (await components.json()) as { codice: string; descrizione: string }[];
  expect(component).toBeDefined();
  const { codice } = component as { codice: string };

  await page.goto('/richiestagaranzia');
  await expect(page.getByRole('heading', { name: 'Richiesta garanzia', level: 1 })).toBeVisible();
  await expect(page.getByTestId('wr-state').getByRole('radio', { name: 'In corso' })).toBeChecked();
  await page.getByTestId('wr-new').click();
  await expect(page.getByRole('heading', { name: 'Nuova richiesta di garanzia' })).toBeVisible();

  // Saving an empty form says what is missing; nothing is sent.
  await page.getByTestId('wr-save').click();
  await expect(page.getByTestId('wr-incomplete')).toContainText(
    'È necessario completare i campi obbligatori, contrassegnati con *.',
  );

  // The serial: at most 12 characters; an unknown one is refused; the dealer's own is found with its warranty end.
  const serial = page.getByTestId('wr-matricola');
  await serial.fill('ABCDEFGHIJKLMN');
  await expect(serial).toHaveValue('ABCDEFGHIJKL');
  await serial.fill('zz9999999');
  await expect(page.getByText('Matricola non trovata.')).toBeVisible();
  // The component search waits for a valid serial.
  await expect(page.getByTestId('wr-component').locator('input')).toBeDisabled();
  await serial.fill(SERIAL.toLowerCase());
  await expect(serial).toHaveValue(SERIAL);
  await expect(page.getByTestId('wr-machine')).toContainText('Fine garanzia');

  await typeDate(page, 'wr-dataGuasto', warrantyMinDate(5));
  await page.getByTestId('wr-oreLavoro').fill('1250');
  await choose(
    page,
    page.getByLabel('Problema segnalato'),
    'olio',
    'Perdita d’olio',
    page.getByTestId('wr-problemaSegnalato'),
    'Perdita d’olio',
  );
  await choose(
    page,
    page.getByLabel('Collocazione del problema'),
    'Motore',
    'Motore',
    page.getByTestId('wr-collocazioneProblema'),
    'Motore',
  );
  await page.getByLabel('Descrizione del problema').fill('Perdita d’olio dal carter motore dopo 1250 ore.');
  // The component from the machine's own catalogue: 3 characters at least.
  await choose(
    page,
    page.getByLabel('Componente'),
    codice.slice(0, 6),
    codice,
    page.getByTestId('wr-component'),
    codice,
  );

  // The attachment: a file over 20 MB is refused before sending, naming the file and the limit.
  await fileInput(page).setInputFiles({
    name: 'video enorme.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.alloc(21 * 1024 * 1024, 1),
  });
  await expect(page.getByText('Il file video enorme.mp4 supera il limite di 20 MB.')).toBeVisible();

  // Without an attachment and the terms the request is not saved.
  await page.getByTestId('wr-save').click();
  await expect(page.getByText('Una richiesta deve avere almeno un allegato: scegli un file.')).toBeVisible();
  await page.getByTestId('wr-terms-open').click();
  await expect(page.getByTestId('wr-terms-modal')).toContainText('Termini e condizioni della garanzia');
  await page.getByTestId('wr-terms-modal').locator('.ant-modal-footer').getByRole('button', { name: 'Chiudi' }).click();
  await page.getByTestId('wr-terms').check();
  // A program renamed .jpg passes the browser's check and is refused by the server, by its content.
  await fileInput(page).setInputFiles({ name: 'virus.jpg', mimeType: 'image/jpeg', buffer: EXE });
  await page.getByTestId('wr-save').click();
  await expect(page.getByText(/Il file virus\.jpg non è ammesso/)).toBeVisible();
  await expect(page).toHaveURL(/\/richiestagaranzia\/nuova$/);
  await fileInput(page).setInputFiles({ name: 'perdita olio.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('wr-upload')).toContainText('perdita olio.png');
  await page.getByTestId('wr-save').click();

  // Saved: its number in the message, the detail page with the photo, In corso in the list.
  await expect(page.getByText(/Richiesta di garanzia n\. \d+ salvata\./)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/richiestagaranzia/${SERIAL}/\\d+$`));
  const numero = page.url().split('/').pop() as string;
  await expect(page.getByRole('heading', { name: `Richiesta di garanzia n. ${numero} – ${SERIAL}` })).toBeVisible();
  await expect(page.getByTestId('wr-attachments')).toContainText('perdita olio.png');
  await expect(page.getByTestId('wr-component')).toContainText(codice);

  const download = page.waitForEvent('download');
  await page.getByTestId('wr-pdf').click();
  expect((await download).suggestedFilename()).toBe(`richiesta-garanzia-${numero}-${SERIAL}.pdf`);

  await page.goto('/richiestagaranzia');
  const row = page.getByTestId('wr-table').locator('tbody tr.ant-table-row', { hasText: numero });
  await expect(row).toContainText(SERIAL);
  await expect(row).toContainText('Aperta');
  await expect(row).toContainText(formatItalianDate(businessToday()) as string);

  // The back office takes it under review with a note; the dealer then finds it locked.
  const staff = await browser.newPage();
  await signIn(staff, 'internal');
  await staff.goto(`/richiestagaranzia/${SERIAL}/${numero}`);
  await expect(async () => {
    await staff.getByLabel('Nuovo stato').click();
    await option(staff, 'In esame').click({ timeout: 3_000 });
    await expect(staff.getByTestId('wr-stato-change')).toContainText('In esame', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await staff.getByTestId('wr-stato-nota').fill('Presa in carico: inviare il pezzo sostituito.');
  await staff.getByTestId('wr-stato-submit').click();
  await expect(staff.getByTestId('wr-history')).toContainText('Presa in carico: inviare il pezzo sostituito.');
  await staff.close();

  await page.goto(`/richiestagaranzia/${SERIAL}/${numero}`);
  await expect(page.getByTestId('wr-locked')).toBeVisible();
  await expect(page.getByTestId('wr-save')).toBeDisabled();
  await expect(page.getByTestId('wr-history')).toContainText('In esame');
});

test('a subdealer cannot open warranty requests', async ({ page }) => {
  await signIn(page, 'subdealer');
  await page.goto('/richiestagaranzia');
  await expect(page).toHaveURL(/\/accessdenied$/);
});
