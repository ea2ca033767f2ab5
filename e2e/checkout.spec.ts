import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { businessToday, earliestRequestDate, formatItalianDate } from '@ricambi/domain';
import { axeFindings, WCAG_AA } from './support/axe.ts';
import { DATA_DIR, MAIL_DIR } from './support/paths.ts';
import { signIn, unique } from './support/ui.ts';

// Issue 5 "Checked when you say resolved" (web side): every checkout rule gives its message and
// blocks sending; a valid order shows the '§' id, the mail arrives, the ERP document exists, the cart
// is empty; a double click gives one order; subdealer request; superdealer import; shipping costs.
// Customers: the superdealer (and the subdealer for requests), so that e2e/cart.spec.ts, which runs
// at the same time on another worker and works on the dealer's cart, never empties this cart.

const SHOTS = path.resolve(import.meta.dirname, '../.tmp/shots-checkout');
const OUTBOX = path.join(DATA_DIR, 'erp', 'outbox');

type Article = { id: number; articolo: string };
type CartLineIn = { article: Article; quantita?: number; serialNumber?: string };

/** A minimal PDF: the server judges attachments by their content. */
const PDF_FILE = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

const base = 800_000_000 + Math.floor(Math.random() * 90_000_000);
const code = unique('E2E-CHK-')
  .replace(/[^A-Za-z0-9-]/g, '')
  .slice(0, 20);
/** Two spare parts of the test's own, heavy enough for a shipping cost, kind T (no stock limit). */
const ARTICLES: Article[] = [
  { id: base + 1, articolo: `${code}-A` },
  { id: base + 2, articolo: `${code}-B` },
];
/** A rubber track: a cart of tracks only earns free shipping in Italy (FREE_SHIPPING). */
const TRACK: Article = { id: base + 3, articolo: `${code}-T` };

const newPage = async (browser: Browser, login: string, width = 1366) => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, login);
  await expect(page.getByTestId('account-menu')).toContainText(login);
  return page;
};

/** The cart through the API (fast): emptied, then these lines added. */
const fillCart = async (page: Page, lines: CartLineIn[]) => {
  const headers = { 'X-XSRF-TOKEN': await xsrf(page) };
  const cleared = await page.request.delete('/api/cartutil/cartall', { headers });
  expect(cleared.ok(), await cleared.text()).toBe(true);
  for (const line of lines) {
    const response = await page.request.post('/api/cartitem', {
      headers,
      data: {
        idArticolo: line.article.id,
        quantita: line.quantita ?? 2,
        dataRichiesta: earliestRequestDate(),
        serialNumber: line.serialNumber ?? null,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
};

const cartCount = async (page: Page) =>
  ((await (await page.request.get('/api/cartitem')).json()) as { count: number }).count;

/** Counts the send calls a page makes. */
const countSends = (page: Page) => {
  const sent: { key: string; body: string; url: string }[] = [];
  page.on('request', (r) => {
    if (/\/api\/cart\/send(request)?\?/.test(r.url()) && r.method() === 'POST') {
      sent.push({ key: r.headers()['idempotency-key'] ?? '', body: r.postData() ?? '', url: r.url() });
    }
  });
  return sent;
};

const formItem = (page: Page, label: string | RegExp) =>
  page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: typeof label === 'string' }) });

/** Picks an option of an antd select by typing its name and taking the first match with Enter. */
const choose = async (page: Page, select: Locator, text: string) => {
  await select.click();
  await select.fill(text);
  // The dropdown of the select chosen just before may still be closing: look for the match, not "the" active option.
  await expect(
    page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active')
      .filter({ hasText: text }),
  ).toBeVisible();
  await select.press('Enter');
  await expect(select).toHaveAttribute('aria-expanded', 'false');
};

const openCheckout = async (page: Page) => {
  await page.goto('/cart/checkout');
  await expect(page.getByRole('heading', { name: 'Conferma ordine' })).toBeVisible();
  await expect(page.getByTestId('checkout-summary')).toBeVisible();
};

/** The typed address, chosen when the user has saved addresses too. */
const useTypedAddress = async (page: Page) => {
  const typed = page.getByRole('radio', { name: 'Un altro indirizzo (da inserire)' });
  if (await typed.isVisible()) await typed.check();
  await expect(page.getByTestId('typed-address')).toBeVisible();
};

const fillTypedAddress = async (
  page: Page,
  a: { ragsoc: string; indirizzo: string; cap: string; citta: string; stato?: string; prov?: string },
) => {
  await useTypedAddress(page);
  await page.getByLabel('Ragione sociale').fill(a.ragsoc);
  await page.getByLabel('Indirizzo', { exact: true }).fill(a.indirizzo);
  await page.getByLabel('CAP').fill(a.cap);
  await page.getByLabel('Città').fill(a.citta);
  if (a.stato) await choose(page, page.getByRole('combobox', { name: 'Paese' }), a.stato);
  if (a.prov) await choose(page, page.getByRole('combobox', { name: 'Provincia' }), a.prov);
};

const decodeMail = (raw: string) => {
  const qp = Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
  const b64 = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((m) => Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${b64}`;
};

/** The mails received so far whose text names `text`. */
const mailsWith = (text: string) =>
  fs.existsSync(MAIL_DIR)
    ? fs
        .readdirSync(MAIL_DIR)
        .filter((f) => f.endsWith('.eml'))
        .filter((f) => decodeMail(fs.readFileSync(path.join(MAIL_DIR, f), 'utf8')).includes(text))
    : [];

/** The ERP documents written so far that name `text`. */
const erpDocumentsWith = (text: string) =>
  fs.existsSync(OUTBOX)
    ? fs
        .readdirSync(OUTBOX)
        .filter((f) => f.endsWith('.json'))
        .filter((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8').includes(text))
    : [];

/** The outbox messages not delivered yet (GET /api/metrics, as an administrator). */
const undeliveredMessages = async (admin: Page) => {
  const response = await admin.request.get('/api/metrics');
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { outbox: { pending: number } }).outbox.pending;
};

/** A full-page screenshot from the top (the sticky header stays where it belongs). */
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await newPage(browser, 'admin');
  for (const [i, a] of ARTICLES.entries()) {
    const response = await page.request.post('/api/articolo', {
      headers: { 'X-XSRF-TOKEN': await xsrf(page) },
      data: {
        id: a.id,
        articolo: a.articolo,
        descrizione: i === 0 ? 'Pompa idraulica di prova' : 'Cilindro sollevamento di prova',
        prezzo: i === 0 ? 120 : 45.5,
        tipoArticolo: 'R',
        tipoArticoloOrig: 'T',
        gruppoMerceologico: 'RIC',
        peso: 12,
        ordinabile: true,
        visibile: true,
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  const track = await page.request.post('/api/articolo', {
    headers: { 'X-XSRF-TOKEN': await xsrf(page) },
    data: {
      id: TRACK.id,
      articolo: TRACK.articolo,
      descrizione: 'Cingolo in gomma di prova 400x72,5x74',
      prezzo: 1500,
      tipoArticolo: 'R',
      tipoArticoloOrig: 'T',
      gruppoMerceologico: 'CIN',
      peso: 80,
      ordinabile: true,
      visibile: true,
      cingoloInGomma: true,
    },
  });
  expect(track.ok(), await track.text()).toBe(true);
  await page.context().close();
});

test('every checkout rule gives its message and blocks sending', async ({ browser }) => {
  const page = await newPage(browser, 'superdealer');
  const [a, b] = ARTICLES as [Article, Article];
  await fillCart(page, [{ article: a, serialNumber: 'SN-E2E-1' }, { article: b }]);
  const sends = countSends(page);
  await openCheckout(page);
  await expect(page.getByTestId('checkout-summary')).toContainText(a.articolo);
  await expect(page.getByTestId('checkout-summary')).toContainText(b.articolo);

  // A typed address left empty: every required field says so, and the privacy box too.
  await useTypedAddress(page);
  await page.getByTestId('send-ORD').click();
  for (const label of ['Ragione sociale', 'Città']) {
    await expect(formItem(page, label)).toContainText('Questo campo è obbligatorio.');
  }
  await expect(formItem(page, 'Indirizzo')).toContainText('Questo campo è obbligatorio.');
  await expect(
    page.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Paese' }) }),
  ).toContainText('Questo campo è obbligatorio.');
  await expect(page.getByText("Per inviare devi accettare l'informativa sulla privacy.")).toBeVisible();
  await shot(page, 'checkout-errors-1366-it');

  // PROV is shown and required for Italy, hidden for another country.
  await fillTypedAddress(page, {
    ragsoc: 'Officina Prova',
    indirizzo: 'Via Roma 1',
    cap: '20100',
    citta: 'Milano',
    stato: 'Italia',
  });
  await expect(page.getByRole('combobox', { name: 'Provincia' })).toBeVisible();
  await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
  await page.getByTestId('send-ORD').click();
  await expect(
    page.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Provincia' }) }),
  ).toContainText('Questo campo è obbligatorio.');
  await choose(page, page.getByRole('combobox', { name: 'Paese' }), 'Francia');
  await expect(page.getByRole('combobox', { name: 'Provincia' })).toHaveCount(0);

  // Note of 228 characters.
  await page.getByTestId('checkout-nota').fill('x'.repeat(228));
  await expect(formItem(page, 'Note')).toContainText('La nota non può superare 227 caratteri.');
  await page.getByTestId('send-ORD').click();
  await expect(formItem(page, 'Note')).toContainText('La nota non può superare 227 caratteri.');
  await page.getByTestId('checkout-nota').fill('x'.repeat(227));
  await expect(formItem(page, 'Note')).not.toContainText('La nota non può superare');

  // Warranty order with a line without serial.
  await page.getByTestId('send-ORDCG').click();
  await expect(page.getByTestId('checkout-failure')).toContainText(
    'Per un ordine in garanzia ogni riga deve avere la matricola.',
  );
  await expect(page.getByTestId('checkout-summary')).toContainText('Matricola mancante');

  // Privacy unchecked again.
  await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).uncheck();
  await page.getByTestId('send-ORD').click();
  await expect(page.getByText(/Per inviare devi accettare l.informativa sulla privacy\./)).toBeVisible();

  expect(sends).toHaveLength(0);
  expect(await cartCount(page)).toBe(2);
  await page.context().close();
});

test('an active checkout banner must be acknowledged before sending', async ({ browser }) => {
  const manager = await newPage(browser, 'manager');
  const created = await manager.request.post('/api/banners', {
    headers: { 'X-XSRF-TOKEN': await xsrf(manager) },
    data: {
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + 3_600_000).toISOString(),
      type: 'CHECKOUT',
      ambiente: 'eurocomach',
      headers: { it: 'Chiusura estiva', en: 'Summer closure' },
      messages: { it: 'Gli ordini ricevuti dal 10 al 24 agosto saranno evasi dal 25 agosto.' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bannerId = ((await created.json()) as { id: number }).id;
  try {
    const page = await newPage(browser, 'superdealer');
    await fillCart(page, [{ article: ARTICLES[0] as Article }]);
    const sends = countSends(page);
    await openCheckout(page);
    await expect(page.getByTestId('checkout-banner')).toContainText('Chiusura estiva');
    await expect(page.getByTestId('checkout-banner')).toContainText('dal 25 agosto');
    await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
    await page.getByTestId('send-ORD').click();
    await expect(page.getByText("Per inviare devi prendere atto dell'avviso.")).toBeVisible();
    expect(sends).toHaveLength(0);
    await page.context().close();
  } finally {
    const deleted = await manager.request.delete(`/api/banners/${bannerId}`, {
      headers: { 'X-XSRF-TOKEN': await xsrf(manager) },
    });
    expect(deleted.ok(), await deleted.text()).toBe(true);
    await manager.context().close();
  }
});

test('shipping: Carriage Paid To shows the computed cost for an Italian postcode', async ({ browser }) => {
  const page = await newPage(browser, 'superdealer');
  await fillCart(page, [{ article: ARTICLES[0] as Article }, { article: ARTICLES[1] as Article }]);
  await openCheckout(page);
  // Ex-Works is the default.
  await expect(page.getByRole('radio', { name: /Franco fabbrica/ })).toBeChecked();
  const looked = page.waitForResponse(
    (r) => r.url().includes('/api/cart/spesespedizione') && r.url().includes('cap=20121'),
  );
  await fillTypedAddress(page, {
    ragsoc: 'Officina Prova',
    indirizzo: 'Via Roma 1',
    cap: '20121',
    citta: 'Milano',
    stato: 'Italia',
    prov: 'Milano',
  });
  const answer = (await (await looked).json()) as { costo: number };
  expect(answer.costo).toBeGreaterThanOrEqual(0);
  const cpt = page.getByRole('radio', { name: /Trasporto pagato/ });
  await expect(cpt).toBeEnabled();
  await expect(page.getByTestId('shipping-cost')).toContainText('€');
  await cpt.check();
  await expect(cpt).toBeChecked();
  await expect(page.getByTestId('checkout-order-totals')).toContainText('Totale ordine');
  await shot(page, 'checkout-filled-1366-it');
  await page.context().close();
});

test('free shipping: the notice for a rubber-track cart, and the order to Italy ships free', async ({ browser }) => {
  const page = await newPage(browser, 'superdealer');
  await fillCart(page, [{ article: TRACK, quantita: 2 }]);
  await openCheckout(page);
  await expect(page.getByTestId('free-shipping')).toContainText('Spedizione gratuita in Italia');
  await expect(page.getByTestId('free-shipping')).toContainText(/1\.?500,00/);
  await fillTypedAddress(page, {
    ragsoc: 'Officina Prova',
    indirizzo: 'Via Roma 1',
    cap: '25030',
    citta: 'Castel Mella',
    stato: 'Italia',
    prov: 'Brescia',
  });
  await expect(page.getByTestId('free-shipping')).toContainText('Questo ordine ha diritto alla spedizione gratuita.');
  await expect(page.getByTestId('shipping-cost')).toHaveText('Gratuita');
  await page.context().close();
});

test('a valid order: the § id, the mail, the ERP document, an empty cart — and a double click sends one order', async ({
  browser,
}) => {
  const page = await newPage(browser, 'superdealer');
  await fillCart(page, [{ article: ARTICLES[0] as Article, quantita: 3 }, { article: ARTICLES[1] as Article }]);
  const sends = countSends(page);
  await openCheckout(page);
  const rif = unique('RIF-').slice(0, 30);
  await page.getByLabel("Vostro riferimento d'ordine").fill(rif);
  if (await page.getByTestId('typed-address').isVisible()) {
    await fillTypedAddress(page, {
      ragsoc: 'Officina Prova',
      indirizzo: 'Via Roma 1',
      cap: '20121',
      citta: 'Milano',
      stato: 'Italia',
      prov: 'Milano',
    });
  }
  await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
  await page.getByTestId('send-ORD').dblclick();

  await expect(page.getByTestId('checkout-success')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ordine inviato' })).toBeVisible();
  const numero = ((await page.getByTestId('order-number').first().textContent()) ?? '').trim();
  expect(numero).toMatch(/^ORD§\d{4}§\d+$/);
  await expect(page.getByTestId('order-number')).toHaveCount(1);
  await expect(page.getByTestId('order-mail-note')).toContainText('superdealer@ricambi.example');
  await shot(page, 'checkout-success-1366-it');

  // All the send calls of the double click carried one key; the same send again answers the same order.
  expect(sends.length).toBeGreaterThanOrEqual(1);
  expect(new Set(sends.map((s) => s.key)).size).toBe(1);
  const first = sends[0] as { key: string; body: string; url: string };
  const again = await page.request.post(first.url, {
    headers: { 'X-XSRF-TOKEN': await xsrf(page), 'Idempotency-Key': first.key, 'Content-Type': 'application/json' },
    data: first.body,
  });
  expect(again.ok(), await again.text()).toBe(true);
  expect(((await again.json()) as { numeroOrdine: string }).numeroOrdine).toBe(numero);

  // The cart is empty, the mail arrived once, the ERP document exists once.
  expect(await cartCount(page)).toBe(0);
  await expect.poll(() => mailsWith(numero).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(() => erpDocumentsWith(rif).length, { timeout: 20_000 }).toBe(1);
  // Once the outbox holds nothing undelivered, no further mail or document can come: still one of each.
  const admin = await newPage(browser, 'admin');
  await expect.poll(() => undeliveredMessages(admin), { timeout: 20_000 }).toBe(0);
  await admin.context().close();
  expect(mailsWith(numero)).toHaveLength(1);
  expect(erpDocumentsWith(rif)).toHaveLength(1);
  await page.context().close();
});

test('a warranty order goes on to the warranty request, and both are sent together', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, 'superdealer');
  // A machine of the superdealer's with a parts catalogue: the order's lines and the request name it.
  const machines = (await (await page.request.get('/api/machine/full?size=20')).json()) as {
    mtMatricola: string;
    catalogoId: number | null;
  }[];
  const serial = machines.find((m) => m.catalogoId !== null && m.mtMatricola !== 'GENERIC')?.mtMatricola ?? '';
  expect(serial).not.toBe('');
  await fillCart(page, [{ article: ARTICLES[0] as Article, serialNumber: serial }]);
  await openCheckout(page);
  // A line added after the page was read (e.g. from another window) is not sent: it stays in the cart.
  const added = await page.request.post('/api/cartitem', {
    headers: { 'X-XSRF-TOKEN': await xsrf(page) },
    data: { idArticolo: (ARTICLES[1] as Article).id, quantita: 1, dataRichiesta: earliestRequestDate() },
  });
  expect(added.status(), await added.text()).toBe(201);
  if (await page.getByTestId('typed-address').isVisible()) {
    await fillTypedAddress(page, {
      ragsoc: 'Officina Prova',
      indirizzo: 'Via Roma 1',
      cap: '75001',
      citta: 'Paris',
      stato: 'Francia',
    });
  }
  await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
  const sends = countSends(page);
  await page.getByTestId('send-ORDCG').click();

  // Nothing is sent yet: the request page shows the order's lines and takes the serial from them.
  await expect(page).toHaveURL(/\/richiestagaranzia\/\d+$/);
  await expect(page.getByTestId('wr-order-info')).toBeVisible();
  await expect(page.getByTestId('wr-order-lines')).toContainText((ARTICLES[0] as Article).articolo);
  expect(sends).toHaveLength(0);
  await expect(page.getByTestId('wr-matricola')).toHaveValue(serial);
  await expect(page.getByTestId('wr-machine')).toBeVisible();

  const failure = page.getByTestId('wr-dataGuasto');
  await failure.click();
  await failure.fill(formatItalianDate(businessToday()) as string);
  await failure.press('Enter');
  await page.getByTestId('wr-oreLavoro').fill('830');
  await choose(page, page.getByRole('combobox', { name: 'Problema segnalato' }), 'Rottura');
  await choose(page, page.getByRole('combobox', { name: 'Collocazione del problema' }), 'Motore');
  await page.getByLabel('Descrizione del problema').fill('Pompa idraulica rumorosa, sostituita in garanzia.');
  await page
    .getByTestId('wr-upload')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'pompa.pdf', mimeType: 'application/pdf', buffer: PDF_FILE });
  await page.getByTestId('wr-terms').check();
  await shot(page, 'warranty-order-1366-it');
  await page.getByTestId('wr-save').click();

  // One call sent both: the ORDCG order and the request linked to it; the line added later stays.
  await expect(page.getByText(/^Ordine ORDCG§\d{4}§\d+ inviato come ordine in garanzia$/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/richiestagaranzia/${serial}/\\d+$`));
  await expect(page.getByTestId('wr-order')).toContainText(/ORDCG§\d{4}§\d+/);
  expect(await cartCount(page)).toBe(1);
  await page.context().close();
});

test('a subdealer: the cart leads to the request, sent without a country', async ({ browser }) => {
  const page = await newPage(browser, 'subdealer');
  await fillCart(page, [{ article: ARTICLES[1] as Article }]);
  await page.goto('/cart');
  await page
    .getByRole('link', { name: /richiesta/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/cart\/request$/);
  // The order checkout sends a subdealer on to the request.
  await page.goto('/cart/checkout');
  await expect(page).toHaveURL(/\/cart\/request$/);
  await expect(page.getByRole('heading', { name: "Richiesta d'ordine" })).toBeVisible();
  await expect(page.getByTestId('send-PREV')).toHaveCount(0);
  await expect(page.getByTestId('send-ORDCG')).toHaveCount(0);
  await useTypedAddress(page);
  await page.getByLabel('Ragione sociale').fill('Subconcessionario Prova');
  await page.getByLabel('Indirizzo', { exact: true }).fill('Via Verdi 2');
  await page.getByLabel('Città').fill('Tirana');
  await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
  await shot(page, 'request-1366-it');
  await page.getByTestId('send-REQ').click();
  await expect(page.getByRole('heading', { name: 'Richiesta inviata' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/§\d{4}§\d+$/);
  expect(await cartCount(page)).toBe(0);
  await page.context().close();
});

test('a superdealer imports an order into the cart; an unknown number is reported on the field', async ({
  browser,
}) => {
  const page = await newPage(browser, 'superdealer');
  const headers = { 'X-XSRF-TOKEN': await xsrf(page) };
  await page.request.delete('/api/cartutil/cartall', { headers });
  await page.goto('/cart/import');
  await expect(page.getByRole('heading', { name: 'Importa ordine' })).toBeVisible();
  await page.getByRole('button', { name: 'Importa' }).click();
  await expect(formItem(page, "Numero d'ordine")).toContainText('Questo campo è obbligatorio.');
  await page.getByTestId('import-nOrdine').fill('X'.repeat(31));
  await expect(page.getByText('Questo campo non può superare 30 caratteri.')).toBeVisible();
  await page.getByTestId('import-nOrdine').fill('NON-ESISTE-0000');
  await page.getByRole('button', { name: 'Importa' }).click();
  await expect(page.getByText('Ordine non trovato: controlla il numero.')).toBeVisible();
  await shot(page, 'import-error-1366-it');

  await page.getByTestId('import-nOrdine').fill('SD-2026-0001');
  await page.getByRole('button', { name: 'Importa' }).click();
  await expect(page.getByTestId('import-success')).toContainText('SD-2026-0001');
  await expect(page.getByTestId('import-success')).toContainText('aggiunt');
  await shot(page, 'import-success-1366-it');
  await page.getByTestId('import-to-cart').click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await cartCount(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('cart-table')).toBeVisible();
  await page.context().close();
});

test('a dealer cannot import orders: access-denied page and 403 from the API', async ({ browser }) => {
  const page = await newPage(browser, 'dealer');
  await page.goto('/cart/import');
  await expect(page).toHaveURL(/\/accessdenied$/);
  const response = await page.request.get('/api/cart/import?nOrdine=SD-2026-0001');
  expect(response.status()).toBe(403);
  await page.context().close();
});

test('a manager downloads the tariff and sees the errors of a bad upload', async ({ browser }) => {
  const page = await newPage(browser, 'manager');
  await page.getByTestId('admin-menu').click();
  await page.getByRole('menuitem', { name: 'Spese di spedizione' }).click();
  await expect(page).toHaveURL(/\/shipping-costs$/);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('tariff-download').click();
  const download = await downloading;
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  const csv = ['stato;capDa;capA;pesoDa;pesoA;costo', 'ITA;;;0;50;18,50', 'ITA;20100;20199;50;abc;25'].join('\r\n');
  await page
    .getByTestId('tariff-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: 'tariffa.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('tariff-summary')).toContainText('Righe con errori: 1 su 2');
  await expect(page.getByTestId('tariff-row-1')).toContainText('Peso a (kg)');
  await expect(page.getByTestId('tariff-row-0')).toContainText('Nessun errore');
  await expect(page.getByTestId('tariff-apply')).toBeDisabled();
  await shot(page, 'shipping-costs-1366-it');

  // The downloaded tariff uploaded again: every row valid, applied after the confirmation (the same
  // rows, so the other tests' costs do not change).
  await page
    .getByTestId('tariff-upload')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'tariffario.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: fs.readFileSync(file),
    });
  await expect(page.getByTestId('tariff-summary')).toContainText(/Tutte le \d+ righe sono valide\./);
  const rows = Number((await page.getByTestId('tariff-summary').textContent())?.match(/Tutte le (\d+)/)?.[1]);
  await page.getByTestId('tariff-apply').click();
  await expect(page.getByText('Sostituire la tariffa?')).toBeVisible();
  await page.getByTestId('tariff-apply-confirm').click();
  await expect(page.getByTestId('tariff-result')).toHaveText(`Tariffa aggiornata: ${rows} righe in uso.`);
  await page.context().close();
});

test('tablet width: the checkout passes the accessibility check at 820 px; German and French screens fit', async ({
  browser,
}) => {
  const page = await newPage(browser, 'superdealer', 820);
  await fillCart(page, [
    { article: ARTICLES[0] as Article, serialNumber: 'SN-T-1' },
    { article: ARTICLES[1] as Article },
  ]);
  await openCheckout(page);
  await useTypedAddress(page);
  // The page's own content (the navigation bar is the layout's, checked with it).
  expect(await axeFindings(page, { include: 'main', tags: WCAG_AA })).toEqual([]);
  const fits = async () => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(820);
  };
  await fits();

  for (const [menu, lang] of [
    ['Deutsch', 'de'],
    ['Français', 'fr'],
  ] as const) {
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: menu }).click();
    await page.goto('/cart/checkout');
    await expect(page.getByTestId('checkout-summary')).toBeVisible();
    // The default address is in Italy: the Carriage Paid To cost is computed.
    await expect(page.getByTestId('shipping-cost')).toContainText('€');
    await fits();
    await shot(page, `checkout-820-${lang}`);
  }
  await page.context().close();

  const manager = await newPage(browser, 'manager', 820);
  await manager.getByTestId('language-menu').click();
  await manager.getByRole('menuitem', { name: 'Deutsch' }).click();
  await manager.goto('/shipping-costs');
  await expect(manager.getByRole('heading', { name: 'Versandkosten' })).toBeVisible();
  await shot(manager, 'shipping-costs-820-de');
  await manager.context().close();

  const superdealer = await newPage(browser, 'superdealer', 820);
  await superdealer.getByTestId('language-menu').click();
  await superdealer.getByRole('menuitem', { name: 'Français' }).click();
  await superdealer.goto('/cart/import');
  await expect(superdealer.getByRole('heading', { name: 'Importer une commande' })).toBeVisible();
  await shot(superdealer, 'import-820-fr');
  await superdealer.context().close();
});
