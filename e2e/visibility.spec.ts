import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeFindings, WCAG_AA } from './support/axe.ts';
import { expectSignedInAs, openMainEntry, readCsv, signIn, unique } from './support/ui.ts';

type Row = { id: number; login: string; matricola: string; dealerLogin: string };
type Machine = { mtMatricola: string };

const newPage = async (browser: Browser, login: string) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, login);
  await expectSignedInAs(page, login);
  return page;
};

/** The serials in the list, top to bottom. */
const listedSerials = async (page: Page) => {
  const table = page.getByTestId('visibility-table');
  const column = await table
    .locator('thead th')
    .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === 'Matricola'));
  return table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows, i) => rows.map((r) => (r.querySelectorAll('td')[i]?.textContent ?? '').trim()), column);
};

/** A machine of the dealer not yet visible to the subdealer (the grants of the demo data are spread). */
const ungrantedSerial = async (page: Page, machinesUrl: string, dealer: string, subdealer: string) => {
  const granted = (await (
    await page.request.get(`/api/visibilitamacchine?l1=${dealer}&l2=${subdealer}&size=200`)
  ).json()) as Row[];
  const machines = (await (await page.request.get(machinesUrl)).json()) as Machine[];
  const taken = new Set(granted.map((g) => g.matricola));
  const free = machines.map((m) => m.mtMatricola).find((s) => s !== 'GENERIC' && !taken.has(s));
  expect(free, 'a machine of the dealer the subdealer does not see yet').toBeTruthy();
  return free as string;
};

/**
 * Picks an option of the open list. A click that lands while the list is still sliding in can be
 * lost (the list stays open, nothing chosen), so the click is repeated until the list closes.
 */
const pickOption = async (page: Page, name: RegExp) => {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first();
  await expect(option).toBeVisible();
  await expect(async () => {
    if (await option.isVisible()) await option.click({ timeout: 2_000 });
    await expect(option).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
};

// Spec 2 §2, §5, §6: internal staff choose the dealer, grant one of its machines to a subdealer,
// export the list and remove the grant again.
test('internal staff grant a dealer machine to a subdealer, export the list and delete the grant', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'internal');
  await expectSignedInAs(page, 'internal');
  await openMainEntry(page, 'Visibilità macchine');
  await expect(page).toHaveURL(/\/visibilitamacchine$/);
  await expect(page.getByRole('heading', { name: 'Visibilità macchine' })).toBeVisible();
  // No dealer yet: no subdealer filter, no new grant.
  await expect(page.getByLabel('Subdealer')).toHaveCount(0);
  await expect(page.getByTestId('visibility-new')).toBeDisabled();

  await page.getByLabel('Dealer', { exact: true }).fill('dealer');
  await pickOption(page, /^dealer · /);
  await expect(page).toHaveURL(/l1=dealer/);
  await page.getByLabel('Subdealer').click();
  await pickOption(page, /^subdealer · /);
  await expect(page).toHaveURL(/l2=subdealer/);

  const serial = await ungrantedSerial(page, '/api/machine/dealer?login=dealer&term=a&size=200', 'dealer', 'subdealer');

  // New: the serial stays disabled until a subdealer is chosen; Save until the form is valid.
  await page.getByTestId('visibility-new').click();
  await expect(page).toHaveURL(/\/visibilitamacchine\/new\/dealer/);
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Salva' });
  await expect(dialog.getByLabel('Matricola')).toBeDisabled();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Subdealer').click();
  await pickOption(page, /^subdealer · /);
  await expect(dialog.getByLabel('Matricola')).toBeEnabled();
  await dialog.getByLabel('Matricola').fill(serial);
  const note = dialog.getByLabel('Note');
  await note.fill('x'.repeat(10));
  await expect(dialog.getByText('10 / 400')).toBeVisible();
  await note.fill('Cantiere E2E');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/visibilitamacchine\?/);

  // Granting the same serial again is refused on the field.
  await page.getByTestId('visibility-new').click();
  await dialog.getByLabel('Subdealer').click();
  await pickOption(page, /^subdealer · /);
  await dialog.getByLabel('Matricola').fill(serial);
  await save.click();
  await expect(dialog.getByText('Questa matricola è già visibile a questo subdealer.')).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  // The list (one page) and its CSV hold the same rows.
  const onScreen = await listedSerials(page);
  expect(onScreen).toContain(serial);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('visibility-csv').click();
  const [header, ...rows] = readCsv((await (await downloading).path()) as string);
  expect(header?.slice(0, 4)).toEqual(['Dealer', 'Subdealer', 'Ragione sociale', 'Matricola']);
  expect(rows.map((r) => r[3])).toEqual(onScreen);
  expect(new Set(rows.map((r) => `${r[0]}/${r[1]}`))).toEqual(new Set(['dealer/subdealer']));

  // Serial search narrows the list to the new grant.
  await page.getByLabel('Matricola').fill(serial);
  await page.getByLabel('Matricola').press('Enter');
  await expect(page).toHaveURL(new RegExp(`mt=${serial}`));
  await expect.poll(() => listedSerials(page)).toEqual([serial]);

  // Delete asks first, naming the serial.
  const row = page.getByTestId('visibility-table').locator('tbody tr', { hasText: serial });
  await row.getByRole('link', { name: `Elimina ${serial}` }).click();
  await expect(page.getByTestId('delete-question')).toContainText(serial);
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Nessuna macchina resa visibile.')).toBeVisible();
});

// Spec 2 §6: a superdealer is always its own dealer; its subdealer then sees the machine.
test('a superdealer grants one of its machines to its subdealer, who then sees it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, 'superdealer');
  // The entry is in the main menu (folded into the menu button when the entries do not fit).
  const menuButton = page.getByRole('navigation', { name: 'Menu' }).getByTestId('main-menu');
  if (await menuButton.isVisible()) await menuButton.click();
  await expect(page.getByRole('link', { name: 'Visibilità macchine', exact: true })).toBeVisible();
  await page.goto('/visibilitamacchine');
  await expect(page.getByRole('heading', { name: 'Visibilità macchine' })).toBeVisible();
  await expect(page.getByLabel('Dealer', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Subdealer')).toBeVisible();
  const listed = (await (await page.request.get('/api/visibilitamacchine?l1=dealer&size=200')).json()) as Row[];
  expect(listed.length).toBeGreaterThan(0);
  expect(new Set(listed.map((r) => r.dealerLogin))).toEqual(new Set(['superdealer']));

  const serial = await ungrantedSerial(page, '/api/machine/full?term=a&size=200', 'superdealer', 'subdealer2');
  await page.getByTestId('visibility-new').click();
  await expect(page).toHaveURL(/\/visibilitamacchine\/new\/superdealer/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Matricola')).toBeDisabled();
  await dialog.getByLabel('Subdealer').click();
  await pickOption(page, /^subdealer2 · /);
  await dialog.getByLabel('Matricola').fill(serial);
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => listedSerials(page)).toContain(serial);

  const sub = await newPage(browser, 'subdealer2');
  const seen = (await (await sub.request.get(`/api/machine/full?term=${serial}`)).json()) as Machine[];
  expect(seen.map((m) => m.mtMatricola)).toEqual([serial]);
  // A subdealer has no visibility screens.
  expect((await sub.request.get('/api/visibilitamacchine')).status()).toBe(403);
});

test('the visibility page passes the accessibility check on a tablet (820 px)', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await signIn(page, 'internal');
  await expectSignedInAs(page, 'internal');
  await page.goto('/visibilitamacchine?l1=dealer');
  await expect(page.getByRole('heading', { name: 'Visibilità macchine' })).toBeVisible();
  await expect(page.getByTestId('visibility-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(await axeFindings(page, { tags: WCAG_AA })).toEqual([]);
});

// Spec 2 §2, §3, §5: machine models on the kit, for managers.
test('a manager creates, edits and deletes a machine model', async ({ page }) => {
  await signIn(page, 'manager');
  await expectSignedInAs(page, 'manager');
  await page.getByTestId('admin-menu').click();
  await page.getByRole('menuitem', { name: 'Modelli macchina', exact: true }).click();
  await expect(page).toHaveURL(/\/crModellis$/);
  await expect(page.getByRole('heading', { name: 'Modelli macchina' })).toBeVisible();

  const name = unique('Modello E2E ');
  await page.getByRole('link', { name: 'Nuovo modello' }).click();
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Salva' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Modello').fill(name);
  await dialog.getByLabel('Note').fill('Nota di prova');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/\/crModellis$/);
  const row = page.locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);

  // The name is unique, regardless of case.
  await page.getByRole('link', { name: 'Nuovo modello' }).click();
  await dialog.getByLabel('Modello').fill(name.toUpperCase());
  await save.click();
  await expect(dialog.getByText('Esiste già un modello con questo nome.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  await row.getByRole('link', { name: 'Modifica' }).click();
  await dialog.getByLabel('Note').fill('Nota cambiata');
  await save.click();
  await expect(row).toContainText('Nota cambiata');

  await row.getByRole('link', { name: 'Elimina' }).click();
  await expect(page.getByTestId('delete-question')).toContainText('Sei sicuro di voler eliminare il modello');
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(row).toHaveCount(0);
});
