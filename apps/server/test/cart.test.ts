import {
  businessToday,
  CART_LIMITS,
  type CartAddress,
  type CartItemAdd,
  type CartView,
  earliestRequestDate,
  type QuickOrderRow,
  type SavedCart,
} from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUser,
  articolo,
  carrello,
  carrelloRiga,
  carrelloSalvato,
  indirizzoCliente,
} from '../src/db/schema/index.ts';
import { addEquiv, createArticolo } from './catalogue-factories.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

const DEALER = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;
const INTERNAL = ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART'] as const;

/** A multipart/form-data body with one file, as a browser sends it. */
const multipart = (filename: string, content: Buffer | string, type = 'application/octet-stream') => {
  const boundary = `----ricambi${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const isoOf = (d: Date) => d.toISOString().slice(0, 10);
/** The first Saturday after the earliest allowed date. */
const nextSaturday = () => {
  const d = new Date(`${earliestRequestDate()}T12:00:00Z`);
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
  return isoOf(d);
};

// Issue 5 §1, §2, §6; spec 1 §3 "Cart line", §4, §5 "Cart line", §6 price visibility, §7 cart calls.
describe('cart', () => {
  let t: TestApp;
  /** Kind T (date required), NR, 100 €, 1.5 kg, 10 in stock. */
  let part: { id: number; articolo: string };
  /** Kind 0 (no date needed, over-availability asks), 3 in stock, 2 kg. */
  let kind0: { id: number; articolo: string };
  /** Kind 0, sold by KG. */
  let bulk: { id: number; articolo: string };
  let track: { id: number; articolo: string };
  let closed: { id: number; articolo: string };

  const user = async (values: Partial<typeof appUser.$inferInsert> = {}, authorities: readonly string[] = DEALER) => {
    const u = await t.createUser({ authorities: authorities as never, langKey: (values.langKey as 'it') ?? 'it' });
    if (Object.keys(values).length > 0) await t.db.update(appUser).set(values).where(eq(appUser.id, u.id));
    return { ...u, agent: await t.signIn(u.login, u.password) };
  };
  const add = (agent: Agent, body: CartItemAdd, query = '') => agent.post(`/api/cartitem${query}`, body);
  const cartOf = async (agent: Agent, query = '') => {
    const response = await agent.get(`/api/cartitem${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CartView>();
  };
  const fieldErrorsOf = (response: Awaited<ReturnType<Agent['get']>>) =>
    (problemOf(response).fieldErrors ?? []).map((e) => [e.field, e.message]);
  const date = earliestRequestDate();

  beforeAll(async () => {
    t = await createTestApp();
    part = await createArticolo(
      t.db,
      {
        articolo: '1.1234.567.3',
        prezzo: 100,
        peso: 1.5,
        tipoArticoloOrig: 'T',
        localizedDescrizione: { it: 'Filtro olio', en: 'Oil filter' },
      },
      { magazzino: 10 },
    );
    kind0 = await createArticolo(
      t.db,
      { articolo: 'K0-PUMP', prezzo: 250.5, peso: 2, tipoArticoloOrig: '0' },
      { magazzino: 3, in5gg: 2 },
    );
    bulk = await createArticolo(
      t.db,
      { articolo: 'OIL-KG', prezzo: 4, peso: 1, tipoArticoloOrig: '0', unitaMisura: 'KG' },
      { magazzino: 1000 },
    );
    track = await createArticolo(t.db, { articolo: 'TRK-230', prezzo: 900, peso: 120, cingoloInGomma: true });
    closed = await createArticolo(t.db, { articolo: 'CLOSED-1', ordinabile: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('lines', () => {
    it('adds a line with its weight, prices, label and description in the language asked for', async () => {
      const { agent } = await user({ sconto: '20' });
      const created = await add(agent, { idArticolo: part.id, quantita: 3, dataRichiesta: date, serialNumber: 'SN1' });
      expect(created.statusCode, created.body).toBe(201);
      const view = created.json<CartView>();
      expect(view.count).toBe(1);
      expect(view.righe[0]).toMatchObject({
        idArticolo: part.id,
        articolo: '1.1234.567.3',
        idTestata: view.idTestata,
        descrizione: 'Filtro olio',
        disponibile: 'DISPONIBILE',
        dataRichiesta: date,
        origine: 'R',
        peso: 4.5,
        prezzo: 100,
        quantita: 3,
        quantitaOrdine: 3,
        sconto: 80,
        scontoPerc: 20,
        total: 240,
        serialNumber: 'SN1',
        tipo: 'R',
        tipoArticolo: 'R',
        tipoArticoloOrig: 'T',
        unitaMisura: 'NR',
        lingua: 'it',
        ordinabile: true,
        confermaSuperamento: false,
      });
      expect(view).toMatchObject({ pesoTotale: 4.5, totale: 240, prezziVisibili: true, scontoVisibile: true });
      const english = await cartOf(agent, '?langKey=en');
      expect(english.righe[0]).toMatchObject({ descrizione: 'Oil filter', lingua: 'en' });
    });

    it('NR takes whole numbers of at least 1; other units a decimal with dot or comma, above 0', async () => {
      const { agent } = await user();
      const nr = (quantita: string | number) => add(agent, { idArticolo: kind0.id, quantita });
      expect(fieldErrorsOf(await nr('2.5'))).toEqual([['quantita', 'cart.error.quantityInteger']]);
      expect(fieldErrorsOf(await nr('2,5'))).toEqual([['quantita', 'cart.error.quantityInteger']]);
      expect(fieldErrorsOf(await nr(0))).toEqual([['quantita', 'cart.error.quantityMin1']]);
      expect(fieldErrorsOf(await nr(''))).toEqual([['quantita', 'validation.required']]);
      expect(fieldErrorsOf(await nr('-1'))).toEqual([['quantita', 'cart.error.quantityMin1']]);
      expect(fieldErrorsOf(await nr(CART_LIMITS.quantitaMax + 1))).toEqual([['quantita', 'cart.error.quantityMax']]);

      const kg = (quantita: string | number) => add(agent, { idArticolo: bulk.id, quantita });
      expect(fieldErrorsOf(await kg('0'))).toEqual([['quantita', 'cart.error.quantityPositive']]);
      expect(fieldErrorsOf(await kg('1,2345'))).toEqual([['quantita', 'cart.error.quantityNumber']]);
      expect(fieldErrorsOf(await kg('abc'))).toEqual([['quantita', 'cart.error.quantityNumber']]);
      expect((await cartOf(agent)).count).toBe(0);

      const comma = await kg('2,5');
      expect(comma.statusCode, comma.body).toBe(201);
      expect(comma.json<CartView>().righe[0]).toMatchObject({ quantita: 2.5, peso: 2.5, total: 10 });
      expect((await kg('0.25')).json<CartView>().righe[0]?.quantita).toBe(2.75);
    });

    it('requested date: the earliest allowed day is fine, today and weekends are refused, kind T needs one', async () => {
      const { agent } = await user();
      const withDate = (dataRichiesta?: string) => add(agent, { idArticolo: part.id, quantita: 1, dataRichiesta });
      expect((await withDate(date)).statusCode).toBe(201);
      expect(fieldErrorsOf(await withDate(businessToday()))).toEqual([['dataRichiesta', 'cart.error.dateMin']]);
      expect(fieldErrorsOf(await withDate('2020-01-02'))).toEqual([['dataRichiesta', 'cart.error.dateMin']]);
      expect(fieldErrorsOf(await withDate(nextSaturday()))).toEqual([['dataRichiesta', 'cart.error.dateWeekend']]);
      expect(fieldErrorsOf(await withDate('2031-02-30'))).toEqual([['dataRichiesta', 'cart.error.dateInvalid']]);
      expect(fieldErrorsOf(await withDate(undefined))).toEqual([['dataRichiesta', 'validation.required']]);
      // Kind 0 needs no date, but one given is checked.
      expect((await add(agent, { idArticolo: kind0.id, quantita: 1 })).statusCode).toBe(201);
      expect(
        fieldErrorsOf(await add(agent, { idArticolo: kind0.id, quantita: 1, dataRichiesta: businessToday() })),
      ).toEqual([['dataRichiesta', 'cart.error.dateMin']]);
      expect((await cartOf(agent)).count).toBe(2);
    });

    it('refuses a serial of more than 15 characters, an unknown and a non-orderable article', async () => {
      const { agent } = await user();
      const serial = await add(agent, { idArticolo: kind0.id, quantita: 1, serialNumber: 'S'.repeat(16) });
      expect(serial.statusCode).toBe(400);
      expect(problemOf(serial).fieldErrors?.[0]).toMatchObject({
        field: 'serialNumber',
        message: 'validation.maxlength',
      });
      expect((await add(agent, { idArticolo: kind0.id, quantita: 1, serialNumber: 'S'.repeat(15) })).statusCode).toBe(
        201,
      );
      expect(fieldErrorsOf(await add(agent, { idArticolo: 987654321, quantita: 1 }))).toEqual([
        ['idArticolo', 'cart.error.articleNotFound'],
      ]);
      expect(fieldErrorsOf(await add(agent, { idArticolo: closed.id, quantita: 1, dataRichiesta: date }))).toEqual([
        ['idArticolo', 'cart.error.notOrderable'],
      ]);
    });

    it('merges an equal line (same article, date and serial) and keeps different ones apart', async () => {
      const { agent } = await user();
      await add(agent, { idArticolo: part.id, quantita: 2, dataRichiesta: date, serialNumber: 'A' });
      const merged = (
        await add(agent, { idArticolo: part.id, quantita: '3', dataRichiesta: date, serialNumber: 'A' })
      ).json<CartView>();
      expect(merged.count).toBe(1);
      expect(merged.righe[0]?.quantita).toBe(5);
      await add(agent, { idArticolo: part.id, quantita: 1, dataRichiesta: date, serialNumber: 'B' });
      const view = (await add(agent, { idArticolo: kind0.id, quantita: 1 })).json<CartView>();
      expect(view.righe.map((l) => [l.articolo, l.serialNumber, l.quantita])).toEqual([
        [part.articolo, 'A', 5],
        [part.articolo, 'B', 1],
        [kind0.articolo, null, 1],
      ]);
    });

    it('asks for confirmation above the stock of a kind-0 article, also when a merge goes above it', async () => {
      const { agent } = await user();
      const over = await add(agent, { idArticolo: kind0.id, quantita: 5 });
      expect(fieldErrorsOf(over)).toEqual([['quantita', 'cart.error.overAvailability']]);
      expect((await cartOf(agent)).count).toBe(0);
      const confirmed = await add(agent, { idArticolo: kind0.id, quantita: 5, confermaSuperamento: true });
      expect(confirmed.statusCode).toBe(201);
      expect(confirmed.json<CartView>().righe[0]).toMatchObject({
        quantita: 5,
        confermaSuperamento: true,
        disponibile: 'DISPONIBILE_5GG',
      });

      const other = await user();
      expect((await add(other.agent, { idArticolo: kind0.id, quantita: 2 })).statusCode).toBe(201);
      expect(fieldErrorsOf(await add(other.agent, { idArticolo: kind0.id, quantita: 2 }))).toEqual([
        ['quantita', 'cart.error.overAvailability'],
      ]);
      expect((await cartOf(other.agent)).righe[0]?.quantita).toBe(2);
      // Kind T has no maximum.
      expect((await add(other.agent, { idArticolo: part.id, quantita: 500, dataRichiesta: date })).statusCode).toBe(
        201,
      );
    });

    it('hides every price from a user without vedePrezzi, and the discount without vedeSconto', async () => {
      const hidden = await user({ vedePrezzi: false });
      const view = (await add(hidden.agent, { idArticolo: kind0.id, quantita: 2 })).json<CartView>();
      expect(view).toMatchObject({ totale: null, prezziVisibili: false, scontoVisibile: false, pesoTotale: 4 });
      expect(view.righe[0]).toMatchObject({ prezzo: null, sconto: null, scontoPerc: null, total: null, peso: 4 });

      const noDiscount = await user({ vedeSconto: false, sconto: '10' });
      const shown = (await add(noDiscount.agent, { idArticolo: kind0.id, quantita: 2 })).json<CartView>();
      expect(shown.righe[0]).toMatchObject({ prezzo: 250.5, sconto: 225.45, scontoPerc: null, total: 450.9 });
      expect(shown).toMatchObject({ totale: 450.9, prezziVisibili: true, scontoVisibile: false });
    });

    it('updates a line with the same rules and refuses lines of another cart (404)', async () => {
      const { agent } = await user();
      const view = (await add(agent, { idArticolo: part.id, quantita: 1, dataRichiesta: date })).json<CartView>();
      const id = view.righe[0]?.id as number;
      const updated = await agent.put('/api/cartitem', { id, quantita: '4', dataRichiesta: date, serialNumber: 'X9' });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json<CartView>().righe[0]).toMatchObject({ id, quantita: 4, serialNumber: 'X9', total: 400 });

      expect(fieldErrorsOf(await agent.put('/api/cartitem', { id, quantita: '1.5', dataRichiesta: date }))).toEqual([
        ['quantita', 'cart.error.quantityInteger'],
      ]);
      expect(fieldErrorsOf(await agent.put('/api/cartitem', { id, quantita: 1 }))).toEqual([
        ['dataRichiesta', 'validation.required'],
      ]);

      const stranger = await user();
      const foreignPut = await stranger.agent.put('/api/cartitem', { id, quantita: 9, dataRichiesta: date });
      expect(foreignPut.statusCode).toBe(404);
      expect(problemOf(foreignPut).message).toBe('cart.error.lineNotFound');
      const foreignDelete = await stranger.agent.delete(`/api/cartitem/${id}`);
      expect(foreignDelete.statusCode).toBe(404);
      expect(problemOf(foreignDelete).message).toBe('cart.error.lineNotFound');
      expect((await cartOf(agent)).righe[0]?.quantita).toBe(4);

      const kindZero = (await add(agent, { idArticolo: kind0.id, quantita: 1 })).json<CartView>().righe[1]
        ?.id as number;
      expect(fieldErrorsOf(await agent.put('/api/cartitem', { id: kindZero, quantita: 4 }))).toEqual([
        ['quantita', 'cart.error.overAvailability'],
      ]);
      expect(
        (await agent.put('/api/cartitem', { id: kindZero, quantita: 4, confermaSuperamento: true })).statusCode,
      ).toBe(200);

      const deleted = await agent.delete(`/api/cartitem/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json<CartView>().righe.map((l) => l.id)).toEqual([kindZero]);
    });

    it('cartall adds all rows or none, naming the failing row; DELETE clears the cart', async () => {
      const { agent } = await user();
      const bad = await agent.post('/api/cartutil/cartall', {
        righe: [
          { idArticolo: kind0.id, quantita: 1 },
          { idArticolo: bulk.id, quantita: '1,5' },
          { idArticolo: part.id, quantita: '1.5', dataRichiesta: date },
          { idArticolo: closed.id, quantita: 1 },
        ],
      });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).message).toBe('error.validation');
      expect(fieldErrorsOf(bad)).toEqual([
        ['righe.2.quantita', 'cart.error.quantityInteger'],
        ['righe.3.idArticolo', 'cart.error.notOrderable'],
      ]);
      expect((await cartOf(agent)).count).toBe(0);

      const good = await agent.post('/api/cartutil/cartall', {
        righe: [
          { idArticolo: kind0.id, quantita: 1, origine: 'Q' },
          { idArticolo: bulk.id, quantita: '1,5', origine: 'Q' },
          { idArticolo: kind0.id, quantita: 1, origine: 'Q' },
        ],
      });
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json<CartView>().righe.map((l) => [l.articolo, l.quantita, l.origine])).toEqual([
        [kind0.articolo, 2, 'Q'],
        [bulk.articolo, 1.5, 'Q'],
      ]);
      // The merged quantity of a batch counts for the availability too.
      expect(
        fieldErrorsOf(
          await agent.post('/api/cartutil/cartall', {
            righe: [
              { idArticolo: bulk.id, quantita: 1 },
              { idArticolo: kind0.id, quantita: 1 },
              { idArticolo: kind0.id, quantita: 1 },
            ],
          }),
        ),
      ).toEqual([
        ['righe.1.quantita', 'cart.error.overAvailability'],
        ['righe.2.quantita', 'cart.error.overAvailability'],
      ]);

      const cleared = await agent.delete('/api/cartutil/cartall');
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json<CartView>()).toMatchObject({ count: 0, righe: [], totale: 0, pesoTotale: 0 });
    });

    it('refuses a line beyond the cart limit', async () => {
      const u = await user();
      await add(u.agent, { idArticolo: kind0.id, quantita: 1 });
      const [cart] = await t.db.select().from(carrello).where(eq(carrello.userId, u.id));
      await t.db.insert(carrelloRiga).values(
        Array.from({ length: CART_LIMITS.righeMax - 1 }, (_, i) => ({
          carrelloId: cart?.id as number,
          articoloId: bulk.id,
          quantita: 1,
          serialNumber: `S${i}`,
        })),
      );
      expect((await cartOf(u.agent)).count).toBe(CART_LIMITS.righeMax);
      // Merging into an existing line is fine; a new line is not.
      expect((await add(u.agent, { idArticolo: bulk.id, quantita: 1, serialNumber: 'S1' })).statusCode).toBe(201);
      const refused = await add(u.agent, { idArticolo: bulk.id, quantita: 1, serialNumber: 'NEW' });
      expect(refused.statusCode).toBe(400);
      expect(problemOf(refused).message).toBe('cart.error.tooManyLines');
    });
  });

  describe('export, kind, addresses', () => {
    it('exports the cart as CSV for Excel: BOM, separator and decimal comma by language, prices when visible', async () => {
      const { agent } = await user({ sconto: '10' });
      await add(agent, { idArticolo: bulk.id, quantita: '2,5', serialNumber: '=SUM(A1)' });
      await add(agent, { idArticolo: part.id, quantita: 1, dataRichiesta: date });
      const it_ = await agent.get('/api/cart/download/csv/it');
      expect(it_.statusCode).toBe(200);
      expect(it_.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(it_.headers['content-disposition']).toBe(`attachment; filename="carrello-${businessToday()}.csv"`);
      expect(it_.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      const lines = it_.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        'Codice;Descrizione;Data richiesta;Matricola;Quantità;Unità di misura;Kg;Prezzo;Sconto %;Prezzo netto;Totale',
      );
      expect(lines[1]).toBe(`OIL-KG;Articolo di prova ${bulk.id};;'=SUM(A1);2,5;KG;2,5;4,00;10,00;3,60;9,00`);
      expect(lines[2]).toBe(`1.1234.567.3;Filtro olio;${date};;1;NR;1,5;100,00;10,00;90,00;90,00`);
      expect(lines[3]).toBe('');

      const english = await agent.get('/api/cart/download/csv/en');
      expect(english.headers['content-disposition']).toBe(`attachment; filename="cart-${businessToday()}.csv"`);
      const en = english.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(en[0]).toBe(
        'Code,Description,Requested date,Serial number,Quantity,Unit,Kg,Price,Discount %,Net price,Total',
      );
      expect(en[2]).toBe(`1.1234.567.3,Oil filter,${date},,1,NR,1.5,100.00,10.00,90.00,90.00`);

      const hidden = await user({ vedePrezzi: false });
      await add(hidden.agent, { idArticolo: bulk.id, quantita: '1,5' });
      const german = await hidden.agent.get('/api/cart/download/csv/de');
      expect(german.headers['content-disposition']).toBe(`attachment; filename="warenkorb-${businessToday()}.csv"`);
      const de = german.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(de[0]).toBe('Artikelnummer;Beschreibung;Wunschtermin;Seriennummer;Menge;Einheit;Kg');
      expect(de[1]).toBe(`OIL-KG;Articolo di prova ${bulk.id};;;1,5;KG;1,5`);
      expect((await hidden.agent.get('/api/cart/download/csv/xx')).statusCode).toBe(400);
    });

    it('tells what the cart holds and offers free shipping to Italian users with a tracks-only cart', async () => {
      const italian = await user();
      const kind = async (agent: Agent) => (await agent.get('/api/cartkind')).json();
      expect(await kind(italian.agent)).toEqual({ kind: 'VUOTO', spedizioneGratuitaDa: null });
      await add(italian.agent, { idArticolo: track.id, quantita: 1, dataRichiesta: date });
      expect(await kind(italian.agent)).toEqual({ kind: 'CINGOLI', spedizioneGratuitaDa: 1500 });
      await add(italian.agent, { idArticolo: kind0.id, quantita: 1 });
      expect(await kind(italian.agent)).toEqual({ kind: 'MISTO', spedizioneGratuitaDa: null });

      const english = await user({ langKey: 'en' });
      await add(english.agent, { idArticolo: track.id, quantita: 1, dataRichiesta: date });
      expect(await kind(english.agent)).toEqual({ kind: 'CINGOLI', spedizioneGratuitaDa: null });
      const spares = await user();
      await add(spares.agent, { idArticolo: kind0.id, quantita: 1 });
      expect(await kind(spares.agent)).toEqual({ kind: 'RICAMBI', spedizioneGratuitaDa: null });
    });

    it('lists the addresses with the default first, or the subdealer address of the account', async () => {
      const dealer = await user();
      expect((await dealer.agent.get('/api/cartaddress')).json()).toEqual([]);
      await t.db.insert(indirizzoCliente).values([
        {
          userId: dealer.id,
          tipoIndirizzo: '010',
          ragsoc: 'Magazzino',
          indirizzo: 'Via B 2',
          citta: 'Lodi',
          stato: 'ITA',
          prov: 'LO',
        },
        {
          userId: dealer.id,
          tipoIndirizzo: '000',
          ragsoc: 'Sede',
          indirizzo: 'Via A 1',
          cap: '20100',
          citta: 'Milano',
          stato: 'ITA',
          prov: 'MI',
        },
        { userId: dealer.id, tipoIndirizzo: '002', ragsoc: 'Filiale', indirizzo: 'Rue C', citta: 'Lyon', stato: 'FRA' },
      ]);
      const list = (await dealer.agent.get('/api/cartaddress')).json<CartAddress[]>();
      expect(list.map((a) => a.TIPO_INDIRIZZO)).toEqual(['000', '002', '010']);
      expect(list[0]).toEqual({
        RAGSOC: 'Sede',
        INDIRIZZO: 'Via A 1',
        CAP: '20100',
        CITTA: 'Milano',
        PROV: 'MI',
        STATO: 'ITA',
        TIPO_INDIRIZZO: '000',
      });

      const subdealer = await user(
        {
          logica: 'subdealer',
          company: 'Rivendita Srl',
          indirizzo: 'Via Roma 5',
          cap: '10100',
          citta: 'Torino',
          stato: 'ITA',
        },
        ['ROLE_CR_SUBDEALER', 'ROLE_USER', 'ROLE_CART'],
      );
      expect((await subdealer.agent.get('/api/cartaddress')).json()).toEqual([
        {
          RAGSOC: 'Rivendita Srl',
          INDIRIZZO: 'Via Roma 5',
          CAP: '10100',
          CITTA: 'Torino',
          PROV: null,
          STATO: 'ITA',
          TIPO_INDIRIZZO: '000',
        },
      ]);
    });
  });

  describe('quick order', () => {
    let superseded: { id: number };
    let replacement: { id: number; articolo: string };

    beforeAll(async () => {
      replacement = await createArticolo(t.db, { articolo: 'NEW-200', localizedDescrizione: { it: 'Pompa nuova' } });
      superseded = await createArticolo(t.db, { articolo: 'OLD-100', dataFineValidita: '2020-01-01' });
      await addEquiv(t.db, superseded.id, 'NEW-200', 'ALT');
      await createArticolo(t.db, { articolo: 'HIDDEN-1', visibile: false });
    });

    const preview = async (agent: Agent, testo: string) => {
      const response = await agent.post('/api/cartutil/quick/preview', { testo });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<QuickOrderRow[]>();
    };

    it('reads "code quantity" lines with any separator and a decimal comma, and resolves every code', async () => {
      const { agent } = await user();
      const rows = await preview(
        agent,
        [
          '1.1234.567.3;2,5',
          '',
          '1.1234.567.3 2',
          '1.1234.567.3\t2',
          '  k0-pump  ',
          'oil-kg,2,5',
          '"OIL-KG";"0,75"',
          'NOPE-1 3',
          'CLOSED-1;1',
          'OLD-100 1',
          'HIDDEN-1 1',
          'OIL-KG 0',
        ].join('\r\n'),
      );
      expect(rows.map((r) => [r.riga, r.codice, r.quantitaTesto, r.quantita, r.stato, r.messaggio])).toEqual([
        [1, '1.1234.567.3', '2,5', null, 'QUANTITA', 'cart.error.quantityInteger'],
        [3, '1.1234.567.3', '2', 2, 'OK', null],
        [4, '1.1234.567.3', '2', 2, 'OK', null],
        [5, 'k0-pump', '1', 1, 'OK', null],
        [6, 'oil-kg', '2,5', 2.5, 'OK', null],
        [7, 'OIL-KG', '0,75', 0.75, 'OK', null],
        [8, 'NOPE-1', '3', null, 'SCONOSCIUTO', 'cart.error.articleNotFound'],
        [9, 'CLOSED-1', '1', 1, 'NON_ORDINABILE', 'cart.error.notOrderable'],
        [10, 'OLD-100', '1', 1, 'SOSTITUITO', null],
        [11, 'HIDDEN-1', '1', null, 'SCONOSCIUTO', 'cart.error.articleNotFound'],
        [12, 'OIL-KG', '0', 0, 'QUANTITA', 'cart.error.quantityPositive'],
      ]);
      expect(rows[1]).toMatchObject({
        idArticolo: part.id,
        descrizione: 'Filtro olio',
        unitaMisura: 'NR',
        sostituto: null,
      });
      expect(rows[3]?.idArticolo).toBe(kind0.id);
      expect(rows[8]?.sostituto).toEqual({ id: replacement.id, articolo: 'NEW-200', descrizione: 'Pompa nuova' });
    });

    it('refuses more lines than a cart holds', async () => {
      const { agent } = await user();
      const text = Array.from({ length: CART_LIMITS.righeMax + 1 }, (_, i) => `C${i} 1`).join('\n');
      const response = await agent.post('/api/cartutil/quick/preview', { testo: text });
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).message).toBe('cart.error.tooManyLines');
    });

    it('reads a CSV with a header and an XLSX without one', async () => {
      const { agent } = await user();
      const upload = async (filename: string, content: Buffer | string) => {
        const body = multipart(filename, content);
        return agent.post('/api/cartutil/quick/preview-file', body.payload, { headers: body.headers });
      };
      const csv = await upload(
        'ordine.csv',
        '\uFEFFCodice;Quantità;Note\r\n1.1234.567.3;2;x\r\nOIL-KG;"1,5"\r\nNOPE;1\r\n',
      );
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.json<QuickOrderRow[]>().map((r) => [r.riga, r.codice, r.quantita, r.stato])).toEqual([
        [2, '1.1234.567.3', 2, 'OK'],
        [3, 'OIL-KG', 1.5, 'OK'],
        [4, 'NOPE', null, 'SCONOSCIUTO'],
      ]);

      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Ordine');
      sheet.addRow(['K0-PUMP', 2]);
      sheet.addRow(['OIL-KG', 2.5]);
      sheet.addRow(['TRK-230']);
      const xlsx = await upload('ordine.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.json<QuickOrderRow[]>().map((r) => [r.riga, r.codice, r.quantita, r.stato])).toEqual([
        [1, 'K0-PUMP', 2, 'OK'],
        [2, 'OIL-KG', 2.5, 'OK'],
        [3, 'TRK-230', 1, 'OK'],
      ]);

      for (const [name, content] of [
        ['ordine.pdf', '%PDF-1.4'],
        ['ordine.xlsx', 'not a zip'],
        ['ordine.csv', 'Codice;Quantità\r\n'],
      ] as const) {
        const refused = await upload(name, content);
        expect(refused.statusCode, name).toBe(400);
        expect(problemOf(refused).message).toBe('cart.error.quickOrderFile');
      }
      // A multipart body the client got wrong (no boundary; cut short) is a 400, not a server fault.
      for (const headers of [
        { 'content-type': 'multipart/form-data' },
        { 'content-type': 'multipart/form-data; boundary=----cut' },
      ]) {
        const broken = await agent.post(
          '/api/cartutil/quick/preview-file',
          Buffer.from('------cut\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nK0-PUMP;1'),
          { headers },
        );
        expect(broken.statusCode, broken.body).toBe(400);
        expect(problemOf(broken).message).toBe('cart.error.quickOrderFile');
      }
    });
  });

  describe('saved carts', () => {
    it('saves, lists, loads (replacing or adding) and deletes saved carts', async () => {
      const { agent } = await user();
      const empty = await agent.post('/api/savedcarts', { nome: 'Vuoto' });
      expect(empty.statusCode).toBe(400);
      expect(problemOf(empty).message).toBe('cart.error.empty');

      await add(agent, { idArticolo: part.id, quantita: 2, dataRichiesta: date, serialNumber: 'M1' });
      await add(agent, { idArticolo: kind0.id, quantita: 1 });
      const saved = await agent.post('/api/savedcarts', { nome: 'Tagliando' });
      expect(saved.statusCode, saved.body).toBe(201);
      const first = saved.json<SavedCart>();
      expect(first).toMatchObject({ nome: 'Tagliando', righe: 2 });

      const duplicate = await agent.post('/api/savedcarts', { nome: 'tagliando' });
      expect(duplicate.statusCode).toBe(400);
      expect(problemOf(duplicate).message).toBe('cart.error.savedCartExists');
      expect(problemOf(duplicate).fieldErrors).toEqual([{ field: 'nome', message: 'cart.error.savedCartExists' }]);
      expect((await agent.post('/api/savedcarts', { nome: '' })).statusCode).toBe(400);

      const list = await agent.get('/api/savedcarts');
      expect(list.json<SavedCart[]>()).toEqual([first]);

      // Adding merges equal lines.
      const added = await agent.post(`/api/savedcarts/${first.id}/load`, { modo: 'aggiungi' });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json<CartView>().righe.map((l) => [l.articolo, l.quantita, l.origine])).toEqual([
        [part.articolo, 4, 'R'],
        [kind0.articolo, 2, 'R'],
      ]);
      await agent.delete('/api/cartutil/cartall');
      await add(agent, { idArticolo: bulk.id, quantita: 1 });
      const replaced = await agent.post(`/api/savedcarts/${first.id}/load`, { modo: 'sostituisci' });
      expect(replaced.json<CartView>().righe.map((l) => [l.articolo, l.quantita, l.serialNumber, l.origine])).toEqual([
        [part.articolo, 2, 'M1', 'S'],
        [kind0.articolo, 1, null, 'S'],
      ]);

      const stranger = await user();
      expect((await stranger.agent.post(`/api/savedcarts/${first.id}/load`, { modo: 'aggiungi' })).statusCode).toBe(
        404,
      );
      const foreignDelete = await stranger.agent.delete(`/api/savedcarts/${first.id}`);
      expect(foreignDelete.statusCode).toBe(404);
      expect(problemOf(foreignDelete).message).toBe('cart.error.savedCartNotFound');

      expect((await agent.delete(`/api/savedcarts/${first.id}`)).statusCode).toBe(204);
      expect((await agent.get('/api/savedcarts')).json()).toEqual([]);
    });

    it('skips lines whose article is no longer orderable and moves a past date to the earliest day', async () => {
      const { agent } = await user();
      const gone = await createArticolo(t.db, { articolo: 'SOON-GONE' });
      await add(agent, { idArticolo: gone.id, quantita: 1, dataRichiesta: date });
      await add(agent, { idArticolo: part.id, quantita: 1, dataRichiesta: date });
      const saved = (await agent.post('/api/savedcarts', { nome: 'Vecchio' })).json<SavedCart>();
      await t.db.update(articolo).set({ ordinabile: false }).where(eq(articolo.id, gone.id));
      const [row] = await t.db.select().from(carrelloSalvato).where(eq(carrelloSalvato.id, saved.id));
      await t.db
        .update(carrelloSalvato)
        .set({ righe: (row?.righe ?? []).map((l) => ({ ...l, dataRichiesta: '2020-01-02' })) })
        .where(eq(carrelloSalvato.id, saved.id));
      const loaded = await agent.post(`/api/savedcarts/${saved.id}/load`, { modo: 'sostituisci' });
      expect(loaded.statusCode, loaded.body).toBe(200);
      expect(loaded.json<CartView>().righe.map((l) => [l.articolo, l.dataRichiesta])).toEqual([[part.articolo, date]]);
    });
  });

  it('serialises concurrent changes of one cart: parallel adds of one article make one line', async () => {
    const { agent } = await user();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => add(agent, { idArticolo: bulk.id, quantita: '0,5' })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const view = await cartOf(agent);
    expect(view.righe.map((l) => [l.articolo, l.quantita])).toEqual([[bulk.articolo, 3]]);
  });

  it('staff acting as a dealer work on the dealer’s cart', async () => {
    const dealer = await user();
    const staff = await user({}, INTERNAL);
    expect((await staff.agent.post('/api/cart/select', { login: dealer.login })).statusCode).toBe(200);
    const added = await add(staff.agent, { idArticolo: kind0.id, quantita: 1 });
    expect(added.statusCode, added.body).toBe(201);
    expect((await cartOf(dealer.agent)).righe.map((l) => l.articolo)).toEqual([kind0.articolo]);
    await staff.agent.delete('/api/cart/select');
    expect((await cartOf(staff.agent)).count).toBe(0);
  });

  it('is ROLE_CART only', async () => {
    const plain = await user({}, ['ROLE_USER']);
    expect((await plain.agent.get('/api/cartitem')).statusCode).toBe(403);
    expect((await t.agent().get('/api/cartitem')).statusCode).toBe(401);
  });
});
