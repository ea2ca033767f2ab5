import { type Browser, expect, type Page, test } from '@playwright/test';
import { waitForMail } from './support/mail.ts';
import { choose, option, signIn } from './support/ui.ts';

// Issue 14 (spec 2 §2–§9): the dealer opens a ticket for EC35A00001 with a photo; the help desk's
// badge counts it; the help desk answers and waits for the customer (46); the dealer's badge counts
// it and the dealer is mailed; the dealer answers; the help desk closes it. (Notes 2 and 4 days after
// closing are checked in apps/server/test/tickets.test.ts, where the clock can be moved.)

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const open = async (browser: Browser, login: string) => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, login);
  return page;
};
const waitingCount = async (page: Page) =>
  ((await (await page.request.get('/api/sysaid/count')).json()) as { count: number }).count;
const pick = async (page: Page, label: string, text: string) => {
  await expect(async () => {
    // A click on an open select closes it: open it only when no list is showing (a retry after a slow one).
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0)
      await page.getByLabel(label, { exact: true }).click();
    await option(page, text).click({ timeout: 3_000 });
    await expect(
      page.getByLabel(label, { exact: true }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]'),
    ).toContainText(text, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
};

test('a ticket goes from the dealer to the help desk and back, with badges and mail, until it is closed', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const dealer = await open(browser, 'dealer');
  const staff = await open(browser, 'internal');
  const staffBefore = await waitingCount(staff);
  const dealerBefore = await waitingCount(dealer);

  await dealer.goto('/ticket');
  await expect(dealer.getByRole('heading', { level: 1 })).toBeVisible();
  await dealer.getByTestId('tk-new').click();
  await expect(dealer).toHaveURL(/\/ticket\/new$/);

  // Location 0 (not chosen) is refused: the form says what is missing.
  await dealer.getByTestId('tk-save').click();
  await expect(dealer.getByText('È necessario completare i campi obbligatori, contrassegnati con *.')).toBeVisible();

  // The serial, typed in lower case, is looked up and fills the model and the warranty end.
  await dealer.getByTestId('tk-matricola').locator('input').fill('ec35a00001');
  await option(dealer, 'EC35A00001').click();
  await expect(dealer.getByTestId('tk-matricola').locator('input')).toHaveValue('EC35A00001');
  await expect(dealer.getByLabel('Modello')).not.toHaveValue('');

  const title = `Perdita idraulica ${Date.now().toString(36)}`;
  await dealer.getByLabel('Oggetto', { exact: true }).fill(title);
  await dealer.getByLabel('Ore di utilizzo').fill('1320');
  const location = dealer.getByLabel('Collocazione', { exact: true });
  await choose(dealer, location, 'Motor', 'Motore', dealer.getByTestId('tk-collocazione'), 'Motore');
  await dealer.getByLabel('Descrizione', { exact: true }).fill('Perdita d’olio dal tubo della pompa.');
  await dealer.getByTestId('tk-upload').locator('input[type="file"]').setInputFiles({
    name: 'tubo pompa.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await dealer.getByTestId('tk-save').click();

  // The page goes to the new ticket, with its photo.
  await expect(dealer).toHaveURL(/\/ticket\/\d+$/);
  const id = dealer.url().split('/').pop() as string;
  await expect(dealer.getByRole('heading', { level: 1 })).toContainText(id);
  await expect(dealer.getByTestId('tk-files')).toContainText('tubo pompa.png');

  // The help desk's badge counts it.
  await expect.poll(() => waitingCount(staff)).toBe(staffBefore + 1);
  await staff.reload();
  await expect(staff.getByTestId('tk-badge')).toContainText(String(staffBefore + 1));

  // The help desk answers and waits for the customer.
  await staff.goto(`/ticket/${id}`);
  await staff.getByTestId('tk-note').fill('Inviare una foto del raccordo, grazie.');
  await staff.getByTestId('tk-note-submit').click();
  await expect(staff.getByTestId('tk-notes')).toContainText('Inviare una foto del raccordo, grazie.');
  await expect(staff.getByTestId('tk-note')).toHaveValue('');
  await pick(staff, 'Stato', 'In attesa del cliente');
  await staff.getByTestId('tk-status-submit').click();
  await expect(staff.getByText('In attesa del cliente').first()).toBeVisible();

  // The dealer's badge counts it without reloading the page; the dealer was mailed.
  await expect(dealer.getByTestId('tk-badge')).toContainText(String(dealerBefore + 1), { timeout: 90_000 });
  const mail = await waitForMail('dealer@ricambi.example', `Ticket ${id}`);
  expect(mail.links.some((l) => l.endsWith(`/ticket/${id}`))).toBe(true);

  // The dealer answers; the help desk closes it after a confirmation.
  await dealer.reload();
  await dealer.getByTestId('tk-note').fill('Ecco la foto del raccordo.');
  await dealer.getByTestId('tk-note-submit').click();
  await expect(dealer.getByTestId('tk-notes')).toContainText('Ecco la foto del raccordo.');
  await staff.reload();
  await pick(staff, 'Stato', 'Chiuso');
  await staff.getByTestId('tk-status-submit').click();
  await staff
    .getByRole('dialog')
    .getByRole('button', { name: /Chiudi|Conferma|OK|Sì/ })
    .last()
    .click();
  await expect(staff.getByText('Chiuso').first()).toBeVisible();

  // Closed today: the dealer can still add a note for three days.
  await dealer.reload();
  await expect(dealer.getByTestId('tk-closed')).toBeVisible();
  await expect(dealer.getByTestId('tk-note')).toBeEnabled();
  const download = dealer.waitForEvent('download');
  await dealer.getByTestId('tk-pdf').click();
  expect((await download).suggestedFilename()).toBe(`ticket-${id}.pdf`);
  await dealer.context().close();
  await staff.context().close();
});

test('a dealer cannot read another customer’s ticket', async ({ browser }) => {
  const superdealer = await open(browser, 'superdealer');
  const [own] = (await (await superdealer.request.get('/api/sysaid?size=1')).json()) as { id: number }[];
  expect(own).toBeDefined();
  const dealer = await open(browser, 'dealer');
  const response = await dealer.request.get(`/api/sysaid/${own?.id}`);
  expect(response.status()).toBe(403);
  await superdealer.context().close();
  await dealer.context().close();
});
