import { type Browser, expect, type Page, test } from '@playwright/test';
import type { CatalogueHeader, CatalogueRow, Machine } from '@ricambi/domain';
import { axeFindings } from './support/axe.ts';
import { signIn } from './support/ui.ts';

// Issue 6 scopes 3, 4, 6, web side (spec 2 §2, §4, §5, §9): machine search with the serial
// typeahead, the catalogue tree beside the drawing (balloons, zoom, pan, tree search, PDFs,
// refresh), what a subdealer does not see, and the item page's rules. The cart checks are in
// catalogue-cart.spec.ts (run one at a time with the other cart specs).

const SERIAL = 'EC35A00001';

const newPage = async (browser: Browser, login: string, width = 1366) => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, login);
  await expect(page.getByTestId('account-menu')).toContainText(login);
  return page;
};

const json = async <T>(page: Page, url: string): Promise<T> => {
  const response = await page.request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
};

const machineOf = async (page: Page, serial: string) => {
  const [machine] = await json<Machine[]>(page, `/api/machine/full?term=${serial.toLowerCase()}&size=1`);
  expect(machine?.mtMatricola).toBe(serial);
  return machine as Machine;
};

type Assembly = { group: CatalogueRow; assembly: CatalogueRow; rows: CatalogueRow[]; header: CatalogueHeader };

/** The first level-2 assembly of a machine's catalogue whose drawing has positioned leaves. */
const firstAssembly = async (page: Page, machine: Machine): Promise<Assembly> => {
  const header = await json<CatalogueHeader>(page, `/api/catalogo/${machine.id}/${machine.mtMatricola}`);
  const groups = await json<CatalogueRow[]>(page, `/api/righecatalogo/${header.id}/bylevel/1`);
  for (const group of groups.filter((g) => g.rigTipoNodo !== 1)) {
    const assemblies = await json<CatalogueRow[]>(page, `/api/righecatalogo/${header.id}/byitem/${group.rigItem}`);
    for (const assembly of assemblies.filter((a) => a.rigTipoNodo !== 1 && a.drawing)) {
      const rows = await json<CatalogueRow[]>(page, `/api/righecatalogo/${header.id}/byitem/${assembly.rigItem}`);
      if (rows.filter((r) => r.rigTipoNodo === 1 && r.rigPos).length >= 2) return { group, assembly, rows, header };
    }
  }
  throw new Error('no assembly with positioned leaves');
};

const expectNoAxeViolations = async (page: Page) => {
  expect(await axeFindings(page, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([]);
};

const treeRow = (page: Page, item: number) => page.locator(`[data-testid="tree-row"][data-rig-item="${item}"]`);
const canvas = (page: Page) => page.getByTestId('drawing-canvas');

/** Opens the catalogue and the assembly, and waits for its drawing. */
const openAssembly = async (page: Page, machine: Machine, found: Assembly) => {
  await page.goto(`/catalogo/${machine.id}/${machine.mtMatricola}`);
  await treeRow(page, found.group.rigItem).locator('.catalogue-row-main').click();
  await treeRow(page, found.assembly.rigItem).locator('.catalogue-row-main').click();
  // The group's own drawing shows until the assembly's rows have come: wait for the assembly.
  await expect(treeRow(page, found.assembly.rigItem)).toHaveAttribute('data-selected', 'true');
  await expect(canvas(page)).toHaveAttribute('data-state', 'loaded');
  await expect(page.getByTestId('drawing-balloon').first()).toBeVisible();
};

test('the serial typeahead lower-cases the term, offers show-all and opens the catalogue', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  await page.goto('/');
  // The main menu leads to the machine search.
  await page.getByRole('link', { name: 'Macchine' }).first().click();
  await expect(page).toHaveURL(/\/machine\/search\/?$/);
  await expect(page.getByRole('heading', { name: 'Macchine' })).toBeVisible();
  // Empty term: the dealer's machines, 20 a page, with the pager.
  await expect(page.getByTestId('machine-link').first()).toBeVisible();
  await expect(page.getByTestId('machine-link')).toHaveCount(20);
  await expectNoAxeViolations(page);

  const input = page.getByRole('combobox', { name: 'Matricola' });
  const asked = page.waitForRequest((r) => r.url().includes('/api/machine/full') && r.url().includes('size=10'));
  await input.fill('EC');
  expect(new URL((await asked).url()).searchParams.get('term')).toBe('ec');
  await expect(page.getByTestId('machine-option')).toHaveCount(10);
  await expect(page.getByTestId('machine-show-all')).toBeVisible();
  await page.getByTestId('machine-show-all').click();
  await expect(page).toHaveURL(/term=EC/);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=1/);
  await page.reload();
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

  // No results.
  await input.fill('zz-no-such');
  await input.press('Enter');
  await expect(page.getByText('Nessuna macchina trovata.').first()).toBeVisible();

  // Keyboard: type, arrow down to the machine, Enter opens its catalogue.
  await input.fill(SERIAL.toLowerCase());
  await expect(page.getByTestId('machine-option').filter({ hasText: SERIAL })).toBeVisible();
  await expect(page.getByTestId('machine-show-all')).toHaveCount(0);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/catalogo/\\d+/${SERIAL}$`));
  await expect(page.getByRole('heading', { name: new RegExp(SERIAL) })).toBeVisible();
  // The dealer sees version and catalogue code.
  await expect(page.getByTestId('catalogue-header')).toContainText('Versione');
  await expect(page.getByTestId('catalogue-header')).toContainText('Codice catalogo');
  await page.context().close();
});

test('a balloon selects its row, a row highlights its balloon; zoom stays within 10–400 %; pan moves', async ({
  browser,
}) => {
  const page = await newPage(browser, 'dealer');
  const machine = await machineOf(page, SERIAL);
  const found = await firstAssembly(page, machine);
  await openAssembly(page, machine, found);
  const leaves = found.rows.filter((r) => r.rigTipoNodo === 1 && r.rigPos);
  const [a, b] = leaves as [CatalogueRow, CatalogueRow];

  // Balloon → row.
  await page.locator(`[data-testid="drawing-balloon"][data-pos="${b.rigPos}"]`).first().click();
  const selectedB = treeRow(page, leaves.find((r) => r.rigPos === b.rigPos)?.rigItem ?? b.rigItem);
  await expect(selectedB).toHaveAttribute('data-selected', 'true');
  await expect(selectedB).toBeInViewport();
  // Row → balloon highlighted (and the file name is shown to a dealer).
  await treeRow(page, a.rigItem).locator('.catalogue-row-main').click();
  await expect(page.locator(`[data-testid="drawing-balloon"][data-pos="${a.rigPos}"]`).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator(`[data-testid="drawing-balloon"][data-pos="${b.rigPos}"]`).first()).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByTestId('drawing-file')).toContainText(a.rigDisegno ?? '');
  // Hovering a balloon shows the part.
  await page.locator(`[data-testid="drawing-balloon"][data-pos="${a.rigPos}"]`).first().hover();
  await expect(page.getByRole('tooltip').filter({ hasText: a.articolo?.articolo ?? a.descrizione })).toBeVisible();

  // Zoom: + many times stops at 400 %, − many times at 10 %.
  const zoomIn = page.getByTestId('zoom-in');
  for (let i = 0; i < 30 && (await zoomIn.isEnabled()); i++) await zoomIn.click();
  await expect(canvas(page)).toHaveAttribute('data-zoom', '4.0000');
  await expect(page.getByTestId('zoom-level')).toHaveText('400 %');
  await canvas(page).focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('-');
  await expect(canvas(page)).toHaveAttribute('data-zoom', '0.1000');
  await expect(page.getByTestId('zoom-level')).toHaveText('10 %');
  await expect(page.getByTestId('zoom-out')).toBeDisabled();
  await page.getByTestId('zoom-fit').click();

  // Pan: dragging and the arrow keys move the view.
  const before = await canvas(page).getAttribute('data-view');
  const box = await canvas(page).boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 80, { steps: 5 });
  await page.mouse.up();
  const dragged = await canvas(page).getAttribute('data-view');
  expect(dragged).not.toBe(before);
  const [bx, by] = (before ?? '0,0').split(',').map(Number);
  const [dx, dy] = (dragged ?? '0,0').split(',').map(Number);
  expect((dx ?? 0) - (bx ?? 0)).toBeCloseTo(100, -1);
  expect((dy ?? 0) - (by ?? 0)).toBeCloseTo(60, -1);
  await canvas(page).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(canvas(page)).not.toHaveAttribute('data-view', dragged ?? '');
  await page.context().close();
});

test('the tree search opens the path to a deep match and marks it', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  const machine = await machineOf(page, SERIAL);
  const header = await json<CatalogueHeader>(page, `/api/catalogo/${machine.id}/${SERIAL}`);
  // A leaf under a sub-assembly (level 4) when the catalogue has one, else any level-3 leaf.
  let target: { row: CatalogueRow; path: number[] } | undefined;
  const groups = await json<CatalogueRow[]>(page, `/api/righecatalogo/${header.id}/bylevel/1`);
  search: for (const group of groups) {
    for (const assembly of await json<CatalogueRow[]>(
      page,
      `/api/righecatalogo/${header.id}/byitem/${group.rigItem}`,
    )) {
      if (assembly.rigTipoNodo === 1) continue;
      const rows = await json<CatalogueRow[]>(page, `/api/righecatalogo/${header.id}/byitem/${assembly.rigItem}`);
      for (const sub of rows.filter((r) => r.rigTipoNodo !== 1)) {
        const deep = await json<CatalogueRow[]>(page, `/api/righecatalogo/${header.id}/byitem/${sub.rigItem}`);
        const leaf = deep.find((r) => r.rigTipoNodo === 1 && r.articolo);
        if (leaf) {
          target = { row: leaf, path: [group.rigItem, assembly.rigItem, sub.rigItem] };
          break search;
        }
      }
      const leaf = rows.find((r) => r.rigTipoNodo === 1 && r.articolo);
      if (leaf && !target) target = { row: leaf, path: [group.rigItem, assembly.rigItem] };
    }
  }
  if (!target?.row.articolo) throw new Error('no leaf to search');
  await page.goto(`/catalogo/${machine.id}/${SERIAL}`);
  await expect(treeRow(page, groups[0]?.rigItem ?? 0)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cerca nel catalogo' }).fill(target.row.articolo.articolo);
  await page.getByRole('searchbox', { name: 'Cerca nel catalogo' }).press('Enter');
  await expect(page.getByTestId('tree-search-outcome')).toContainText(/Elementi trovati|Più di/);
  for (const item of target.path)
    await expect(treeRow(page, item).locator('.catalogue-row-main')).toHaveAttribute('aria-expanded', 'true');
  const match = treeRow(page, target.row.rigItem);
  await expect(match).toHaveAttribute('data-match', 'true');
  await expect(match.getByRole('img', { name: 'Corrisponde alla ricerca' })).toBeVisible();
  await expect(match).toBeInViewport();
  // Nothing found.
  await page.getByRole('searchbox', { name: 'Cerca nel catalogo' }).fill('zzzz-nothing');
  await page.getByRole('searchbox', { name: 'Cerca nel catalogo' }).press('Enter');
  await expect(page.getByTestId('tree-search-outcome')).toHaveText('Nessun elemento trovato.');
  await page.context().close();
});

test('a subdealer sees only the granted machines, without version, code or drawing file names', async ({ browser }) => {
  const page = await newPage(browser, 'subdealer');
  const response = await page.request.get('/api/machine/full?term=&size=200');
  const granted = (await response.json()) as Machine[];
  expect(granted.length).toBeGreaterThan(0);
  expect(granted.length).toBeLessThan(30);
  expect(granted.every((m) => m.mt_versione === null && m.mt_cr_cod === null)).toBe(true);
  await page.goto('/machine/search/');
  await expect(page.getByTestId('machine-link').first()).toBeVisible();
  await expect(page.getByTestId('machine-link')).toHaveCount(Math.min(20, granted.length));
  await expect(page.getByRole('columnheader', { name: 'Versione' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Codice catalogo' })).toHaveCount(0);
  // A machine of the dealer that is not granted is not found.
  const dealerOnly = await page.request.get('/api/machine/full?term=ec35a00002&size=10');
  const visible = ((await dealerOnly.json()) as Machine[]).map((m) => m.mtMatricola);
  expect(granted.map((m) => m.mtMatricola)).toEqual(expect.arrayContaining(visible));

  const machine = await machineOf(page, SERIAL);
  const found = await firstAssembly(page, machine);
  expect(found.rows.every((r) => r.rigDisegno === null)).toBe(true);
  await openAssembly(page, machine, found);
  await expect(page.getByTestId('catalogue-header')).not.toContainText('Versione');
  await expect(page.getByTestId('catalogue-header')).not.toContainText('Codice catalogo');
  await expect(page.getByTestId('drawing-file')).toHaveCount(0);
  await expect(page.getByTestId('catalogue-refresh')).toHaveCount(0);
  await page.context().close();
});

test('the item page: quantity by unit, requested date rules, serial from the link, availability', async ({
  browser,
}) => {
  const page = await newPage(browser, 'dealer');
  const machine = await machineOf(page, SERIAL);
  const found = await firstAssembly(page, machine);
  const nr = found.rows.find((r) => r.articolo?.unitaMisura === 'NR' && r.orderable);
  if (!nr?.articolo) throw new Error('no NR article');

  // The code lookup opens the item.
  await page.goto('/item/search/');
  await page.getByRole('searchbox', { name: 'Cerca articolo per codice' }).fill(nr.articolo.articolo);
  await page.getByRole('searchbox', { name: 'Cerca articolo per codice' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/item/search/${nr.articolo.id}`));
  await expect(page.getByTestId('item-code')).toHaveText(nr.articolo.articolo);

  await page.goto(`/item/search/${nr.articolo.id}?qt=2&sn=${SERIAL.toLowerCase()}`);
  await expect(page.locator('#item-serial')).toHaveValue(SERIAL);
  const quantity = page.locator('#item-quantity');
  await expect(quantity).toHaveValue('2');
  await expect(page.locator('[data-availability]')).toBeVisible();
  await quantity.fill('1,5');
  await expect(page.getByText('Per questa unità di misura la quantità deve essere un numero intero.')).toBeVisible();
  await expect(page.getByTestId('item-add')).toBeDisabled();
  await quantity.fill('0');
  await expect(page.getByText('La quantità minima è 1.')).toBeVisible();
  await quantity.fill('3');
  await expect(page.getByTestId('item-add')).toBeEnabled();
  await expectNoAxeViolations(page);

  // Requested date: Saturdays, Sundays and today cannot be picked.
  await page.locator('#item-date').click();
  // Weeks start on Monday in Italian: the sixth cell of the panel's second week is a Saturday of the month shown.
  const saturday = page.locator('.ant-picker-dropdown .ant-picker-content tbody tr').nth(1).locator('td').nth(5);
  await expect(saturday).toHaveClass(/ant-picker-cell-disabled/);
  expect(new Date(`${await saturday.getAttribute('title')}T12:00:00Z`).getUTCDay()).toBe(6);
  // The picker opens on the month of the first date that can be asked for: today may lie in the month before.
  const today = page.locator('.ant-picker-dropdown td.ant-picker-cell-today');
  if ((await today.count()) === 0) await page.locator('.ant-picker-dropdown .ant-picker-header-prev-btn').click();
  await expect(today).toHaveClass(/ant-picker-cell-disabled/);
  await page.keyboard.press('Escape');

  // A decimal unit accepts one . or , separator.
  const decimal = await page.request.get('/api/search/full?term=olio&size=20&lang=it');
  const hits = (await decimal.json()) as { id: number; unitaMisura: string }[];
  const other = hits.find((h) => h.unitaMisura !== 'NR');
  if (other) {
    await page.goto(`/item/search/${other.id}`);
    await page.locator('#item-quantity').fill('1,5');
    await expect(page.getByText(/Inserisci un numero/)).toHaveCount(0);
    await page.locator('#item-quantity').fill('1,5,5');
    await expect(
      page.getByText('Inserisci un numero, con al massimo 3 decimali separati da punto o virgola.'),
    ).toBeVisible();
  }
  await page.context().close();
});

test('the PDF buttons download PDFs: the selected assembly, then the full catalogue in one click', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await newPage(browser, 'dealer');
  const machine = await machineOf(page, SERIAL);
  const found = await firstAssembly(page, machine);
  await openAssembly(page, machine, found);

  const assemblyPdf = page.waitForResponse((r) => /\/pdf\/download\/\d+\/it(\?|$)/.test(r.url()));
  const download = page.waitForEvent('download');
  await page.getByTestId('pdf-assembly').click();
  const response = await assemblyPdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect((await download).suggestedFilename()).toMatch(new RegExp(` ${found.assembly.rigItem}\\.pdf$`));

  // One click: the full PDF is made (progress on the button) and downloaded when ready.
  const full = page.getByTestId('pdf-full');
  await expect(full).toHaveAttribute('data-state', 'NONE');
  const fullPdf = page.waitForResponse((r) => r.url().includes(`/api/catalogo/download/${machine.id}`), {
    timeout: 200_000,
  });
  const fullDownload = page.waitForEvent('download', { timeout: 200_000 });
  await full.click();
  await expect(full).toHaveAttribute('data-state', /GENERATING|READY/);
  await expect(full).toHaveAttribute('data-state', 'READY', { timeout: 200_000 });
  await expect(page.getByText('Il catalogo completo in PDF è pronto per il download.')).toBeVisible();
  const fullResponse = await fullPdf;
  expect(fullResponse.status()).toBe(200);
  expect(fullResponse.headers()['content-type']).toContain('application/pdf');
  expect((await fullDownload).suggestedFilename()).toMatch(new RegExp(`${SERIAL}\\.pdf$`));

  // Another language starts from "not requested".
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('pdf-full')).toHaveAttribute('data-state', 'NONE');
  await expect(page.getByTestId('pdf-full')).toHaveText(/Full catalogue PDF/);
  await page.context().close();
});

test('refresh (internal staff) asks first: No declines, Yes updates every serial of the catalogue', async ({
  browser,
}) => {
  const page = await newPage(browser, 'internal');
  const machine = await machineOf(page, SERIAL);
  await page.goto(`/catalogo/${machine.id}/${SERIAL}`);
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/refreshall|^\/api\/catalogo\/\d+$/.test(path)) calls.push(`${r.method()} ${path}`);
  });
  await page.getByTestId('catalogue-refresh').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('tutte le matricole');
  await expect(dialog).toContainText('durante la notte');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toHaveCount(0);
  expect(calls).toEqual([]);
  await page.getByTestId('catalogue-refresh').click();
  const put = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/catalogo/${machine.id}`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Sì' }).click();
  expect((await put).status()).toBe(200);
  await expect(page.getByText('Catalogo aggiornato.')).toBeVisible();
  expect(calls.some((c) => c.startsWith('GET /api/catalogo/refreshall/'))).toBe(true);
  // The tree was loaded again.
  await expect(page.getByTestId('tree-row').first()).toBeVisible();
  await page.context().close();
});

test('the catalogue page at 820 px: tree above the drawing, nothing cut off, no axe violations', async ({
  browser,
}) => {
  const page = await newPage(browser, 'dealer', 820);
  const machine = await machineOf(page, SERIAL);
  const found = await firstAssembly(page, machine);
  await openAssembly(page, machine, found);
  const tree = await page.getByTestId('catalogue-tree').boundingBox();
  const drawing = await canvas(page).boundingBox();
  if (!tree || !drawing) throw new Error('layout');
  expect(drawing.y).toBeGreaterThan(tree.y + tree.height - 1);
  expect(drawing.x + drawing.width).toBeLessThanOrEqual(820);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
  await expectNoAxeViolations(page);
  await page.context().close();
});
