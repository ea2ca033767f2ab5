import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GENERIC_SERIAL, TICKET_DEFAULTS, type Ticket, type TicketRow, type TicketSerial } from '@ricambi/domain';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessage, storedFile, ticket, ticketFile, ticketNota } from '../src/db/schema/index.ts';
import { createMachine } from './machine-factories.ts';
import { multipart, streamedMultipart } from './multipart.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

type Response = Awaited<ReturnType<Agent['get']>>;

const DEALER = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;
const INTERNAL = ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART'] as const;
const MB = 1024 * 1024;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** The first box of an MP4 file: what file-type reads to call it video/mp4. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(2000, 0),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000, 0x90)]);
const photo = (background = '#a63') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();

const fieldsOf = (response: Response) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));

/** Letters only: neither serials nor titles hold a digit, so a search by ticket number finds it by its number. */
const letters = (n: number) => {
  let s = '';
  let rest = n;
  do {
    s = String.fromCharCode(65 + (rest % 26)) + s;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return s;
};
const prefix = `TK${letters(process.pid % 100_000)}Q`;
let serialSequence = 0;
const nextSerial = () => `${prefix}${letters(++serialSequence).padStart(3, 'A')}`;

/** A ticket that passes every rule of spec 2 §5. */
const ticketFor = (matricola: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Perdita d’olio dal cilindro del braccio',
  clientDescription: 'La macchina perde olio idraulico dal cilindro del braccio dopo un’ora di lavoro.',
  tipologiaKey: 2,
  matricola,
  modello: 'Escavatore',
  oreUtilizzo: 1250,
  collocazioneKey: 3,
  urgenzaClienteKey: 4,
  ...overrides,
});

// Spec 2 §2–§9 and issue 14: support tickets of the customers' machines, answered by the help desk
// (ROLE_INTERNAL), each side mailed when the other writes; notes and files 3 days after closing.
describe('support tickets', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let internal: { login: string; email: string; agent: Agent };
  let internal2: { login: string; email: string; agent: Agent };
  /** Every help desk member of this file's database (each is mailed a new ticket). */
  const staffEmails: string[] = [];

  type Customer = { id: number; login: string; email: string; agent: Agent; serials: string[] };
  const dealerWith = async (
    machines: number,
    options: {
      langKey?: 'it' | 'de';
      fineGaranzia?: string | null;
      tema?: string;
    } = {},
  ): Promise<Customer> => {
    const u = await t.createUser({
      authorities: [...DEALER],
      langKey: options.langKey ?? 'it',
      firstName: 'Davide',
      lastName: 'Rossi',
      tema: options.tema,
    });
    const serials: string[] = [];
    for (let i = 0; i < machines; i++) {
      const serial = nextSerial();
      await createMachine(t.db, {
        matricola: serial,
        crCod: 'CR-TICKET',
        dealerLogin: u.login,
        descrizione: { it: 'Escavatore di prova', de: 'Testbagger', en: 'Test excavator' },
        fineGaranzia: options.fineGaranzia === undefined ? '2027-05-31' : options.fineGaranzia,
      });
      serials.push(serial);
    }
    return { ...u, agent: await t.signIn(u.login, u.password), serials };
  };
  const staffMember = async (langKey: 'it' | 'de' = 'it') => {
    const u = await t.createUser({ authorities: [...INTERNAL], firstName: 'Sara', langKey });
    staffEmails.push(u.email);
    return { ...u, agent: await t.signIn(u.login, u.password) };
  };

  const create = (agent: Agent, body: unknown, send: { headers?: Record<string, string> } = {}) =>
    agent.post('/api/sysaid', body as Record<string, unknown>, send);
  const opened = async (agent: Agent, body: unknown) => {
    const response = await create(agent, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ newTicketId: number }>().newTicketId;
  };
  const read = async (agent: Agent, id: number) => {
    const response = await agent.get(`/api/sysaid/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Ticket>();
  };
  const search = async (agent: Agent, query: Record<string, string> = {}) => {
    const response = await agent.get('/api/sysaid', { query });
    expect(response.statusCode, response.body).toBe(200);
    return {
      rows: response.json<TicketRow[]>(),
      total: Number(response.headers['x-total-count']),
      link: String(response.headers.link ?? ''),
    };
  };
  const idsOf = async (agent: Agent, query: Record<string, string> = {}) =>
    (await search(agent, { size: '100', ...query })).rows.map((r) => r.id);
  const note = (agent: Agent, ticketId: number, text: string) =>
    agent.post('/api/sysaid/addticketnote', { ticketId, note: text });
  const upload = (agent: Agent, id: number | string, filename: string, content: Buffer) => {
    const body = multipart([{ name: 'file', filename, content }]);
    return agent.post(`/api/sysaid/addticketfile/${id}`, body.payload, { headers: body.headers });
  };
  const setStatus = (agent: Agent, id: number, status: number) => agent.put('/api/sysaid', { id, status });
  const waiting = async (agent: Agent) => {
    const response = await agent.get('/api/sysaid/count');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ count: number }>().count;
  };

  const countOf = async (
    table: typeof ticket | typeof ticketNota | typeof ticketFile | typeof storedFile | typeof outboxMessage,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  /** Every object in the file store (committed and temporary). */
  const storedObjects = async () => {
    const files = t.config.files;
    if (files.kind !== 'local') return [];
    const entries = await fs.readdir(files.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  };
  const snapshot = async () => ({
    tickets: await countOf(ticket),
    notes: await countOf(ticketNota),
    ticketFiles: await countOf(ticketFile),
    files: await countOf(storedFile),
    objects: (await storedObjects()).length,
    outbox: await countOf(outboxMessage),
  });
  const lastOutboxId = async () =>
    (
      await t.db.select({ id: sql<number>`coalesce(max(${outboxMessage.id}), 0)`.mapWith(Number) }).from(outboxMessage)
    )[0]?.id ?? 0;
  /** The mails queued after `since` (an outbox id). */
  const mailsSince = async (since: number) =>
    (
      await t.db
        .select()
        .from(outboxMessage)
        .where(and(eq(outboxMessage.kind, 'mail'), gt(outboxMessage.id, since)))
        .orderBy(asc(outboxMessage.id))
    ).map((m) => m.payload as { to: string; subject: string; text: string });
  /** Delivers every pending mail over SMTP. */
  const deliverAll = async () => {
    for (let i = 0; i < 20; i++) {
      await t.deliverMail();
      const [pending] = await t.db
        .select({ n: count() })
        .from(outboxMessage)
        .where(and(eq(outboxMessage.kind, 'mail'), eq(outboxMessage.status, 'PENDING')));
      if ((pending?.n ?? 0) === 0) return;
    }
  };
  const shiftCloseTime = (id: number, days: number) =>
    t.db
      .update(ticket)
      .set({ closeTime: sql`${ticket.closeTime} - make_interval(days => ${days}::int)` })
      .where(eq(ticket.id, id));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
    internal = await staffMember();
    internal2 = await staffMember('de');
    // Every customer may look at GENERIC; it is never a ticket's machine.
    await createMachine(t.db, { matricola: GENERIC_SERIAL, crCod: GENERIC_SERIAL }).catch(() => undefined);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => smtp.clear());

  it('opens a ticket on the customer’s machine: model and warranty end from the machine, serial upper-cased, status 1, waiting for the help desk, which is mailed', async () => {
    const dealer = await dealerWith(1);
    const [serial = ''] = dealer.serials;
    // Spec 2 §3: the new-ticket form starts from these; the location must still be chosen.
    expect(TICKET_DEFAULTS).toEqual({ tipologiaKey: 2, collocazioneKey: 0, urgenzaClienteKey: 4, status: 1 });
    const before = await snapshot();
    const since = await lastOutboxId();
    const started = Date.now();
    const id = await opened(dealer.agent, {
      ...ticketFor(serial.toLowerCase(), {
        tipologiaKey: TICKET_DEFAULTS.tipologiaKey,
        urgenzaClienteKey: TICKET_DEFAULTS.urgenzaClienteKey,
        title: '  Perdita d’olio dal cilindro del braccio  ',
        modello: 'Quello che il cliente ha scritto',
      }),
      // What the customer may not set is ignored.
      status: 3,
      attesa: 'CUSTOMER',
      login: internal.login,
    });
    expect(id).toBeGreaterThan(0);
    const created = await read(dealer.agent, id);
    expect(created).toMatchObject({
      id,
      login: dealer.login,
      nome: 'Davide',
      cognome: 'Rossi',
      title: 'Perdita d’olio dal cilindro del braccio',
      clientDescription: 'La macchina perde olio idraulico dal cilindro del braccio dopo un’ora di lavoro.',
      descrizione: 'La macchina perde olio idraulico dal cilindro del braccio dopo un’ora di lavoro.',
      tipologiaKey: 2,
      matricola: serial,
      modello: 'Escavatore di prova',
      oreUtilizzo: 1250,
      collocazioneKey: 3,
      urgenzaClienteKey: 4,
      status: 1,
      lingua: 'it',
      dataGaranzia: '31-05-2027 00:00:00',
      notes: [],
      files: [],
      close_time: null,
      attesa: 'STAFF',
      assegnatario: null,
      aperto: true,
    });
    const insertTime = new Date(created.insert_time).getTime();
    expect(insertTime).toBeGreaterThanOrEqual(started - 5000);
    expect(insertTime).toBeLessThanOrEqual(Date.now() + 5000);
    expect(await snapshot()).toMatchObject({ tickets: before.tickets + 1, notes: before.notes, files: before.files });

    // Every help desk member is told, in its language, with a link to the ticket.
    const mails = await mailsSince(since);
    expect(mails.map((m) => m.to).sort()).toEqual([...staffEmails].sort());
    expect(mails.find((m) => m.to === internal2.email)?.subject).toBe(
      `Neues Ticket ${id} (${serial}): Perdita d’olio dal cilindro del braccio`,
    );
    expect(mails.every((m) => m.text.includes(`http://localhost:8080/ticket/${id}`))).toBe(true);
    await deliverAll();
    expect(smtp.lastTo(internal.email)?.subject).toBe(
      `Nuovo ticket ${id} (${serial}): Perdita d’olio dal cilindro del braccio`,
    );
    expect(smtp.lastTo(internal.email)?.text).toContain(`${dealer.login} ha aperto il ticket n. ${id}`);

    // The model in the language asked; a machine without a warranty end has none.
    const german = await dealerWith(1, { fineGaranzia: null });
    const germanId = await opened(german.agent, { ...ticketFor(german.serials[0] ?? ''), lingua: 'de' });
    expect(await read(german.agent, germanId)).toMatchObject({
      modello: 'Testbagger',
      lingua: 'de',
      dataGaranzia: null,
    });
  });

  it('refuses a ticket without its required fields, with location 0, on a machine not the customer’s, or from the help desk, and stores nothing', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const [serial = ''] = dealer.serials;
    const before = await snapshot();
    const refused = async (
      body: unknown,
      status: number,
      fields: Record<string, string> | null,
      agent = dealer.agent,
    ) => {
      const r = await create(agent, body);
      expect(r.statusCode, r.body).toBe(status);
      if (fields) expect(fieldsOf(r)).toEqual(fields);
      return r;
    };

    // Spec 2 §5: saving is refused while the location is 0 (the form's default).
    const location = await refused(ticketFor(serial, { collocazioneKey: TICKET_DEFAULTS.collocazioneKey }), 400, {
      collocazioneKey: 'ticket.error.location',
    });
    expect(problemOf(location).message).toBe('error.validation');
    // Serial, model, hours of use, type, location, urgency and title are required.
    await refused({}, 400, {
      title: 'validation.required',
      tipologiaKey: 'validation.required',
      matricola: 'validation.required',
      modello: 'validation.required',
      oreUtilizzo: 'validation.required',
      collocazioneKey: 'validation.required',
      urgenzaClienteKey: 'validation.required',
    });
    await refused(ticketFor(serial, { title: '   ', modello: '', matricola: ' ' }), 400, {
      title: 'validation.required',
      modello: 'validation.required',
      matricola: 'validation.required',
    });
    // Keys out of their lists (type 1–2, location 1–13, urgency 4–1), hours, lengths.
    await refused(ticketFor(serial, { tipologiaKey: 3, collocazioneKey: 14, urgenzaClienteKey: 5 }), 400, {
      tipologiaKey: 'validation.invalid',
      collocazioneKey: 'validation.invalid',
      urgenzaClienteKey: 'validation.invalid',
    });
    await refused(ticketFor(serial, { oreUtilizzo: -1 }), 400, { oreUtilizzo: 'validation.invalid' });
    await refused(ticketFor(serial, { oreUtilizzo: 12.5 }), 400, { oreUtilizzo: 'validation.invalid' });
    await refused(ticketFor(serial, { title: 'x'.repeat(201) }), 400, { title: 'validation.maxlength' });
    await refused(ticketFor(serial, { clientDescription: 'x'.repeat(4001) }), 400, {
      clientDescription: 'validation.maxlength',
    });
    // The serial must be one of the customer's machines: not another's, not unknown, not GENERIC.
    const notFound = { matricola: 'ticket.error.serialNotFound' };
    await refused(ticketFor(other.serials[0] ?? ''), 400, notFound);
    await refused(ticketFor(`${prefix}ZZZZ`), 400, notFound);
    await refused(ticketFor(GENERIC_SERIAL), 400, notFound);
    await refused(ticketFor(GENERIC_SERIAL.toLowerCase()), 400, notFound);
    // NUL bytes and other control characters.
    await refused(ticketFor(serial, { title: 'olio\u0000' }), 400, { title: 'validation.invalid' });
    await refused(ticketFor(serial, { clientDescription: 'a\u0001b' }), 400, {
      clientDescription: 'validation.invalid',
    });
    // No object.
    for (const body of ['null', '[1,2]', '"x"']) {
      const r = await dealer.agent.post('/api/sysaid', body, { headers: { 'content-type': 'application/json' } });
      expect(r.statusCode, body).toBe(400);
    }
    // The help desk answers tickets; it does not open them.
    const staff = await refused(ticketFor(serial), 403, null, internal.agent);
    expect(problemOf(staff).message).toBe('ticket.error.staffCannotOpen');
    // Without the CSRF token.
    const noCsrf = await dealer.agent.post('/api/sysaid', ticketFor(serial), { csrf: false });
    expect(noCsrf.statusCode).toBe(403);

    expect(await snapshot()).toEqual(before);
    // The same ticket with a location is taken.
    await opened(dealer.agent, ticketFor(serial));
  });

  it('lists the customer’s tickets 20 a page with every filter, newest first, and the help desk every customer’s', async () => {
    const dealer = await dealerWith(3);
    const other = await dealerWith(1);
    const [s1 = '', s2 = '', s3 = ''] = dealer.serials;
    // 23 tickets: 21 plain ones, and two to find by their words.
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) ids.push(await opened(dealer.agent, ticketFor(i % 2 ? s1 : s2)));
    const cabin = await opened(
      dealer.agent,
      ticketFor(s3, {
        title: 'Cabina: aria condizionata guasta',
        clientDescription: 'Il compressore non parte.',
        tipologiaKey: 1,
        collocazioneKey: 5,
        urgenzaClienteKey: 1,
      }),
    );
    const swing = await opened(
      dealer.agent,
      ticketFor(s3, {
        title: 'Rumore dalla ralla',
        clientDescription: 'Si sente un CIGOLIO in rotazione.',
        collocazioneKey: 10,
        urgenzaClienteKey: 2,
      }),
    );
    ids.push(cabin, swing);
    const others = await opened(other.agent, ticketFor(other.serials[0] ?? '', { title: 'Rumore dalla ralla' }));

    // States: one waiting for the customer, one closed, one being handled.
    const [w = 0, c = 0, h = 0] = ids;
    expect((await setStatus(internal.agent, w, 46)).statusCode).toBe(200);
    expect((await setStatus(internal.agent, c, 3)).statusCode).toBe(200);
    expect((await note(internal2.agent, h, 'Presa in carico')).statusCode).toBe(200);
    expect((await setStatus(internal2.agent, h, 2)).statusCode).toBe(200);

    // Page 0: 20 of 23, newest first; page 1: the other 3; X-Total-Count and Link.
    const first = await search(dealer.agent);
    expect(first.total).toBe(23);
    expect(first.rows).toHaveLength(20);
    expect(first.rows.map((r) => r.id)).toEqual([...ids].sort((a, b) => b - a).slice(0, 20));
    expect(first.link).toContain('rel="next"');
    expect(first.link).toContain('page=1');
    const second = await search(dealer.agent, { page: '1' });
    expect(second.total).toBe(23);
    expect(second.rows.map((r) => r.id)).toEqual([...ids].sort((a, b) => b - a).slice(20));
    expect(second.link).not.toContain('rel="next"');
    expect((await search(dealer.agent, { page: '5' })).total).toBe(23);
    expect(first.rows.find((r) => r.id === cabin)).toMatchObject({
      title: 'Cabina: aria condizionata guasta',
      matricola: s3,
      modello: 'Escavatore di prova',
      login: dealer.login,
      nome: 'Davide',
      cognome: 'Rossi',
      tipologiaKey: 1,
      collocazioneKey: 5,
      urgenzaClienteKey: 1,
      status: 1,
      attesa: 'STAFF',
      close_time: null,
      note: 0,
      file: 0,
    });
    const handled = (await search(dealer.agent, { page: '1' })).rows.find((r) => r.id === h);
    expect(handled).toMatchObject({ status: 2, attesa: 'CUSTOMER', note: 1, file: 0 });

    // State (default ALL).
    expect((await search(dealer.agent, { stato: 'ALL' })).total).toBe(23);
    expect(await idsOf(dealer.agent, { stato: 'CLOSE' })).toEqual([c]);
    expect(await idsOf(dealer.agent, { stato: '46' })).toEqual([w]);
    const open = await idsOf(dealer.agent, { stato: 'OPEN' });
    expect(open).toHaveLength(22);
    expect(open).not.toContain(c);
    expect(open).toContain(w);
    const closedRow = (await search(dealer.agent, { stato: 'CLOSE' })).rows[0];
    expect(closedRow?.close_time).not.toBeNull();
    expect(closedRow?.attesa).toBeNull();

    // Type, location, customer urgency.
    expect(await idsOf(dealer.agent, { tipologiaKey: '1' })).toEqual([cabin]);
    expect(await idsOf(dealer.agent, { collocazioneKey: '10' })).toEqual([swing]);
    expect(await idsOf(dealer.agent, { urgenzaClienteKey: '2' })).toEqual([swing]);
    expect(await idsOf(dealer.agent, { urgenzaClienteKey: '4', collocazioneKey: '3' })).toHaveLength(21);
    expect(await idsOf(dealer.agent, { tipologiaKey: '1', stato: 'CLOSE' })).toEqual([]);

    // Free text: title, description and serial in any case, and the ticket's number.
    expect(await idsOf(dealer.agent, { ricerca: 'CABINA' })).toEqual([cabin]);
    expect(await idsOf(dealer.agent, { ricerca: 'cigolio' })).toEqual([swing]);
    expect(await idsOf(dealer.agent, { ricerca: 'ralla' })).toEqual([swing]);
    expect((await search(dealer.agent, { ricerca: s3.toLowerCase() })).total).toBe(2);
    expect((await search(dealer.agent, { ricerca: s1 })).total).toBe(10);
    expect(await idsOf(dealer.agent, { ricerca: String(h) })).toEqual([h]);
    expect(await idsOf(dealer.agent, { ricerca: '100%_' })).toEqual([]);
    // Another customer's ticket is found by no one but its customer and the help desk.
    expect(await idsOf(dealer.agent, { ricerca: String(others) })).toEqual([]);
    expect(await idsOf(other.agent)).toEqual([others]);

    // Dates from and to, both included, as days in Italy: 23:30 UTC on 10 March is 00:30 on 11 March.
    const at = async (id: number, iso: string) =>
      t.db
        .update(ticket)
        .set({ insertTime: new Date(iso) })
        .where(eq(ticket.id, id));
    const [d1 = 0, d2 = 0, d3 = 0, d4 = 0] = ids.slice(3);
    await at(d1, '2025-03-09T23:30:00Z'); // 10 March, 00:30
    await at(d2, '2025-03-10T22:59:00Z'); // 10 March, 23:59
    await at(d3, '2025-03-10T23:30:00Z'); // 11 March, 00:30
    await at(d4, '2025-07-31T21:30:00Z'); // 31 July, 23:30 (summer time)
    const between = async (dateFrom?: string, dateTo?: string) =>
      (
        await idsOf(dealer.agent, {
          ...(dateFrom ? { dateFrom } : {}),
          ...(dateTo ? { dateTo } : {}),
        })
      ).sort((a, b) => a - b);
    expect(await between('2025-03-10', '2025-03-10')).toEqual([d1, d2].sort((a, b) => a - b));
    expect(await between('2025-03-11', '2025-03-11')).toEqual([d3]);
    expect(await between(undefined, '2025-03-10')).toEqual([d1, d2].sort((a, b) => a - b));
    expect(await between('2025-03-11', '2025-12-31')).toEqual([d3, d4].sort((a, b) => a - b));
    expect(await between('2025-07-31', '2025-07-31')).toEqual([d4]);
    expect(await between('2025-08-01', '2025-08-01')).toEqual([]);
    expect((await search(dealer.agent, { dateFrom: '2026-01-01' })).total).toBe(19);

    // Sorting: by urgency, by id; default newest first (the back-dated ones last).
    const byUrgency = (await search(dealer.agent, { sort: 'urgenzaClienteKey,asc' })).rows;
    expect(byUrgency.slice(0, 2).map((r) => r.id)).toEqual([cabin, swing]);
    const byId = await idsOf(dealer.agent, { sort: 'id,asc' });
    expect(byId).toEqual([...ids].sort((a, b) => a - b));
    const newest = await idsOf(dealer.agent);
    expect(newest.slice(-4)).toEqual([d4, d3, d2, d1]);
    const byStatus = (await search(dealer.agent, { sort: 'status,desc', size: '2' })).rows;
    expect(byStatus.map((r) => r.status)).toEqual([46, 3]);

    // The help desk sees every customer's tickets, finds them by customer, and its own with soloMiei.
    const ralla = await idsOf(internal.agent, { ricerca: 'ralla' });
    expect(ralla.sort((a, b) => a - b)).toEqual([swing, others].sort((a, b) => a - b));
    expect((await search(internal.agent, { ricerca: dealer.login })).total).toBe(23);
    expect(await idsOf(internal2.agent, { soloMiei: 'true', ricerca: dealer.login })).toEqual([h]);
    expect((await idsOf(internal.agent, { soloMiei: 'true', ricerca: dealer.login })).sort((a, b) => a - b)).toEqual(
      [w, c].sort((a, b) => a - b),
    );
    expect((await search(internal.agent, { soloMiei: 'false', ricerca: dealer.login })).total).toBe(23);
    // soloMiei means nothing more to a customer, who sees only its own anyway.
    expect((await search(dealer.agent, { soloMiei: 'true' })).total).toBe(23);

    // Wrong filters are 400, never ignored.
    const wrong: Record<string, string>[] = [
      { stato: 'ALTRO' },
      { tipologiaKey: '3' },
      { collocazioneKey: '0' },
      { collocazioneKey: '14' },
      { urgenzaClienteKey: '5' },
      { dateFrom: '10/03/2025' },
      { dateTo: '2025-02-30' },
      { dateFrom: '2025-13-01' },
      { dateFrom: '0000-00-00' },
      { sort: 'title,asc' },
      { size: '101' },
      { soloMiei: 'forse' },
      { ricerca: 'x'.repeat(101) },
    ];
    for (const query of wrong) {
      const response = await dealer.agent.get('/api/sysaid', { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(fieldsOf(response)), JSON.stringify(query)).toEqual(Object.keys(query));
    }
  });

  it('shows a customer its own tickets only: another’s is 403 on read, note, file, PDF and download; an unknown one 404; the help desk sees every one', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const id = await opened(dealer.agent, ticketFor(dealer.serials[0] ?? ''));
    const added = await upload(dealer.agent, id, 'foto.png', await photo());
    expect(added.statusCode, added.body).toBe(200);
    const [file] = added.json<Ticket>().files;
    const before = await snapshot();

    const forbidden = async (response: Response | Promise<Response>) => {
      const r = await response;
      expect(r.statusCode, r.body).toBe(403);
      expect(problemOf(r).message).toBe('ticket.error.notYours');
    };
    await forbidden(other.agent.get(`/api/sysaid/${id}`));
    await forbidden(note(other.agent, id, 'Posso aiutare?'));
    await forbidden(upload(other.agent, id, 'altra.png', await photo('#123')));
    await forbidden(other.agent.get(`/api/sysaid/downloadpdf/${id}/it`));
    await forbidden(other.agent.get(`/api/sysaid/download/${id}/${file?.file_id}`));
    // A customer does not set a status, not even on its own ticket.
    const status = await setStatus(dealer.agent, id, 3);
    expect(status.statusCode).toBe(403);
    expect(problemOf(status).message).toBe('error.http.403');
    expect(await snapshot()).toEqual(before);
    expect((await read(dealer.agent, id)).status).toBe(1);

    const unknown = 999_999_999;
    for (const response of [
      await dealer.agent.get(`/api/sysaid/${unknown}`),
      await note(dealer.agent, unknown, 'Nota'),
      await upload(dealer.agent, unknown, 'foto.png', await photo()),
      await dealer.agent.get(`/api/sysaid/downloadpdf/${unknown}/it`),
      await setStatus(internal.agent, unknown, 2),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(problemOf(response).message).toBe('ticket.error.notFound');
    }
    // A file is downloaded through its own ticket only.
    const second = await opened(dealer.agent, ticketFor(dealer.serials[0] ?? ''));
    expect((await dealer.agent.get(`/api/sysaid/download/${second}/${file?.file_id}`)).statusCode).toBe(404);
    expect((await dealer.agent.get(`/api/sysaid/download/${id}/${randomUUID()}`)).statusCode).toBe(404);
    expect((await dealer.agent.get(`/api/sysaid/download/${id}/not-a-uuid`)).statusCode).toBe(400);
    expect((await dealer.agent.get('/api/sysaid/abc')).statusCode).toBe(400);
    expect((await dealer.agent.get(`/api/sysaid/downloadpdf/${id}/xx`)).statusCode).toBe(400);

    // The help desk reads, downloads and prints any customer's ticket.
    expect((await read(internal.agent, id)).login).toBe(dealer.login);
    expect((await internal.agent.get(`/api/sysaid/download/${id}/${file?.file_id}`)).statusCode).toBe(200);
    expect((await internal.agent.get(`/api/sysaid/downloadpdf/${id}/it`)).statusCode).toBe(200);
  });

  it('runs the issue’s flow: opened with a photo, answered, waiting for the customer, answered back, closed; notes within 3 days of closing only', async () => {
    const dealer = await dealerWith(1, { langKey: 'de' });
    const [serial = ''] = dealer.serials;
    const staffWaiting = await waiting(internal.agent);
    expect(await waiting(dealer.agent)).toBe(0);

    // The dealer opens a ticket with a photo.
    const id = await opened(dealer.agent, ticketFor(serial, { title: 'Joystick senza risposta' }));
    const png = await photo();
    const withPhoto = await upload(dealer.agent, id, 'joystick.png', png);
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    expect(withPhoto.json<Ticket>().files.map((f) => [f.file_name, f.kind])).toEqual([['joystick.png', 'image']]);
    // An image has its WebP preview for the files list.
    const photoId = withPhoto.json<Ticket>().files[0]?.file_id;
    const preview = await dealer.agent.get(`/api/sysaid/download/${id}/${photoId}/thumbnail`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    // The help desk's badge counts it, for every member; the dealer's does not.
    expect(await waiting(internal.agent)).toBe(staffWaiting + 1);
    expect(await waiting(internal2.agent)).toBe(staffWaiting + 1);
    expect(await waiting(dealer.agent)).toBe(0);

    // The help desk answers: the ticket is in hand (2) and waits for the dealer, mailed in its language (German).
    let since = await lastOutboxId();
    const answer = await note(internal.agent, id, 'Inviare il codice errore del display.');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ success: boolean; ticket: Ticket }>()).toMatchObject({
      success: true,
      ticket: { status: 2, attesa: 'CUSTOMER', assegnatario: internal.login },
    });
    expect(answer.json<{ ticket: Ticket }>().ticket.notes).toEqual([
      expect.objectContaining({ author: internal.login, staff: true, text: 'Inviare il codice errore del display.' }),
    ]);
    expect(await waiting(internal.agent)).toBe(staffWaiting);
    expect(await waiting(dealer.agent)).toBe(1);
    expect((await mailsSince(since)).map((m) => m.to)).toEqual([dealer.email]);
    await deliverAll();
    expect(smtp.lastTo(dealer.email)?.subject).toBe(`Ticket ${id}: neue Antwort des Kundendienstes`);
    expect(smtp.lastTo(dealer.email)?.text).toContain('Notiz: Inviare il codice errore del display.');

    // Waiting for the customer (46): the dealer's badge and a status mail.
    since = await lastOutboxId();
    const set46 = await setStatus(internal.agent, id, 46);
    expect(set46.statusCode, set46.body).toBe(200);
    expect(set46.json<Ticket>()).toMatchObject({ status: 46, attesa: 'CUSTOMER', close_time: null });
    expect(await waiting(dealer.agent)).toBe(1);
    expect(await waiting(internal.agent)).toBe(staffWaiting);
    expect((await mailsSince(since)).map((m) => m.to)).toEqual([dealer.email]);
    await deliverAll();
    expect(smtp.lastTo(dealer.email)?.subject).toBe(`Ticket ${id}: Wartet auf den Kunden`);
    // The same status again changes nothing and mails no one.
    since = await lastOutboxId();
    expect((await setStatus(internal.agent, id, 46)).statusCode).toBe(200);
    expect(await mailsSince(since)).toEqual([]);

    // The dealer answers: handled again (2), waiting for the help desk; the member answering it is mailed.
    since = await lastOutboxId();
    smtp.clear();
    const back = await note(dealer.agent, id, '  Errore E-214 sul display.  ');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ ticket: Ticket }>().ticket).toMatchObject({
      status: 2,
      attesa: 'STAFF',
      assegnatario: internal.login,
    });
    expect(back.json<{ ticket: Ticket }>().ticket.notes.map((n) => [n.author, n.staff, n.text])).toEqual([
      [internal.login, true, 'Inviare il codice errore del display.'],
      [dealer.login, false, 'Errore E-214 sul display.'],
    ]);
    expect(await waiting(dealer.agent)).toBe(0);
    expect(await waiting(internal.agent)).toBe(staffWaiting + 1);
    expect((await mailsSince(since)).map((m) => m.to)).toEqual([internal.email]);
    await deliverAll();
    expect(smtp.lastTo(internal.email)?.subject).toBe(`Ticket ${id} (${serial}): nuova nota di ${dealer.login}`);
    expect(smtp.lastTo(internal.email)?.text).toContain('Nota: Errore E-214 sul display.');
    expect(smtp.lastTo(internal2.email)).toBeUndefined();
    // A note needs text.
    for (const text of ['', '   '])
      expect(fieldsOf(await note(dealer.agent, id, text))).toEqual({ note: 'validation.required' });
    expect(fieldsOf(await note(dealer.agent, id, 'a\u0000b'))).toEqual({ note: 'validation.invalid' });
    expect(fieldsOf(await note(dealer.agent, id, 'x'.repeat(4001)))).toEqual({ note: 'validation.maxlength' });

    // The help desk closes it: close time set, nobody waits, the dealer is told.
    since = await lastOutboxId();
    const closedAt = Date.now();
    const closed = await setStatus(internal.agent, id, 3);
    expect(closed.statusCode, closed.body).toBe(200);
    const closedTicket = closed.json<Ticket>();
    expect(closedTicket).toMatchObject({ status: 3, attesa: null, aperto: true });
    expect(Math.abs(new Date(closedTicket.close_time ?? 0).getTime() - closedAt)).toBeLessThan(10_000);
    expect(await waiting(dealer.agent)).toBe(0);
    expect(await waiting(internal.agent)).toBe(staffWaiting);
    expect((await mailsSince(since)).map((m) => m.to)).toEqual([dealer.email]);
    await deliverAll();
    expect(smtp.lastTo(dealer.email)?.subject).toBe(`Ticket ${id}: Geschlossen`);

    // Two days after closing the dealer still adds a note and a file; the ticket stays closed.
    await shiftCloseTime(id, 2);
    const late = await note(dealer.agent, id, 'Grazie, risolto.');
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json<{ ticket: Ticket }>().ticket).toMatchObject({ status: 3, attesa: null, aperto: true });
    const lateFile = await upload(dealer.agent, id, 'rapporto.pdf', PDF);
    expect(lateFile.statusCode, lateFile.body).toBe(200);
    expect(lateFile.json<Ticket>().files.map((f) => f.file_name)).toEqual(['joystick.png', 'rapporto.pdf']);
    expect(await waiting(internal.agent)).toBe(staffWaiting);
    expect(await waiting(dealer.agent)).toBe(0);

    // Four days after: refused, nothing stored, for either side.
    await shiftCloseTime(id, 2);
    expect((await read(dealer.agent, id)).aperto).toBe(false);
    const before = await snapshot();
    for (const response of [
      await note(dealer.agent, id, 'Ancora una cosa.'),
      await note(internal.agent, id, 'Risposta tardiva.'),
      await upload(dealer.agent, id, 'altra.png', png),
      await upload(internal.agent, id, 'altra.pdf', PDF),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(problemOf(response).message).toBe('ticket.error.closed');
    }
    expect(await snapshot()).toEqual(before);
    const final = await read(dealer.agent, id);
    expect(final.notes).toHaveLength(3);
    expect(final.files).toHaveLength(2);

    // The help desk may reopen it; then it takes notes again and waits for the help desk.
    const reopened = await setStatus(internal.agent, id, 2);
    expect(reopened.json<Ticket>()).toMatchObject({ status: 2, close_time: null, attesa: 'STAFF', aperto: true });
    expect((await note(dealer.agent, id, 'Il guasto si è ripresentato.')).statusCode).toBe(200);

    // Wrong statuses are 400.
    for (const status of [0, 4, 45, '3'])
      expect((await internal.agent.put('/api/sysaid', { id, status })).statusCode).toBe(400);
  });

  it('takes images, videos and PDFs judged by content up to 100 MB, and downloads them under their name', async () => {
    const dealer = await dealerWith(1);
    const id = await opened(dealer.agent, ticketFor(dealer.serials[0] ?? ''));
    const png = await photo();
    for (const [name, content] of [
      ['foto perdita.png', png],
      ['giro di prova.mp4', MP4],
      ['rapporto.pdf', PDF],
    ] as const) {
      const response = await upload(dealer.agent, id, name, content);
      expect(response.statusCode, response.body).toBe(200);
    }
    // The help desk adds one too, and the ticket then waits for the customer.
    const byStaff = await upload(internal.agent, id, 'schema.pdf', PDF);
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    const view = byStaff.json<Ticket>();
    expect(view.attesa).toBe('CUSTOMER');
    expect(view.files.map((f) => [f.file_name, f.kind, f.contentType])).toEqual([
      ['foto perdita.png', 'image', 'image/png'],
      ['giro di prova.mp4', 'video', 'video/mp4'],
      ['rapporto.pdf', 'pdf', 'application/pdf'],
      ['schema.pdf', 'pdf', 'application/pdf'],
    ]);
    expect(view.files.every((f) => f.file_id === f.id)).toBe(true);
    expect((await search(dealer.agent)).rows.find((r) => r.id === id)?.file).toBe(4);

    const [image] = view.files;
    const download = await dealer.agent.get(`/api/sysaid/download/${id}/${image?.file_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''foto%20perdita.png");
    expect(download.rawPayload.equals(png)).toBe(true);

    const before = await snapshot();
    // An executable named .jpg, an empty file, no file at all.
    const renamed = await upload(dealer.agent, id, 'foto.jpg', EXE);
    expect(renamed.statusCode).toBe(400);
    expect(problemOf(renamed)).toMatchObject({ message: 'upload.wrongType', params: { name: 'foto.jpg' } });
    expect((await upload(dealer.agent, id, 'vuoto.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await dealer.agent.post(`/api/sysaid/addticketfile/${id}`, { a: 1 })).statusCode).toBe(400);
    // A video of 101 MB, generated while it is sent.
    const big = streamedMultipart([], { name: 'file', filename: 'cantiere.mp4', start: MP4, total: 101 * MB });
    const tooLarge = await dealer.agent.post(`/api/sysaid/addticketfile/${id}`, big.payload, {
      headers: big.headers,
    });
    expect(tooLarge.statusCode, tooLarge.body).toBe(413);
    expect(problemOf(tooLarge)).toMatchObject({
      message: 'upload.tooLarge',
      params: { name: 'cantiere.mp4', limit: '100 MB' },
    });
    expect(problemOf(tooLarge).fieldErrors?.[0]).toMatchObject({ field: 'file', message: 'upload.tooLarge' });
    // Refused while counting the bytes as they came, not by a declared length.
    expect(big.read()).toBeGreaterThan(100 * MB);
    expect(await snapshot()).toEqual(before);
    expect((await read(dealer.agent, id)).files).toHaveLength(4);
  }, 120_000);

  it('prints the ticket with its notes as a PDF in the asked language', async () => {
    const dealer = await dealerWith(1, { fineGaranzia: '2027-01-15' });
    const [serial = ''] = dealer.serials;
    const id = await opened(
      dealer.agent,
      ticketFor(serial, { title: 'Perdita dal cilindro', clientDescription: 'Olio sotto la macchina ogni mattina.' }),
    );
    expect((await upload(dealer.agent, id, 'foto cilindro.png', await photo())).statusCode).toBe(200);
    expect((await note(internal.agent, id, 'Sostituire la guarnizione lato stelo.')).statusCode).toBe(200);
    expect((await setStatus(internal.agent, id, 46)).statusCode).toBe(200);

    const response = await dealer.agent.get(`/api/sysaid/downloadpdf/${id}/de`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`ticket-${id}.pdf`);
    const text = spawnSync('/usr/bin/pdftotext', ['-', '-'], { input: response.rawPayload, encoding: 'utf8' }).stdout;
    expect(text).toContain(`Ticket Nr. ${id}`);
    expect(text).toContain('Perdita dal cilindro');
    expect(text).toContain('Seriennummer');
    expect(text).toContain(serial);
    // The model was kept in the language the ticket was opened in; the warranty end as the ticket keeps it.
    expect(text).toContain('Escavatore di prova');
    expect(text).toContain('15-01-2027 00:00:00');
    expect(text).toContain('Wartet auf den Kunden');
    expect(text).toContain('Technisches Problem');
    expect(text).toContain('Hydraulik');
    expect(text).toContain('Olio sotto la macchina ogni mattina.');
    expect(text).toContain('Sostituire la guarnizione lato stelo.');
    expect(text).toContain('Kundendienst');
    expect(text).toContain('foto cilindro.png');
    // In Italian too.
    const italian = await dealer.agent.get(`/api/sysaid/downloadpdf/${id}/it`);
    const itText = spawnSync('/usr/bin/pdftotext', ['-', '-'], { input: italian.rawPayload, encoding: 'utf8' }).stdout;
    expect(itText).toContain('Impianto idraulico');
    expect(itText).toContain('Sostituire la guarnizione lato stelo.');
  });

  it('looks serials up while typing: the customer’s machines only, any case, 10 at most, never GENERIC', async () => {
    const dealer = await dealerWith(12, { fineGaranzia: '2026-09-30' });
    const other = await dealerWith(2);
    const lookup = async (term: string, agent = dealer.agent, query: Record<string, string> = {}) => {
      const response = await agent.get('/api/sysaid/matricole', { query: { term, ...query } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TicketSerial[]>();
    };
    const [first = ''] = dealer.serials;
    // The form lower-cases what is typed.
    const found = await lookup(first.toLowerCase());
    expect(found).toEqual([{ matricola: first, modello: 'Escavatore di prova', dataGaranzia: '30-09-2026 00:00:00' }]);
    expect(await lookup(first)).toEqual(found);
    expect((await lookup(first.toLowerCase(), dealer.agent, { lang: 'de' }))[0]?.modello).toBe('Testbagger');
    // 12 machines share the prefix: 10 answered, in order.
    const many = await lookup(prefix.toLowerCase());
    expect(many).toHaveLength(10);
    expect(many.map((m) => m.matricola)).toEqual([...dealer.serials].sort().slice(0, 10));
    // Another customer's machines, unknown serials and GENERIC are not offered.
    expect(await lookup((other.serials[0] ?? '').toLowerCase())).toEqual([]);
    expect(await lookup('zzzzzz')).toEqual([]);
    expect(await lookup(GENERIC_SERIAL.toLowerCase())).toEqual([]);
    expect(await lookup('%')).toEqual([]);
    expect((await lookup(prefix.toLowerCase(), other.agent)).map((m) => m.matricola)).toEqual(other.serials);
    // A term is needed, 15 characters at most.
    expect((await dealer.agent.get('/api/sysaid/matricole', { query: { term: ' ' } })).statusCode).toBe(400);
    expect((await dealer.agent.get('/api/sysaid/matricole', { query: { term: 'x'.repeat(16) } })).statusCode).toBe(400);
  });

  it('is for customers and the help desk, and blocked under a theme without parts', async () => {
    const plain = await t.createUser({ authorities: ['ROLE_CART'] });
    const agent = await t.signIn(plain.login, plain.password);
    expect((await agent.get('/api/sysaid')).statusCode).toBe(403);
    expect((await agent.get('/api/sysaid/count')).statusCode).toBe(403);
    const tracks = await dealerWith(1, { tema: 'tracks' });
    for (const url of ['/api/sysaid', '/api/sysaid/count', `/api/sysaid/matricole?term=${prefix}`]) {
      const response = await tracks.agent.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(problemOf(response).message).toBe('error.http.403');
    }
    // A customer of the parts theme on the tracks host name is refused too, and nothing is stored.
    const dealer = await dealerWith(1);
    expect((await dealer.agent.get('/api/sysaid')).statusCode).toBe(200);
    expect((await dealer.agent.get('/api/sysaid', { headers: { host: 'tracks.localhost' } })).statusCode).toBe(403);
    const before = await snapshot();
    const onTracks = await create(dealer.agent, ticketFor(dealer.serials[0] ?? ''), {
      headers: { host: 'tracks.localhost' },
    });
    expect(onTracks.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
