import fs from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { businessToday, CART_STATUS_ICON_MS, type CartView, earliestRequestDate } from '@ricambi/domain';
import { axeFindings, WCAG_AA } from './support/axe.ts';
import { signIn, unique } from './support/ui.ts';

// Issue 5 §2 and §6, web side (spec 1 §2.3, §4, §5, §9): the cart page and its line rules, the
// dropdown, add to cart from the article page and the search results, the over-availability
// confirmation, CSV export, quick order, saved carts, prices hidden from a subdealer, act-as.

/**
 * The demo catalogue's showcase articles (apps/server/src/seed/catalogue-generator.ts): the first
 * reaches every label by quantity (1, 8, 15, 40; kind T), the fifth is kind 0 with 2 in stock.
 */
const LABELS = { id: 100093, code: '1.0121.818.8' };
const SOON = { id: 100094, code: 'EC-47657-85' };
const KIND0 = { id: 100097, code: '1.0704.348.7' };

type LineIn = { idArticolo: number; quantita: number; dataRichiesta?: string | null; serialNumber?: string };

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

const cartOf = async (page: Page) => {
  const response = await page.request.get('/api/cartitem?langKey=it');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CartView;
};

/** The cart emptied, then these lines added (all at once), through the API. */
const fillCart = async (page: Page, lines: LineIn[] = []) => {
  const headers = { 'X-XSRF-TOKEN': await xsrf(page) };
  const cleared = await page.request.delete('/api/cartutil/cartall', { headers });
  expect(cleared.status(), await cleared.text()).toBe(200);
  if (lines.length === 0) return;
  const added = await page.request.post('/api/cartutil/cartall', { headers, data: { righe: lines } });
  expect(added.status(), await added.text()).toBe(200);
};

const newPage = async (browser: Browser, login: string, width = 1366) => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, login);
  await expect(page.getByTestId('account-menu')).toContainText(login);
  return page;
};

const row = (page: Page, code: string) => page.locator('tr.ant-table-row').filter({ hasText: code });
const editor = (page: Page) => page.locator('.cart-line-editor');
const field = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().getByText(label, { exact: true }) });

const euro = (value: number) =>
  new Intl.NumberFormat('it', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(value);

/** The next Saturday on or after an ISO date. */
const saturdayFrom = (iso: string) => {
  const d = new Date(`${iso}T12:00:00Z`);
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

test.describe.configure({ mode: 'serial' });

test('every line rule gives its message and blocks the update', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  await fillCart(page, [
    { idArticolo: LABELS.id, quantita: 2, dataRichiesta: earliestRequestDate() },
    { idArticolo: KIND0.id, quantita: 1, dataRichiesta: null },
  ]);
  await page.goto('/cart');
  await row(page, LABELS.code)
    .getByRole('button', { name: `Modifica la riga ${LABELS.code}` })
    .click();
  const panel = editor(page);
  const update = panel.getByRole('button', { name: 'Aggiorna' });
  const quantity = panel.getByLabel(/Quantità/);
  // Nothing changed yet: nothing to update.
  await expect(update).toBeDisabled();

  await quantity.fill('1,5');
  await expect(field(panel, 'Quantità (pezzi)')).toContainText(
    'Per questa unità di misura la quantità deve essere un numero intero.',
  );
  await expect(update).toBeDisabled();
  await quantity.fill('0');
  await expect(panel).toContainText('La quantità minima è 1.');
  await expect(update).toBeDisabled();
  await quantity.fill('3');
  await expect(update).toBeEnabled();

  const serial = panel.getByLabel('Matricola');
  await serial.fill('1234567890123456');
  await expect(panel).toContainText('Questo campo non può superare 15 caratteri.');
  await expect(update).toBeDisabled();
  await serial.fill('123456789012345');
  await expect(update).toBeEnabled();

  // Kind T: the requested date is required.
  const date = panel.getByLabel('Data richiesta');
  await date.hover();
  await panel.locator('.ant-picker-clear').click();
  await expect(panel).toContainText('Questo campo è obbligatorio.');
  await expect(update).toBeDisabled();

  // Today and weekends cannot be picked; typed, they are not taken.
  await date.click();
  const dropdown = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  const today = businessToday();
  const saturday = saturdayFrom(earliestRequestDate());
  await expect(dropdown.locator(`td[title="${saturday}"]`)).toHaveClass(/ant-picker-cell-disabled/);
  await expect(dropdown.locator(`td[title="${earliestRequestDate()}"]`)).not.toHaveClass(/ant-picker-cell-disabled/);
  const todayCell = dropdown.locator(`td[title="${today}"]`);
  if (await todayCell.count()) await expect(todayCell).toHaveClass(/ant-picker-cell-disabled/);
  const [y, m, d] = today.split('-');
  await date.fill(`${d}/${m}/${y}`);
  await date.press('Enter');
  await page.keyboard.press('Escape');
  await expect(panel).toContainText('Questo campo è obbligatorio.');
  await expect(update).toBeDisabled();

  // The server applies the same rules (cartLineErrors): today and a Saturday are refused.
  const line = (await cartOf(page)).righe.find((l) => l.idArticolo === LABELS.id);
  const headers = { 'X-XSRF-TOKEN': await xsrf(page) };
  for (const [dataRichiesta, message] of [
    [today, 'cart.error.dateMin'],
    [saturday, 'cart.error.dateWeekend'],
  ] as const) {
    const refused = await page.request.put('/api/cartitem', {
      headers,
      data: { id: line?.id, quantita: 2, dataRichiesta },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { fieldErrors: { field: string; message: string }[] }).fieldErrors).toEqual([
      { field: 'dataRichiesta', message },
    ]);
  }

  // Picking the first allowed day makes the line valid again.
  await date.click();
  await dropdown.locator(`td[title="${earliestRequestDate()}"]`).click();
  await expect(update).toBeEnabled();
  await panel.getByRole('button', { name: 'Annulla' }).click();

  // Kind 0: the date may stay empty.
  await row(page, KIND0.code)
    .getByRole('button', { name: `Modifica la riga ${KIND0.code}` })
    .click();
  await expect(editor(page).getByLabel('Data richiesta')).toHaveValue('');
  await editor(page).getByLabel('Matricola').fill('SN-1');
  await expect(editor(page)).not.toContainText('Questo campo è obbligatorio.');
  await expect(editor(page).getByRole('button', { name: 'Aggiorna' })).toBeEnabled();
  await page.context().close();
});

test('editing a line: Enter saves it, the saved icon shows for 4 s; over-availability asks first', async ({
  browser,
}) => {
  const page = await newPage(browser, 'dealer');
  await fillCart(page, [
    { idArticolo: LABELS.id, quantita: 1, dataRichiesta: earliestRequestDate() },
    { idArticolo: KIND0.id, quantita: 1 },
  ]);
  await page.goto('/cart');
  const line = row(page, LABELS.code);
  await expect(line.locator('[data-availability]')).toHaveAttribute('data-availability', 'DISPONIBILE');
  await line.getByRole('button', { name: `Modifica la riga ${LABELS.code}` }).click();
  const quantity = editor(page).getByLabel(/Quantità/);
  await quantity.fill('15');
  await quantity.press('Enter');
  const { righe } = await cartOf(page);
  const id = righe.find((l) => l.idArticolo === LABELS.id)?.id;
  const status = page.getByTestId(`cart-line-status-${id}`);
  await expect(status).toHaveAttribute('data-status', 'saved');
  // Saved no later than now: the icon stays CART_STATUS_ICON_MS (4 s) from the save, then goes.
  const savedBy = Date.now();
  await expect(status).toHaveAttribute('title', 'Riga salvata');
  // Spec 1 §4: the label follows the quantity (15 of this article are "In Arrivo").
  await expect(line.locator('[data-availability]')).toHaveAttribute('data-availability', 'IN_ARRIVO');
  expect((await cartOf(page)).righe.find((l) => l.id === id)?.quantita).toBe(15);
  await expect(status).toHaveAttribute('data-status', '', { timeout: CART_STATUS_ICON_MS + 2_000 });
  // It went only after showing for a good part of the 4 s, not at once.
  expect(Date.now() - savedBy).toBeGreaterThanOrEqual(CART_STATUS_ICON_MS / 2);

  // Kind 0 with 2 in stock: 5 asks; "Annulla" keeps the line as it was, "Prosegui" saves it.
  await row(page, KIND0.code)
    .getByRole('button', { name: `Modifica la riga ${KIND0.code}` })
    .click();
  await editor(page)
    .getByLabel(/Quantità/)
    .fill('5');
  await editor(page).getByRole('button', { name: 'Aggiorna' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'superiore alla disponibilità' });
  await expect(dialog).toContainText('La quantità che hai inserito è superiore alla disponibilità, vuoi proseguire?');
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  expect((await cartOf(page)).righe.find((l) => l.idArticolo === KIND0.id)?.quantita).toBe(1);
  await editor(page).getByRole('button', { name: 'Aggiorna' }).click();
  await dialog.getByRole('button', { name: 'Prosegui' }).click();
  await expect(editor(page)).toHaveCount(0);
  const kind0 = (await cartOf(page)).righe.find((l) => l.idArticolo === KIND0.id);
  expect(kind0?.quantita).toBe(5);
  expect(kind0?.confermaSuperamento).toBe(true);
  await page.context().close();
});

test('article page: add to cart, disabled for 0, over-availability confirmation for a kind-0 article', async ({
  browser,
}) => {
  const page = await newPage(browser, 'dealer');
  await fillCart(page);
  await page.goto(`/articolo/r/${LABELS.id}?qt=8`);
  const add = page.getByRole('button', { name: 'Aggiungi al carrello' });
  const quantity = page.getByLabel(/^Quantità/);
  await expect(page.locator('.article-price [data-availability]')).toHaveAttribute(
    'data-availability',
    'DISPONIBILE_5GG',
  );
  // Kind T: the requested date is asked, the first allowed day proposed.
  const [y, m, d] = earliestRequestDate().split('-');
  await expect(page.getByLabel(/Data richiesta/)).toHaveValue(`${d}/${m}/${y}`);
  await quantity.fill('0');
  await expect(add).toBeDisabled();
  await quantity.fill('8');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Articolo aggiunto al carrello.');
  await expect(page.getByTestId('cart-dropdown')).toContainText('1');
  let cart = await cartOf(page);
  expect(cart.righe).toMatchObject([
    { idArticolo: LABELS.id, quantita: 8, dataRichiesta: earliestRequestDate(), origine: 'R' },
  ]);

  // Kind 0 with 2 in stock: 3 asks first; cancelling adds nothing; Enter in the quantity adds.
  await page.goto(`/articolo/r/${KIND0.id}?qt=3`);
  await expect(page.getByLabel(/Data richiesta/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'superiore alla disponibilità' });
  await expect(dialog).toContainText('La quantità che hai inserito è superiore alla disponibilità, vuoi proseguire?');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await cartOf(page)).count).toBe(1);
  await page.getByLabel(/^Quantità/).press('Enter');
  await dialog.getByRole('button', { name: 'Prosegui' }).click();
  await expect(page.getByTestId('added-to-cart')).toBeVisible();
  cart = await cartOf(page);
  expect(cart.righe.find((l) => l.idArticolo === KIND0.id)).toMatchObject({ quantita: 3, confermaSuperamento: true });
  await page.getByRole('link', { name: 'Vai al carrello' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(row(page, KIND0.code)).toBeVisible();
  await page.context().close();
});

test('search results: quantity and add per row; the dropdown shows count, lines and total', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  await fillCart(page, [{ idArticolo: LABELS.id, quantita: 2, dataRichiesta: earliestRequestDate() }]);
  await page.goto(`/search-code/${SOON.id}`);
  await page.getByRole('checkbox').check();
  const quantity = page.getByLabel(`Quantità di ${SOON.code}`);
  const add = page.getByRole('button', { name: `Aggiungi ${SOON.code} al carrello` });
  await quantity.fill('0');
  await expect(add).toBeDisabled();
  await quantity.fill('-1');
  await expect(add).toBeDisabled();
  await quantity.fill('3');
  await add.click();
  await expect(page.getByText(`${SOON.code} aggiunto al carrello`)).toBeVisible();
  const cart = await cartOf(page);
  expect(cart.count).toBe(2);
  expect(cart.righe.find((l) => l.idArticolo === SOON.id)).toMatchObject({
    quantita: 3,
    dataRichiesta: earliestRequestDate(),
    origine: 'R',
  });

  const dropdown = page.getByTestId('cart-dropdown');
  await expect(dropdown).toHaveAccessibleName('Carrello, righe: 2');
  await dropdown.click();
  const panel = page.getByTestId('cart-dropdown-panel');
  await expect(page.getByText('Carrello (2)')).toBeVisible();
  await expect(panel).toContainText(LABELS.code);
  await expect(panel).toContainText(SOON.code);
  await expect(page.getByTestId('cart-dropdown-total')).toContainText(euro(cart.totale ?? 0));
  await panel.getByRole('link', { name: 'Apri il carrello' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-total')).toContainText(euro(cart.totale ?? 0));
  await expect(page.getByTestId('cart-checkout')).toHaveText("Procedi all'ordine");
  await expect(page.getByTestId('cart-checkout')).toHaveAttribute('href', '/cart/checkout');
  await page.context().close();
});

test('delete a line and delete all, each after a confirmation; CSV export downloads the lines', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  await fillCart(page, [
    { idArticolo: LABELS.id, quantita: 2, dataRichiesta: earliestRequestDate(), serialNumber: 'SN-CSV-1' },
    { idArticolo: SOON.id, quantita: 1, dataRichiesta: earliestRequestDate() },
    { idArticolo: KIND0.id, quantita: 1 },
  ]);
  await page.goto('/cart');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^carrello-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await file.path()) as string, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(';');
  for (const code of [LABELS.code, SOON.code, KIND0.code]) expect(csv).toContain(code);
  expect(csv).toContain('SN-CSV-1');

  await row(page, SOON.code)
    .getByRole('button', { name: `Elimina la riga ${SOON.code}` })
    .click();
  const confirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  await expect(confirm).toContainText(`L'articolo ${SOON.code} sarà tolto dal carrello.`);
  await confirm.getByRole('button', { name: 'Annulla' }).click();
  await expect(row(page, SOON.code)).toBeVisible();
  await row(page, SOON.code)
    .getByRole('button', { name: `Elimina la riga ${SOON.code}` })
    .click();
  await confirm.getByRole('button', { name: 'Elimina', exact: true }).click();
  await expect(row(page, SOON.code)).toHaveCount(0);
  expect((await cartOf(page)).count).toBe(2);

  await page.getByRole('button', { name: 'Svuota il carrello' }).click();
  await expect(confirm).toContainText('Tutte le righe (2) saranno eliminate.');
  await confirm.getByRole('button', { name: 'Svuota', exact: true }).click();
  await expect(page.getByText('Il carrello è vuoto')).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: 'Cerca ricambi' })).toHaveAttribute(
    'href',
    '/spare-parts',
  );
  expect((await cartOf(page)).count).toBe(0);
  await page.context().close();
});

test('quick order: the preview flags an unknown code, nothing is added before the user confirms', async ({
  browser,
}) => {
  const page = await newPage(browser, 'dealer');
  await fillCart(page);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Ordine rapido' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await page
    .getByLabel('Codice e quantità, una riga per articolo')
    .fill(`${LABELS.code} 2\nZZ-NON-ESISTE-9 1\n${SOON.code};1,5\n${KIND0.code}\t1`);
  await page.getByRole('button', { name: 'Verifica le righe' }).click();
  const preview = page.getByTestId('quick-order-preview');
  await expect(preview.locator('tr.ant-table-row')).toHaveCount(4);
  await expect(preview.locator('tr.ant-table-row').nth(1).locator('[data-state]')).toHaveAttribute(
    'data-state',
    'SCONOSCIUTO',
  );
  await expect(preview.locator('tr.ant-table-row').nth(1)).toContainText('Codice sconosciuto');
  await expect(preview.locator('tr.ant-table-row').nth(2)).toContainText('Quantità non valida');
  await expect(page.getByText('Righe valide: 2 su 4.')).toBeVisible();
  expect((await cartOf(page)).count).toBe(0);

  await page.getByRole('button', { name: 'Aggiungi le righe valide (2)' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = await cartOf(page);
  expect(cart.righe.map((l) => [l.idArticolo, l.quantita, l.origine]).sort()).toEqual(
    [
      [LABELS.id, 2, 'Q'],
      [KIND0.id, 1, 'Q'],
    ].sort(),
  );
  await expect(row(page, LABELS.code)).toBeVisible();
  await page.context().close();
});

test('saved carts: save under a name (a duplicate name is refused), load it back, delete it', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  await fillCart(page, [
    { idArticolo: LABELS.id, quantita: 4, dataRichiesta: earliestRequestDate() },
    { idArticolo: KIND0.id, quantita: 1 },
  ]);
  const name = unique('Cantiere ');
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Salva il carrello' }).click();
  let dialog = page.getByRole('dialog', { name: 'Salva il carrello' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Salva il carrello' }).click();
  dialog = page.getByRole('dialog', { name: 'Salva il carrello' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(dialog).toContainText('Esiste già un carrello salvato con questo nome.');
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  await page.getByRole('button', { name: 'Svuota il carrello' }).click();
  await page.getByRole('button', { name: 'Svuota', exact: true }).click();
  await expect(page.getByText('Il carrello è vuoto')).toBeVisible();

  await page.getByRole('button', { name: 'Carrelli salvati' }).click();
  const list = page.getByRole('dialog', { name: 'Carrelli salvati' });
  const saved = list.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(saved).toContainText('2');
  await saved.getByRole('button', { name: `Carica il carrello ${name}` }).click();
  const load = page.getByRole('dialog', { name: `Carica «${name}»` });
  await load.getByRole('button', { name: 'Carica', exact: true }).click();
  await expect(list).toHaveCount(0);
  await expect(row(page, LABELS.code)).toBeVisible();
  const cart = await cartOf(page);
  expect(cart.righe.map((l) => [l.idArticolo, l.quantita]).sort()).toEqual(
    [
      [LABELS.id, 4],
      [KIND0.id, 1],
    ].sort(),
  );

  await page.getByRole('button', { name: 'Carrelli salvati' }).click();
  await saved.getByRole('button', { name: `Elimina il carrello ${name}` }).click();
  await page
    .locator('.ant-popconfirm:not(.ant-popover-hidden)')
    .getByRole('button', { name: 'Elimina', exact: true })
    .click();
  await expect(saved).toHaveCount(0);
  await page.context().close();
});

test('a subdealer sees no price column and goes on to the request', async ({ browser }) => {
  const page = await newPage(browser, 'subdealer');
  await fillCart(page, [{ idArticolo: LABELS.id, quantita: 2, dataRichiesta: earliestRequestDate() }]);
  await page.goto('/cart');
  await expect(row(page, LABELS.code)).toBeVisible();
  const headers = page.locator('thead th');
  await expect(headers.filter({ hasText: 'Codice' })).toHaveCount(1);
  for (const price of ['Prezzo netto', 'Listino', 'Totale'])
    await expect(headers.filter({ hasText: price })).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveCount(0);
  await expect(page.getByTestId('cart-total-weight')).toBeVisible();
  await expect(page.getByTestId('cart-checkout')).toHaveText('Procedi alla richiesta');
  await expect(page.getByTestId('cart-checkout')).toHaveAttribute('href', '/cart/request');
  await page.getByTestId('cart-dropdown').click();
  await expect(page.getByTestId('cart-dropdown-panel')).toContainText(LABELS.code);
  await expect(page.getByTestId('cart-dropdown-total')).toHaveCount(0);
  await fillCart(page);
  await page.context().close();
});

test("acting as the dealer, the internal user's add lands in the dealer's cart", async ({ browser }) => {
  const dealer = await newPage(browser, 'dealer');
  await fillCart(dealer);
  const internal = await newPage(browser, 'internal');
  await fillCart(internal);
  const selected = await internal.request.post('/api/cart/select', {
    data: { login: 'dealer' },
    headers: { 'X-XSRF-TOKEN': await xsrf(internal) },
  });
  expect(selected.ok(), await selected.text()).toBe(true);
  await internal.goto(`/articolo/r/${SOON.id}?qt=2`);
  await expect(internal.getByTestId('act-as-badge')).toContainText('dealer');
  await internal.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(internal.getByTestId('added-to-cart')).toBeVisible();

  const dealerCart = await cartOf(dealer);
  expect(dealerCart.righe).toMatchObject([{ idArticolo: SOON.id, quantita: 2 }]);
  await internal.getByRole('button', { name: 'Torna alla tua identità' }).click();
  await expect(internal.getByTestId('act-as-badge')).toHaveCount(0);
  expect((await cartOf(internal)).count).toBe(0);
  await fillCart(dealer);
  await dealer.context().close();
  await internal.context().close();
});

test('cart, dropdown and quick order at tablet width (820 px): nothing cut off, no accessibility violation', async ({
  browser,
}) => {
  const page = await newPage(browser, 'dealer', 820);
  await fillCart(page, [
    { idArticolo: LABELS.id, quantita: 2, dataRichiesta: earliestRequestDate(), serialNumber: 'MX-820' },
    { idArticolo: SOON.id, quantita: 1, dataRichiesta: earliestRequestDate() },
    { idArticolo: KIND0.id, quantita: 1 },
  ]);
  await page.goto('/cart');
  await expect(row(page, LABELS.code)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The actions stay in view while the table scrolls sideways.
  const edit = row(page, LABELS.code).getByRole('button', { name: `Modifica la riga ${LABELS.code}` });
  await expect(edit).toBeInViewport();
  const box = await edit.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(820);
  const checkout = page.getByTestId('cart-checkout');
  await checkout.scrollIntoViewIfNeeded();
  await expect(checkout).toBeInViewport({ ratio: 1 });
  const violations = async (where: string) => {
    expect(await axeFindings(page, { tags: WCAG_AA }), where).toEqual([]);
  };
  await edit.click();
  await expect(page.locator('.cart-line-editor')).toBeVisible();
  await violations('cart with an edit panel open');
  await page.getByTestId('cart-dropdown').click();
  await expect(page.getByTestId('cart-dropdown-panel')).toBeVisible();
  await violations('cart dropdown');
  await page.keyboard.press('Escape');

  await page.goto('/quick-order');
  await page.getByLabel('Codice e quantità, una riga per articolo').fill(`${LABELS.code} 2\nZZ-NON-ESISTE-9 1`);
  await page.getByRole('button', { name: 'Verifica le righe' }).click();
  await expect(page.getByTestId('quick-order-preview')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await violations('quick-order preview');
  await fillCart(page);
  await page.context().close();
});
