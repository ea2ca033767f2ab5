import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { waitForMail } from './support/mail.ts';
import { DATA_DIR } from './support/paths.ts';
import { option, readCsv, signIn } from './support/ui.ts';

// Issue 16 (spec 2 §2–§9): the dealer's order history with its totals, a shipment's tracking (and an
// unknown waybill's failure), the CSV equal to the screen, an order's PDF, a reorder request mailed to
// the back office, "order again" into the cart, and the ERP's hand-back through its inbox folder.

type Line = { id: number; idOrdine: number; codArt: string; descRiga: string; wayBill: string | null };

/** The demo shipment of the dealer with its carrier events (seed/demo-order-history.seed.ts). */
const TRACKED = 'BRT000000000001';

const open = async (browser: Browser, login: string, width = 1366) => {
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true })).newPage();
  await signIn(page, login);
  return page;
};

const totals = (page: Page) => page.getByTestId('oh-totals');
const rows = (page: Page) => page.getByTestId('oh-table').locator('tbody tr.ant-table-row');

const search = async (page: Page, term: string) => {
  await page.locator('#oh-f-term').fill(term);
  await page.locator('#oh-f-term').press('Enter');
  await expect(page).toHaveURL(new RegExp(`term=${term}`));
};

const lineAction = async (page: Page, codArt: string, name: string | RegExp) => {
  const row = rows(page).filter({ hasText: codArt }).first();
  await row.getByTestId('oh-actions').click();
  await page.getByRole('menuitem', { name }).click();
};

test('the dealer filters its history, tracks a shipment, exports the CSV and downloads an order', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await open(browser, 'dealer');
  await page.goto('/storicoOrdine');
  await expect(page).toHaveURL(/\/storicoOrdine\/ORD/);
  await expect(rows(page).first()).toBeVisible();
  await expect(totals(page)).toContainText(/righe · \d+ da evadere/);
  const all = (await totals(page).textContent()) ?? '';

  // Three months, only what is still to be fulfilled: the totals change and the URL keeps the filter.
  await page.getByTestId('oh-mese').click();
  await option(page, 'Ultimi 3 mesi').click();
  await expect(page).toHaveURL(/mese=3/);
  await page.getByTestId('oh-stato').getByText('Da evadere').click();
  await expect(page).toHaveURL(/stato=daEvadere/);
  await expect(totals(page)).not.toHaveText(all);
  const [count, toDo] = ((await totals(page).textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
  expect(count).toBe(toDo);
  expect(count).toBeLessThan(Number(all.match(/\d+/)?.[0]));

  // The shipped demo order by its waybill: the tracking turns green and lists the carrier's events.
  await page.getByTestId('oh-stato').getByText('Tutte').click();
  await search(page, TRACKED.toLowerCase());
  await expect(rows(page)).toHaveCount(4);
  await rows(page).first().getByTestId('oh-waybill').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('oh-tracking-progress')).toBeVisible();
  await expect(dialog.getByTestId('oh-tracking-message')).toContainText('Tracciamento ricevuto', { timeout: 15_000 });
  await expect(dialog.getByTestId('oh-tracking-state')).toHaveText('Consegnata');
  await dialog.getByTestId('oh-tracking-events-show').click();
  await expect(dialog.getByTestId('oh-tracking-events')).toContainText('Consegnata al destinatario');
  await dialog.getByTestId('oh-tracking-close').click();
  await expect(dialog).toBeHidden();

  // The CSV holds the lines on the screen, in their order, in a spreadsheet's separator and encoding.
  const shown = await rows(page).evaluateAll((trs) => trs.length);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('oh-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^storico-ordini-ORD-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...csv] = readCsv((await download.path()) as string);
  expect(header).toContain('Codice');
  expect(csv).toHaveLength(shown);
  const api = (await (await page.request.get(`/api/storicoordine/ORD?term=${TRACKED}`)).json()) as Line[];
  const codeColumn = header?.indexOf('Codice') ?? -1;
  expect(csv.map((r) => r[codeColumn])).toEqual(api.map((l) => l.codArt));
  for (const code of api.map((l) => l.codArt)) await expect(rows(page).filter({ hasText: code })).toHaveCount(1);

  // One order as a PDF.
  const pdf = page.waitForEvent('download');
  await lineAction(page, api[0]?.codArt as string, /PDF dell'ordine/);
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    fs
      .readFileSync((await file.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // A waybill the carrier does not know: red, "retry in a few seconds", and the dialog closes itself.
  // The dialog is red for only 5 s: the page itself watches every frame for the message and the
  // "closing" notice together, so a test process slowed by a busy machine cannot miss the window.
  await page.goto('/storicoOrdine/ORD/tracking/XX000000000000?slug=brt');
  const failed = page.getByRole('dialog');
  await page.waitForFunction(
    () => {
      const dialog = document.querySelector('[role="dialog"]');
      const message = dialog?.querySelector('[data-testid="oh-tracking-message"]')?.textContent ?? '';
      const progress = dialog?.querySelector('[data-testid="oh-tracking-progress"]');
      return (
        message.includes('Riprova tra qualche secondo') &&
        progress?.getAttribute('data-outcome') === 'exception' &&
        dialog?.querySelector('[data-testid="oh-tracking-error"]') !== null
      );
    },
    undefined,
    { polling: 'raf', timeout: 20_000 },
  );
  await expect(failed).toBeHidden({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/storicoOrdine\/ORD(\?|$)/);
});

test('the dealer asks the back office for a part that cannot be ordered, and the mail goes out', async ({
  browser,
}) => {
  const page = await open(browser, 'dealer');
  await page.goto(`/storicoOrdine/ORD?term=${TRACKED}`);
  // XZ-9999-99 is not in the catalogue: it can only be requested.
  await lineAction(page, 'XZ-9999-99', /Richiedi il ricambio/);
  await expect(page).toHaveURL(/\/storicoOrdine\/ORD\/request\/\d+\//);
  await expect(page.getByTestId('oh-request-form')).toHaveCount(0);
  await page.getByTestId('oh-request-confirm').click();
  await expect(page.getByTestId('oh-request-descrizione')).toHaveValue('Articolo non codificato a catalogo');
  const send = page.getByTestId('oh-request-send');
  await page.getByLabel('Quantità').fill('');
  await expect(send).toBeDisabled();
  await page.getByLabel('Quantità').fill('3');
  await page.getByTestId('oh-request-nota').fill('Serve per il cantiere di Brescia, urgente.');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByTestId('oh-request-sent')).toContainText('dealer@ricambi.example');
  const mail = await waitForMail('ricambi.backoffice@eurocomach.example', 'XZ-9999-99');
  expect(mail.raw).toContain('Serve per il cantiere di Brescia');
  await waitForMail('dealer@ricambi.example', 'XZ-9999-99');
});

// A subdealer's own requests (its cart is used by no other browser test, so the cart can be checked whole).
test('a subdealer orders one of its past requests again and finds the lines in its cart', async ({ browser }) => {
  const page = await open(browser, 'subdealer2');
  await page.goto('/storicoOrdine');
  await expect(page).toHaveURL(/\/storicoOrdine\/REQ/);
  await expect(rows(page).first()).toBeVisible();
  const first = ((await (await page.request.get('/api/storicoordine/REQ?size=1')).json()) as Line[])[0] as Line;
  await lineAction(page, first.codArt, /Riordina tutto l'ordine/);
  const result = page.getByRole('dialog', { name: 'Riordino' });
  await expect(result.getByTestId('oh-again-added')).toBeVisible();
  const added = await result
    .getByTestId('oh-again-added')
    .locator('.article-code')
    .evaluateAll((codes) => codes.map((c) => c.textContent?.trim() ?? ''));
  expect(added.length).toBeGreaterThan(0);
  await result.getByTestId('oh-again-cart').click();
  await expect(page).toHaveURL(/\/cart/);
  const cart = (await (await page.request.get('/api/cartitem')).json()) as { righe: { articolo: string }[] };
  const inCart = cart.righe.map((r) => r.articolo);
  for (const code of added) expect(inCart).toContain(code);
  for (const code of added) await expect(page.getByText(code).first()).toBeVisible();
});

// Issue 16 §1: the ERP drops the same document twice, then an older one, then a malformed one.
test('the ERP hand-back: a document applied once, an older one ignored, a malformed one moved aside', async ({
  browser,
}) => {
  const inbox = path.join(DATA_DIR, 'erp', 'inbox', 'history');
  fs.mkdirSync(inbox, { recursive: true });
  const order = `ERP-E2E-${Date.now()}`;
  const doc = (documentId: string, generatedAt: string, qtaSpedita: number) =>
    JSON.stringify({
      documentId,
      generatedAt,
      ordini: [
        {
          nroOrdTxt: order,
          cliente: 'dealer',
          dataIns: new Date().toISOString(),
          righe: [{ riga: 1, codArt: 'E2E-PART-1', descRiga: 'Pezzo di prova', qtaOrdinata: 5, qtaSpedita }],
        },
      ],
    });
  const drop = (name: string, text: string) => {
    fs.writeFileSync(path.join(inbox, `${name}.tmp`), text);
    fs.renameSync(path.join(inbox, `${name}.tmp`), path.join(inbox, name));
  };
  const page = await open(browser, 'dealer');
  const lineOf = async () =>
    ((await (await page.request.get(`/api/storicoordine/ORD?term=${order}`)).json()) as { qtaSpedita: number }[])[0];

  drop(`${order}-1.json`, doc(`${order}-new`, '2026-01-02T10:00:00Z', 2));
  await expect.poll(async () => (await lineOf())?.qtaSpedita, { timeout: 20_000 }).toBe(2);
  drop(`${order}-2.json`, doc(`${order}-new`, '2026-01-02T10:00:00Z', 2));
  drop(`${order}-3.json`, doc(`${order}-old`, '2026-01-01T10:00:00Z', 0));
  drop(`${order}-4.json`, '{"documentId": "broken", "ordini": [');
  await expect.poll(() => fs.readdirSync(inbox).filter((f) => f.startsWith(order)).length, { timeout: 20_000 }).toBe(0);
  expect((await lineOf())?.qtaSpedita).toBe(2);
  const done = fs.readdirSync(path.join(inbox, 'done')).filter((f) => f.includes(order));
  const rejected = fs.readdirSync(path.join(inbox, 'rejected')).filter((f) => f.includes(order));
  expect(done).toHaveLength(3);
  expect(rejected.filter((f) => f.endsWith('.json'))).toHaveLength(1);
  expect(rejected.some((f) => f.endsWith('.reason.txt'))).toBe(true);

  // The history shows the line as handed back.
  await page.goto(`/storicoOrdine/ORD?term=${order}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('E2E-PART-1');

  // The administrator's log of the hand-back shows the four documents with their outcomes.
  const admin = await open(browser, 'admin');
  await admin.goto(`/erpStoricoLogs?search=${order}`);
  const log = admin.locator('tbody tr.ant-table-row');
  await expect(log).toHaveCount(4);
  for (const outcome of ['Applicato', 'Già ricevuto', 'Superato', 'Rifiutato'])
    await expect(log.filter({ hasText: outcome })).toHaveCount(1);
});
