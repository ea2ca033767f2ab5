import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  businessToday,
  type CartView,
  type ErpHistoryDocumentInput,
  type ErpHistoryResult,
  ORDER_HISTORY_SORT_FIELDS,
  type OrderAgainResult,
  type OrderHistoryLine,
  type SendResult,
  type Tracking,
} from '@ricambi/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { appUser, outboxMessage } from '../src/db/schema/index.ts';
import { historyInboxDir } from '../src/modules/order-history/order-history.contract.ts';
import { createArticolo } from './catalogue-factories.ts';
import type { UserInput } from './factories.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

type Response = LightMyRequestResponse;
type Authority = NonNullable<UserInput['authorities']>[number];
type ErpOrder = NonNullable<ErpHistoryDocumentInput['ordini']>[number];
type ErpLine = ErpOrder['righe'][number];
type ErpShipment = NonNullable<ErpHistoryDocumentInput['spedizioni']>[number];
type Article = { id: number; articolo: string };
type Customer = { id: number; login: string; email: string; agent: Agent };

const ERP_TOKEN = 'erp-history-test-token-0123456789';
const BACKOFFICE_EMAIL = 'storico.backoffice@test.example';
const ERP_URL = '/api/erp/storicoordine';

const DEALER: readonly Authority[] = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'];
const SUBDEALER: readonly Authority[] = ['ROLE_CR_SUBDEALER', 'ROLE_USER', 'ROLE_CART'];
const PARTS_ONLY: readonly Authority[] = ['ROLE_USER', 'ROLE_CART'];
const INTERNAL: readonly Authority[] = ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART'];

const ITALIAN_ADDRESS = {
  RAGSOC: 'Rossi Macchine Srl',
  INDIRIZZO: "Via dell'Industria 12",
  CAP: '25030',
  CITTA: 'Castel Mella',
  PROV: 'BS',
  STATO: 'ITA',
  TIPO_INDIRIZZO: '000',
};

const PDFTOTEXT = '/usr/bin/pdftotext';

/** The text of a PDF answer, by poppler's pdftotext (installed by .ci/run: poppler-utils). */
const pdfText = (bytes: Buffer) => {
  const run = spawnSync(PDFTOTEXT, ['-layout', '-', '-'], { input: bytes, encoding: 'utf8' });
  if (run.error || run.status !== 0)
    throw new Error(`pdftotext failed (apt-get install poppler-utils): ${run.error?.message ?? run.stderr}`);
  return run.stdout;
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const monthsAgo = (months: number) => {
  const at = new Date();
  at.setMonth(at.getMonth() - months);
  return at.toISOString();
};

/** Hand-back documents are generated one second apart, in the order the tests build them. */
let clock = Date.now() - 86_400_000;
const nextGeneratedAt = () => {
  clock += 1000;
  return new Date(clock).toISOString();
};
let documentSequence = 0;

const erpLine = (riga: number, codArt: string, over: Partial<ErpLine> = {}): ErpLine => ({
  riga,
  codArt,
  descRiga: `Ricambio ${codArt}`,
  unitaMisura: 'NR',
  qtaOrdinata: 1,
  ...over,
});
const erpOrder = (cliente: string, nroOrdTxt: string, righe: ErpLine[], over: Partial<ErpOrder> = {}): ErpOrder => ({
  nroOrdTxt,
  cliente,
  dataIns: daysAgo(1),
  righe,
  ...over,
});
const erpDocument = (
  ordini: ErpOrder[],
  over: Partial<ErpHistoryDocumentInput> = {},
): ErpHistoryDocumentInput & { documentId: string; generatedAt: string } => ({
  documentId: `DOC-${process.pid}-${++documentSequence}`,
  generatedAt: nextGeneratedAt(),
  ordini,
  spedizioni: [],
  ...over,
});

/** A CSV line split on its separator, quotes honoured (platform/csv.ts quotes cells holding it). */
const splitCsvLine = (line: string, separator: string) => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
};
const csvRows = (body: string, separator: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => splitCsvLine(line, separator));

// Issue 16, spec 2 §2–§9: the order history (portal orders at once, the ERP's hand-back of what it
// shipped and invoiced), its filters, CSV and PDF, tracking, reorder requests and "order again".
describe('order history', () => {
  let t: TestApp;
  /** Orderable kind-0 articles (no requested date needed to send them). */
  let partA: Article;
  let partB: Article;
  /** In the catalogue but no longer orderable. */
  let retired: Article;

  const customer = async (
    authorities: readonly Authority[] = DEALER,
    values: Partial<typeof appUser.$inferInsert> = {},
    input: UserInput = {},
  ): Promise<Customer> => {
    const u = await t.createUser({ authorities, ...input });
    if (Object.keys(values).length > 0) await t.db.update(appUser).set(values).where(eq(appUser.id, u.id));
    return { ...u, agent: await t.signIn(u.login, u.password) };
  };
  const subdealerOf = (dealer: Customer, vedePrezzi = false) =>
    customer(SUBDEALER, { logica: 'subdealer', vedePrezzi, dealerLogin: dealer.login });

  /** POST /api/erp/storicoordine as the ERP does it (no session, no CSRF token, the bearer token). */
  const post = (body: string, authorization: string | null = `Bearer ${ERP_TOKEN}`) =>
    t.agent().post(ERP_URL, body, {
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      csrf: false,
    });
  const handBack = async (document: unknown, status = 200) => {
    const response = await post(JSON.stringify(document));
    expect(response.statusCode, response.body).toBe(status);
    return response.json<ErpHistoryResult>();
  };
  const logOf = async (documentId: string) =>
    (await t.handback.log(10_000)).filter((row) => row.documentId === documentId).sort((a, b) => a.id - b.id);

  type Page = { lines: OrderHistoryLine[]; total: number; daEvadere: number; response: Response };
  const list = async (agent: Agent, kind = 'ORD', query: Record<string, string> = {}): Promise<Page> => {
    const response = await agent.get(`/api/storicoordine/${kind}`, { query });
    expect(response.statusCode, response.body).toBe(200);
    return {
      lines: response.json<OrderHistoryLine[]>(),
      total: Number(response.headers['x-total-count']),
      daEvadere: Number(response.headers['x-total-deevadere']),
      response,
    };
  };
  const all = (agent: Agent, kind = 'ORD', query: Record<string, string> = {}) =>
    list(agent, kind, { size: '100', ...query });
  const codes = (lines: readonly OrderHistoryLine[]) => lines.map((l) => l.codArt);
  const lineOf = (lines: readonly OrderHistoryLine[], codArt: string) => {
    const line = lines.find((l) => l.codArt === codArt);
    if (!line) throw new Error(`no line ${codArt} in ${codes(lines).join(', ')}`);
    return line;
  };
  const fieldErrorsOf = (response: Response) =>
    (problemOf(response).fieldErrors ?? []).map((e) => [e.field, e.message]);

  const fill = async (agent: Agent, rows: { a: Article; quantita: number }[]) => {
    const response = await agent.post('/api/cartutil/cartall', {
      righe: rows.map((r) => ({ idArticolo: r.a.id, quantita: r.quantita, dataRichiesta: null })),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CartView>();
  };
  const cartOf = async (agent: Agent) => {
    const response = await agent.get('/api/cartitem');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CartView>().righe;
  };
  /** The cart's lines sent as an order (or, by a subdealer, as a request to its dealer). */
  const sendCart = async (agent: Agent, cart: CartView, url = '/api/cart/send', address = ITALIAN_ADDRESS) => {
    const response = await agent.post(
      url,
      { privacy: true, linee: cart.righe.map((l) => l.id), totaleVisto: cart.totale, cartAddress: address },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SendResult>();
  };

  const lastOutboxId = async () =>
    (
      await t.db.select({ id: sql<number>`coalesce(max(${outboxMessage.id}), 0)`.mapWith(Number) }).from(outboxMessage)
    )[0]?.id ?? 0;
  const mailsSince = async (since: number) =>
    (
      await t.db
        .select()
        .from(outboxMessage)
        .where(and(eq(outboxMessage.kind, 'mail'), gt(outboxMessage.id, since)))
        .orderBy(asc(outboxMessage.id))
    ).map((m) => m.payload as { to: string; subject: string; text: string });

  beforeAll(async () => {
    t = await createTestApp({ env: { ERP_TOKEN, BACKOFFICE_EMAIL } });
    partA = await createArticolo(t.db, { prezzo: 40, tipoArticoloOrig: '0' }, { magazzino: 500 });
    partB = await createArticolo(t.db, { prezzo: 12.5, tipoArticoloOrig: '0' }, { magazzino: 500 });
    retired = await createArticolo(t.db, { prezzo: 70, tipoArticoloOrig: '0', ordinabile: false }, { magazzino: 5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a portal order at once as not shipped; its ERP hand-back sets what shipped, keeping its date', async () => {
    const dealer = await customer();
    const cart = await fill(dealer.agent, [
      { a: partA, quantita: 2 },
      { a: partB, quantita: 3 },
    ]);
    const sent = await sendCart(dealer.agent, cart);

    const before = await list(dealer.agent);
    expect(before.total).toBe(2);
    expect(before.daEvadere).toBe(2);
    for (const cartLine of cart.righe) {
      expect(lineOf(before.lines, cartLine.articolo)).toMatchObject({
        tiporichiesta: 'ORD',
        cliente: dealer.login,
        nroOrdTxt: sent.numeroOrdine,
        portale: true,
        seEvasa: false,
        qtaOrdinata: cartLine.quantita,
        qtaSpedita: 0,
        // The dealer sees prices: the amount of the line as ordered.
        importo: cartLine.total,
        wayBill: null,
        nroSpedTxt: null,
        nroFattTxt: null,
        dataSpediz: null,
      });
    }
    const sentAt = lineOf(before.lines, partA.articolo).dataIns;
    expect(Math.abs(Date.parse(sentAt) - Date.now())).toBeLessThan(60_000);

    // The ERP hands the order back under the portal's number, with its own date: lines 1 and 2 as sent.
    const today = businessToday();
    const result = await handBack(
      erpDocument([
        erpOrder(
          dealer.login,
          sent.numeroOrdine,
          [
            erpLine(1, partA.articolo, {
              qtaOrdinata: 2,
              qtaSpedita: 2,
              seEvasa: true,
              importo: 79.9,
              dataSpediz: today,
              nroSpedTxt: 'DDT-7001',
              nroFattTxt: 'FT-26-7001',
              wayBill: 'WBPORTAL1',
              wayBillTxt: 'BRT WBPORTAL1',
            }),
            erpLine(2, partB.articolo, { qtaOrdinata: 3, qtaSpedita: 1, importo: 37.5 }),
          ],
          { dataIns: daysAgo(40), portale: false },
        ),
      ]),
    );
    expect(result).toEqual({ outcome: 'APPLIED', reason: null, ordini: 1, righe: 2 });

    const after = await list(dealer.agent);
    expect(after.total).toBe(2);
    expect(after.daEvadere).toBe(1);
    const shipped = lineOf(after.lines, partA.articolo);
    expect(shipped).toMatchObject({
      id: lineOf(before.lines, partA.articolo).id,
      idOrdine: lineOf(before.lines, partA.articolo).idOrdine,
      nroOrdTxt: sent.numeroOrdine,
      portale: true,
      seEvasa: true,
      qtaSpedita: 2,
      importo: 79.9,
      dataSpediz: today,
      nroSpedTxt: 'DDT-7001',
      nroFattTxt: 'FT-26-7001',
      wayBill: 'WBPORTAL1',
      wayBillTxt: 'BRT WBPORTAL1',
    });
    expect(lineOf(after.lines, partB.articolo)).toMatchObject({ seEvasa: false, qtaSpedita: 1, qtaOrdinata: 3 });
    // The date the order was sent on, not the ERP's.
    for (const line of after.lines) expect(line.dataIns).toBe(sentAt);
  });

  describe('list, CSV and PDF of one customer', () => {
    let dealer: Customer;
    const OLD = 'FOLD-1';
    const bulk = (i: number) => `FB-${String(i).padStart(2, '0')}`;
    /** 29 lines: 1 five months old, 22 of an order of 3 days ago (6 shipped), 6 of yesterday (1 shipped). */
    const TOTAL = 29;
    const DA_EVADERE = 22;

    beforeAll(async () => {
      dealer = await customer();
      const result = await handBack(
        erpDocument([
          erpOrder(dealer.login, `F-OLD-${process.pid}`, [erpLine(1, OLD, { descRiga: 'Filtro aria vecchio' })], {
            dataIns: monthsAgo(5),
          }),
          erpOrder(
            dealer.login,
            `F-BULK-${process.pid}`,
            Array.from({ length: 22 }, (_, k) => {
              const i = k + 1;
              const shipped = i <= 6;
              return erpLine(i, bulk(i), {
                qtaOrdinata: 2,
                qtaSpedita: shipped ? 2 : 0,
                seEvasa: shipped,
                importo: i + 0.5,
              });
            }),
            { dataIns: daysAgo(3) },
          ),
          erpOrder(
            dealer.login,
            `F-SPEC-${process.pid}`,
            [
              erpLine(1, 'FS-PCT', { descRiga: 'Sconto 50% speciale' }),
              erpLine(2, 'FS-500', { descRiga: 'Sconto 500 normale' }),
              erpLine(3, 'FS-UND', { descRiga: 'Guarnizione A_B' }),
              erpLine(4, 'FS-AXB', { descRiga: 'Guarnizione AXB' }),
              erpLine(5, 'FS-SER', {
                matricola: 'MTRF77',
                wayBill: 'WBF9001',
                nroFattTxt: 'FT-F-55',
                seEvasa: true,
                qtaSpedita: 1,
              }),
              erpLine(6, 'FS-FRM', { descRiga: '=cmd|calc' }),
            ],
            { dataIns: daysAgo(1), rifVsNroOrd: 'PO-F-77' },
          ),
        ]),
      );
      expect(result).toEqual({ outcome: 'APPLIED', reason: null, ordini: 3, righe: TOTAL });
    });

    it('lists 12 months by default; mese narrows it and takes 1 to 12 only', async () => {
      const byDefault = await all(dealer.agent);
      expect(byDefault.total).toBe(TOTAL);
      expect(byDefault.daEvadere).toBe(DA_EVADERE);
      expect(codes(byDefault.lines)).toContain(OLD);

      const three = await all(dealer.agent, 'ORD', { mese: '3' });
      expect(three.total).toBe(TOTAL - 1);
      expect(three.daEvadere).toBe(DA_EVADERE - 1);
      expect(codes(three.lines)).not.toContain(OLD);
      const twelve = await all(dealer.agent, 'ORD', { mese: '12' });
      expect(codes(twelve.lines)).toContain(OLD);
      expect(twelve.total).toBe(TOTAL);

      for (const mese of ['0', '13', 'x']) {
        const response = await dealer.agent.get('/api/storicoordine/ORD', { query: { mese } });
        expect(response.statusCode, mese).toBe(400);
        expect(fieldErrorsOf(response)).toEqual([['mese', 'validation.invalid']]);
      }
    });

    it('filters the lines still to fulfil, with X-Total-DeEvadere under the same filter', async () => {
      const open = await all(dealer.agent, 'ORD', { stato: 'daEvadere' });
      expect(open.total).toBe(DA_EVADERE);
      expect(open.daEvadere).toBe(DA_EVADERE);
      expect(open.lines).toHaveLength(DA_EVADERE);
      expect(open.lines.every((l) => !l.seEvasa)).toBe(true);

      const tutti = await all(dealer.agent, 'ORD', { stato: 'tutti' });
      expect(tutti.total).toBe(TOTAL);
      const wrong = await dealer.agent.get('/api/storicoordine/ORD', { query: { stato: 'evase' } });
      expect(wrong.statusCode).toBe(400);
      expect(fieldErrorsOf(wrong)).toEqual([['stato', 'validation.invalid']]);
    });

    it.each([
      ['a code, in any case', 'fold-1', [OLD]],
      ['a description, in any case', 'SCONTO', ['FS-500', 'FS-PCT']],
      ['% as itself', '50%', ['FS-PCT']],
      ['% alone as itself', '%', ['FS-PCT']],
      ['_ as itself', 'a_b', ['FS-UND']],
      ['a serial', 'mtrf77', ['FS-SER']],
      ['an order number', `f-spec-${process.pid}`, ['FS-AXB', 'FS-FRM', 'FS-PCT', 'FS-SER', 'FS-UND', 'FS-500']],
      ['the customer reference', 'PO-F-77', ['FS-AXB', 'FS-FRM', 'FS-PCT', 'FS-SER', 'FS-UND', 'FS-500']],
      ['a waybill', 'WBF9001', ['FS-SER']],
      ['an invoice number', 'ft-f-55', ['FS-SER']],
      ['nothing', 'no-such-thing', []],
    ])('finds by term %s', async (_, term, expected) => {
      const found = await all(dealer.agent, 'ORD', { term });
      expect(codes(found.lines).sort()).toEqual([...expected].sort());
      expect(found.total).toBe(expected.length);
      expect(found.daEvadere).toBe(found.lines.filter((l) => !l.seEvasa).length);
    });

    it('pages 20 lines by default with X-Total-Count and a Link header; pages never overlap', async () => {
      const first = await list(dealer.agent);
      expect(first.lines).toHaveLength(20);
      expect(first.total).toBe(TOTAL);
      expect(first.daEvadere).toBe(DA_EVADERE);
      expect(first.response.headers.link).toContain('rel="next"');
      expect(String(first.response.headers['access-control-expose-headers'])).toContain('X-Total-DeEvadere');
      const second = await list(dealer.agent, 'ORD', { page: '1' });
      expect(second.lines).toHaveLength(TOTAL - 20);
      const ids = [...first.lines, ...second.lines].map((l) => l.id);
      expect(new Set(ids).size).toBe(TOTAL);
      // Newest first by default.
      const dates = [...first.lines, ...second.lines].map((l) => Date.parse(l.dataIns));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect((await list(dealer.agent, 'ORD', { page: '2' })).lines).toEqual([]);
    });

    it('downloads as CSV the lines of the list under the same filter, in its order, Italian style', async () => {
      const query = { mese: '3', stato: 'daEvadere' };
      const listed = await all(dealer.agent, 'ORD', query);
      const response = await dealer.agent.get('/api/storicoordine/download/csv/ORD', { query });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="storico-ordini-ORD-/);
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const [header = [], ...rows] = csvRows(response.body, ';');
      const column = (name: string) => {
        const i = header.indexOf(name);
        expect(i, `${name} in ${header.join(';')}`).toBeGreaterThanOrEqual(0);
        return i;
      };
      expect(header).not.toContain('Cliente');
      expect(rows).toHaveLength(listed.total);
      const code = column('Codice');
      const number = column('Numero ordine');
      expect(rows.map((r) => [r[number], r[code]])).toEqual(listed.lines.map((l) => [l.nroOrdTxt, l.codArt]));
      for (const row of rows) expect(row).toHaveLength(header.length);
      const seven = rows.find((r) => r[code] === bulk(7)) ?? [];
      expect(seven[column('Importo')]).toBe('7,50');
      expect(seven[column('Stato')]).toBe('Da evadere');
      // A description that a spreadsheet would run as a formula is written as text.
      expect(rows.find((r) => r[code] === 'FS-FRM')?.[column('Descrizione')]).toBe("'=cmd|calc");
    });

    it('prints one order as a PDF of its kind only', async () => {
      const { lines } = await all(dealer.agent, 'ORD', { term: `F-SPEC-${process.pid}` });
      const idOrdine = lines[0]?.idOrdine ?? 0;
      const response = await dealer.agent.get(`/api/storicoordine/pdf/it/ORD/${idOrdine}`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const text = pdfText(response.rawPayload);
      expect(text).toContain(`F-SPEC-${process.pid}`);
      for (const code of ['FS-PCT', 'FS-SER', 'FS-UND']) expect(text).toContain(code);

      for (const kind of ['PREV', 'REQ']) {
        const wrong = await dealer.agent.get(`/api/storicoordine/pdf/it/${kind}/${idOrdine}`);
        expect(wrong.statusCode, kind).toBe(404);
      }
      expect((await dealer.agent.get(`/api/storicoordine/pdf/it/ORD/${idOrdine + 100_000}`)).statusCode).toBe(404);
    });
  });

  it('sorts by each sortable field both ways, the id last; an unknown field is a 400', async () => {
    const dealer = await customer();
    const line = (
      riga: number,
      letter: string,
      n: number,
      over: Partial<ErpLine> & { qtaSpedita: number; seEvasa: boolean },
    ) =>
      erpLine(riga, `SORT${letter}`, {
        descRiga: `DESC${'DBCA'[n - 1]}`,
        matricola: `M${'BDAC'[n - 1]}`,
        qtaOrdinata: [3, 1, 4, 2][n - 1],
        importo: [30.5, 10.25, 40, 20][n - 1],
        dataSpediz: `2026-01-0${[3, 1, 4, 2][n - 1]}`,
        nroSpedTxt: `SP${'ACDB'[n - 1]}`,
        nroFattTxt: `FT${'CABD'[n - 1]}`,
        ...over,
      });
    await handBack(
      erpDocument([
        erpOrder(
          dealer.login,
          `S-B-${process.pid}`,
          [line(1, 'C', 1, { qtaSpedita: 1, seEvasa: false }), line(2, 'A', 2, { qtaSpedita: 1, seEvasa: true })],
          { dataIns: daysAgo(2), rifVsNroOrd: 'REFB' },
        ),
        erpOrder(
          dealer.login,
          `S-A-${process.pid}`,
          [line(1, 'D', 3, { qtaSpedita: 0, seEvasa: false }), line(2, 'B', 4, { qtaSpedita: 2, seEvasa: true })],
          { dataIns: daysAgo(1), rifVsNroOrd: 'REFA' },
        ),
      ]),
    );
    const lines = (await all(dealer.agent)).lines;
    expect(lines).toHaveLength(4);
    const compare = (a: unknown, b: unknown) => {
      if (a === b) return 0;
      return (a as number) < (b as number) ? -1 : 1;
    };
    for (const field of ORDER_HISTORY_SORT_FIELDS) {
      for (const direction of ['asc', 'desc'] as const) {
        const expected = [...lines]
          .sort((a, b) => (direction === 'asc' ? 1 : -1) * compare(a[field], b[field]) || b.id - a.id)
          .map((l) => l.codArt);
        const sorted = await all(dealer.agent, 'ORD', { sort: `${field},${direction}` });
        expect(codes(sorted.lines), `${field},${direction}`).toEqual(expected);
      }
    }
    for (const sort of ['unknown,asc', 'codArt,sideways', 'cliente,asc']) {
      const response = await dealer.agent.get('/api/storicoordine/ORD', { query: { sort } });
      expect(response.statusCode, sort).toBe(400);
      expect(fieldErrorsOf(response)).toEqual([['sort', 'validation.invalid']]);
    }
  });

  it('shows each user its own kinds and lines: subdealers their requests, dealers their subdealers’ too', async () => {
    const dealer = await customer();
    const sub1 = await subdealerOf(dealer);
    const sub2 = await subdealerOf(dealer);
    const otherDealer = await customer();
    const partsOnly = await customer(PARTS_ONLY);

    // A request through the portal and one handed back by the ERP, with a shipment.
    const request = await sendCart(
      sub1.agent,
      await fill(sub1.agent, [{ a: partA, quantita: 1 }]),
      '/api/cart/sendrequest',
      {
        ...ITALIAN_ADDRESS,
        STATO: null as unknown as string,
        PROV: null as unknown as string,
      },
    );
    expect(request.tiporichiesta).toBe('REQ');
    const sub1Order = `REQ-S1-${process.pid}`;
    await handBack(
      erpDocument(
        [
          erpOrder(sub1.login, sub1Order, [erpLine(1, 'REQ-S1-PART', { importo: 12.5, wayBill: 'WBSUB1' })], {
            tiporichiesta: 'REQ',
          }),
          erpOrder(sub2.login, `REQ-S2-${process.pid}`, [erpLine(1, 'REQ-S2-PART', { importo: 8 })], {
            tiporichiesta: 'REQ',
          }),
          erpOrder(dealer.login, `ORD-D-${process.pid}`, [erpLine(1, 'ORD-D-PART', { importo: 5 })]),
        ],
        {
          spedizioni: [
            {
              wayBill: 'WBSUB1',
              corriere: 'BRT',
              eventi: [{ data: daysAgo(0), luogo: 'Bologna', stato: 'IN_TRANSIT', descrizione: 'In viaggio' }],
            },
          ],
        },
      ),
    );

    // The subdealer: its own requests only, without amounts; no orders, no quotes.
    const own = await all(sub1.agent, 'REQ');
    expect(own.total).toBe(2);
    expect(new Set(own.lines.map((l) => l.cliente))).toEqual(new Set([sub1.login]));
    expect(own.lines.map((l) => l.importo)).toEqual([null, null]);
    expect(codes(own.lines).sort()).toEqual([partA.articolo, 'REQ-S1-PART'].sort());
    expect(lineOf(own.lines, partA.articolo)).toMatchObject({ nroOrdTxt: request.numeroOrdine, portale: true });
    for (const kind of ['ORD', 'PREV']) {
      const refused = await sub1.agent.get(`/api/storicoordine/${kind}`);
      expect(refused.statusCode, kind).toBe(403);
      expect(problemOf(refused).message).toBe('error.http.403');
      expect((await sub1.agent.get(`/api/storicoordine/download/csv/${kind}`)).statusCode).toBe(403);
    }
    const sub2Line = (await all(sub2.agent, 'REQ')).lines[0] as OrderHistoryLine;
    expect((await sub1.agent.post('/api/storicoordine/id', { id: sub2Line.id })).statusCode).toBe(404);
    const sub1Line = lineOf(own.lines, 'REQ-S1-PART');
    const fetched = await sub1.agent.post('/api/storicoordine/id', { id: sub1Line.id });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json<OrderHistoryLine>()).toEqual(sub1Line);

    // The dealer: its subdealers' requests with the customer, and amounts; its own orders apart.
    const requests = await all(dealer.agent, 'REQ');
    expect(requests.total).toBe(3);
    expect(requests.lines.map((l) => [l.cliente, l.codArt]).sort()).toEqual(
      [
        [sub1.login, partA.articolo],
        [sub1.login, 'REQ-S1-PART'],
        [sub2.login, 'REQ-S2-PART'],
      ].sort(),
    );
    expect(lineOf(requests.lines, 'REQ-S1-PART').importo).toBe(12.5);
    expect(codes((await all(dealer.agent, 'ORD')).lines)).toEqual(['ORD-D-PART']);
    expect((await all(dealer.agent, 'PREV')).total).toBe(0);
    const seenByDealer = await dealer.agent.post('/api/storicoordine/id', { id: sub1Line.id });
    expect(seenByDealer.statusCode).toBe(200);
    expect(seenByDealer.json<OrderHistoryLine>()).toMatchObject({ cliente: sub1.login, importo: 12.5 });
    const dealerCsv = await dealer.agent.get('/api/storicoordine/download/csv/REQ');
    const [dealerHeader = [], ...dealerRows] = csvRows(dealerCsv.body, ';');
    expect(dealerHeader).toEqual(expect.arrayContaining(['Cliente', 'Importo']));
    expect(dealerRows.map((r) => r[dealerHeader.indexOf('Cliente')]).sort()).toEqual(
      [sub1.login, sub1.login, sub2.login].sort(),
    );

    // The subdealer's CSV: no amount column.
    const subCsv = await sub1.agent.get('/api/storicoordine/download/csv/REQ');
    expect(subCsv.statusCode).toBe(200);
    const [subHeader = [], ...subRows] = csvRows(subCsv.body, ';');
    expect(subHeader).not.toContain('Importo');
    expect(subRows).toHaveLength(2);
    for (const row of subRows) {
      expect(row).toHaveLength(subHeader.length);
      expect(row.join(';')).not.toContain('12,50');
    }

    // Another dealer sees none of it, one line at a time neither.
    expect((await all(otherDealer.agent, 'REQ')).total).toBe(0);
    expect((await otherDealer.agent.post('/api/storicoordine/id', { id: sub1Line.id })).statusCode).toBe(404);
    expect((await otherDealer.agent.get(`/api/storicoordine/pdf/it/REQ/${sub1Line.idOrdine}`)).statusCode).toBe(404);
    expect((await otherDealer.agent.get('/api/storicoordine/tracking/WBSUB1')).statusCode).toBe(404);
    expect(
      (await otherDealer.agent.get('/api/storicoordine/isArticoloGestito/', { query: { id: String(sub1Line.id) } }))
        .statusCode,
    ).toBe(404);
    expect((await sub1.agent.get('/api/storicoordine/tracking/WBSUB1')).statusCode).toBe(200);

    // A parts-only customer (ROLE_USER without ROLE_CR_USER) has orders only.
    expect((await list(partsOnly.agent, 'ORD')).total).toBe(0);
    for (const kind of ['PREV', 'REQ'])
      expect((await partsOnly.agent.get(`/api/storicoordine/${kind}`)).statusCode).toBe(403);

    // Staff acting as the dealer see what the dealer sees.
    const staff = await customer(INTERNAL);
    expect((await staff.agent.post('/api/cart/select', { login: dealer.login })).statusCode).toBe(200);
    const asDealer = await all(staff.agent, 'REQ');
    expect(asDealer.lines.map((l) => l.id).sort()).toEqual(requests.lines.map((l) => l.id).sort());
    expect(codes((await all(staff.agent, 'ORD')).lines)).toEqual(['ORD-D-PART']);
  });

  it('hides amounts from a dealer who does not see prices', async () => {
    const dealer = await customer(DEALER, { vedePrezzi: false });
    await handBack(
      erpDocument([erpOrder(dealer.login, `NP-${process.pid}`, [erpLine(1, 'NP-1', { importo: 99.99 })])]),
    );
    const { lines } = await all(dealer.agent);
    expect(lines.map((l) => l.importo)).toEqual([null]);
    const csv = await dealer.agent.get('/api/storicoordine/download/csv/ORD');
    expect(csvRows(csv.body, ';')[0]).not.toContain('Importo');
    expect(csv.body).not.toContain('99,99');
  });

  describe('ERP hand-back', () => {
    it('applies a document once: the same documentId again is UNCHANGED and changes nothing', async () => {
      const dealer = await customer();
      const number = `H-ONCE-${process.pid}`;
      const document = erpDocument([
        erpOrder(dealer.login, number, [erpLine(1, 'HO-1', { qtaOrdinata: 4, qtaSpedita: 1 })]),
      ]);
      expect(await handBack(document)).toEqual({ outcome: 'APPLIED', reason: null, ordini: 1, righe: 1 });
      const first = await all(dealer.agent);
      expect(first.lines).toHaveLength(1);
      expect(first.lines[0]).toMatchObject({ qtaSpedita: 1, seEvasa: false });

      expect(await handBack(document)).toEqual({ outcome: 'UNCHANGED', reason: null, ordini: 0, righe: 0 });
      // Even with other content and a later date: the document id says it was applied already.
      const changed = {
        ...document,
        generatedAt: nextGeneratedAt(),
        ordini: [
          erpOrder(dealer.login, number, [erpLine(1, 'HO-1', { qtaOrdinata: 4, qtaSpedita: 4, seEvasa: true })]),
        ],
      };
      expect(await handBack(changed)).toEqual({ outcome: 'UNCHANGED', reason: null, ordini: 0, righe: 0 });
      expect((await all(dealer.agent)).lines).toEqual(first.lines);

      expect((await logOf(document.documentId)).map((r) => [r.source, r.outcome, r.ordini, r.righe])).toEqual([
        ['http', 'APPLIED', 1, 1],
        ['http', 'UNCHANGED', 0, 0],
        ['http', 'UNCHANGED', 0, 0],
      ]);
    });

    it('applies the same document posted twice at once only once', async () => {
      const dealer = await customer();
      const document = erpDocument([
        erpOrder(dealer.login, `H-TWICE-${process.pid}`, [erpLine(1, 'HT-1'), erpLine(2, 'HT-2')]),
      ]);
      const body = JSON.stringify(document);
      const outcomes = (await Promise.all([post(body), post(body), post(body)])).map(
        (r) => r.json<{ outcome: string }>().outcome,
      );
      expect(outcomes.sort()).toEqual(['APPLIED', 'UNCHANGED', 'UNCHANGED']);
      const listed = await all(dealer.agent);
      expect(listed.total).toBe(2);
      expect(codes(listed.lines).sort()).toEqual(['HT-1', 'HT-2']);
    });

    it('keeps the newer state: an older document is STALE, a newer one applies', async () => {
      const dealer = await customer();
      const number = `H-STALE-${process.pid}`;
      const newer = erpDocument([
        erpOrder(dealer.login, number, [erpLine(1, 'HS-1', { qtaOrdinata: 5, qtaSpedita: 2 })]),
      ]);
      expect((await handBack(newer)).outcome).toBe('APPLIED');
      const state = (await all(dealer.agent)).lines;

      const older = erpDocument(
        [erpOrder(dealer.login, number, [erpLine(1, 'HS-1', { qtaOrdinata: 5, qtaSpedita: 5, seEvasa: true })])],
        { generatedAt: new Date(Date.parse(newer.generatedAt) - 60_000).toISOString() },
      );
      const stale = await handBack(older);
      expect(stale).toMatchObject({ outcome: 'STALE', ordini: 0, righe: 0 });
      expect(stale.reason).toMatch(/newer document/);
      expect((await all(dealer.agent)).lines).toEqual(state);
      expect((await logOf(older.documentId)).map((r) => r.outcome)).toEqual(['STALE']);

      // An older document with an order it does not hold yet: that order is added, the other kept.
      const mixed = erpDocument(
        [
          erpOrder(dealer.login, number, [erpLine(1, 'HS-1', { qtaOrdinata: 5, qtaSpedita: 5, seEvasa: true })]),
          erpOrder(dealer.login, `${number}-B`, [erpLine(1, 'HS-2')]),
        ],
        { generatedAt: new Date(Date.parse(newer.generatedAt) - 30_000).toISOString() },
      );
      expect(await handBack(mixed)).toEqual({ outcome: 'APPLIED', reason: null, ordini: 1, righe: 1 });
      const now = await all(dealer.agent);
      expect(lineOf(now.lines, 'HS-1')).toEqual(lineOf(state, 'HS-1'));
      expect(codes(now.lines).sort()).toEqual(['HS-1', 'HS-2']);

      const latest = erpDocument([
        erpOrder(dealer.login, number, [erpLine(1, 'HS-1', { qtaOrdinata: 5, qtaSpedita: 5, seEvasa: true })]),
      ]);
      expect((await handBack(latest)).outcome).toBe('APPLIED');
      expect(lineOf((await all(dealer.agent)).lines, 'HS-1')).toMatchObject({ qtaSpedita: 5, seEvasa: true });
    });

    it('rejects a wrong document whole, with a readable reason, applying nothing of it', async () => {
      const dealer = await customer();
      const other = await customer();
      const othersNumber = `H-OTHER-${process.pid}`;
      await handBack(erpDocument([erpOrder(other.login, othersNumber, [erpLine(1, 'HO-OTHER', { qtaSpedita: 0 })])]));
      const othersBefore = (await all(other.agent)).lines;
      const good = () => erpOrder(dealer.login, `H-GOOD-${process.pid}-${++documentSequence}`, [erpLine(1, 'HG-1')]);

      const cases: [string, string, RegExp][] = [
        ['not JSON', '{"documentId": "X", "ordini": [', /^not JSON: /],
        [
          'missing fields',
          JSON.stringify({ documentId: 'H-MISSING', ordini: [{ cliente: dealer.login, righe: [] }] }),
          /generatedAt: .*ordini\.0\.nroOrdTxt: /,
        ],
        [
          'a wrong type',
          JSON.stringify(
            erpDocument([
              good(),
              { ...good(), righe: [{ ...erpLine(1, 'HG-2'), qtaOrdinata: 'due' as unknown as number }] },
            ]),
          ),
          /ordini\.1\.righe\.0\.qtaOrdinata/,
        ],
        [
          'a line twice',
          JSON.stringify(erpDocument([{ ...good(), righe: [erpLine(1, 'HG-3'), erpLine(1, 'HG-4')] }])),
          /ordini\.0\.righe\.1\.riga: the line appears twice/,
        ],
        [
          'an unknown customer',
          JSON.stringify(
            erpDocument([good(), erpOrder('nobody-at-all', `H-NOBODY-${process.pid}`, [erpLine(1, 'HN-1')])]),
          ),
          /^unknown customer nobody-at-all$/,
        ],
        [
          'an order of another customer',
          JSON.stringify(
            erpDocument([good(), erpOrder(dealer.login, othersNumber, [erpLine(1, 'HO-OTHER', { qtaSpedita: 1 })])]),
          ),
          new RegExp(`^order ${othersNumber} belongs to another customer than ${dealer.login}$`),
        ],
        [
          'a NUL byte (PostgreSQL refuses it in text)',
          JSON.stringify(erpDocument([good(), { ...good(), righe: [erpLine(1, 'HG-5', { descRiga: 'a\u0000b' })] }])),
          /ordini\.1\.righe\.0\.descRiga/,
        ],
        [
          'a quantity beyond the column',
          JSON.stringify(erpDocument([{ ...good(), righe: [erpLine(1, 'HG-6', { qtaOrdinata: 1e9 })] }])),
          /ordini\.0\.righe\.0\.qtaOrdinata/,
        ],
        [
          'a date PostgreSQL cannot store',
          JSON.stringify(
            erpDocument([good(), { ...good(), righe: [erpLine(1, 'HG-7', { dataSpediz: '0000-01-01' })] }]),
          ),
          /^the database refused a value \(22008\): /,
        ],
        [
          'a generation date PostgreSQL cannot store',
          JSON.stringify(erpDocument([good()], { generatedAt: '0000-06-01T00:00:00Z' })),
          /^the database refused a value \(22008\): /,
        ],
        [
          'a lone UTF-16 half',
          JSON.stringify(erpDocument([{ ...good(), rifVsNroOrd: 'PO \ud800' }])),
          /ordini\.0\.rifVsNroOrd/,
        ],
      ];
      for (const [label, body, reason] of cases) {
        const response = await post(body);
        expect(response.statusCode, label).toBe(400);
        const result = response.json<ErpHistoryResult>();
        expect(result, label).toMatchObject({ outcome: 'REJECTED', ordini: 0, righe: 0 });
        expect(result.reason, label).toMatch(reason);
        const [logged] = (await t.handback.log(1)) ?? [];
        expect(logged, label).toMatchObject({ source: 'http', outcome: 'REJECTED', reason: result.reason });
      }
      // Nothing of any of them: not even the good orders beside the wrong ones.
      expect((await all(dealer.agent)).total).toBe(0);
      expect((await all(other.agent)).lines).toEqual(othersBefore);
    });

    it('answers 401 without the ERP_TOKEN bearer, whatever the session', async () => {
      const dealer = await customer();
      const body = JSON.stringify(
        erpDocument([erpOrder(dealer.login, `H-401-${process.pid}`, [erpLine(1, 'H401-1')])]),
      );
      const admin = await customer(['ROLE_ADMIN', 'ROLE_USER']);
      for (const authorization of [
        null,
        `Bearer ${ERP_TOKEN.slice(0, -1)}x`,
        `Bearer ${ERP_TOKEN}x`,
        `bearer ${ERP_TOKEN}`,
        `Basic ${Buffer.from(`erp:${ERP_TOKEN}`).toString('base64')}`,
        ERP_TOKEN,
      ]) {
        const response = await post(body, authorization);
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(problemOf(response).message).toBe('error.http.401');
      }
      const withSession = await admin.agent.post(ERP_URL, body, { headers: { 'content-type': 'application/json' } });
      expect(withSession.statusCode).toBe(401);
      expect((await all(dealer.agent)).total).toBe(0);
      expect((await post(body)).statusCode).toBe(200);
      expect((await all(dealer.agent)).total).toBe(1);
    });

    it('reads the inbox folder: applied files to done/, refused ones to rejected/ with the reason', async () => {
      const dealer = await customer();
      const inbox = historyInboxDir(t.config.dataDir);
      await fs.mkdir(inbox, { recursive: true });
      const good = erpDocument([erpOrder(dealer.login, `H-FILE-${process.pid}`, [erpLine(1, 'HF-1')])]);
      const unknown = erpDocument([
        erpOrder(dealer.login, `H-FILE2-${process.pid}`, [erpLine(1, 'HF-2')]),
        erpOrder('nobody-in-files', `H-FILE3-${process.pid}`, [erpLine(1, 'HF-3')]),
      ]);
      // First in name order: a document PostgreSQL could not store must not stop the files after it.
      const nul = erpDocument([
        erpOrder(dealer.login, `H-NUL-${process.pid}`, [erpLine(1, 'HZ-1', { descRiga: 'a\u0000b' })]),
      ]);
      await fs.writeFile(
        path.join(inbox, '00-nul.json'),
        JSON.stringify({ ...nul, documentId: `${nul.documentId}\u0000` }),
      );
      await fs.writeFile(path.join(inbox, '01-good.json'), JSON.stringify(good));
      await fs.writeFile(path.join(inbox, '02-unknown.json'), JSON.stringify(unknown));
      await fs.writeFile(path.join(inbox, '03-broken.json'), 'this is not JSON');
      // Still being written (the ERP writes *.tmp and renames), and not a document.
      await fs.writeFile(path.join(inbox, '04-partial.json.tmp'), '{"documentId":');
      await fs.writeFile(path.join(inbox, 'notes.txt'), 'hello');

      expect(await t.handback.scanInbox(t.config.dataDir)).toEqual({ APPLIED: 1, REJECTED: 3 });
      expect((await fs.readdir(inbox)).sort()).toEqual(['04-partial.json.tmp', 'done', 'notes.txt', 'rejected']);
      const done = await fs.readdir(path.join(inbox, 'done'));
      expect(done).toHaveLength(1);
      expect(done[0]).toMatch(/_01-good\.json$/);
      expect(JSON.parse(await fs.readFile(path.join(inbox, 'done', done[0] as string), 'utf8'))).toEqual(good);
      const rejected = (await fs.readdir(path.join(inbox, 'rejected'))).sort();
      expect(rejected).toHaveLength(6);
      const reasonOf = async (name: string) => {
        const file = rejected.find((f) => f.endsWith(`_${name}.reason.txt`));
        expect(file, name).toBeDefined();
        expect(rejected).toContain(file?.replace(/\.reason\.txt$/, ''));
        return fs.readFile(path.join(inbox, 'rejected', file as string), 'utf8');
      };
      expect(await reasonOf('02-unknown.json')).toBe('unknown customer nobody-in-files\n');
      expect(await reasonOf('03-broken.json')).toMatch(/^not JSON: /);
      expect(await reasonOf('00-nul.json')).toBe(
        'documentId, ordini.0.righe.0.descRiga: control character or unpaired UTF-16 half\n',
      );

      expect(codes((await all(dealer.agent)).lines)).toEqual(['HF-1']);
      const log = (await t.handback.log(10_000)).filter((r) => r.source === 'file');
      expect(log.map((r) => [r.name, r.documentId, r.outcome]).sort()).toEqual(
        [
          ['01-good.json', good.documentId, 'APPLIED'],
          ['02-unknown.json', unknown.documentId, 'REJECTED'],
          ['03-broken.json', null, 'REJECTED'],
          ['00-nul.json', `${nul.documentId}\ufffd`, 'REJECTED'],
        ].sort(),
      );

      // The next pass finds nothing new; the half-written file waits for its rename.
      expect(await t.handback.scanInbox(t.config.dataDir)).toEqual({});
      await fs.rm(path.join(inbox, '04-partial.json.tmp'));
      await fs.rm(path.join(inbox, 'notes.txt'));
    });
  });

  describe('tracking from the events the ERP hands back', () => {
    it('answers the events newest first with the newest state; 404 for a waybill without events or not the user’s', async () => {
      const dealer = await customer();
      const event = (data: string, stato: Tracking['stato'], luogo: string | null = 'Bologna') => ({
        data,
        luogo,
        stato,
        descrizione: `Evento ${stato}`,
      });
      const shipment: ErpShipment = {
        wayBill: 'WBTRACK1',
        corriere: 'BRT',
        eventi: [
          event('2026-03-02T08:00:00+01:00', 'INFO'),
          event('2026-03-04T18:30:00+01:00', 'DELIVERED', 'Brescia'),
          event('2026-03-03T12:00:00Z', 'IN_TRANSIT'),
        ],
      };
      await handBack(
        erpDocument(
          [
            erpOrder(dealer.login, `T-${process.pid}`, [
              erpLine(1, 'TR-1', { wayBill: 'WBTRACK1', seEvasa: true, qtaSpedita: 1 }),
              erpLine(2, 'TR-2', { wayBill: 'WBNOEVENTS', seEvasa: true, qtaSpedita: 1 }),
            ]),
          ],
          { spedizioni: [shipment] },
        ),
      );
      const response = await dealer.agent.get('/api/storicoordine/tracking/WBTRACK1');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const tracking = response.json<Tracking>();
      expect(tracking).toMatchObject({ wayBill: 'WBTRACK1', corriere: 'BRT', stato: 'DELIVERED' });
      expect(tracking.eventi.map((e) => [Date.parse(e.data), e.stato, e.luogo])).toEqual([
        [Date.parse('2026-03-04T17:30:00Z'), 'DELIVERED', 'Brescia'],
        [Date.parse('2026-03-03T12:00:00Z'), 'IN_TRANSIT', 'Bologna'],
        [Date.parse('2026-03-02T07:00:00Z'), 'INFO', 'Bologna'],
      ]);

      for (const wayBill of ['WBNOEVENTS', 'WBUNKNOWN']) {
        const missing = await dealer.agent.get(`/api/storicoordine/tracking/${wayBill}`);
        expect(missing.statusCode, wayBill).toBe(404);
        expect(problemOf(missing).message).toBe('storicoOrdine.tracking.notFound');
      }

      // An older document's events are ignored; a newer one's replace them.
      const older = await handBack(
        erpDocument([], {
          generatedAt: new Date(Date.parse(nextGeneratedAt()) - 3_600_000).toISOString(),
          spedizioni: [{ ...shipment, eventi: [event('2026-03-05T09:00:00Z', 'EXCEPTION')] }],
        }),
      );
      expect(older.outcome).toBe('STALE');
      expect((await dealer.agent.get('/api/storicoordine/tracking/WBTRACK1')).json<Tracking>().eventi).toHaveLength(3);
      expect(
        (
          await handBack(
            erpDocument([], { spedizioni: [{ ...shipment, eventi: [event('2026-03-05T09:00:00Z', 'EXCEPTION')] }] }),
          )
        ).outcome,
      ).toBe('APPLIED');
      const replaced = (await dealer.agent.get('/api/storicoordine/tracking/WBTRACK1')).json<Tracking>();
      expect(replaced.stato).toBe('EXCEPTION');
      expect(replaced.eventi).toHaveLength(1);

      const invalid = await dealer.agent.get('/api/storicoordine/tracking/WB%20BAD');
      expect(invalid.statusCode).toBe(400);
    });
  });

  it('says Y for an orderable catalogue part with a cart, N otherwise', async () => {
    const dealer = await customer();
    const noCart = await customer(['ROLE_USER', 'ROLE_CR_USER']);
    const lines = [erpLine(1, partA.articolo), erpLine(2, retired.articolo), erpLine(3, `NOCAT-${process.pid}`)];
    await handBack(
      erpDocument([
        erpOrder(dealer.login, `G-${process.pid}`, lines),
        erpOrder(noCart.login, `G2-${process.pid}`, [erpLine(1, partA.articolo)]),
      ]),
    );
    const gestito = async (agent: Agent, id: number, url = '/api/storicoordine/isArticoloGestito/') => {
      const response = await agent.get(url, { query: { id: String(id) } });
      expect(response.statusCode, response.body).toBe(200);
      return response.body;
    };
    const own = (await all(dealer.agent)).lines;
    expect(await gestito(dealer.agent, lineOf(own, partA.articolo).id)).toBe('Y');
    expect(await gestito(dealer.agent, lineOf(own, partA.articolo).id, '/api/storicoordine/isArticoloGestito')).toBe(
      'Y',
    );
    expect(await gestito(dealer.agent, lineOf(own, retired.articolo).id)).toBe('N');
    expect(await gestito(dealer.agent, lineOf(own, `NOCAT-${process.pid}`).id)).toBe('N');
    const [withoutCart] = (await all(noCart.agent)).lines;
    expect(await gestito(noCart.agent, withoutCart?.id ?? 0)).toBe('N');
    const bad = await dealer.agent.get('/api/storicoordine/isArticoloGestito/', { query: { id: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('mails a reorder request to the back office and a reminder to the user, in the asked language', async () => {
    const dealer = await customer(DEALER, { company: 'Officina Rossi' }, { langKey: 'it', firstName: 'Davide' });
    const other = await customer();
    const code = `SR-${process.pid}`;
    await handBack(
      erpDocument([
        erpOrder(dealer.login, `R-${process.pid}`, [
          erpLine(1, code, { descRiga: 'Pompa speciale', matricola: 'MX-1' }),
        ]),
        erpOrder(other.login, `R2-${process.pid}`, [erpLine(1, `${code}-O`)]),
      ]),
    );
    const [line] = (await all(dealer.agent)).lines as [OrderHistoryLine];
    const [othersLine] = (await all(other.agent)).lines as [OrderHistoryLine];
    const url = '/api/storicoordine/sendrequest';

    const before = await lastOutboxId();
    const wrong: [Record<string, unknown>, string, string][] = [
      [{ id: line.id, quantita: 1 }, 'descrizione', 'validation.required'],
      [{ id: line.id, descrizione: '   ', quantita: 1 }, 'descrizione', 'validation.required'],
      [{ id: line.id, descrizione: 'x'.repeat(256), quantita: 1 }, 'descrizione', 'validation.maxlength'],
      [{ id: line.id, descrizione: 'Pompa', quantita: 0 }, 'quantita', 'validation.min'],
      [{ id: line.id, descrizione: 'Pompa', quantita: 1.5 }, 'quantita', 'validation.invalid'],
      [{ id: line.id, descrizione: 'Pompa', quantita: 1, nota: 'n'.repeat(4001) }, 'nota', 'validation.maxlength'],
    ];
    for (const [body, field, message] of wrong) {
      const response = await dealer.agent.post(url, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(fieldErrorsOf(response)).toContainEqual([field, message]);
    }
    const foreign = await dealer.agent.post(url, { id: othersLine.id, descrizione: 'Pompa', quantita: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(await mailsSince(before)).toEqual([]);

    const nota = 'n'.repeat(3990);
    const sent = await dealer.agent.post(`${url}?langKey=en`, {
      id: line.id,
      descrizione: 'Pompa idraulica a pistoni',
      quantita: 2,
      nota: `Urgente ${nota}`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ inviata: true, email: dealer.email });
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to).sort()).toEqual([BACKOFFICE_EMAIL, dealer.email].sort());
    const office = mails.find((m) => m.to === BACKOFFICE_EMAIL);
    expect(office?.subject).toBe(`Richiesta ricambio ${code} da ${dealer.login}`);
    for (const text of [
      dealer.login,
      'Officina Rossi',
      dealer.email,
      'Pompa idraulica a pistoni',
      'Pompa speciale',
      `R-${process.pid}`,
      'MX-1',
      'Urgente',
    ])
      expect(office?.text).toContain(text);
    const reminder = mails.find((m) => m.to === dealer.email);
    expect(reminder?.subject).toBe(`Ricambi: we have received your request for ${code}`);
    expect(reminder?.text).toContain('quantity 2 NR');
    expect(reminder?.text).toContain('Pompa idraulica a pistoni');
  });

  it('puts the lines of an order back into the cart, listing those left out', async () => {
    const dealer = await customer();
    const other = await customer();
    const notInCatalogue = `NC-${process.pid}`;
    await handBack(
      erpDocument([
        erpOrder(dealer.login, `RO-${process.pid}`, [
          erpLine(1, partA.articolo, { qtaOrdinata: 3, matricola: 'MX-77' }),
          erpLine(2, retired.articolo, { qtaOrdinata: 2, descRiga: 'Cilindro fuori produzione' }),
          erpLine(3, notInCatalogue, { qtaOrdinata: 1, descRiga: 'Pezzo speciale' }),
        ]),
        erpOrder(dealer.login, `RO2-${process.pid}`, [erpLine(1, partB.articolo, { qtaOrdinata: 4 })]),
        erpOrder(other.login, `RO3-${process.pid}`, [erpLine(1, partB.articolo, { qtaOrdinata: 9 })]),
      ]),
    );
    const own = (await all(dealer.agent)).lines;
    const [othersLine] = (await all(other.agent)).lines as [OrderHistoryLine];
    const url = '/api/storicoordine/riordina';
    expect(await cartOf(dealer.agent)).toEqual([]);

    const again = await dealer.agent.post(url, { idOrdine: lineOf(own, partA.articolo).idOrdine });
    expect(again.statusCode, again.body).toBe(200);
    const result = again.json<OrderAgainResult>();
    expect(result.aggiunte).toEqual([{ codArt: partA.articolo, quantita: 3 }]);
    expect(result.escluse).toHaveLength(2);
    expect(result.escluse).toEqual(
      expect.arrayContaining([
        { codArt: notInCatalogue, descRiga: 'Pezzo speciale', motivo: 'notFound' },
        { codArt: retired.articolo, descRiga: 'Cilindro fuori produzione', motivo: 'notOrderable' },
      ]),
    );
    expect((await cartOf(dealer.agent)).map((l) => [l.idArticolo, l.quantita, l.serialNumber])).toEqual([
      [partA.id, 3, 'MX-77'],
    ]);

    // Another customer's line among the chosen ones: 404, nothing added.
    for (const ids of [[othersLine.id], [lineOf(own, partB.articolo).id, othersLine.id]]) {
      const refused = await dealer.agent.post(url, { ids });
      expect(refused.statusCode).toBe(404);
    }
    expect((await dealer.agent.post(url, { idOrdine: othersLine.idOrdine })).statusCode).toBe(404);
    expect((await cartOf(dealer.agent)).map((l) => l.idArticolo)).toEqual([partA.id]);

    for (const body of [
      { idOrdine: lineOf(own, partA.articolo).idOrdine, ids: [lineOf(own, partB.articolo).id] },
      {},
    ]) {
      const both = await dealer.agent.post(url, body);
      expect(both.statusCode).toBe(400);
      expect(fieldErrorsOf(both)).toEqual([['ids', 'storicoOrdine.riordina.oneOf']]);
    }

    const chosen = await dealer.agent.post(url, { ids: [lineOf(own, partB.articolo).id] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<OrderAgainResult>()).toEqual({
      aggiunte: [{ codArt: partB.articolo, quantita: 4 }],
      escluse: [],
    });
    expect(
      (await cartOf(dealer.agent)).map((l) => [l.idArticolo, l.quantita]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    ).toEqual(
      [
        [partA.id, 3],
        [partB.id, 4],
      ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
  });

  it('writes the CSV with , and . for an English user', async () => {
    const dealer = await customer(DEALER, {}, { langKey: 'en' });
    await handBack(
      erpDocument([
        erpOrder(dealer.login, `EN-${process.pid}`, [
          erpLine(1, 'EN-1', { importo: 1234.5, qtaOrdinata: 2.5, descRiga: 'Seal, hydraulic' }),
        ]),
      ]),
    );
    const response = await dealer.agent.get('/api/storicoordine/download/csv/ORD');
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.headers['content-disposition']).toMatch(/filename="order-history-ORD-/);
    const [header = [], row = []] = csvRows(response.body, ',');
    expect(header).toEqual(expect.arrayContaining(['Code', 'Amount', 'Quantity ordered']));
    expect(row).toHaveLength(header.length);
    expect(row[header.indexOf('Amount')]).toBe('1234.50');
    expect(row[header.indexOf('Quantity ordered')]).toBe('2.5');
    expect(row[header.indexOf('Description')]).toBe('Seal, hydraulic');
  });

  it('streams a CSV of 3,000 lines whole', async () => {
    const dealer = await customer();
    const order = (n: number) =>
      erpOrder(
        dealer.login,
        `BIG-${n}-${process.pid}`,
        Array.from({ length: 1500 }, (_, i) => erpLine(i + 1, `BIG${n}-${String(i + 1).padStart(4, '0')}`)),
        { dataIns: daysAgo(n) },
      );
    expect(await handBack(erpDocument([order(1), order(2)]))).toMatchObject({
      outcome: 'APPLIED',
      ordini: 2,
      righe: 3000,
    });
    expect((await list(dealer.agent)).total).toBe(3000);
    const response = await dealer.agent.get('/api/storicoordine/download/csv/ORD');
    expect(response.statusCode).toBe(200);
    const [header = [], ...rows] = csvRows(response.body, ';');
    expect(rows).toHaveLength(3000);
    const code = header.indexOf('Codice');
    expect(new Set(rows.map((r) => r[code])).size).toBe(3000);
    // Newest order first, each order's lines by id descending.
    expect(rows[0]?.[code]).toBe('BIG1-1500');
    expect(rows[1499]?.[code]).toBe('BIG1-0001');
    expect(rows[1500]?.[code]).toBe('BIG2-1500');
    expect(rows[2999]?.[code]).toBe('BIG2-0001');
  });

  it('keeps the totals of every month and state equal to a count of the lines, through adds, shipments and deletes', async () => {
    const dealer = await customer();
    const hour = 3_600_000;
    const at = (iso: string, shift: number) => new Date(Date.parse(iso) + shift).toISOString();
    // Lines on both sides of the 1-, 3- and 12-month limits (the first day there is partly in, partly out).
    const days = [
      daysAgo(0),
      at(monthsAgo(1), -hour),
      at(monthsAgo(1), hour),
      at(monthsAgo(3), -hour),
      at(monthsAgo(3), hour),
      at(monthsAgo(3), 20 * hour),
      at(monthsAgo(12), -hour),
      at(monthsAgo(12), hour),
    ];
    const number = (d: number) => `TOT-${process.pid}-${d}`;
    const orders = (shipped: (d: number, i: number) => boolean) =>
      days.map((dataIns, d) =>
        erpOrder(
          dealer.login,
          number(d),
          [1, 2, 3].map((i) =>
            erpLine(i, `TOT-${d}-${i}`, { seEvasa: shipped(d, i), qtaSpedita: shipped(d, i) ? 1 : 0 }),
          ),
          { dataIns },
        ),
      );
    const lineTotals = async (mese: number, open: boolean) => {
      const from = new Date();
      from.setMonth(from.getMonth() - mese);
      const [row] = await queryRows<{ total: number; da_evadere: number }>(
        t.db,
        sql`select count(*)::int as total, (count(*) filter (where not se_evasa))::int as da_evadere
          from storico_ordine_riga
          where user_id = ${dealer.id} and tiporichiesta in ('ORD', 'ORDCG') and data_ins >= ${from.toISOString()}
            ${open ? sql`and not se_evasa` : sql``}`,
      );
      return { total: row?.total ?? 0, daEvadere: row?.da_evadere ?? 0 };
    };
    const expectTotalsToMatchTheLines = async () => {
      for (const mese of [1, 2, 3, 4, 11, 12])
        for (const stato of ['tutti', 'daEvadere'] as const) {
          const page = await list(dealer.agent, 'ORD', { mese: String(mese), stato });
          expect({ total: page.total, daEvadere: page.daEvadere }, `${mese} ${stato}`).toEqual(
            await lineTotals(mese, stato === 'daEvadere'),
          );
        }
      // Every day's kept totals are those of its lines (whoever's they are).
      const drift = await queryRows(
        t.db,
        sql`
        (select user_id, tiporichiesta, giorno, righe, da_evadere from storico_ordine_giorno
          where righe <> 0 or da_evadere <> 0
         except
         select user_id, tiporichiesta, (data_ins at time zone 'UTC')::date, count(*)::int,
                (count(*) filter (where not se_evasa))::int
         from storico_ordine_riga group by 1, 2, 3)
        union all
        (select user_id, tiporichiesta, (data_ins at time zone 'UTC')::date, count(*)::int,
                (count(*) filter (where not se_evasa))::int
         from storico_ordine_riga group by 1, 2, 3
         except
         select user_id, tiporichiesta, giorno, righe, da_evadere from storico_ordine_giorno)`,
      );
      expect(drift).toEqual([]);
    };

    await handBack(erpDocument(orders(() => false)));
    expect((await list(dealer.agent, 'ORD', { mese: '12' })).total).toBeGreaterThan(0);
    await expectTotalsToMatchTheLines();

    // The ERP ships some lines (the totals still to fulfil fall), then the same state again.
    const shipped = erpDocument(orders((d, i) => (d + i) % 2 === 0));
    await handBack(shipped);
    await expectTotalsToMatchTheLines();
    await handBack({ ...shipped, documentId: `${shipped.documentId}-again`, generatedAt: nextGeneratedAt() });
    await expectTotalsToMatchTheLines();

    // Lines go with their order (the foreign key's cascade), and with a delete of their own.
    await t.db.execute(sql`delete from storico_ordine where nro_ord_txt = ${number(4)}`);
    await t.db.execute(sql`delete from storico_ordine_riga where cod_art = ${'TOT-0-1'} and user_id = ${dealer.id}`);
    await expectTotalsToMatchTheLines();
  });
});

// A configured carrier tracking service (docs/api.md "Tracking service"), and an app without ERP_TOKEN.
describe('order history with TRACKING_URL and without ERP_TOKEN', () => {
  let t: TestApp;
  let server: http.Server;
  let dealer: Customer;
  const asked: string[] = [];
  const answer = { corriere: 'BRT', eventi: [] as unknown[] };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = request.url ?? '';
      asked.push(url);
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.endsWith('/WBHOK')) return json(200, answer);
      if (url.endsWith('/WBH500')) return json(500, { error: 'boom' });
      if (url.endsWith('/WBH404')) return json(404, { error: 'unknown' });
      if (url.endsWith('/WBHBAD')) return json(200, { corriere: 'BRT', eventi: [{ stato: 'MADE_UP' }] });
      if (url.endsWith('/WBHTEXT')) {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>maintenance</html>');
      }
      if (url.endsWith('/WBHRESET')) return request.socket.destroy();
      return json(404, {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ env: { TRACKING_URL: `http://127.0.0.1:${port}/track` } });
    const u = await t.createUser({ authorities: DEALER });
    dealer = { ...u, agent: await t.signIn(u.login, u.password) };
    // No ERP_TOKEN here: the document goes in as the inbox folder would give it.
    const result = await t.handback.apply(
      JSON.stringify(
        erpDocument([
          erpOrder(
            dealer.login,
            `TU-${process.pid}`,
            ['WBHOK', 'WBH500', 'WBH404', 'WBHBAD', 'WBHTEXT', 'WBHRESET', 'WBHDOWN'].map((wayBill, i) =>
              erpLine(i + 1, `TU-${i + 1}`, { wayBill, seEvasa: true, qtaSpedita: 1 }),
            ),
          ),
        ]),
      ),
      { source: 'file', name: 'tracking-url.json' },
    );
    expect(result.outcome).toBe('APPLIED');
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  const track = (wayBill: string, slug?: string) =>
    dealer.agent.get(`/api/storicoordine/tracking/${wayBill}`, slug ? { query: { slug } } : {});

  it('answers the service’s events newest first, asking it with the slug (auto without)', async () => {
    answer.eventi = [
      { data: '2026-11-19T16:00:00+01:00', luogo: 'Milano', stato: 'INFO', descrizione: 'Spedizione registrata' },
      // Hubs in other time zones: newest by the instant, not by the text.
      { data: '2026-11-20T10:00:00+02:00', luogo: 'Atene', stato: 'IN_TRANSIT', descrizione: 'Partita' },
      { data: '2026-11-20T09:30:00+01:00', luogo: 'Bologna', stato: 'DELIVERED', descrizione: 'Consegnata' },
    ];
    asked.length = 0;
    const response = await track('WBHOK', 'brt');
    expect(response.statusCode, response.body).toBe(200);
    const tracking = response.json<Tracking>();
    expect(tracking).toMatchObject({ wayBill: 'WBHOK', corriere: 'BRT', stato: 'DELIVERED' });
    expect(tracking.eventi.map((e) => e.luogo)).toEqual(['Bologna', 'Atene', 'Milano']);
    expect(asked).toEqual(['/track/brt/WBHOK']);
    expect((await track('WBHOK')).statusCode).toBe(200);
    expect(asked).toEqual(['/track/brt/WBHOK', '/track/auto/WBHOK']);
  });

  it('never makes up a success: the service failing is 503, its 404 is 404', async () => {
    for (const wayBill of ['WBH500', 'WBHBAD', 'WBHTEXT', 'WBHRESET']) {
      const response = await track(wayBill);
      expect(response.statusCode, wayBill).toBe(503);
      expect(problemOf(response).message).toBe('storicoOrdine.tracking.unavailable');
    }
    const unknown = await track('WBH404');
    expect(unknown.statusCode).toBe(404);
    expect(problemOf(unknown).message).toBe('storicoOrdine.tracking.notFound');
    answer.eventi = [];
    expect((await track('WBHOK')).statusCode).toBe(404);

    // A waybill that is not the user's is never asked of the service.
    asked.length = 0;
    expect((await track('WBSOMEONEELSE')).statusCode).toBe(404);
    expect(asked).toEqual([]);

    // The service down.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const down = await track('WBHDOWN');
    expect(down.statusCode).toBe(503);
  });

  it('keeps the ERP’s HTTP hand-back closed without ERP_TOKEN', async () => {
    const body = JSON.stringify(erpDocument([erpOrder(dealer.login, `TU2-${process.pid}`, [erpLine(1, 'TU2-1')])]));
    for (const authorization of [undefined, 'Bearer ', 'Bearer undefined', `Bearer ${ERP_TOKEN}`]) {
      const response = await t.agent().post(ERP_URL, body, {
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        csrf: false,
      });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
    const response = await dealer.agent.get('/api/storicoordine/ORD', { query: { term: 'TU2-1' } });
    expect(response.json()).toEqual([]);
  });
});
