import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  businessToday,
  type CartView,
  type CheckoutInput,
  earliestRequestDate,
  formatItalianDate,
  GENERIC_SERIAL,
  type Warranty,
  type WarrantyComponent,
  type WarrantyInput,
  type WarrantyRow,
  type WarrantySaved,
  warrantyMinDate,
} from '@ricambi/domain';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ordine,
  outboxMessage,
  richiestaGaranzia,
  richiestaGaranziaEvento,
  storedFile,
} from '../src/db/schema/index.ts';
import { createArticolo } from './catalogue-factories.ts';
import { createCatalogue, createMachine } from './machine-factories.ts';
import { multipart } from './multipart.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

type Response = Awaited<ReturnType<Agent['get']>>;

const DEALER = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;
const INTERNAL = ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART'] as const;
const MB = 1024 * 1024;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000, 0x90)]);

const fieldsOf = (response: Response) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));

/** dd/MM/yyyy of `days` days before today (Italy). */
const daysAgo = (days: number) => formatItalianDate(warrantyMinDate(days)) as string;
const TODAY = () => formatItalianDate(businessToday()) as string;

/** A request that passes every rule of spec 2 §5 (no repair cost). */
const requestFor = (matricola: string, overrides: Partial<WarrantyInput> & Record<string, unknown> = {}) => ({
  id: { matricola },
  dataGuasto: daysAgo(10),
  oreLavoro: 1250,
  problemaSegnalato: '1',
  problemaNote: 'Perdita d’olio dal cilindro del braccio',
  collocazioneProblema: '3',
  terminiAccettati: true,
  ...overrides,
});

// No run of four digits in a serial: a search by request number (4+ digits) must not find it by its serial.
const prefix = `W${(process.pid % 10000).toString(36).toUpperCase()}X`;
let serialSequence = 0;
const nextSerial = () => `${prefix}${String(++serialSequence).padStart(3, '0')}`;

// Spec 2 §2–§9 and issue 12 §4–§6: warranty requests of the dealer's machines, their attachments, PDF,
// the back office's states mailed to the dealer, and the order variant (ORDCG in the same use case).
describe('warranty requests', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let crCod: string;
  /** Codes of the parts of `crCod`'s catalogue. */
  const parts: Record<string, { id: number; articolo: string }> = {};

  type Dealer = { id: number; login: string; email: string; agent: Agent; serials: string[] };
  const dealerWith = async (
    machines: number,
    options: { langKey?: 'it' | 'de'; fineGaranzia?: string | null; authorities?: readonly string[] } = {},
  ): Promise<Dealer> => {
    const u = await t.createUser({
      authorities: (options.authorities ?? DEALER) as never,
      langKey: options.langKey ?? 'it',
      firstName: 'Davide',
    });
    const serials: string[] = [];
    for (let i = 0; i < machines; i++) {
      const serial = nextSerial();
      await createMachine(t.db, {
        matricola: serial,
        crCod,
        dealerLogin: u.login,
        fineGaranzia: options.fineGaranzia === undefined ? '2099-12-31' : options.fineGaranzia,
      });
      serials.push(serial);
    }
    return { ...u, agent: await t.signIn(u.login, u.password), serials };
  };

  /** POST /api/richiestagaranzia?nuova=true: the request's JSON, then its first file. */
  const create = (
    agent: Agent,
    richiesta: unknown,
    file: { filename: string; content: Buffer } | null = { filename: 'guasto.pdf', content: PDF },
    query: Record<string, string> = {},
  ) => {
    const body = multipart([
      { name: 'richiesta', value: typeof richiesta === 'string' ? richiesta : JSON.stringify(richiesta) },
      ...(file ? [{ name: 'file', ...file }] : []),
    ]);
    return agent.post('/api/richiestagaranzia', body.payload, {
      headers: body.headers,
      query: { nuova: 'true', ...query },
    });
  };
  const created = async (agent: Agent, richiesta: unknown, file?: { filename: string; content: Buffer }) => {
    const response = await create(agent, richiesta, file);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WarrantySaved>();
  };
  const search = async (agent: Agent, query: Record<string, string> = {}) => {
    const response = await agent.get('/api/richiestagaranzias/search', { query });
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<WarrantyRow[]>(), total: Number(response.headers['x-total-count']) };
  };
  const setState = (agent: Agent, w: { id: Warranty['id'] }, statoAttivita: string, nota?: string) =>
    agent.put(`/api/richiestagaranzia/${w.id.matricola}/${w.id.numeroRichiesta}/stato`, { statoAttivita, nota });

  const countOf = async (table: typeof richiestaGaranzia | typeof storedFile | typeof ordine | typeof outboxMessage) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  /** Every object in the file store (committed and temporary). */
  const storedObjects = async () => {
    const files = t.config.files;
    if (files.kind !== 'local') return [];
    const entries = await fs.readdir(files.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  };
  const snapshot = async () => ({
    requests: await countOf(richiestaGaranzia),
    files: await countOf(storedFile),
    objects: (await storedObjects()).length,
    orders: await countOf(ordine),
    outbox: await countOf(outboxMessage),
  });

  let internal: Agent;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
    const article = async (articolo: string, it: string) => {
      const a = await createArticolo(
        t.db,
        { articolo, descrizione: it, localizedDescrizione: { it, en: `${it} (en)` }, tipoArticoloOrig: 'T' },
        { magazzino: 100 },
      );
      parts[articolo] = { id: a.id, articolo };
      return a;
    };
    const pump = await article('PMP100', 'Pompa idraulica');
    const fuel = await article('PMP200', 'Pompa carburante');
    const filter = await article('FLT-PMP', 'Filtro della pompa');
    const hidden = await article('PMP999', 'Pompa nascosta');
    const bolts = [];
    for (let i = 1; i <= 12; i++) bolts.push(await article(`BLT${String(i).padStart(3, '0')}`, `Bullone ${i}`));
    const catalogue = await createCatalogue(t.db, {
      rows: [
        { item: 1, descrizione: { it: 'Impianto idraulico' } },
        { item: 2, parent: 1, tipoNodo: 1, articoloId: pump.id },
        { item: 3, parent: 1, tipoNodo: 1, articoloId: fuel.id },
        { item: 4, parent: 1, tipoNodo: 1, articoloId: filter.id },
        { item: 5, parent: 1, tipoNodo: 2, articoloId: hidden.id },
        ...bolts.map((b, i) => ({ item: 10 + i, parent: 1, tipoNodo: 1, articoloId: b.id })),
      ],
    });
    crCod = catalogue.crCodice;
    // A part of another catalogue only.
    const foreign = await article('PMP555', 'Pompa di un altro modello');
    await createCatalogue(t.db, { rows: [{ item: 1, tipoNodo: 1, articoloId: foreign.id }] });
    await createMachine(t.db, { matricola: GENERIC_SERIAL, crCod: GENERIC_SERIAL }).catch(() => undefined);
    const i = await t.createUser({ authorities: INTERNAL as never });
    internal = await t.signIn(i.login, i.password);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => smtp.clear());

  it('saves a new request with its first attachment: number, today, APERTA, editable, expired warranty flagged', async () => {
    const dealer = await dealerWith(1, { fineGaranzia: '2024-03-31' });
    const [serial = ''] = dealer.serials;
    const before = await snapshot();
    const saved = await created(
      dealer.agent,
      requestFor(serial.toLowerCase(), {
        soluzioneAdottataNote: 'Sostituita la guarnizione',
        codiceComponente: 'PMP100',
        stato: 'ITA',
        provincia: 'bs',
      }),
      { filename: 'perdita olio.pdf', content: PDF },
    );
    expect(saved).toMatchObject({
      id: { matricola: serial },
      dataRichiesta: TODAY(),
      dataRichiestaIso: businessToday(),
      dataFineGaranzia: '31/03/2024',
      // Spec 2 §4: an expired warranty is a warning; the request is saved all the same.
      garanziaScaduta: true,
      statoAttivita: 'APERTA',
      seEditable: 'Y',
      dataGuasto: daysAgo(10),
      oreLavoro: 1250,
      problemaSegnalato: '1',
      problemaSegnalatoDescrizione: 'Perdita d’olio',
      collocazioneProblema: '3',
      collocazioneProblemaDescrizione: 'Impianto idraulico',
      codiceComponente: 'PMP100',
      componenteDescrizione: 'Pompa idraulica',
      stato: 'ITA',
      provincia: 'BS',
      nomeAllegato: 'perdita olio.pdf',
      numeroOrdine: null,
      ordine: null,
      dealer: null,
      prossimiStati: [],
    });
    expect(saved.id.numeroRichiesta).toBeGreaterThan(0);
    expect(saved.allegati.map((a) => [a.name, a.kind, a.contentType])).toEqual([
      ['perdita olio.pdf', 'pdf', 'application/pdf'],
    ]);
    expect(saved.eventi.map((e) => [e.statoAttivita, e.login])).toEqual([['APERTA', dealer.login]]);
    const after = await snapshot();
    expect(after.requests).toBe(before.requests + 1);
    expect(after.files).toBe(before.files + 1);
    expect(after.objects).toBe(before.objects + 1);

    // Read back by its key, serial in any case.
    const got = await dealer.agent.get(
      `/api/richiestagaranzia/get/${serial.toLowerCase()}/${saved.id.numeroRichiesta}`,
    );
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json<Warranty>()).toMatchObject({
      id: saved.id,
      garanziaScaduta: true,
      nomeAllegato: 'perdita olio.pdf',
    });
    // A warranty still running is not flagged.
    const running = await dealerWith(1);
    expect((await created(running.agent, requestFor(running.serials[0] ?? ''))).garanziaScaduta).toBe(false);
  });

  it('refuses an incomplete or wrong request and stores nothing', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const [serial = ''] = dealer.serials;
    const before = await snapshot();
    const refused = async (
      response: Response | Promise<Response>,
      status: number,
      fields: Record<string, string> | null,
      message = 'error.validation',
    ) => {
      const r = await response;
      expect(r.statusCode, r.body).toBe(status);
      expect(problemOf(r).message).toBe(message);
      if (fields) expect(fieldsOf(r)).toEqual(fields);
      return r;
    };

    // Spec 2 §5: at least one attachment; terms for a new request.
    await refused(create(dealer.agent, requestFor(serial), null), 400, {
      allegati: 'richiestagaranzia.error.attachmentRequired',
    });
    await refused(create(dealer.agent, requestFor(serial, { terminiAccettati: false }), undefined), 400, {
      terminiAccettati: 'richiestagaranzia.error.termsRequired',
    });
    const { terminiAccettati: _, ...withoutTerms } = requestFor(serial);
    await refused(create(dealer.agent, withoutTerms), 400, {
      terminiAccettati: 'richiestagaranzia.error.termsRequired',
    });
    // Required fields.
    await refused(create(dealer.agent, { id: { matricola: serial }, terminiAccettati: true }), 400, {
      dataGuasto: 'validation.required',
      oreLavoro: 'validation.required',
      problemaSegnalato: 'validation.required',
      problemaNote: 'validation.required',
      collocazioneProblema: 'validation.required',
    });
    // Serial: at most 12 characters; one the dealer sees (not another dealer's, not unknown, not GENERIC).
    const notFound = { 'id.matricola': 'richiestagaranzia.error.notFound' };
    await refused(create(dealer.agent, requestFor('A'.repeat(13))), 400, { 'id.matricola': 'validation.maxlength' });
    await refused(create(dealer.agent, requestFor(other.serials[0] ?? '')), 400, notFound);
    await refused(create(dealer.agent, requestFor(`${prefix}ZZZ`)), 400, notFound);
    await refused(create(dealer.agent, requestFor(GENERIC_SERIAL)), 400, notFound);
    // Dates: not older than 90 days (today minus 90 is still accepted, below), not in the future,
    // the repair not before the failure.
    const tooOld = await refused(create(dealer.agent, requestFor(serial, { dataGuasto: daysAgo(91) })), 400, {
      dataGuasto: 'richiestagaranzia.error.mindate',
    });
    expect(problemOf(tooOld).fieldErrors?.[0]?.params).toEqual({ gg: 90 });
    const tomorrow = formatItalianDate(warrantyMinDate(-1)) as string;
    await refused(create(dealer.agent, requestFor(serial, { dataGuasto: tomorrow })), 400, {
      dataGuasto: 'richiestagaranzia.error.future',
    });
    await refused(create(dealer.agent, requestFor(serial, { dataGuasto: '31/02/2026' })), 400, {
      dataGuasto: 'validation.invalid',
    });
    await refused(
      create(
        dealer.agent,
        requestFor(serial, {
          dataGuasto: daysAgo(5),
          dataRiparazione: daysAgo(6),
          costoTotaleIntervento: 100,
          oreIntervento: 2,
          oreViaggio: 1,
          chilometri: 40,
        }),
      ),
      400,
      { dataRiparazione: 'richiestagaranzia.error.repairBeforeFailure' },
    );
    await refused(
      create(dealer.agent, requestFor(serial, { dataRiparazione: daysAgo(95), costoTotaleIntervento: 0 })),
      400,
      { dataRiparazione: 'richiestagaranzia.error.mindate' },
    );
    // A repair cost needs the repair's date, hours and km.
    await refused(create(dealer.agent, requestFor(serial, { costoTotaleIntervento: 350.5 })), 400, {
      dataRiparazione: 'validation.required',
      oreIntervento: 'validation.required',
      oreViaggio: 'validation.required',
      chilometri: 'validation.required',
    });
    // Keys of the lookup lists, a component of this machine's catalogue (a hidden row is not offered).
    await refused(
      create(dealer.agent, requestFor(serial, { problemaSegnalato: '99', collocazioneProblema: 'x' })),
      400,
      {
        problemaSegnalato: 'validation.invalid',
        collocazioneProblema: 'validation.invalid',
      },
    );
    for (const codice of ['PMP555', 'PMP999', 'NOPE'])
      await refused(create(dealer.agent, requestFor(serial, { codiceComponente: codice })), 400, {
        codiceComponente: 'richiestagaranzia.error.componentNotFound',
      });
    await refused(create(dealer.agent, requestFor(serial, { problemaNote: 'x'.repeat(501) })), 400, {
      problemaNote: 'validation.maxlength',
    });
    await refused(create(dealer.agent, requestFor(serial, { stato: 'ITA', provincia: 'ZZ' })), 400, {
      provincia: 'validation.invalid',
    });
    // The file: its content decides (an .exe named .jpg), 20 MB at most (spec 2 §9).
    const renamed = await refused(
      create(dealer.agent, requestFor(serial), { filename: 'foto.jpg', content: EXE }),
      400,
      null,
      'upload.wrongType',
    );
    expect(problemOf(renamed).fieldErrors?.[0]).toMatchObject({ field: 'file', message: 'upload.wrongType' });
    const big = await refused(
      create(dealer.agent, requestFor(serial), {
        filename: 'video.pdf',
        content: Buffer.concat([PDF, Buffer.alloc(20 * MB, 0x20)]),
      }),
      413,
      null,
      'upload.tooLarge',
    );
    expect(problemOf(big).fieldErrors?.[0]).toMatchObject({ field: 'file', message: 'upload.tooLarge' });
    // The richiesta field: a NUL byte, JSON that does not parse or is no object.
    await refused(create(dealer.agent, requestFor(serial, { problemaNote: 'olio\u0000' })), 400, {
      problemaNote: 'validation.invalid',
    });
    await refused(create(dealer.agent, '{"id": {"matricola": '), 400, { richiesta: 'validation.invalid' });
    await refused(create(dealer.agent, 'null'), 400, null);
    await refused(create(dealer.agent, '[1,2]'), 400, null);
    // A body that is no multipart form, or one cut short in the middle of its file.
    const cut = multipart([
      { name: 'richiesta', value: JSON.stringify(requestFor(serial)) },
      { name: 'file', filename: 'a.pdf', content: Buffer.concat([PDF, Buffer.alloc(300_000, 0x20)]) },
    ]);
    for (const [payload, contentType] of [
      ['abc', 'multipart/form-data'],
      [cut.payload.subarray(0, cut.payload.length - 1000), cut.headers['content-type']],
    ] as const)
      await refused(
        dealer.agent.post('/api/richiestagaranzia', payload, {
          headers: { 'content-type': contentType },
          query: { nuova: 'true' },
        }),
        400,
        { allegati: 'richiestagaranzia.error.attachmentRequired' },
      );
    // A JSON body is no new request (it has no file).
    await refused(dealer.agent.post('/api/richiestagaranzia', requestFor(serial), { query: { nuova: 'true' } }), 400, {
      allegati: 'richiestagaranzia.error.attachmentRequired',
    });

    expect(await snapshot()).toEqual(before);

    // Exactly 90 days old is still accepted.
    const oldest = await created(dealer.agent, requestFor(serial, { dataGuasto: daysAgo(90) }));
    expect(oldest.dataGuasto).toBe(daysAgo(90));
  });

  it('accepts a repair cost with its date, hours and km', async () => {
    const dealer = await dealerWith(1);
    const saved = await created(
      dealer.agent,
      requestFor(dealer.serials[0] ?? '', {
        dataGuasto: daysAgo(20),
        dataRiparazione: daysAgo(18),
        costoTotaleIntervento: 1234.56,
        oreIntervento: 3.5,
        oreViaggio: 1.5,
        chilometri: 85,
      }),
    );
    expect(saved).toMatchObject({
      dataRiparazione: daysAgo(18),
      costoTotaleIntervento: 1234.56,
      oreIntervento: 3.5,
      oreViaggio: 1.5,
      chilometri: 85,
    });
  });

  it('answers the maximum age of failure dates: 90 days by default', async () => {
    const dealer = await dealerWith(0);
    const response = await dealer.agent.get('/api/richiestagaranzia/gg');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ gg: 90 });
    expect((await internal.get('/api/richiestagaranzia/gg')).json()).toEqual({ gg: 90 });
  });

  it('finds components in the machine’s own catalogue only: 3+ characters, 10 at most, code prefixes first', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const [serial = ''] = dealer.serials;
    const components = async (q: string, matricola = serial, agent = dealer.agent) => {
      const response = await agent.get('/api/richiestagaranzia/componenti', { query: { matricola, q } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<WarrantyComponent[]>();
    };
    // Codes starting with "pmp" before the one that only contains it; the hidden row and the other
    // catalogue's part are not offered.
    expect(await components('pmp')).toEqual([
      { codice: 'PMP100', descrizione: 'Pompa idraulica' },
      { codice: 'PMP200', descrizione: 'Pompa carburante' },
      { codice: 'FLT-PMP', descrizione: 'Filtro della pompa' },
    ]);
    // Descriptions are searched too, without accents or case; answered in the asked language.
    expect((await components('POMPA')).map((c) => c.codice)).toEqual(['FLT-PMP', 'PMP100', 'PMP200']);
    const english = await dealer.agent.get('/api/richiestagaranzia/componenti', {
      query: { matricola: serial.toLowerCase(), q: 'pmp1', lang: 'en' },
    });
    expect(english.json()).toEqual([{ codice: 'PMP100', descrizione: 'Pompa idraulica (en)' }]);
    const bolts = await components('blt');
    expect(bolts).toHaveLength(10);
    expect(bolts[0]?.codice).toBe('BLT001');
    expect(await components('PMP555')).toEqual([]);
    expect(await components('pmp999')).toEqual([]);

    const short = await dealer.agent.get('/api/richiestagaranzia/componenti', {
      query: { matricola: serial, q: 'pm' },
    });
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short)).toEqual({ q: 'validation.minlength' });
    const foreign = await dealer.agent.get('/api/richiestagaranzia/componenti', {
      query: { matricola: other.serials[0] ?? '', q: 'pmp' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(problemOf(foreign).message).toBe('richiestagaranzia.error.notFound');
  });

  it('lists the dealer’s requests 10 a page: in progress, done or all, by serial, number or problem text', async () => {
    const dealer = await dealerWith(12);
    const other = await dealerWith(1);
    const saved: WarrantySaved[] = [];
    for (const [i, serial] of dealer.serials.entries())
      saved.push(
        await created(
          dealer.agent,
          requestFor(serial, { problemaNote: i === 4 ? 'Rumore anomalo dalla ralla' : 'Perdita d’olio dal cilindro' }),
        ),
      );
    await created(other.agent, requestFor(other.serials[0] ?? '', { problemaNote: 'Rumore anomalo dalla ralla' }));
    // Two are decided by the back office: one approved, one refused.
    const [first, second, third] = saved as [WarrantySaved, WarrantySaved, WarrantySaved];
    expect((await setState(internal, first, 'IN_ESAME')).statusCode).toBe(200);
    expect((await setState(internal, first, 'APPROVATA')).statusCode).toBe(200);
    expect((await setState(internal, second, 'RESPINTA')).statusCode).toBe(200);
    expect((await setState(internal, third, 'IN_ESAME')).statusCode).toBe(200);

    const inProgress = await search(dealer.agent);
    expect(inProgress.total).toBe(10);
    expect(inProgress.rows).toHaveLength(10);
    expect(inProgress.rows.map((r) => r.statoAttivita)).not.toContain('APPROVATA');
    const page2 = await search(dealer.agent, { stato: 'TUTTE', page: '1' });
    expect(page2.total).toBe(12);
    expect(page2.rows).toHaveLength(2);
    const done = await search(dealer.agent, { stato: 'FATTE' });
    expect(done.rows.map((r) => [r.id.numeroRichiesta, r.statoAttivita, r.seEditable]).sort()).toEqual(
      [
        [first.id.numeroRichiesta, 'APPROVATA', 'N'],
        [second.id.numeroRichiesta, 'RESPINTA', 'N'],
      ].sort(),
    );
    const row = (await search(dealer.agent, { term: dealer.serials[3] ?? '' })).rows;
    expect(row).toEqual([
      expect.objectContaining({
        id: { matricola: dealer.serials[3], numeroRichiesta: saved[3]?.id.numeroRichiesta },
        descrizione: 'Escavatore di prova',
        dealer: null,
        dataRichiesta: TODAY(),
        dataRichiestaIso: businessToday(),
        dataGuasto: daysAgo(10),
        problemaSegnalato: 'Perdita d’olio',
        statoAttivita: 'APERTA',
        seEditable: 'Y',
        allegati: 1,
        numeroOrdine: null,
      }),
    ]);
    expect((await search(dealer.agent, { term: dealer.serials[3]?.toLowerCase() ?? '' })).total).toBe(1);
    expect(
      (await search(dealer.agent, { term: String(saved[5]?.id.numeroRichiesta) })).rows.map((r) => r.id.matricola),
    ).toEqual([dealer.serials[5]]);
    expect((await search(dealer.agent, { term: 'RALLA' })).rows.map((r) => r.id.matricola)).toEqual([
      dealer.serials[4],
    ]);
    expect((await search(dealer.agent, { term: 'ralla', stato: 'FATTE' })).total).toBe(0);
    // Another dealer sees none of them; its own only.
    const others = await search(other.agent, { stato: 'TUTTE' });
    expect(others.rows.map((r) => r.id.matricola)).toEqual([other.serials[0]]);
    expect((await search(other.agent, { term: dealer.serials[0] ?? '', stato: 'TUTTE' })).total).toBe(0);
    // The back office sees every dealer's, with the dealer.
    const all = await search(internal, { stato: 'TUTTE', term: 'ralla' });
    expect(all.rows.map((r) => [r.id.matricola, r.dealer]).sort()).toEqual(
      [
        [dealer.serials[4], dealer.login],
        [other.serials[0], other.login],
      ].sort(),
    );
    expect((await search(internal, { stato: 'TUTTE', size: '100' })).total).toBeGreaterThanOrEqual(13);
    expect((await dealer.agent.get('/api/richiestagaranzias/search', { query: { stato: 'ALTRO' } })).statusCode).toBe(
      400,
    );
  });

  it('reads, updates and deletes a request of the dealer only; another dealer gets 404', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const [serial = ''] = dealer.serials;
    const saved = await created(dealer.agent, requestFor(serial));
    const key = `${serial}/${saved.id.numeroRichiesta}`;
    expect((await other.agent.get(`/api/richiestagaranzia/get/${key}`)).statusCode).toBe(404);
    expect((await dealer.agent.get(`/api/richiestagaranzia/get/${serial}/999999999`)).statusCode).toBe(404);
    // The back office reads it, with the dealer and the states it may move it to.
    const seen = (await internal.get(`/api/richiestagaranzia/get/${key}`)).json<Warranty>();
    expect(seen).toMatchObject({ dealer: dealer.login, prossimiStati: ['IN_ESAME', 'RESPINTA'] });

    const update = (agent: Agent, body: unknown) =>
      agent.post('/api/richiestagaranzia', body as Record<string, unknown>, { query: { nuova: 'false' } });
    const changes = {
      id: { matricola: serial.toLowerCase(), numeroRichiesta: saved.id.numeroRichiesta },
      dataGuasto: daysAgo(12),
      dataRiparazione: daysAgo(11),
      oreLavoro: 1300,
      oreIntervento: 4,
      oreViaggio: 2,
      chilometri: 120,
      costoTotaleIntervento: 480,
      problemaSegnalato: '5',
      problemaNote: 'Rottura del perno del braccio',
      collocazioneProblema: '6',
      codiceComponente: 'PMP200',
      soluzioneAdottataNote: 'Sostituito il perno',
      stato: 'DEU',
      provincia: 'MI',
    };
    const updated = await update(dealer.agent, changes);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<WarrantySaved>()).toMatchObject({
      id: saved.id,
      dataGuasto: daysAgo(12),
      dataRiparazione: daysAgo(11),
      oreLavoro: 1300,
      costoTotaleIntervento: 480,
      problemaSegnalatoDescrizione: 'Rottura meccanica',
      problemaNote: 'Rottura del perno del braccio',
      collocazioneProblemaDescrizione: 'Braccio e avambraccio',
      codiceComponente: 'PMP200',
      componenteDescrizione: 'Pompa carburante',
      // Outside Italy the province is not kept.
      stato: 'DEU',
      provincia: null,
      dataRichiesta: saved.dataRichiesta,
      nomeAllegato: 'guasto.pdf',
      statoAttivita: 'APERTA',
      ordine: null,
    });
    const [row] = await t.db
      .select()
      .from(richiestaGaranzia)
      .where(eq(richiestaGaranzia.numero, saved.id.numeroRichiesta));
    expect(row).toMatchObject({ problemaNote: 'Rottura del perno del braccio', lastModifiedBy: dealer.login });
    // The same rules as a new one; no terms needed; the number is required; nothing changes when refused.
    expect(fieldsOf(await update(dealer.agent, { ...changes, dataGuasto: daysAgo(91) }))).toEqual({
      dataGuasto: 'richiestagaranzia.error.mindate',
    });
    expect(fieldsOf(await update(dealer.agent, { ...changes, id: { matricola: serial } }))).toEqual({
      'id.numeroRichiesta': 'validation.required',
    });
    expect((await update(other.agent, changes)).statusCode).toBe(404);
    expect((await update(internal, changes)).statusCode).toBe(403);
    const orderOnUpdate = await update(dealer.agent, {
      ...changes,
      ordine: { checkout: { privacy: true, linee: [1], cartAddress: {} }, idempotencyKey: randomUUID() },
    });
    expect(orderOnUpdate.statusCode).toBe(400);
    expect((await dealer.agent.get(`/api/richiestagaranzia/get/${key}`)).json<Warranty>().problemaNote).toBe(
      'Rottura del perno del braccio',
    );

    // Delete (spec 2 §2): 204, gone from the list, its files removed; another dealer cannot.
    const fileIds = (await dealer.agent.get(`/api/richiestagaranzia/get/${key}`))
      .json<Warranty>()
      .allegati.map((a) => a.id);
    const objects = (await storedObjects()).length;
    expect((await other.agent.delete(`/api/richiestagaranzia/${key}/it`)).statusCode).toBe(404);
    const removed = await dealer.agent.delete(`/api/richiestagaranzia/${key}/it`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await dealer.agent.get(`/api/richiestagaranzia/get/${key}`)).statusCode).toBe(404);
    expect((await search(dealer.agent, { stato: 'TUTTE' })).total).toBe(0);
    expect(await t.db.select().from(storedFile).where(inArray(storedFile.id, fileIds))).toEqual([]);
    expect((await storedObjects()).length).toBe(objects - 1);
    expect((await dealer.agent.get(`/api/richiestagaranzia/scaricaallegato/${fileIds[0]}/download`)).statusCode).toBe(
      404,
    );
    expect((await dealer.agent.delete(`/api/richiestagaranzia/${key}/it`)).statusCode).toBe(404);
  });

  it('counts the age of the dates of a saved request from the day it was filed', async () => {
    const dealer = await dealerWith(1);
    const [serial = ''] = dealer.serials;
    const saved = await created(dealer.agent, requestFor(serial));
    // Filed 40 days ago (head office sent it back for more information since).
    const filed = warrantyMinDate(40);
    await t.db
      .update(richiestaGaranzia)
      .set({ dataRichiesta: filed })
      .where(eq(richiestaGaranzia.numero, saved.id.numeroRichiesta));
    const update = (dataGuasto: string) =>
      dealer.agent.post(
        '/api/richiestagaranzia',
        { ...requestFor(serial), id: { matricola: serial, numeroRichiesta: saved.id.numeroRichiesta }, dataGuasto },
        { query: { nuova: 'false' } },
      );
    // 120 days ago is within 90 days of the filing date; 131 days ago is not.
    const within = await update(daysAgo(120));
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json<Warranty>().dataGuasto).toBe(daysAgo(120));
    expect(fieldsOf(await update(daysAgo(131)))).toEqual({ dataGuasto: 'richiestagaranzia.error.mindate' });
  });

  it('adds, downloads and deletes attachments; the last one stays', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const [serial = ''] = dealer.serials;
    const saved = await created(dealer.agent, requestFor(serial), { filename: 'rapporto.pdf', content: PDF });
    const n = saved.id.numeroRichiesta;
    const upload = (name: string, content: Buffer, date = saved.dataRichiestaIso, agent = dealer.agent) => {
      const body = multipart([{ name: 'file', filename: name, content }]);
      return agent.post(`/api/richiestagaranzia/salvaallegato/${serial}/${date}/${n}`, body.payload, {
        headers: body.headers,
      });
    };
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a63' } })
      .png()
      .toBuffer();
    const added = await upload('foto cilindro.png', png);
    expect(added.statusCode, added.body).toBe(200);
    const withTwo = added.json<Warranty>();
    expect(withTwo.allegati.map((a) => [a.name, a.kind, a.thumbnail])).toEqual([
      ['rapporto.pdf', 'pdf', false],
      ['foto cilindro.png', 'image', true],
    ]);
    expect(withTwo.nomeAllegato).toBe('rapporto.pdf#foto cilindro.png');

    const files = await countOf(storedFile);
    // The date segment must be the request's; another dealer's request is not found.
    expect((await upload('b.pdf', PDF, '2020-01-01')).statusCode).toBe(404);
    expect((await upload('b.pdf', PDF, saved.dataRichiestaIso, other.agent)).statusCode).toBe(404);
    expect((await upload('virus.jpg', EXE)).statusCode).toBe(400);
    expect((await upload('grande.pdf', Buffer.concat([PDF, Buffer.alloc(20 * MB, 0x20)]))).statusCode).toBe(413);
    expect(await countOf(storedFile)).toBe(files);

    const [pdf, image] = withTwo.allegati as [Warranty['allegati'][0], Warranty['allegati'][0]];
    const download = await dealer.agent.get(`/api/richiestagaranzia/scaricaallegato/${image.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''foto%20cilindro.png");
    expect(download.rawPayload.equals(png)).toBe(true);
    const thumbnail = await dealer.agent.get(`/api/richiestagaranzia/scaricaallegato/${image.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');
    expect((await dealer.agent.get(`/api/richiestagaranzia/scaricaallegato/${pdf.id}/thumbnail`)).statusCode).toBe(404);
    const byPost = await dealer.agent.post('/api/richiestagaranzia/scaricaallegato', {
      matricola: serial,
      numero: n,
      allegato: pdf.id,
    });
    expect(byPost.statusCode, byPost.body).toBe(200);
    expect(byPost.headers['content-disposition']).toContain('rapporto.pdf');
    expect(byPost.rawPayload.equals(PDF)).toBe(true);
    // The back office downloads them too; another dealer does not.
    expect((await internal.get(`/api/richiestagaranzia/scaricaallegato/${pdf.id}/download`)).statusCode).toBe(200);
    expect((await other.agent.get(`/api/richiestagaranzia/scaricaallegato/${pdf.id}/download`)).statusCode).toBe(404);
    expect(
      (
        await other.agent.post('/api/richiestagaranzia/scaricaallegato', {
          matricola: serial,
          numero: n,
          allegato: pdf.id,
        })
      ).statusCode,
    ).toBe(404);

    const remove = (allegato: string, agent = dealer.agent) =>
      agent.post('/api/richiestagaranzia/cancellaallegato', { matricola: serial, numero: n, allegato });
    expect((await remove(image.id, other.agent)).statusCode).toBe(404);
    expect((await remove(randomUUID())).statusCode).toBe(404);
    const one = await remove(image.id);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Warranty>()).toMatchObject({ allegati: [{ id: pdf.id }], nomeAllegato: 'rapporto.pdf' });
    expect((await dealer.agent.get(`/api/richiestagaranzia/scaricaallegato/${image.id}/download`)).statusCode).toBe(
      404,
    );
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, image.id))).toEqual([]);
    // Spec 2 §5: a request keeps at least one attachment.
    const last = await remove(pdf.id);
    expect(last.statusCode).toBe(409);
    expect(problemOf(last).message).toBe('richiestagaranzia.error.lastAttachment');
    expect(
      (await dealer.agent.get(`/api/richiestagaranzia/get/${serial}/${n}`)).json<Warranty>().allegati,
    ).toHaveLength(1);
  });

  it('lets the back office move a request on: locked under review, unlocked for more information, the dealer mailed in its language', async () => {
    const dealer = await dealerWith(1, { langKey: 'de' });
    const [serial = ''] = dealer.serials;
    const saved = await created(dealer.agent, requestFor(serial));
    const n = saved.id.numeroRichiesta;
    const key = `${serial}/${n}`;
    const outboxBefore = await countOf(outboxMessage);

    // A dealer may not change the state.
    const byDealer = await setState(dealer.agent, saved, 'IN_ESAME');
    expect(byDealer.statusCode).toBe(403);

    const review = await setState(internal, saved, 'IN_ESAME', 'Verifica in corso');
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json<Warranty>()).toMatchObject({
      statoAttivita: 'IN_ESAME',
      seEditable: 'N',
      prossimiStati: ['INTEGRAZIONE', 'APPROVATA', 'RESPINTA'],
    });
    const [mail] = await t.db
      .select()
      .from(outboxMessage)
      .where(eq(outboxMessage.kind, 'mail'))
      .orderBy(outboxMessage.id)
      .offset(outboxBefore);
    expect(await countOf(outboxMessage)).toBe(outboxBefore + 1);
    expect(mail?.payload).toMatchObject({ to: dealer.email });
    expect(String(mail?.payload.subject)).toContain(String(n));
    expect(String(mail?.payload.subject)).toContain('In Prüfung');
    expect(String(mail?.payload.text)).toContain('Verifica in corso');
    expect(String(mail?.payload.text)).toContain(`/richiestagaranzia/${serial}/${n}`);
    // Delivered over SMTP by the outbox worker.
    await t.deliverMail();
    const delivered = smtp.lastTo(dealer.email);
    expect(delivered?.subject).toBe(`Garantieantrag ${n} (${serial}): In Prüfung`);
    expect(delivered?.text).toContain('Hinweis der Zentrale: Verifica in corso');

    // Locked for the dealer: no update, no attachment added or removed, no delete.
    const locked = async (response: Response | Promise<Response>) => {
      const r = await response;
      expect(r.statusCode, r.body).toBe(409);
      expect(problemOf(r).message).toBe('richiestagaranzia.error.notEditable');
    };
    await locked(
      dealer.agent.post(
        '/api/richiestagaranzia',
        { ...requestFor(serial), id: { matricola: serial, numeroRichiesta: n } },
        { query: { nuova: 'false' } },
      ),
    );
    const body = multipart([{ name: 'file', filename: 'b.pdf', content: PDF }]);
    await locked(
      dealer.agent.post(`/api/richiestagaranzia/salvaallegato/${serial}/${saved.dataRichiestaIso}/${n}`, body.payload, {
        headers: body.headers,
      }),
    );
    await locked(
      dealer.agent.post('/api/richiestagaranzia/cancellaallegato', {
        matricola: serial,
        numero: n,
        allegato: saved.allegati[0]?.id,
      }),
    );
    await locked(dealer.agent.delete(`/api/richiestagaranzia/${key}/de`));
    expect((await search(dealer.agent, { term: serial })).rows[0]).toMatchObject({
      statoAttivita: 'IN_ESAME',
      seEditable: 'N',
    });

    // A move the workflow does not have.
    const invalid = await setState(internal, saved, 'APERTA');
    expect(invalid.statusCode).toBe(400);
    expect(fieldsOf(invalid)).toEqual({ statoAttivita: 'richiestagaranzia.error.invalidTransition' });
    expect(fieldsOf(await setState(internal, saved, 'CHIUSA'))).toEqual({ statoAttivita: 'validation.invalid' });
    expect((await setState(internal, saved, 'INTEGRAZIONE', 'x'.repeat(501))).statusCode).toBe(400);
    expect((await setState(internal, saved, 'INTEGRAZIONE', 'a\u0000b')).statusCode).toBe(400);
    expect(
      (await internal.put(`/api/richiestagaranzia/${serial}/999999999/stato`, { statoAttivita: 'INTEGRAZIONE' }))
        .statusCode,
    ).toBe(404);

    // More information asked: the dealer edits again.
    const more = await setState(internal, saved, 'INTEGRAZIONE', 'Inviare foto della targhetta');
    expect(more.json<Warranty>()).toMatchObject({ statoAttivita: 'INTEGRAZIONE', seEditable: 'Y' });
    const again = await dealer.agent.post(
      '/api/richiestagaranzia',
      {
        ...requestFor(serial, { problemaNote: 'Foto della targhetta allegata' }),
        id: { matricola: serial, numeroRichiesta: n },
      },
      { query: { nuova: 'false' } },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Warranty>().problemaNote).toBe('Foto della targhetta allegata');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const photo = multipart([{ name: 'file', filename: 'targhetta.png', content: png }]);
    expect(
      (
        await dealer.agent.post(
          `/api/richiestagaranzia/salvaallegato/${serial}/${saved.dataRichiestaIso}/${n}`,
          photo.payload,
          {
            headers: photo.headers,
          },
        )
      ).statusCode,
    ).toBe(200);

    // Decided: locked for good, and no move left.
    expect((await setState(internal, saved, 'IN_ESAME')).statusCode).toBe(200);
    const approved = await setState(internal, saved, 'APPROVATA', 'Approvata: ricambio in garanzia');
    expect(approved.json<Warranty>()).toMatchObject({ statoAttivita: 'APPROVATA', seEditable: 'N', prossimiStati: [] });
    expect((await setState(internal, saved, 'RESPINTA')).statusCode).toBe(400);

    // Every change is an event with its note, and a mail to the dealer.
    const history = (await dealer.agent.get(`/api/richiestagaranzia/get/${key}`)).json<Warranty>().eventi;
    expect(history.map((e) => [e.statoAttivita, e.nota])).toEqual([
      ['APERTA', null],
      ['IN_ESAME', 'Verifica in corso'],
      ['INTEGRAZIONE', 'Inviare foto della targhetta'],
      ['IN_ESAME', null],
      ['APPROVATA', 'Approvata: ricambio in garanzia'],
    ]);
    const [request] = await t.db.select().from(richiestaGaranzia).where(eq(richiestaGaranzia.numero, n));
    expect(
      await t.db
        .select()
        .from(richiestaGaranziaEvento)
        .where(eq(richiestaGaranziaEvento.richiestaId, request?.id ?? 0)),
    ).toHaveLength(5);
    await t.deliverMail();
    expect(smtp.lastTo(dealer.email)?.subject).toBe(`Garantieantrag ${n} (${serial}): Genehmigt`);
    expect(smtp.lastTo(dealer.email)?.text).toContain('Approvata: ricambio in garanzia');
    const mails = await t.db.select().from(outboxMessage).where(eq(outboxMessage.kind, 'mail'));
    expect(mails.filter((m) => m.payload.to === dealer.email)).toHaveLength(4);
    // Still locked: the dealer cannot delete it.
    await locked(dealer.agent.delete(`/api/richiestagaranzia/${key}/it`));
  });

  it('downloads the request as a PDF in the asked language', async () => {
    const dealer = await dealerWith(1, { fineGaranzia: '2024-01-15' });
    const [serial = ''] = dealer.serials;
    const saved = await created(
      dealer.agent,
      requestFor(serial, {
        codiceComponente: 'PMP100',
        problemaNote: 'Cilindro del braccio che perde olio',
        stato: 'DEU',
      }),
      { filename: 'foto perdita.pdf', content: PDF },
    );
    const n = saved.id.numeroRichiesta;
    const url = `/api/richiestagaranzia/pdf/${serial}/${saved.dataRichiestaIso}/${n}`;
    const response = await dealer.agent.get(url, { query: { lingua: 'de' } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`richiesta-garanzia-${n}-${serial}.pdf`);
    const text = spawnSync('/usr/bin/pdftotext', ['-', '-'], { input: response.rawPayload, encoding: 'utf8' }).stdout;
    expect(text).toContain(`Garantieantrag ${n} – ${serial}`);
    expect(text).toContain('Seriennummer');
    expect(text).toContain('Schadensdatum');
    expect(text).toContain('Garantie abgelaufen');
    expect(text).toContain('Ölverlust');
    expect(text).toContain('Hydraulik');
    expect(text).toContain('Deutschland');
    expect(text).toContain('Cilindro del braccio che perde olio');
    expect(text).toContain('foto perdita.pdf');
    expect(text).toContain('Offen');
    // The date segment is the request's; another dealer's request is not found.
    expect((await dealer.agent.get(`/api/richiestagaranzia/pdf/${serial}/2020-01-01/${n}`)).statusCode).toBe(404);
    const other = await dealerWith(0);
    expect((await other.agent.get(url)).statusCode).toBe(404);
    expect((await internal.get(url)).statusCode).toBe(200);
  });

  it('is for dealers of the machine area, and blocked under a theme without parts', async () => {
    const plain = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_CART'] });
    const agent = await t.signIn(plain.login, plain.password);
    expect((await agent.get('/api/richiestagaranzias/search')).statusCode).toBe(403);
    const tracks = await t.createUser({ authorities: DEALER as never, tema: 'tracks' });
    const underTracks = await t.signIn(tracks.login, tracks.password);
    await createMachine(t.db, { matricola: nextSerial(), crCod, dealerLogin: tracks.login });
    for (const url of ['/api/richiestagaranzias/search', '/api/richiestagaranzia/gg']) {
      const response = await underTracks.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(problemOf(response).message).toBe('error.http.403');
    }
    // A dealer of the parts theme on the tracks host name is refused too.
    const dealer = await dealerWith(1);
    expect((await dealer.agent.get('/api/richiestagaranzias/search')).statusCode).toBe(200);
    expect(
      (await dealer.agent.get('/api/richiestagaranzias/search', { headers: { host: 'tracks.localhost' } })).statusCode,
    ).toBe(403);
    const before = await snapshot();
    const body = multipart([
      { name: 'richiesta', value: JSON.stringify(requestFor(dealer.serials[0] ?? '')) },
      { name: 'file', filename: 'a.pdf', content: PDF },
    ]);
    const onTracks = await dealer.agent.post('/api/richiestagaranzia', body.payload, {
      headers: { ...body.headers, host: 'tracks.localhost' },
      query: { nuova: 'true' },
    });
    expect(onTracks.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  describe('order variant (spec 2 §4: the cart sent as ORDCG with the request)', () => {
    const ADDRESS = {
      RAGSOC: 'Rossi Macchine Srl',
      INDIRIZZO: "Via dell'Industria 12",
      CAP: '25030',
      CITTA: 'Castel Mella',
      PROV: 'BS',
      STATO: 'ITA',
      TIPO_INDIRIZZO: '000',
    };
    const fill = async (agent: Agent, rows: { articolo: string; quantita: number; serialNumber?: string }[]) => {
      const response = await agent.post('/api/cartutil/cartall', {
        righe: rows.map((r) => ({
          idArticolo: parts[r.articolo]?.id,
          quantita: r.quantita,
          dataRichiesta: earliestRequestDate(),
          serialNumber: r.serialNumber,
          confermaSuperamento: false,
        })),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CartView>();
    };
    const checkout = (cart: CartView, overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
      privacy: true,
      linee: cart.righe.map((l) => l.id),
      totaleVisto: cart.totale,
      cartAddress: { ...ADDRESS },
      ...overrides,
    });
    const cartLines = async (agent: Agent) => (await agent.get('/api/cartitem')).json<CartView>().righe;
    const ordersOf = (userId: number) => t.db.select().from(ordine).where(eq(ordine.userId, userId));

    it('sends the cart as an ORDCG order and saves the request linked to it, once per key', async () => {
      const dealer = await dealerWith(1);
      const [serial = ''] = dealer.serials;
      const cart = await fill(dealer.agent, [
        { articolo: 'PMP100', quantita: 1, serialNumber: serial },
        { articolo: 'PMP200', quantita: 2, serialNumber: serial },
      ]);
      const idempotencyKey = randomUUID();
      const richiesta = {
        ...requestFor(serial, { codiceComponente: 'PMP100' }),
        ordine: { checkout: checkout(cart), idempotencyKey },
      };
      const before = await snapshot();
      const saved = await created(dealer.agent, richiesta);
      expect(saved.ordine?.numeroOrdine).toMatch(/^ORDCG§/);
      expect(saved).toMatchObject({
        numeroOrdine: saved.ordine?.numeroOrdine,
        dataOrdine: TODAY(),
        statoAttivita: 'APERTA',
        nomeAllegato: 'guasto.pdf',
      });
      const [order] = await ordersOf(dealer.id);
      expect(order).toMatchObject({
        id: saved.ordine?.id,
        tiporichiesta: 'ORDCG',
        numeroOrdine: saved.ordine?.numeroOrdine,
        idempotencyKey,
        ragsoc: ADDRESS.RAGSOC,
      });
      const [row] = await t.db
        .select()
        .from(richiestaGaranzia)
        .where(eq(richiestaGaranzia.numero, saved.id.numeroRichiesta));
      expect(row?.ordineId).toBe(order?.id);
      expect(await cartLines(dealer.agent)).toEqual([]);
      const after = await snapshot();
      expect(after).toMatchObject({
        requests: before.requests + 1,
        files: before.files + 1,
        orders: before.orders + 1,
      });
      // The order's mail and its ERP document are in the outbox.
      expect(after.outbox).toBe(before.outbox + 2);
      expect((await search(dealer.agent, { term: serial })).rows[0]?.numeroOrdine).toBe(saved.ordine?.numeroOrdine);
      const detail = (
        await dealer.agent.get(`/api/richiestagaranzia/get/${serial}/${saved.id.numeroRichiesta}`)
      ).json<Warranty>();
      expect(detail).toMatchObject({ numeroOrdine: saved.ordine?.numeroOrdine, dataOrdine: TODAY() });

      // The same key again (a retry): no second order, no second request, the same answer.
      await fill(dealer.agent, [{ articolo: 'PMP100', quantita: 1, serialNumber: serial }]);
      const retried = await create(dealer.agent, richiesta);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json<WarrantySaved>()).toMatchObject({
        id: saved.id,
        ordine: saved.ordine,
        numeroOrdine: saved.ordine?.numeroOrdine,
        allegati: saved.allegati,
      });
      expect(await ordersOf(dealer.id)).toHaveLength(1);
      expect(await snapshot()).toMatchObject({ ...after, outbox: after.outbox });
      // The line added since is still in the cart.
      expect(await cartLines(dealer.agent)).toHaveLength(1);
    });

    it('sends nothing when the request is refused: no order, the cart untouched, no outbox message', async () => {
      const dealer = await dealerWith(1);
      const [serial = ''] = dealer.serials;
      const cart = await fill(dealer.agent, [{ articolo: 'PMP100', quantita: 1, serialNumber: serial }]);
      const before = await snapshot();
      const response = await create(dealer.agent, {
        ...requestFor(serial, { dataGuasto: daysAgo(120) }),
        ordine: { checkout: checkout(cart), idempotencyKey: randomUUID() },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual({ dataGuasto: 'richiestagaranzia.error.mindate' });
      expect(await ordersOf(dealer.id)).toEqual([]);
      expect(await cartLines(dealer.agent)).toHaveLength(1);
      expect(await snapshot()).toEqual(before);
      // Terms missing: refused before the file is even stored.
      const noTerms = await create(dealer.agent, {
        ...requestFor(serial, { terminiAccettati: false }),
        ordine: { checkout: checkout(cart), idempotencyKey: randomUUID() },
      });
      expect(noTerms.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('saves no request when the order is refused: no row, no file left', async () => {
      const dealer = await dealerWith(1);
      const [serial = ''] = dealer.serials;
      // A warranty order needs the serial on every line.
      const cart = await fill(dealer.agent, [
        { articolo: 'PMP100', quantita: 1, serialNumber: serial },
        { articolo: 'PMP200', quantita: 1 },
      ]);
      const before = await snapshot();
      const noSerial = await create(dealer.agent, {
        ...requestFor(serial),
        ordine: { checkout: checkout(cart), idempotencyKey: randomUUID() },
      });
      expect(noSerial.statusCode).toBe(400);
      expect(fieldsOf(noSerial)).toEqual({
        [`linee.${cart.righe[1]?.id}.serialNumber`]: 'jricambiApp.checkout.matricola_required',
      });
      expect(await snapshot()).toEqual(before);
      // Lines the cart does not have.
      const unknown = await create(dealer.agent, {
        ...requestFor(serial),
        ordine: { checkout: checkout(cart, { linee: [999_999_999] }), idempotencyKey: randomUUID() },
      });
      expect(unknown.statusCode).toBe(409);
      expect(problemOf(unknown).message).toBe('cart.error.changed');
      expect(await snapshot()).toEqual(before);
      // A malformed checkout (privacy not accepted) is the request's validation error.
      const privacy = await create(dealer.agent, {
        ...requestFor(serial),
        ordine: { checkout: { ...checkout(cart), privacy: false }, idempotencyKey: randomUUID() },
      });
      expect(privacy.statusCode).toBe(400);
      expect(fieldsOf(privacy)).toEqual({ 'ordine.checkout.privacy': 'checkout.error.privacy' });
      expect(await snapshot()).toEqual(before);
      expect(await cartLines(dealer.agent)).toHaveLength(2);
      expect(await ordersOf(dealer.id)).toEqual([]);
    });
  });
});

describe('warranty requests with another maximum age (WARRANTY_MAX_AGE_DAYS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WARRANTY_MAX_AGE_DAYS: '30' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers it and applies it to the failure date', async () => {
    const u = await t.createUser({ authorities: DEALER as never });
    const serial = nextSerial();
    await createMachine(t.db, { matricola: serial, crCod: 'CR-W', dealerLogin: u.login });
    const agent = await t.signIn(u.login, u.password);
    expect((await agent.get('/api/richiestagaranzia/gg')).json()).toEqual({ gg: 30 });
    const send = (dataGuasto: string) => {
      const body = multipart([
        { name: 'richiesta', value: JSON.stringify(requestFor(serial, { dataGuasto })) },
        { name: 'file', filename: 'a.pdf', content: PDF },
      ]);
      return agent.post('/api/richiestagaranzia', body.payload, { headers: body.headers, query: { nuova: 'true' } });
    };
    const old = await send(daysAgo(31));
    expect(old.statusCode).toBe(400);
    expect(problemOf(old).fieldErrors).toEqual([
      { field: 'dataGuasto', message: 'richiestagaranzia.error.mindate', params: { gg: 30 } },
    ]);
    expect((await send(daysAgo(30))).statusCode).toBe(200);
  });
});
