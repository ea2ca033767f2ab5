import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  businessToday,
  type CartCheck,
  type CartView,
  type CheckoutInput,
  type ComboVoce,
  earliestRequestDate,
  FREE_SHIPPING,
  type ImportResult,
  ORDER_ID_SEPARATOR,
  type SendResult,
  type ShippingCost,
} from '@ricambi/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appUser,
  articolo,
  banner,
  carrelloRiga,
  ordine,
  ordineRiga,
  outboxMessage,
  speseSpedizione,
} from '../src/db/schema/index.ts';
import { pickTariffRow } from '../src/modules/orders/orders.shipping.ts';
import { erpInboxDir, erpOutboxFile } from '../src/platform/erp.ts';
import { processOutboxOnce } from '../src/platform/jobs.ts';
import { createArticolo } from './catalogue-factories.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

const DEALER = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;
const SUBDEALER = ['ROLE_CR_SUBDEALER', 'ROLE_USER', 'ROLE_CART'] as const;
const SUPERDEALER = ['ROLE_CR_SUPERDEALER', 'ROLE_CR_USER', 'ROLE_USER', 'ROLE_CART'] as const;
const INTERNAL = ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART'] as const;

type Article = { id: number; articolo: string };
type Response = Awaited<ReturnType<Agent['get']>>;

const ITALIAN_ADDRESS = {
  RAGSOC: 'Rossi Macchine Srl',
  INDIRIZZO: "Via dell'Industria 12",
  CAP: '25030',
  CITTA: 'Castel Mella',
  PROV: 'BS',
  STATO: 'ITA',
  TIPO_INDIRIZZO: '000',
};

// Issue 5 §3, §4, §5; spec 1 §4 (send modes, success id, leftover cart), §5 (checkout rules, shipping
// cost), §6 (who sends what), §7 (api/cart/send, sendrequest, update, import, spesespedizione).
describe('orders', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  /** Kind T (date required), NR, 100 € list, 12 kg. */
  let part: Article;
  /** Kind 0, 15 kg each, 50 in stock: shipping computable. */
  let heavy0: Article;
  /** Kind 0, 2 kg each, 3 in stock: shipping not computable, over-availability asks. */
  let light0: Article;
  /** A rubber track: 800 € list, 40 kg. */
  let track: Article;
  const date = earliestRequestDate();

  const user = async (
    authorities: readonly string[] = DEALER,
    values: Partial<typeof appUser.$inferInsert> = {},
  ): Promise<{ id: number; login: string; email: string; agent: Agent }> => {
    const u = await t.createUser({ authorities: authorities as never, langKey: (values.langKey as 'it') ?? 'it' });
    if (Object.keys(values).length > 0) await t.db.update(appUser).set(values).where(eq(appUser.id, u.id));
    return { ...u, agent: await t.signIn(u.login, u.password) };
  };
  const fill = async (
    agent: Agent,
    rows: { a: Article; quantita: number | string; serialNumber?: string; confermaSuperamento?: boolean }[],
  ) => {
    const response = await agent.post('/api/cartutil/cartall', {
      righe: rows.map((r) => ({
        idArticolo: r.a.id,
        quantita: r.quantita,
        dataRichiesta: r.a === part || r.a === track ? date : null,
        serialNumber: r.serialNumber,
        confermaSuperamento: r.confermaSuperamento ?? false,
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CartView>();
  };
  const body = (cart: CartView, overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
    privacy: true,
    linee: cart.righe.map((l) => l.id),
    totaleVisto: cart.totale,
    cartAddress: { ...ITALIAN_ADDRESS },
    ...overrides,
  });
  const send = (agent: Agent, payload: unknown, key: string = randomUUID(), url = '/api/cart/send') =>
    agent.post(url, payload as Record<string, unknown>, { headers: { 'idempotency-key': key } });
  const ordersOf = (userId: number) => t.db.select().from(ordine).where(eq(ordine.userId, userId));
  const cartLinesOf = async (agent: Agent) => (await agent.get('/api/cartitem')).json<CartView>().righe;
  const outboxCount = async () => (await t.db.select({ n: count() }).from(outboxMessage))[0]?.n ?? 0;
  const fieldErrorsOf = (response: Response) =>
    (problemOf(response).fieldErrors ?? []).map((e) => [e.field, e.message]);
  const deliver = () => processOutboxOnce(t.db, { mail: t.mail.send, erp: t.erp.send }, t.log);

  /** A refused send changes nothing: no order, the cart as it was, no outbox message. */
  const expectRefused = async (
    u: { id: number; agent: Agent },
    response: Response,
    status: number,
    message: string,
    before: { lines: number; outbox: number },
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(problemOf(response).message).toBe(message);
    expect(await ordersOf(u.id)).toHaveLength(0);
    expect(await cartLinesOf(u.agent)).toHaveLength(before.lines);
    expect(await outboxCount()).toBe(before.outbox);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
    part = await createArticolo(t.db, { prezzo: 100, peso: 12, tipoArticoloOrig: 'T' }, { magazzino: 100 });
    heavy0 = await createArticolo(t.db, { prezzo: 50, peso: 15, tipoArticoloOrig: '0' }, { magazzino: 50 });
    light0 = await createArticolo(t.db, { prezzo: 10, peso: 2, tipoArticoloOrig: '0' }, { magazzino: 3 });
    track = await createArticolo(
      t.db,
      { prezzo: 800, peso: 40, tipoArticoloOrig: 'T', cingoloInGomma: true },
      { magazzino: 20 },
    );
    await t.db.delete(speseSpedizione);
    await t.db.insert(speseSpedizione).values([
      { stato: 'ITA', capDa: '', capA: '', pesoDa: 0, pesoA: 10, costo: 20 },
      { stato: 'ITA', capDa: '', capA: '', pesoDa: 10, pesoA: 100, costo: 55 },
      { stato: 'ITA', capDa: '', capA: '', pesoDa: 100, pesoA: 2000, costo: 300 },
      { stato: 'ITA', capDa: '20000', capA: '29999', pesoDa: 10, pesoA: 100, costo: 35 },
      { stato: 'ITA', capDa: '25000', capA: '25199', pesoDa: 10, pesoA: 100, costo: 30 },
      { stato: 'DEU', capDa: '', capA: '', pesoDa: 0, pesoA: 500, costo: 75 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => smtp.clear());

  it('sends an order: § id, order and lines with the prices of the moment, cart emptied, mail and ERP document', async () => {
    const dealer = await user(DEALER, { sconto: '35', firstName: 'Davide' });
    await fill(dealer.agent, [
      { a: part, quantita: 2, serialNumber: 'SN-1' },
      { a: heavy0, quantita: 1 },
    ]);
    const cart = await fill(dealer.agent, [{ a: track, quantita: 1 }]);
    const [first, second, third] = cart.righe;
    // The third line was added "meanwhile": only the lines the user saw are ordered.
    const shown = [first, second].flatMap((l) => (l ? [l] : []));
    const seen: CartView = { ...cart, righe: shown, totale: shown.reduce((sum, l) => sum + (l.total ?? 0), 0) };
    const key = randomUUID();
    const response = await send(
      dealer.agent,
      body(seen, { rifOrdine: 'PO-778', nota: 'Consegna al mattino', spedizione: 'CPT', rifData: '2026-11-20' }),
      key,
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<SendResult>();
    const year = String(new Date().getFullYear());
    expect(result).toMatchObject({ tiporichiesta: 'ORD', email: dealer.email, carrelloResiduo: 1 });
    expect(result.parti[0]).toBe('ORD');
    expect(result.parti[1]).toBe(year);
    expect(result.parti[2]).toMatch(/^\d{6}$/);
    expect(result.numeroOrdine).toBe(result.parti.join(ORDER_ID_SEPARATOR));
    expect(result.numeroOrdine).toContain('§');

    const [stored] = await ordersOf(dealer.id);
    expect(stored).toMatchObject({
      numeroOrdine: result.numeroOrdine,
      sentBy: dealer.login,
      rifOrdine: 'PO-778',
      rifData: '2026-11-20',
      nota: 'Consegna al mattino',
      spedizione: 'CPT',
      // 2 × 12 kg + 15 kg = 39 kg to 25030: the narrowest postcode range (25000–25199) wins.
      speseSpedizione: 30,
      ragsoc: ITALIAN_ADDRESS.RAGSOC,
      stato: 'ITA',
      prov: 'BS',
      totale: 162.5,
      pesoTotale: 39,
      idempotencyKey: key,
      statoOrdine: 'INVIATO',
    });
    const lines = await t.db
      .select()
      .from(ordineRiga)
      .where(eq(ordineRiga.ordineId, stored?.id ?? 0));
    expect(lines.sort((a, b) => a.riga - b.riga)).toMatchObject([
      {
        riga: 1,
        articolo: part.articolo,
        quantita: 2,
        prezzo: 100,
        netto: 65,
        scontoPerc: 35,
        totale: 130,
        serialNumber: 'SN-1',
        dataRichiesta: date,
      },
      { riga: 2, articolo: heavy0.articolo, quantita: 1, prezzo: 50, netto: 32.5, totale: 32.5 },
    ]);
    const left = await cartLinesOf(dealer.agent);
    expect(left.map((l) => l.id)).toEqual([third?.id]);

    expect(await deliver()).toEqual({ claimed: 2, sent: 2 });
    const mail = smtp.lastTo(dealer.email);
    expect(mail?.subject).toContain(result.numeroOrdine);
    expect(mail?.text).toContain('Gentile Davide,');
    expect(mail?.text).toContain(part.articolo);
    expect(mail?.text).toContain('PO-778');
    expect(mail?.text).toContain('Consegna al mattino');
    expect(mail?.text).toContain('Castel Mella');
    expect(mail?.text).toMatch(/130,00/);
    expect(mail?.html).toContain('<table');

    const erp = JSON.parse(await fs.readFile(erpOutboxFile(t.config.dataDir, result.numeroOrdine), 'utf8'));
    expect(path.basename(erpOutboxFile(t.config.dataDir, result.numeroOrdine))).not.toContain('§');
    expect(erp).toMatchObject({
      numeroOrdine: result.numeroOrdine,
      tiporichiesta: 'ORD',
      customer: { login: dealer.login, email: dealer.email },
      sentBy: dealer.login,
      shipping: { mode: 'CPT', cost: 30 },
      totale: 162.5,
      lines: [
        { articolo: part.articolo, prezzo: 100, netto: 65, totale: 130, quantita: 2 },
        { articolo: heavy0.articolo, prezzo: 50, netto: 32.5 },
      ],
    });
  });

  it("stores the customer's discount on every line, not one recomputed from rounded prices (35 %, not 35.03 %)", async () => {
    // 12.59 € less 35 % is 8.18 € after rounding, which is 35.03 % off the list price.
    const odd = await createArticolo(t.db, { prezzo: 12.59, peso: 1, tipoArticoloOrig: '0' }, { magazzino: 50 });
    const dealer = await user(DEALER, { sconto: '35' });
    const cart = await fill(dealer.agent, [{ a: odd, quantita: 3 }]);
    expect(cart.righe[0]).toMatchObject({ prezzo: 12.59, sconto: 8.18, scontoPerc: 35 });
    const response = await send(dealer.agent, body(cart));
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await ordersOf(dealer.id);
    const lines = await t.db
      .select()
      .from(ordineRiga)
      .where(eq(ordineRiga.ordineId, stored?.id ?? 0));
    expect(lines).toMatchObject([{ prezzo: 12.59, netto: 8.18, scontoPerc: 35, totale: 24.54 }]);
    const numeroOrdine = response.json<SendResult>().numeroOrdine;
    await deliver();
    const erp = JSON.parse(await fs.readFile(erpOutboxFile(t.config.dataDir, numeroOrdine), 'utf8'));
    expect(erp.lines).toMatchObject([{ prezzo: 12.59, netto: 8.18, scontoPerc: 35 }]);
  });

  it('gives one order for a repeated key, sent one after the other or at the same time', async () => {
    const dealer = await user();
    const cart = await fill(dealer.agent, [{ a: part, quantita: 1 }]);
    const key = randomUUID();
    const first = await send(dealer.agent, body(cart), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(dealer.agent, body(cart), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(dealer.id)).toHaveLength(1);

    const cart2 = await fill(dealer.agent, [{ a: heavy0, quantita: 2 }]);
    const key2 = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(dealer.agent, body(cart2), key2)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const numbers = new Set(answers.map((a) => a.json<SendResult>().numeroOrdine));
    expect(numbers.size).toBe(1);
    expect(await ordersOf(dealer.id)).toHaveLength(2);
    const erpMessages = await t.db
      .select({ n: count() })
      .from(outboxMessage)
      .where(and(eq(outboxMessage.kind, 'erp'), sql`${outboxMessage.payload}->>'numeroOrdine' = ${[...numbers][0]}`));
    expect(erpMessages[0]?.n).toBe(1);
  });

  it('requires a UUID Idempotency-Key', async () => {
    const dealer = await user();
    const cart = await fill(dealer.agent, [{ a: part, quantita: 1 }]);
    const missing = await dealer.agent.post('/api/cart/send', body(cart));
    expect(missing.statusCode).toBe(400);
    const wrong = await send(dealer.agent, body(cart), 'not-a-uuid');
    expect(wrong.statusCode).toBe(400);
    expect(await ordersOf(dealer.id)).toHaveLength(0);
  });

  it('refuses every checkout rule with its message and stores nothing', async () => {
    const dealer = await user();
    const cart = await fill(dealer.agent, [
      { a: part, quantita: 1 },
      { a: light0, quantita: 1 },
    ]);
    const before = { lines: 2, outbox: await outboxCount() };
    const refused = async (payload: unknown, status: number, message: string, fields?: string[][]) => {
      const response = await send(dealer.agent, payload);
      await expectRefused(dealer, response, status, message, before);
      if (fields) expect(fieldErrorsOf(response)).toEqual(expect.arrayContaining(fields));
    };
    await refused(body(cart, { nota: 'x'.repeat(228) }), 400, 'error.validation', [
      ['nota', 'jricambiApp.checkout.note_too_long'],
    ]);
    await refused(body(cart, { tiporichiesta: 'ORDCG' }), 400, 'error.validation', [
      [`linee.${cart.righe[0]?.id}.serialNumber`, 'jricambiApp.checkout.matricola_required'],
      [`linee.${cart.righe[1]?.id}.serialNumber`, 'jricambiApp.checkout.matricola_required'],
    ]);
    for (const field of ['RAGSOC', 'INDIRIZZO', 'CITTA', 'STATO'] as const) {
      await refused(body(cart, { cartAddress: { ...ITALIAN_ADDRESS, [field]: '' } }), 400, 'error.validation', [
        [`cartAddress.${field}`, 'validation.required'],
      ]);
    }
    await refused(body(cart, { cartAddress: { ...ITALIAN_ADDRESS, PROV: null } }), 400, 'error.validation', [
      ['cartAddress.PROV', 'validation.required'],
    ]);
    await refused(body(cart, { cartAddress: { ...ITALIAN_ADDRESS, PROV: 'XX' } }), 400, 'error.validation', [
      ['cartAddress.PROV', 'validation.invalid'],
    ]);
    await refused(body(cart, { cartAddress: { ...ITALIAN_ADDRESS, STATO: 'ZZZ' } }), 400, 'error.validation', [
      ['cartAddress.STATO', 'validation.invalid'],
    ]);
    await refused(
      body(cart, { cartAddress: { ...ITALIAN_ADDRESS, RAGSOC: 'x'.repeat(41) } }),
      400,
      'error.validation',
      [['cartAddress.RAGSOC', 'validation.maxlength']],
    );
    await refused({ ...body(cart), privacy: false }, 400, 'error.validation', [['privacy', 'checkout.error.privacy']]);
    // A kind-0 line of 2 kg: Carriage Paid To has no cost (spec 1 §5 heavy-weight threshold).
    await refused(body(cart, { spedizione: 'CPT' }), 400, 'checkout.error.shippingNotComputable');
    await refused(body(cart, { linee: [...cart.righe.map((l) => l.id), 999_999_999] }), 409, 'cart.error.changed');
    await refused(body(cart, { totaleVisto: (cart.totale ?? 0) - 1 }), 409, 'cart.error.pricesChanged');
    await refused(body(cart, { linee: [] }), 400, 'error.validation', [['linee', 'cart.error.empty']]);

    // Outside Italy PROV is cleared, not required.
    const abroad = await send(
      dealer.agent,
      body(cart, { cartAddress: { ...ITALIAN_ADDRESS, STATO: 'DEU', PROV: 'BS', CAP: '80939' } }),
    );
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect((await ordersOf(dealer.id))[0]).toMatchObject({ stato: 'DEU', prov: null });
  });

  it("refuses the order's requested date when it is today, past or a Sunday, in orders, quotes and requests", async () => {
    const shift = (iso: string, days: number) => {
      const d = new Date(`${iso}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const today = businessToday();
    let sunday = shift(today, 1);
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = shift(sunday, 1);
    const wrong = [
      [sunday, 'cart.error.dateWeekend'],
      [today, 'cart.error.dateMin'],
      [shift(today, -1), 'cart.error.dateMin'],
    ] as const;

    const dealer = await user();
    const cart = await fill(dealer.agent, [{ a: part, quantita: 1 }]);
    const before = { lines: 1, outbox: await outboxCount() };
    for (const [dataRichiesta, message] of wrong) {
      for (const tiporichiesta of ['ORD', 'PREV'] as const) {
        const response = await send(dealer.agent, body(cart, { dataRichiesta, tiporichiesta }));
        await expectRefused(dealer, response, 400, 'error.validation', before);
        expect(fieldErrorsOf(response)).toContainEqual(['dataRichiesta', message]);
      }
    }

    const sub = await user(SUBDEALER, { logica: 'subdealer', vedePrezzi: false });
    const subCart = await fill(sub.agent, [{ a: part, quantita: 1 }]);
    const address = { ...ITALIAN_ADDRESS, STATO: null, PROV: null };
    for (const [dataRichiesta, message] of wrong) {
      const response = await send(
        sub.agent,
        { ...body(subCart, { dataRichiesta }), cartAddress: address },
        randomUUID(),
        '/api/cart/sendrequest',
      );
      await expectRefused(sub, response, 400, 'error.validation', before);
      expect(fieldErrorsOf(response)).toContainEqual(['dataRichiesta', message]);
    }

    const accepted = await send(dealer.agent, body(cart, { dataRichiesta: date }));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await ordersOf(dealer.id))[0]?.dataRichiesta).toBe(date);
  });

  it('checks each line again at send: over availability without confirmation, orderable, date', async () => {
    const dealer = await user();
    const cart = await fill(dealer.agent, [
      { a: light0, quantita: 5, confermaSuperamento: true },
      { a: part, quantita: 1 },
    ]);
    const [over, normal] = cart.righe;
    // The confirmation was given when adding; dropping it (as an old cart would have) blocks the send.
    await t.db
      .update(carrelloRiga)
      .set({ confermaSuperamento: false })
      .where(eq(carrelloRiga.id, over?.id ?? 0));
    await t.db.update(articolo).set({ ordinabile: false }).where(eq(articolo.id, part.id));
    await t.db
      .update(carrelloRiga)
      .set({ dataRichiesta: '2020-01-06' })
      .where(eq(carrelloRiga.id, normal?.id ?? 0));
    try {
      const check = await dealer.agent.put('/api/cart/update');
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json<CartCheck>().problemi).toEqual(
        expect.arrayContaining([
          { id: over?.id, field: 'quantita', message: 'cart.error.overAvailability' },
          { id: normal?.id, field: 'idArticolo', message: 'cart.error.notOrderable' },
          { id: normal?.id, field: 'dataRichiesta', message: 'cart.error.dateMin' },
        ]),
      );
      const before = { lines: 2, outbox: await outboxCount() };
      const response = await send(dealer.agent, body(cart));
      await expectRefused(dealer, response, 400, 'error.validation', before);
      expect(fieldErrorsOf(response)).toEqual(
        expect.arrayContaining([
          [`linee.${over?.id}.quantita`, 'cart.error.overAvailability'],
          [`linee.${normal?.id}.idArticolo`, 'cart.error.notOrderable'],
          [`linee.${normal?.id}.dataRichiesta`, 'cart.error.dateMin'],
        ]),
      );
    } finally {
      await t.db.update(articolo).set({ ordinabile: true }).where(eq(articolo.id, part.id));
    }
  });

  it('rolls the whole send back when a write fails half-way (the ERP message here)', async () => {
    const dealer = await user();
    const cart = await fill(dealer.agent, [{ a: part, quantita: 1 }]);
    const before = { lines: 1, outbox: await outboxCount() };
    await t.db.execute(sql`create or replace function test_refuse_erp() returns trigger language plpgsql as $$
      begin if new.kind = 'erp' then raise exception 'ERP outbox refused by the test'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger test_refuse_erp before insert on outbox_message for each row execute function test_refuse_erp()`,
    );
    try {
      const response = await send(dealer.agent, body(cart));
      await expectRefused(dealer, response, 500, 'error.internal', before);
    } finally {
      await t.db.execute(sql`drop trigger test_refuse_erp on outbox_message`);
    }
    const retried = await send(dealer.agent, body(cart));
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('asks for the active checkout banner to be acknowledged', async () => {
    const dealer = await user();
    const cart = await fill(dealer.agent, [{ a: part, quantita: 1 }]);
    const [row] = await t.db
      .insert(banner)
      .values({
        type: 'CHECKOUT',
        ambiente: 'TUTTI',
        startDate: new Date(Date.now() - 60_000),
        endDate: new Date(Date.now() + 3_600_000),
        headers: { it: 'Condizioni' },
        messages: { it: 'Leggi le condizioni di vendita' },
      })
      .returning();
    try {
      const before = { lines: 1, outbox: await outboxCount() };
      await expectRefused(dealer, await send(dealer.agent, body(cart)), 400, 'checkout.error.banner', before);
      const wrong = await send(dealer.agent, body(cart, { bannerId: (row?.id ?? 0) + 1000 }));
      await expectRefused(dealer, wrong, 400, 'checkout.error.banner', before);
      const ok = await send(dealer.agent, body(cart, { bannerId: row?.id }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await ordersOf(dealer.id))[0]?.bannerId).toBe(row?.id);
    } finally {
      await t.db.delete(banner).where(eq(banner.id, row?.id ?? 0));
    }
  });

  it('lets subdealers send requests only, without STATO; quotes need ROLE_CR_USER', async () => {
    const sub = await user(SUBDEALER, { logica: 'subdealer', vedePrezzi: false });
    const cart = await fill(sub.agent, [{ a: part, quantita: 1 }]);
    expect(cart.totale).toBeNull();
    const refused = await send(sub.agent, body(cart));
    expect(refused.statusCode).toBe(403);
    const request = await send(
      sub.agent,
      { ...body(cart), cartAddress: { ...ITALIAN_ADDRESS, STATO: null, PROV: null } },
      randomUUID(),
      '/api/cart/sendrequest',
    );
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json<SendResult>()).toMatchObject({ tiporichiesta: 'REQ', carrelloResiduo: 0 });
    expect(request.json<SendResult>().numeroOrdine).toMatch(/^REQ§\d{4}§\d{6}$/);
    const [stored] = await ordersOf(sub.id);
    expect(stored).toMatchObject({ stato: null, tiporichiesta: 'REQ' });
    // Stored with the real prices even though the subdealer sees none.
    const [line] = await t.db
      .select()
      .from(ordineRiga)
      .where(eq(ordineRiga.ordineId, stored?.id ?? 0));
    expect(line?.prezzo).toBe(100);
    await deliver();
    const mail = smtp.lastTo(sub.email);
    expect(mail?.subject).toContain(stored?.numeroOrdine);
    expect(mail?.text).not.toMatch(/€/);

    const dealerWithoutCr = await user(['ROLE_USER', 'ROLE_CART']);
    const cart2 = await fill(dealerWithoutCr.agent, [{ a: part, quantita: 1 }]);
    const quote = await send(dealerWithoutCr.agent, body(cart2, { tiporichiesta: 'PREV' }));
    expect(quote.statusCode).toBe(403);
    expect(problemOf(quote).message).toBe('checkout.error.quoteNotAllowed');
    const crUser = await user(DEALER);
    const cart3 = await fill(crUser.agent, [{ a: part, quantita: 1, serialNumber: 'EC35-1' }]);
    const warranty = await send(crUser.agent, body(cart3, { tiporichiesta: 'ORDCG' }));
    expect(warranty.statusCode, warranty.body).toBe(200);
    expect(warranty.json<SendResult>().numeroOrdine).toMatch(/^ORDCG§/);
  });

  it("sends the dealer's order when internal staff act as the dealer, with sentBy the staff member", async () => {
    const dealer = await user();
    const staff = await user(INTERNAL);
    expect((await staff.agent.post('/api/cart/select', { login: dealer.login })).statusCode).toBe(200);
    const cart = await fill(staff.agent, [{ a: part, quantita: 3 }]);
    const response = await send(staff.agent, body(cart));
    expect(response.statusCode, response.body).toBe(200);
    expect(await ordersOf(staff.id)).toHaveLength(0);
    const [stored] = await ordersOf(dealer.id);
    expect(stored).toMatchObject({ sentBy: staff.login, userId: dealer.id });
    await deliver();
    expect(smtp.lastTo(dealer.email)?.text).toContain(staff.login);
  });

  it('imports an ERP order into the superdealer cart; dealers may not', async () => {
    const inbox = erpInboxDir(t.config.dataDir);
    await fs.mkdir(inbox, { recursive: true });
    await fs.writeFile(
      path.join(inbox, 'SD-T-1.json'),
      JSON.stringify({
        nOrdine: 'SD-T-1',
        righe: [
          { articolo: part.articolo, quantita: 2, dataRichiesta: '2020-01-01' },
          { articolo: light0.articolo, quantita: 9 },
          { articolo: 'NO-SUCH-CODE', quantita: 1 },
        ],
      }),
    );
    const dealer = await user();
    const denied = await dealer.agent.get('/api/cart/import?nOrdine=SD-T-1');
    expect(denied.statusCode).toBe(403);

    const superdealer = await user(SUPERDEALER);
    const response = await superdealer.agent.get('/api/cart/import?nOrdine=SD-T-1');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ImportResult>();
    expect(result).toMatchObject({ nOrdine: 'SD-T-1', righe: 2, scartati: ['NO-SUCH-CODE'] });
    expect(result.cart.righe).toMatchObject([
      { articolo: part.articolo, quantita: 2, origine: 'I', dataRichiesta: date },
      { articolo: light0.articolo, quantita: 9, origine: 'I', confermaSuperamento: true },
    ]);

    const missing = await superdealer.agent.get('/api/cart/import?nOrdine=SD-NONE');
    expect(missing.statusCode).toBe(404);
    expect(problemOf(missing).message).toBe('importOrder.error.notFound');
    const outside = await superdealer.agent.get(`/api/cart/import?nOrdine=${encodeURIComponent('../inbox/SD-T-1')}`);
    expect(outside.statusCode).toBe(404);
    const tooLong = await superdealer.agent.get(`/api/cart/import?nOrdine=${'X'.repeat(31)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(fieldErrorsOf(tooLong)).toEqual([['nOrdine', 'validation.maxlength']]);
  });

  it('computes the shipping cost: tariff, most specific postcode, heavy threshold, free shipping', async () => {
    const cost = async (agent: Agent, stato: string, cap = '') => {
      const response = await agent.get(`/api/cart/spesespedizione?stato=${stato}&cap=${cap}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ShippingCost>();
    };
    const dealer = await user(DEALER, { langKey: 'en' });
    expect((await cost(dealer.agent, 'ITA', '25030')).costo).toBe(-1); // empty cart
    await fill(dealer.agent, [{ a: part, quantita: 2 }]); // 24 kg
    expect(await cost(dealer.agent, 'ITA', '25030')).toEqual({ costo: 30, spedizioneGratuita: false, pesoTotale: 24 });
    expect((await cost(dealer.agent, 'ITA', '20121')).costo).toBe(35);
    expect((await cost(dealer.agent, 'ITA', '00118')).costo).toBe(55);
    expect((await cost(dealer.agent, 'ITA', '')).costo).toBe(55);
    expect((await cost(dealer.agent, 'DEU', '80939')).costo).toBe(75);
    expect((await cost(dealer.agent, 'FRA', '75001')).costo).toBe(-1); // no tariff row
    await fill(dealer.agent, [{ a: light0, quantita: 3 }]); // a kind-0 line of 6 kg
    expect((await cost(dealer.agent, 'ITA', '25030')).costo).toBe(-1);
    await fill(dealer.agent, [{ a: light0, quantita: 3, confermaSuperamento: true }]); // merged: 12 kg > 10
    expect((await cost(dealer.agent, 'ITA', '25030')).costo).toBe(30);

    // Free shipping: an Italian customer's tracks-only cart to Italy from FREE_SHIPPING.minNetto net.
    const italian = await user(DEALER, { langKey: 'it' });
    await fill(italian.agent, [{ a: track, quantita: 1 }]);
    expect(await cost(italian.agent, 'ITA', '25030')).toMatchObject({ costo: 30, spedizioneGratuita: false });
    await fill(italian.agent, [{ a: track, quantita: 1 }]);
    expect(800 * 2).toBeGreaterThanOrEqual(FREE_SHIPPING.minNetto);
    expect(await cost(italian.agent, 'ITA', '25030')).toEqual({ costo: 0, spedizioneGratuita: true, pesoTotale: 80 });
    expect((await cost(italian.agent, 'DEU', '80939')).costo).toBe(75);
    const english = await user(DEALER, { langKey: 'en' });
    await fill(english.agent, [{ a: track, quantita: 2 }]);
    expect((await cost(english.agent, 'ITA', '25030')).spedizioneGratuita).toBe(false);
    const mixed = await user(DEALER, { langKey: 'it' });
    await fill(mixed.agent, [
      { a: track, quantita: 2 },
      { a: part, quantita: 1 },
    ]);
    expect((await cost(mixed.agent, 'ITA', '25030')).spedizioneGratuita).toBe(false);
  });

  it('hides the Carriage Paid To amount from a subdealer who does not see prices, and still says whether it can be chosen', async () => {
    const cost = async (agent: Agent, stato: string, cap = '') => {
      const response = await agent.get(`/api/cart/spesespedizione?stato=${stato}&cap=${cap}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ShippingCost>();
    };
    const hidden = await user(SUBDEALER, { logica: 'subdealer', vedePrezzi: false });
    await fill(hidden.agent, [{ a: part, quantita: 2 }]); // 24 kg: 30 € to 25030
    expect(await cost(hidden.agent, 'ITA', '25030')).toEqual({
      costo: null,
      spedizioneGratuita: false,
      pesoTotale: 24,
    });
    expect((await cost(hidden.agent, 'FRA', '75001')).costo).toBe(-1); // not computable is still said
    const shown = await user(SUBDEALER, { logica: 'subdealer', vedePrezzi: true });
    await fill(shown.agent, [{ a: part, quantita: 2 }]);
    expect((await cost(shown.agent, 'ITA', '25030')).costo).toBe(30);
  });

  it('picks the narrowest postcode range', () => {
    const row = (id: number, capDa: string, capA: string) => ({ id, capDa, capA, pesoDa: 0, pesoA: 10 });
    const rows = [row(1, '', ''), row(2, '20', '29'), row(3, '25000', '25199'), row(4, 'SW1', 'SW9')];
    expect(pickTariffRow(rows, '25030')?.id).toBe(3);
    expect(pickTariffRow(rows, '20121')?.id).toBe(2);
    expect(pickTariffRow(rows, '30100')?.id).toBe(1);
    expect(pickTariffRow(rows, 'SW1A 1AA')?.id).toBe(4);
    expect(pickTariffRow(rows, '')?.id).toBe(1);
    expect(pickTariffRow([row(5, '25000', '25199')], '2')).toBeUndefined();
  });

  it('lists countries with their names and the 107 Italian provinces', async () => {
    const dealer = await user(['ROLE_USER']);
    const countries = (await dealer.agent.get('/api/combovoci/stati')).json<ComboVoce[]>();
    expect(countries.find((c) => c.id.chiaveDue === 'ITA')).toMatchObject({
      descrizione: { it: 'Italia', en: 'Italy', de: 'Italien' },
      province: true,
    });
    expect(countries.find((c) => c.id.chiaveDue === 'DEU')?.province).toBe(false);
    const provinces = (await dealer.agent.get('/api/combovoci/provincie/ITA')).json<ComboVoce[]>();
    expect(provinces).toHaveLength(107);
    expect(provinces.find((p) => p.id.chiaveDue === 'BS')?.descrizione).toMatchObject({ it: 'Brescia', en: 'Brescia' });
    expect((await dealer.agent.get('/api/combovoci/provincie/DEU')).json()).toEqual([]);
  });
});

// Issue 5 §4: the ERP adapter chosen by configuration — HTTP both ways when the URLs are set.
describe('orders with the ERP over HTTP', () => {
  let t: TestApp;
  let erp: http.Server;
  const received: Record<string, unknown>[] = [];
  /** Status codes the export endpoint answers, one per call (then 200). */
  const exportAnswers: number[] = [];

  beforeAll(async () => {
    erp = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = request.url ?? '';
        if (request.method === 'POST' && url === '/orders') {
          const status = exportAnswers.shift() ?? 200;
          if (status === 200) received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          response.writeHead(status).end();
        } else if (request.method === 'GET' && url === '/orders-in/SD-H-1') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ nOrdine: 'SD-H-1', righe: [{ articolo: 'HTTP-PART-1', quantita: 2 }] }));
        } else if (url === '/orders-in/BROKEN') {
          response.writeHead(500).end();
        } else {
          response.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => erp.listen(0, '127.0.0.1', resolve));
    const { port } = erp.address() as AddressInfo;
    t = await createTestApp({
      env: { ERP_EXPORT_URL: `http://127.0.0.1:${port}/orders`, ERP_IMPORT_URL: `http://127.0.0.1:${port}/orders-in/` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => erp?.close(resolve));
  });

  it('POSTs the order document and retries later when the ERP answers an error', async () => {
    const user = await t.createUser({ authorities: [...DEALER] });
    const agent = await t.signIn(user.login, user.password);
    const part = await createArticolo(t.db, { prezzo: 10, peso: 1 });
    const added = await agent.post('/api/cartitem', {
      idArticolo: part.id,
      quantita: 1,
      dataRichiesta: earliestRequestDate(),
    });
    const cart = added.json<CartView>();
    const sent = await agent.post(
      '/api/cart/send',
      { privacy: true, linee: cart.righe.map((l) => l.id), cartAddress: ITALIAN_ADDRESS },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const { numeroOrdine } = sent.json<SendResult>();
    const deliverErp = () => processOutboxOnce(t.db, { mail: t.mail.send, erp: t.erp.send }, t.log);

    exportAnswers.push(503);
    await deliverErp();
    const [waiting] = await t.db.select().from(outboxMessage).where(eq(outboxMessage.kind, 'erp'));
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'ERP export answered 503' });
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(received).toHaveLength(0);

    // The back-off has passed.
    await t.db.update(outboxMessage).set({ nextAttemptAt: new Date() }).where(eq(outboxMessage.kind, 'erp'));
    await deliverErp();
    const [done] = await t.db.select().from(outboxMessage).where(eq(outboxMessage.kind, 'erp'));
    expect(done?.status).toBe('SENT');
    expect(received).toMatchObject([
      { numeroOrdine, customer: { login: user.login }, lines: [{ articolo: part.articolo }] },
    ]);
  });

  it('GETs the order to import: found, not found (404), unavailable (502)', async () => {
    await createArticolo(t.db, { articolo: 'HTTP-PART-1', tipoArticoloOrig: 'T' });
    const user = await t.createUser({ authorities: [...SUPERDEALER] });
    const agent = await t.signIn(user.login, user.password);
    const found = await agent.get('/api/cart/import?nOrdine=SD-H-1');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<ImportResult>()).toMatchObject({
      righe: 1,
      scartati: [],
      cart: { righe: [{ articolo: 'HTTP-PART-1' }] },
    });
    const missing = await agent.get('/api/cart/import?nOrdine=SD-H-2');
    expect(problemOf(missing).message).toBe('importOrder.error.notFound');
    const broken = await agent.get('/api/cart/import?nOrdine=BROKEN');
    expect(broken.statusCode).toBe(502);
    expect(problemOf(broken).message).toBe('importOrder.error.unavailable');
  });
});
