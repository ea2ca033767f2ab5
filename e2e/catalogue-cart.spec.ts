import { type Browser, expect, type Page, test } from '@playwright/test';
import type { CartView, CatalogueHeader, CatalogueRow, Machine } from '@ricambi/domain';
import { signIn } from './support/ui.ts';

// Issue 6 scopes 4 and 6, cart side (spec 2 §2, §5): a catalogue row sends the typed number for NR
// and rigQta × typed otherwise, with origin C and the machine's serial; "cart all" adds the
// assembly's orderable rows at once; the item page adds with its serial. The demo dealer's cart
// is left empty after every test.

const SERIAL = 'EC35A00001';

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

const cartOf = async (page: Page) => {
  const response = await page.request.get('/api/cartitem?langKey=it');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CartView;
};

const emptyCart = async (page: Page) => {
  const cleared = await page.request.delete('/api/cartutil/cartall', { headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
  expect(cleared.status(), await cleared.text()).toBe(200);
};

const json = async <T>(page: Page, url: string): Promise<T> => {
  const response = await page.request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
};

const newPage = async (browser: Browser, login: string) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, login);
  await expect(page.getByTestId('account-menu')).toContainText(login);
  // The over-availability question (spec 1 §4) is answered yes whenever it comes up.
  await page.addLocatorHandler(
    page.getByRole('dialog', { name: 'Quantità superiore alla disponibilità' }),
    async (d) => {
      await d.getByRole('button', { name: 'Prosegui' }).click();
    },
  );
  await emptyCart(page);
  return page;
};

type Found = { machine: Machine; group: CatalogueRow; assembly: CatalogueRow; rows: CatalogueRow[] };

/** An assembly of the dealer's machine with orderable leaves (one with a decimal unit, when there is one). */
const findAssembly = async (page: Page, wantDecimal: boolean): Promise<Found> => {
  const [machine] = await json<Machine[]>(page, `/api/machine/full?term=${SERIAL.toLowerCase()}&size=1`);
  if (!machine) throw new Error('no machine');
  const header = await json<CatalogueHeader>(page, `/api/catalogo/${machine.id}/${SERIAL}`);
  let fallback: Found | undefined;
  for (const group of await json<CatalogueRow[]>(page, `/api/righecatalogo/${header.id}/bylevel/1`)) {
    for (const assembly of await json<CatalogueRow[]>(
      page,
      `/api/righecatalogo/${header.id}/byitem/${group.rigItem}`,
    )) {
      if (assembly.rigTipoNodo === 1) continue;
      const rows = await json<CatalogueRow[]>(page, `/api/righecatalogo/${header.id}/byitem/${assembly.rigItem}`);
      const orderable = rows.filter((r) => r.rigTipoNodo === 1 && r.orderable && r.articolo);
      if (orderable.length < 2) continue;
      const found = { machine, group, assembly, rows };
      if (!wantDecimal || orderable.some((r) => r.articolo?.unitaMisura !== 'NR')) return found;
      fallback ??= found;
    }
  }
  if (!fallback) throw new Error('no assembly with orderable rows');
  return fallback;
};

const treeRow = (page: Page, item: number) => page.locator(`[data-testid="tree-row"][data-rig-item="${item}"]`);

const openAssembly = async (page: Page, found: Found) => {
  await page.goto(`/catalogo/${found.machine.id}/${SERIAL}`);
  await treeRow(page, found.group.rigItem).locator('.catalogue-row-main').click();
  await treeRow(page, found.assembly.rigItem).locator('.catalogue-row-main').click();
  await expect(page.getByTestId('drawing-canvas')).toBeVisible();
};

test.describe.configure({ mode: 'serial' });

test('a row adds the typed number (NR) or rigQta × typed, with origin C and the serial', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  try {
    const found = await findAssembly(page, true);
    await openAssembly(page, found);
    const leaves = found.rows.filter((r) => r.rigTipoNodo === 1 && r.orderable && r.articolo);
    const nr = leaves.find((r) => r.articolo?.unitaMisura === 'NR');
    const decimal = leaves.find((r) => r.articolo?.unitaMisura !== 'NR');
    if (!nr?.articolo) throw new Error('no NR row');

    const nrRow = treeRow(page, nr.rigItem);
    await nrRow.getByTestId('row-quantity').fill('1,5');
    await expect(nrRow.getByTestId('row-add')).toBeDisabled();
    await nrRow.getByTestId('row-quantity').fill('2');
    await expect(nrRow.getByTestId('row-add')).toHaveAttribute('aria-label', new RegExp(`${nr.articolo.articolo}.*2`));
    await nrRow.getByTestId('row-add').click();
    await expect(nrRow.getByTestId('row-add')).toHaveAttribute('data-in-cart', 'true');
    let cart = await cartOf(page);
    const nrLine = cart.righe.find((l) => l.idArticolo === nr.articolo?.id);
    expect(nrLine).toMatchObject({ quantita: 2, serialNumber: SERIAL, origine: 'C' });

    expect(decimal?.articolo, 'an assembly with a decimal-unit row').toBeTruthy();
    if (decimal?.articolo) {
      const row = treeRow(page, decimal.rigItem);
      await row.getByTestId('row-quantity').fill('2');
      await row.getByTestId('row-add').click();
      await expect(row.getByTestId('row-add')).toHaveAttribute('data-in-cart', 'true');
      cart = await cartOf(page);
      const line = cart.righe.find((l) => l.idArticolo === decimal.articolo?.id);
      expect(line?.quantita).toBeCloseTo(decimal.rigQta * 2, 3);
    }
    // The cart dropdown of the navigation bar follows.
    await expect(page.getByTestId('cart-dropdown')).toHaveAttribute('aria-label', new RegExp(`${cart.count}`));
  } finally {
    await emptyCart(page);
    await page.context().close();
  }
});

test('"cart all" adds every orderable row of the selected assembly in one call', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  try {
    const found = await findAssembly(page, false);
    await openAssembly(page, found);
    const orderable = found.rows.filter((r) => r.rigTipoNodo === 1 && r.orderable && r.articolo);
    const notOrderable = found.rows.filter((r) => r.rigTipoNodo === 1 && !r.orderable);
    for (const row of notOrderable) {
      await expect(treeRow(page, row.rigItem).getByTestId('row-add')).toHaveCount(0);
      await expect(treeRow(page, row.rigItem).getByTestId('row-not-orderable')).toHaveText('Non ordinabile');
    }
    const call = page.waitForRequest((r) => r.url().includes('/api/cartutil/cartall') && r.method() === 'POST');
    await page.getByTestId('cart-all').click();
    const body = (await call).postDataJSON() as { righe: { idArticolo: number; origine: string }[] };
    expect(body.righe).toHaveLength(orderable.length);
    expect(body.righe.every((r) => r.origine === 'C')).toBe(true);
    await expect(page.getByText(`Righe aggiunte al carrello: ${orderable.length}`)).toBeVisible();
    const cart = await cartOf(page);
    const ids = new Set(cart.righe.map((l) => l.idArticolo));
    for (const row of orderable) expect(ids.has(row.articolo?.id ?? 0)).toBe(true);
  } finally {
    await emptyCart(page);
    await page.context().close();
  }
});

test('the item page adds the item with its quantity, requested date and serial', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  try {
    const found = await findAssembly(page, false);
    const nr = found.rows.find((r) => r.articolo?.unitaMisura === 'NR' && r.orderable);
    if (!nr?.articolo) throw new Error('no NR row');
    await page.goto(`/item/search/${nr.articolo.id}?qt=3&sn=${SERIAL}`);
    await expect(page.locator('[data-availability]')).toBeVisible();
    await page.getByTestId('item-add').click();
    await expect(page.getByTestId('item-added')).toContainText(`${nr.articolo.articolo} aggiunto al carrello.`);
    const cart = await cartOf(page);
    expect(cart.righe).toHaveLength(1);
    expect(cart.righe[0]).toMatchObject({ idArticolo: nr.articolo.id, quantita: 3, serialNumber: SERIAL });
  } finally {
    await emptyCart(page);
    await page.context().close();
  }
});
