import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  businessToday,
  CHECKLIST_IMAGE_NAME,
  type ChecklistHeader,
  type ChecklistLine,
  type ChecklistMachine,
  type ChecklistNode,
  GENERIC_SERIAL,
} from '@ricambi/domain';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUser,
  crDarHeader,
  crDarLine,
  crDarTemplateHeader,
  crDarTemplateLine,
  outboxMessage,
  storedFile,
} from '../src/db/schema/index.ts';
import { recomputeChecklist } from '../src/modules/checklists/checklists.contract.ts';
import { createMachine, createMachineModel } from './machine-factories.ts';
import { multipart, pdfBytes, streamedMultipart } from './multipart.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

type Response = Awaited<ReturnType<Agent['get']>>;
type LineResult = { line: ChecklistLine; header: ChecklistHeader };

const DEALER = ['ROLE_USER', 'ROLE_CR_USER'] as const;
const MB = 1024 * 1024;

const fieldsOf = (response: Response) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));
const expectProblem = (response: Response, status: number, message?: string) => {
  expect(response.statusCode, response.body).toBe(status);
  if (message) expect(problemOf(response).message).toBe(message);
};

const prefix = `CL${process.pid % 10000}`;
let serialSequence = 0;
const nextSerial = () => `${prefix}S${String(++serialSequence).padStart(3, '0')}`;

/** A road registration that passes spec 2 §5. */
const registration = (matricola: string, nomeCliente = 'Edil Rossi Srl') => ({
  id: { matricola },
  nomeCliente,
  via: 'Via Roma 1',
  cap: '20100',
  loc: 'Milano',
  partitaIva: 'IT01234567890',
  stato: 'ITA',
  provincia: 'MI',
  msSettore: '1',
  msData: '15/01/2026',
});

/** The day `days` from today where the business is (negative: before). */
const dayFromToday = (days: number) => {
  const d = new Date(`${businessToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

// Issue 15; spec 3 §2–§9: the dealer's inspection checklists — creation from the template in force,
// the answer tree, the state machine and the score, photos on KO answers, sending with the factory's
// mail, the PDF, the list and who may see what.
describe('checklists', () => {
  let t: TestApp;
  let modelId: number;
  /** The DAR template in force: its line ids by number. */
  const dar: { id: number; lines: Map<string, number> } = { id: 0, lines: new Map() };

  type Dealer = { id: number; login: string; email: string; agent: Agent; serials: string[] };
  /** A dealer with `machines` machines, `onTheRoad` of them registered as on the road through the API. */
  const dealerWith = async (
    machines: number,
    onTheRoad = machines,
    options: { authorities?: readonly string[]; langKey?: 'it' | 'de' } = {},
  ): Promise<Dealer> => {
    const u = await t.createUser({
      authorities: (options.authorities ?? DEALER) as never,
      firstName: 'Carla',
      lastName: 'Verdi',
      langKey: options.langKey ?? 'it',
    });
    await t.db.update(appUser).set({ company: 'Verdi Macchine Srl' }).where(eq(appUser.id, u.id));
    const agent = await t.signIn(u.login, u.password);
    const serials: string[] = [];
    for (let i = 0; i < machines; i++) {
      const matricola = nextSerial();
      await createMachine(t.db, {
        matricola,
        crCod: 'CR-ESC',
        versione: 'V2',
        dealerLogin: u.login,
        modelloId: modelId,
        descrizione: { it: 'Escavatore cingolato', en: 'Crawler excavator' },
      });
      if (i < onTheRoad) {
        const saved = await agent.post('/api/messainstrada', registration(matricola, `Cliente ${matricola}`));
        expect(saved.statusCode, saved.body).toBe(200);
      }
      serials.push(matricola);
    }
    return { ...u, agent, serials };
  };

  const templateHeader = async (values: Partial<typeof crDarTemplateHeader.$inferInsert>) => {
    const [row] = await t.db
      .insert(crDarTemplateHeader)
      .values({ nome: 'Checklist', versione: '1', tipoDocumento: 'DAR', ...values })
      .returning();
    if (!row) throw new Error('template not inserted');
    return row;
  };
  type TemplateLine = {
    n: string;
    tipoRiga?: string;
    it: string;
    en?: string;
    it2?: string;
    scores?: [number, number, number];
    na?: 'Y' | 'N';
  };
  const templateLines = async (templateHeaderId: number, lines: readonly TemplateLine[]) => {
    const ids = new Map<string, number>();
    for (const l of lines) {
      const [p1, p2, p3] = l.n.split('.').map(Number);
      const [row] = await t.db
        .insert(crDarTemplateLine)
        .values({
          templateHeaderId,
          tipoRiga: l.tipoRiga ?? 'D',
          progressivo1: p1 as number,
          progressivo2: p2 ?? null,
          progressivo3: p3 ?? null,
          darDescr1: { it: l.it, en: l.en ?? `${l.it} (en)` },
          darDescr2: l.it2 ? { it: l.it2 } : {},
          scoreOK: l.scores?.[0] ?? null,
          scoreKO: l.scores?.[1] ?? null,
          scoreNA: l.scores?.[2] ?? null,
          darNaFlag: l.na ?? 'N',
        })
        .returning({ id: crDarTemplateLine.id });
      ids.set(l.n, row?.id as number);
    }
    return ids;
  };

  const create = (agent: Agent, matricola: string, tipo = 'DAR') =>
    agent.post('/api/crDarHeadersLines', { matricola, tipo });
  const created = async (agent: Agent, matricola: string, tipo = 'DAR') => {
    const response = await create(agent, matricola, tipo);
    expect(response.statusCode, response.body).toBe(200);
    const [header] = response.json<ChecklistHeader[]>();
    return header as ChecklistHeader;
  };
  const treeOf = async (agent: Agent, id: number) => {
    const response = await agent.get(`/api/crDars/lines/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChecklistNode[]>();
  };
  const flat = (nodes: ChecklistNode[]): ChecklistLine[] => nodes.flatMap((n) => [n.line, ...flat(n.figli)]);
  const numberOf = (l: ChecklistLine) =>
    [l.progressivo1, l.progressivo2, l.progressivo3].filter((p) => p !== null).join('.');
  /** The lines of a checklist by their number. */
  const linesOf = async (agent: Agent, id: number) =>
    new Map(flat(await treeOf(agent, id)).map((l) => [numberOf(l), l]));
  const answer = (agent: Agent, lineId: number, body: Record<string, unknown>) =>
    agent.put(`/api/crDars/lines/${lineId}`, body);
  const answered = async (agent: Agent, lineId: number, body: Record<string, unknown>) => {
    const response = await answer(agent, lineId, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LineResult>();
  };
  const updateHeader = (agent: Agent, body: Record<string, unknown>, langKey?: string) =>
    agent.put('/api/crDars', body, langKey ? { query: { langKey } } : undefined);
  const upload = (agent: Agent, lineId: number | string, filename: string, content: Buffer) => {
    const body = multipart([
      { name: 'id', value: String(lineId) },
      { name: 'file', filename, content },
    ]);
    return agent.post('/api/crDars/uploadfile', body.payload, { headers: body.headers });
  };
  const uploaded = async (agent: Agent, lineId: number, filename: string, content: Buffer) => {
    const response = await upload(agent, lineId, filename, content);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChecklistLine>();
  };
  const search = async (agent: Agent, query: Record<string, string> = {}) => {
    const response = await agent.get('/api/crDars/headers', { query });
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<ChecklistHeader[]>(), total: Number(response.headers['x-total-count']) };
  };

  const countOf = async (table: typeof storedFile | typeof outboxMessage | typeof crDarHeader) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  /** Every object in the file store (committed and temporary). */
  const storedObjects = async () => {
    const files = t.config.files;
    if (files.kind !== 'local') return [];
    const entries = await fs.readdir(files.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  };

  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    modelId = (await createMachineModel(t.db, `ESC 55 ${prefix}`)).id;
    await createMachine(t.db, { matricola: GENERIC_SERIAL, crCod: GENERIC_SERIAL }).catch(() => undefined);
    // DAR: an expired version, the version in force (inserted out of order, to be ordered by number),
    // an older version also in force (the newest wins), and one not yet in force.
    await templateHeader({ nome: 'DAR vecchio', versione: '0.9', aData: dayFromToday(-1) });
    const older = await templateHeader({ nome: 'DAR precedente', versione: '0.9', daData: dayFromToday(-30) });
    await templateLines(older.id, [{ n: '1', it: 'Domanda unica' }]);
    const current = await templateHeader({
      nome: 'DAR consegna',
      versione: '2.1',
      daData: dayFromToday(-10),
      aData: dayFromToday(10),
    });
    dar.id = current.id;
    dar.lines = await templateLines(current.id, [
      { n: '2', tipoRiga: 'G', it: 'Cabina' },
      { n: '1.2', it: 'Livello olio idraulico', it2: 'Controllare a freddo', scores: [3, -1, 1], na: 'Y' },
      { n: '1', tipoRiga: 'G', it: 'Motore' },
      { n: '1.1', it: 'Livello olio motore', scores: [2, 0, 1] },
      { n: '2.1', tipoRiga: 'G', it: 'Comandi' },
      { n: '2.1.2', it: 'Joystick sinistro', scores: [1, 0, 0], na: 'Y' },
      { n: '2.1.1', it: 'Joystick destro', scores: [1, -2, 0] },
    ]);
    const future = await templateHeader({ nome: 'DAR futuro', versione: '3', daData: dayFromToday(5) });
    await templateLines(future.id, [{ n: '1', it: 'Domanda futura' }]);
    // PDI: only a template without questions (a draft): none in force.
    const draft = await templateHeader({ nome: 'PDI bozza', versione: '0.1', tipoDocumento: 'PDI' });
    await templateLines(draft.id, [{ n: '1', tipoRiga: 'G', it: 'Gruppo vuoto' }]);
    png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a checklist of a machine on the road from the template in force: header, one line per template line', async () => {
    const dealer = await dealerWith(2, 1);
    const other = await dealerWith(1);
    const [onTheRoad = '', notOnTheRoad = ''] = dealer.serials;

    // Not registered as on the road, another dealer's, or unknown: a field error on the serial.
    for (const matricola of [notOnTheRoad, other.serials[0] as string, 'NOPE', GENERIC_SERIAL]) {
      const refused = await create(dealer.agent, matricola);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(fieldsOf(refused)).toEqual({ matricola: 'crDar.error.notOnTheRoad' });
    }
    // No PDI template in force (the only one has no question).
    expectProblem(await create(dealer.agent, onTheRoad, 'PDI'), 409, 'crDar.error.noTemplate');
    expect(fieldsOf(await create(dealer.agent, onTheRoad, 'XYZ'))).toEqual({ tipo: 'validation.invalid' });
    expect(await countOf(crDarHeader)).toBe(0);

    // The serial is taken in any case.
    const header = await created(dealer.agent, onTheRoad.toLowerCase());
    expect(header).toMatchObject({
      matricola: onTheRoad,
      modello: `ESC 55 ${prefix}`,
      stato: 'In Corso',
      userLogin: dealer.login,
      userFirstName: 'Carla',
      userLastName: 'Verdi',
      userEmail: dealer.email,
      userRagioneSociale: 'Verdi Macchine Srl',
      dealerLogin: dealer.login,
      dataArrivoMacchina: null,
      valutazioneUtente: null,
      valutazioneCalcolata: 0,
      idCrDarTemplateHeader: { id: dar.id, nome: 'DAR consegna', tipoDocumento: 'DAR' },
    });
    expect(header.dataCompilazione).not.toBeNull();
    const lines = await t.db.select().from(crDarLine).where(eq(crDarLine.headerId, header.id));
    expect(lines.map((l) => l.templateLineId).sort()).toEqual([...dar.lines.values()].sort());
    expect(lines.every((l) => l.risposta === null)).toBe(true);

    // One open checklist per serial and type.
    expectProblem(await create(dealer.agent, onTheRoad), 409, 'crDar.error.alreadyOpen');
    const active = await dealer.agent.get(`/api/crDarHeaders/active/${onTheRoad}`);
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json<ChecklistHeader[]>().map((h) => h.id)).toEqual([header.id]);
    expect((await other.agent.get(`/api/crDarHeaders/active/${onTheRoad}`)).json()).toEqual([]);
    expect((await dealer.agent.get(`/api/crDars/${header.id}`)).json<ChecklistHeader>()).toEqual(header);

    // A machine without a model takes its catalogue code and version.
    await createMachine(t.db, { matricola: `${prefix}NOMOD`, crCod: 'CR-77', versione: 'B', dealerLogin: other.login });
    expect((await other.agent.post('/api/messainstrada', registration(`${prefix}NOMOD`))).statusCode).toBe(200);
    expect((await created(other.agent, `${prefix}NOMOD`)).modello).toBe('CR-77 B');
  });

  it('answers the lines as a numbered tree ordered by progressivo1, 2, 3', async () => {
    const dealer = await dealerWith(1);
    const header = await created(dealer.agent, dealer.serials[0] as string);
    const tree = await treeOf(dealer.agent, header.id);
    const shape = (nodes: ChecklistNode[]): unknown[] =>
      nodes.map((n) => (n.figli.length ? [numberOf(n.line), shape(n.figli)] : numberOf(n.line)));
    expect(shape(tree)).toEqual([
      ['1', ['1.1', '1.2']],
      ['2', [['2.1', ['2.1.1', '2.1.2']]]],
    ]);
    const oil = flat(tree).find((l) => numberOf(l) === '1.2');
    expect(oil).toMatchObject({
      tipoRiga: 'D',
      idCrDarTemplateLine: dar.lines.get('1.2'),
      darDescr1: { it: 'Livello olio idraulico', en: 'Livello olio idraulico (en)' },
      darDescr2: { it: 'Controllare a freddo' },
      darNaFlag: 'Y',
      risposta: null,
      nomeImmagine1: null,
      nomeImmagine2: null,
    });
    expect(flat(tree).find((l) => numberOf(l) === '1')?.tipoRiga).toBe('G');
  });

  it('moves In Corso → Completato → In Corso → Completato → Inviato with the score; a sent checklist refuses every change', async () => {
    const dealer = await dealerWith(1, 1, { langKey: 'de' });
    const header = await created(dealer.agent, dealer.serials[0] as string);
    const lines = await linesOf(dealer.agent, header.id);
    const id = (n: string) => lines.get(n)?.id as number;

    // Refused answers change nothing.
    expect(fieldsOf(await answer(dealer.agent, id('1.1'), { risposta: '--' }))).toEqual({
      risposta: 'crDar.error.notApplicable',
    });
    expect(fieldsOf(await answer(dealer.agent, id('1'), { risposta: 'OK' }))).toEqual({
      risposta: 'crDar.error.notAQuestion',
    });
    expect(fieldsOf(await answer(dealer.agent, id('1.1'), { risposta: 'KO' }))).toEqual({
      rispostaDettaglio: 'validation.required',
    });
    expect(fieldsOf(await answer(dealer.agent, id('1.1'), { risposta: 'XX' }))).toHaveProperty('risposta');
    expect(
      fieldsOf(await answer(dealer.agent, id('1.1'), { risposta: 'KO', rispostaDettaglio: 'x'.repeat(4001) })),
    ).toEqual({ rispostaDettaglio: 'validation.maxlength' });
    expect(
      (await t.db.select().from(crDarLine).where(eq(crDarLine.headerId, header.id))).map((l) => l.risposta),
    ).toEqual(Array(7).fill(null));

    // Every question answered: Completato, with the score of each answer (OK 2, NA 1, KO -2, OK 1).
    let result = await answered(dealer.agent, id('1.1'), { risposta: 'OK', note: 'Rabboccato' });
    expect(result.header).toMatchObject({ stato: 'In Corso', valutazioneCalcolata: 2 });
    expect(result.line).toMatchObject({ risposta: 'OK', note: 'Rabboccato', rispostaDettaglio: null });
    await answered(dealer.agent, id('1.2'), { risposta: '--' });
    await answered(dealer.agent, id('2.1.1'), { risposta: 'KO', rispostaDettaglio: 'Gioco eccessivo' });
    result = await answered(dealer.agent, id('2.1.2'), { risposta: 'OK' });
    expect(result.header).toMatchObject({ stato: 'Completato', valutazioneCalcolata: 2 + 1 - 2 + 1 });
    expect(Date.parse(result.header.dataCompilazione as string)).toBeGreaterThan(
      Date.parse(header.dataCompilazione as string),
    );

    // An answer undone: back to In Corso; answered again: Completato.
    result = await answered(dealer.agent, id('1.2'), { risposta: null });
    expect(result.header).toMatchObject({ stato: 'In Corso', valutazioneCalcolata: 1 });
    expect(result.line.risposta).toBeNull();
    result = await answered(dealer.agent, id('1.2'), { risposta: 'OK' });
    expect(result.header).toMatchObject({ stato: 'Completato', valutazioneCalcolata: 2 + 3 - 2 + 1 });

    // The header dialog: a future arrival date and a missing rating are field errors; In Corso cannot be sent.
    const today = businessToday();
    // (The domain's date schema answers a missing date as not a valid date.)
    expect(fieldsOf(await updateHeader(dealer.agent, { id: header.id }))).toMatchObject({
      dataArrivoMacchina: 'validation.invalid',
    });
    expect(fieldsOf(await updateHeader(dealer.agent, { id: header.id, dataArrivoMacchina: dayFromToday(1) }))).toEqual({
      dataArrivoMacchina: 'crDar.error.futureDate',
      valutazioneUtente: 'validation.required',
    });
    const withoutRating = await updateHeader(dealer.agent, { id: header.id, dataArrivoMacchina: today, invia: true });
    expect(fieldsOf(withoutRating)).toEqual({ valutazioneUtente: 'validation.required' });
    expect((await dealer.agent.get(`/api/crDars/${header.id}`)).json<ChecklistHeader>()).toMatchObject({
      stato: 'Completato',
      dataArrivoMacchina: null,
    });
    const saved = await updateHeader(dealer.agent, {
      id: header.id,
      dataArrivoMacchina: today,
      valutazioneUtente: 4,
      note: 'Consegnata con un giorno di ritardo',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ChecklistHeader>()).toMatchObject({
      stato: 'Completato',
      dataArrivoMacchina: today,
      valutazioneUtente: 4,
      note: 'Consegnata con un giorno di ritardo',
    });
    // Undone again, it cannot be sent.
    await answered(dealer.agent, id('2.1.2'), { risposta: null });
    expectProblem(
      await updateHeader(dealer.agent, { id: header.id, dataArrivoMacchina: today, valutazioneUtente: 4, invia: true }),
      409,
      'crDar.error.notComplete',
    );
    await answered(dealer.agent, id('2.1.2'), { risposta: 'OK' });

    // Sent: Inviato; the factory is mailed in Italian, the dealer in the language of the page.
    const outboxBefore = await countOf(outboxMessage);
    const send = await updateHeader(
      dealer.agent,
      { id: header.id, dataArrivoMacchina: today, valutazioneUtente: 4, note: 'Tutto in ordine', invia: true },
      'en',
    );
    expect(send.statusCode, send.body).toBe(200);
    expect(send.json<ChecklistHeader>()).toMatchObject({ stato: 'Inviato', valutazioneUtente: 4 });
    const [row] = await t.db.select().from(crDarHeader).where(eq(crDarHeader.id, header.id));
    expect(row?.inviatoAt).not.toBeNull();
    const mails = await t.db
      .select()
      .from(outboxMessage)
      .where(eq(outboxMessage.kind, 'mail'))
      .orderBy(outboxMessage.id)
      .offset(outboxBefore);
    expect(mails).toHaveLength(2);
    const [factory, confirmation] = mails.map((m) => m.payload as { to: string; subject: string; text: string });
    expect(factory?.to).toBe(t.config.checklistFactoryEmail);
    expect(factory?.subject).toBe(`Checklist DAR inviata: matricola ${header.matricola} (${dealer.login})`);
    for (const part of [
      `Dealer: ${dealer.login}`,
      'Ragione sociale: Verdi Macchine Srl',
      `Modello macchina: ESC 55 ${prefix}`,
      `Matricola: ${header.matricola}`,
      'Valutazione del dealer (1–5): 4',
      'Punteggio calcolato: 4',
      'Risposte KO: 1',
      'Note: Tutto in ordine',
      `http://localhost:8080/crDar/${header.id}`,
    ])
      expect(factory?.text).toContain(part);
    expect(confirmation?.to).toBe(dealer.email);
    expect(confirmation?.subject).toBe(`DAR checklist of serial ${header.matricola} sent`);
    expect(confirmation?.text).toContain('Dear Carla,');

    // Read-only once sent: answers, photos, image deletion and the header dialog are refused, nothing changes.
    const before = await treeOf(dealer.agent, header.id);
    const files = await countOf(storedFile);
    const objects = (await storedObjects()).length;
    expectProblem(await answer(dealer.agent, id('1.1'), { risposta: 'OK' }), 409, 'crDar.error.sent');
    expectProblem(
      await answer(dealer.agent, id('2.1.1'), { risposta: 'KO', rispostaDettaglio: 'Cambiato' }),
      409,
      'crDar.error.sent',
    );
    expectProblem(await upload(dealer.agent, id('2.1.1'), 'foto.png', png), 409, 'crDar.error.sent');
    expectProblem(
      await updateHeader(dealer.agent, { id: header.id, dataArrivoMacchina: today, valutazioneUtente: 1 }),
      409,
      'crDar.error.sent',
    );
    expectProblem(
      await updateHeader(dealer.agent, { id: header.id, dataArrivoMacchina: today, valutazioneUtente: 4, invia: true }),
      409,
      'crDar.error.sent',
    );
    expect(await treeOf(dealer.agent, header.id)).toEqual(before);
    expect((await dealer.agent.get(`/api/crDars/${header.id}`)).json<ChecklistHeader>()).toEqual(
      send.json<ChecklistHeader>(),
    );
    expect(await countOf(storedFile)).toBe(files);
    expect((await storedObjects()).length).toBe(objects);
    expect(await countOf(outboxMessage)).toBe(outboxBefore + 2);
    // No longer open: a new checklist of the serial and type may be started.
    expect((await dealer.agent.get(`/api/crDarHeaders/active/${header.matricola}`)).json()).toEqual([]);
    expect((await create(dealer.agent, header.matricola)).statusCode).toBe(200);
  });

  it('keeps the score consistent when the administration recomputes a sent checklist (state and date kept)', async () => {
    const dealer = await dealerWith(1);
    const header = await created(dealer.agent, dealer.serials[0] as string);
    const lines = await linesOf(dealer.agent, header.id);
    for (const n of ['1.1', '1.2', '2.1.1', '2.1.2'])
      await answered(dealer.agent, lines.get(n)?.id as number, { risposta: 'OK' });
    const sent = await updateHeader(dealer.agent, {
      id: header.id,
      dataArrivoMacchina: businessToday(),
      valutazioneUtente: 5,
      invia: true,
    });
    expect(sent.json<ChecklistHeader>()).toMatchObject({ stato: 'Inviato', valutazioneCalcolata: 7 });
    // A manager's correction of a line (the administration's line edit), then its recomputation.
    await t.db.transaction(async (tx) => {
      await tx
        .update(crDarLine)
        .set({ risposta: 'KO' })
        .where(eq(crDarLine.id, lines.get('1.1')?.id as number));
      const recomputed = await recomputeChecklist(tx, header.id, 'manager');
      expect(recomputed.h).toMatchObject({ stato: 'Inviato', valutazioneCalcolata: 5 });
      expect(recomputed.h.dataCompilazione).toEqual(new Date(sent.json<ChecklistHeader>().dataCompilazione as string));
    });
  });

  it('takes up to two photos on a KO answer, by content, named as spec 3 §5 says; downloads, thumbnails and deletes them', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const header = await created(dealer.agent, dealer.serials[0] as string);
    const lines = await linesOf(dealer.agent, header.id);
    const ko = lines.get('2.1.1')?.id as number;
    const ok = lines.get('1.1')?.id as number;
    await answered(dealer.agent, ok, { risposta: 'OK' });
    await answered(dealer.agent, ko, { risposta: 'KO', rispostaDettaglio: 'Joystick bloccato' });

    // Refused before a byte is stored: a line that is not KO, unanswered, another dealer's, unknown,
    // no line id, the id after the file.
    const files = await countOf(storedFile);
    const objects = (await storedObjects()).length;
    expectProblem(await upload(dealer.agent, ok, 'foto.png', png), 400, 'crDar.error.koOnly');
    expectProblem(
      await upload(dealer.agent, lines.get('1.2')?.id as number, 'foto.png', png),
      400,
      'crDar.error.koOnly',
    );
    expectProblem(await upload(other.agent, ko, 'foto.png', png), 404);
    expectProblem(await upload(dealer.agent, 999_999_999, 'foto.png', png), 404);
    expect(fieldsOf(await upload(dealer.agent, 'abc', 'foto.png', png))).toEqual({ id: 'validation.invalid' });
    const noLine = multipart([{ name: 'file', filename: 'foto.png', content: png }]);
    expect(
      fieldsOf(await dealer.agent.post('/api/crDars/uploadfile', noLine.payload, { headers: noLine.headers })),
    ).toEqual({ id: 'validation.required' });
    // A PDF named .jpg is not an image; a 21 MB image is too large.
    expectProblem(await upload(dealer.agent, ko, 'foto.jpg', await pdfBytes(1)), 400, 'upload.wrongType');
    const big = streamedMultipart([{ name: 'id', value: String(ko) }], {
      name: 'file',
      filename: 'grande.jpg',
      start: jpeg,
      total: 21 * MB,
    });
    expectProblem(await dealer.agent.post('/api/crDars/uploadfile', big.payload, { headers: big.headers }), 413);
    expect(await countOf(storedFile)).toBe(files);
    expect((await storedObjects()).length).toBe(objects);

    // Two photos, in slots 1 and 2.
    const first = await uploaded(dealer.agent, ko, 'joystick.png', png);
    expect(first.nomeImmagine1).toMatch(CHECKLIST_IMAGE_NAME);
    expect(first.nomeImmagine1).toMatch(new RegExp(`^${header.matricola}_DAR_${ko}_\\d{14}_1\\.png$`));
    expect(first.nomeImmagine2).toBeNull();
    const second = await uploaded(dealer.agent, ko, 'dettaglio.jpeg', jpeg);
    expect(second.nomeImmagine2).toMatch(new RegExp(`^${header.matricola}_DAR_${ko}_\\d{14}_2\\.jpg$`));
    const name1 = second.nomeImmagine1 as string;
    const name2 = second.nomeImmagine2 as string;

    // A third: 409 before anything is stored.
    const filesWithTwo = await countOf(storedFile);
    const objectsWithTwo = (await storedObjects()).length;
    expectProblem(await upload(dealer.agent, ko, 'terza.png', png), 409, 'crDar.error.tooManyImages');
    expect(await countOf(storedFile)).toBe(filesWithTwo);
    expect((await storedObjects()).length).toBe(objectsWithTwo);

    // The original bytes, under the image's name; a 200 px WebP thumbnail; another dealer's: 404.
    const download = await dealer.agent.get(`/api/crDars/scaricafile/${name1}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain(`filename="${name1}"`);
    expect(download.rawPayload.equals(png)).toBe(true);
    const thumbnail = await dealer.agent.get(`/api/crDars/thumbnail/${name1}`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 150]);
    expect((await other.agent.get(`/api/crDars/scaricafile/${name1}/download`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/crDars/thumbnail/${name1}`)).statusCode).toBe(404);
    expect((await dealer.agent.get('/api/crDars/scaricafile/..%2Fetc%2Fpasswd/download')).statusCode).toBe(400);
    expectProblem(await other.agent.post('/api/crDars/cancellafile', { nomeFile: name1 }), 404);

    // A line with photos stays KO until they are deleted.
    expectProblem(await answer(dealer.agent, ko, { risposta: 'OK' }), 409, 'crDar.error.imagesOnLine');
    expectProblem(await answer(dealer.agent, ko, { risposta: null }), 409, 'crDar.error.imagesOnLine');
    const detail = await answered(dealer.agent, ko, {
      risposta: 'KO',
      rispostaDettaglio: 'Joystick bloccato a destra',
    });
    expect(detail.line).toMatchObject({ nomeImmagine1: name1, nomeImmagine2: name2 });

    // Deleted: the slot is free again, the bytes gone.
    const [fileRow] = await t.db.select().from(crDarLine).where(eq(crDarLine.id, ko));
    const removed = await dealer.agent.post('/api/crDars/cancellafile', { nomeFile: name1 });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ChecklistLine>()).toMatchObject({ nomeImmagine1: null, nomeImmagine2: name2 });
    expect(
      await t.db
        .select()
        .from(storedFile)
        .where(eq(storedFile.id, fileRow?.immagine1FileId as string)),
    ).toEqual([]);
    expect((await storedObjects()).length).toBe(objectsWithTwo - 2);
    expect((await dealer.agent.get(`/api/crDars/scaricafile/${name1}/download`)).statusCode).toBe(404);
    expectProblem(await dealer.agent.post('/api/crDars/cancellafile', { nomeFile: name1 }), 404);
    expect(fieldsOf(await dealer.agent.post('/api/crDars/cancellafile', { nomeFile: '../x.png' }))).toEqual({
      nomeFile: 'validation.invalid',
    });
    const third = await uploaded(dealer.agent, ko, 'terza.png', png);
    expect(third.nomeImmagine1).toMatch(/_1\.png$/);
    expect(third.nomeImmagine2).toBe(name2);

    // Sent: photos can be neither added nor deleted.
    for (const n of ['1.2', '2.1.2']) await answered(dealer.agent, lines.get(n)?.id as number, { risposta: 'OK' });
    const send = await updateHeader(dealer.agent, {
      id: header.id,
      dataArrivoMacchina: businessToday(),
      valutazioneUtente: 3,
      invia: true,
    });
    expect(send.statusCode, send.body).toBe(200);
    const sentFiles = await countOf(storedFile);
    expectProblem(await dealer.agent.post('/api/crDars/cancellafile', { nomeFile: name2 }), 409, 'crDar.error.sent');
    expectProblem(await upload(dealer.agent, ko, 'dopo.png', png), 409, 'crDar.error.sent');
    expect(await countOf(storedFile)).toBe(sentFiles);
    expect((await dealer.agent.get(`/api/crDars/scaricafile/${name2}/download`)).statusCode).toBe(200);
  });

  it('prints the checklist as a PDF with every answer, the KO details and the photos', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const header = await created(dealer.agent, dealer.serials[0] as string);
    const lines = await linesOf(dealer.agent, header.id);
    expectProblem(await dealer.agent.get(`/api/crDars/downloadpdf/${header.id}/it`), 400, 'crDar.error.noArrivalDate');
    await answered(dealer.agent, lines.get('1.1')?.id as number, { risposta: 'OK' });
    await answered(dealer.agent, lines.get('1.2')?.id as number, { risposta: '--', note: 'Serbatoio vuoto' });
    const ko = lines.get('2.1.1')?.id as number;
    await answered(dealer.agent, ko, { risposta: 'KO', rispostaDettaglio: 'Cavo del joystick tranciato' });
    await uploaded(dealer.agent, ko, 'cavo.png', png);
    await uploaded(dealer.agent, ko, 'cavo2.jpg', jpeg);
    const saved = await updateHeader(dealer.agent, { id: header.id, dataArrivoMacchina: dayFromToday(-2) });
    expect(saved.statusCode, saved.body).toBe(200);

    const response = await dealer.agent.get(`/api/crDars/downloadpdf/${header.id}/it`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="DAR_${header.matricola}.pdf"`);
    const text = spawnSync('/usr/bin/pdftotext', ['-layout', '-', '-'], {
      input: response.rawPayload,
      encoding: 'utf8',
    }).stdout;
    for (const part of [
      `Checklist DAR – ${header.matricola}`,
      'DAR consegna (2.1)',
      `ESC 55 ${prefix}`,
      'Verdi Macchine Srl',
      'Carla Verdi',
      dayFromToday(-2).split('-').reverse().join('/'),
      'In corso',
      'Livello olio motore',
      'Controllare a freddo',
      'N.A.',
      'Serbatoio vuoto',
      'Cavo del joystick tranciato',
      'Non risposto',
      '2.1.2',
    ])
      expect(text).toContain(part);
    const images = spawnSync('/usr/bin/pdfimages', ['-list', '-'], { input: response.rawPayload, encoding: 'utf8' });
    const imageRows = images.stdout.split('\n').filter((l) => /^\s*\d+\s+\d+\s+image/.test(l));
    expect(imageRows.length, images.stdout + images.stderr).toBeGreaterThanOrEqual(2);

    // In another language; another dealer's is not found.
    const english = await dealer.agent.get(`/api/crDars/downloadpdf/${header.id}/en`);
    const englishText = spawnSync('/usr/bin/pdftotext', ['-', '-'], {
      input: english.rawPayload,
      encoding: 'utf8',
    }).stdout;
    expect(englishText).toContain('Livello olio motore (en)');
    expect(englishText).toContain('Not answered');
    expect((await other.agent.get(`/api/crDars/downloadpdf/${header.id}/it`)).statusCode).toBe(404);
  });

  it('finds the machines on the road the dealer sees, 10 a page by serial, in the user’s language', async () => {
    const dealer = await dealerWith(12, 11);
    const other = await dealerWith(1);
    const page = await dealer.agent.get('/api/crDars/search', { query: { tipoDoc: 'DAR' } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['x-total-count']).toBe('11');
    const rows = page.json<ChecklistMachine[]>();
    expect(rows.map((r) => r.id.matricola)).toEqual(dealer.serials.slice(0, 10));
    expect(rows[0]).toEqual({
      id: { matricola: dealer.serials[0] },
      descrizione: 'Escavatore cingolato',
      nomeCliente: `Cliente ${dealer.serials[0]}`,
    });
    const second = await dealer.agent.get('/api/crDars/search', { query: { tipoDoc: 'PDI', page: '1' } });
    expect(second.json<ChecklistMachine[]>().map((r) => r.id.matricola)).toEqual([dealer.serials[10]]);
    const byTerm = await dealer.agent.get('/api/crDars/search', {
      query: { tipoDoc: 'DAR', term: (dealer.serials[3] as string).toLowerCase() },
    });
    expect(byTerm.json<ChecklistMachine[]>().map((r) => r.id.matricola)).toEqual([dealer.serials[3]]);
    const byCode = await other.agent.get('/api/crDars/search', { query: { tipoDoc: 'DAR', term: 'cr-esc' } });
    expect(byCode.json<ChecklistMachine[]>().map((r) => r.id.matricola)).toEqual(other.serials);
    expect((await dealer.agent.get('/api/crDars/search')).statusCode).toBe(400);
    // In English for an English account.
    await t.db.update(appUser).set({ langKey: 'en' }).where(eq(appUser.login, other.login));
    const english = await t.signIn(other.login, `${other.login}-pw`);
    expect(
      (await english.get('/api/crDars/search', { query: { tipoDoc: 'DAR' } })).json<ChecklistMachine[]>()[0]
        ?.descrizione,
    ).toBe('Crawler excavator');
  });

  it('lists the dealer’s checklists with rate, stato, tipo and term filters and sorting', async () => {
    const dealer = await dealerWith(3);
    const other = await dealerWith(1);
    await created(other.agent, other.serials[0] as string);
    // A PDI template now in force.
    const pdi = await templateHeader({ nome: 'PDI arrivo', versione: '1', tipoDocumento: 'PDI' });
    await templateLines(pdi.id, [{ n: '1', it: 'Documenti presenti', scores: [1, 0, 0] }]);
    const [s1 = '', s2 = '', s3 = ''] = dealer.serials;
    const a = await created(dealer.agent, s1);
    const b = await created(dealer.agent, s2, 'PDI');
    const c = await created(dealer.agent, s3, 'PDI');
    // b: answered, rated 5 and sent; c: answered and rated 2.
    for (const h of [b, c]) {
      const [line] = flat(await treeOf(dealer.agent, h.id));
      await answered(dealer.agent, line?.id as number, { risposta: 'OK' });
    }
    const today = businessToday();
    expect(
      (await updateHeader(dealer.agent, { id: b.id, dataArrivoMacchina: today, valutazioneUtente: 5, invia: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await updateHeader(dealer.agent, { id: c.id, dataArrivoMacchina: today, valutazioneUtente: 2 })).statusCode,
    ).toBe(200);

    const ids = async (query: Record<string, string> = {}) => (await search(dealer.agent, query)).rows.map((r) => r.id);
    const all = await search(dealer.agent);
    expect(all.total).toBe(3);
    // Newest first by default; only the dealer's own.
    expect(all.rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(all.rows.find((r) => r.id === b.id)).toMatchObject({
      stato: 'Inviato',
      valutazioneUtente: 5,
      idCrDarTemplateHeader: { nome: 'PDI arrivo', tipoDocumento: 'PDI' },
    });
    expect(await ids({ tipo: 'PDI' })).toEqual([c.id, b.id]);
    expect(await ids({ tipo: 'DAR' })).toEqual([a.id]);
    expect(await ids({ stato: 'Inviato' })).toEqual([b.id]);
    expect(await ids({ stato: 'In Corso' })).toEqual([a.id]);
    expect(await ids({ stato: 'Completato' })).toEqual([c.id]);
    expect(await ids({ rate: '2' })).toEqual([c.id]);
    expect(await ids({ term: s2.toLowerCase() })).toEqual([b.id]);
    expect(await ids({ term: 'pdi arr' })).toEqual([c.id, b.id]);
    expect(await ids({ term: dealer.login })).toEqual([c.id, b.id, a.id]);
    expect(await ids({ term: 'ESC 55' })).toEqual([c.id, b.id, a.id]);
    expect(await ids({ sort: 'matricola,asc' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ sort: ['valutazioneUtente,desc', 'id,asc'] as never })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ sort: 'templateNome,asc' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ sort: 'tipoDocumento,desc' })).toEqual([b.id, c.id, a.id]);
    expect((await dealer.agent.get('/api/crDars/headers', { query: { sort: 'password,asc' } })).statusCode).toBe(400);
    expect((await dealer.agent.get('/api/crDars/headers', { query: { rate: '6' } })).statusCode).toBe(400);
    // Paged: X-Total-Count and Link.
    const paged = await dealer.agent.get('/api/crDars/headers', { query: { size: '2', page: '1' } });
    expect(paged.json<ChecklistHeader[]>().map((r) => r.id)).toEqual([a.id]);
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.headers.link).toContain('rel="prev"');
    // Back to no PDI in force for the other tests.
    await t.db
      .update(crDarTemplateHeader)
      .set({ aData: dayFromToday(-1) })
      .where(eq(crDarTemplateHeader.id, pdi.id));
  });

  it('shows a dealer only its own checklists; sub-dealers and parts-only users are refused', async () => {
    const dealer = await dealerWith(1);
    const other = await dealerWith(1);
    const header = await created(dealer.agent, dealer.serials[0] as string);
    const lines = await linesOf(dealer.agent, header.id);
    const line = lines.get('1.1')?.id as number;

    for (const response of [
      await other.agent.get(`/api/crDars/${header.id}`),
      await other.agent.get(`/api/crDars/lines/${header.id}`),
      await other.agent.put(`/api/crDars/lines/${line}`, { risposta: 'OK' }),
      await updateHeader(other.agent, { id: header.id, dataArrivoMacchina: businessToday() }),
      await other.agent.get(`/api/crDars/downloadpdf/${header.id}/it`),
    ])
      expect(response.statusCode, response.body).toBe(404);
    expect((await search(other.agent)).rows.map((r) => r.id)).not.toContain(header.id);
    expect(lines.get('1.1')?.risposta).toBeNull();
    expect((await t.db.select().from(crDarLine).where(eq(crDarLine.id, line)))[0]?.risposta).toBeNull();

    const subdealer = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_CR_SUBDEALER'] });
    const partsOnly = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_CART'] });
    for (const u of [subdealer, partsOnly]) {
      const agent = await t.signIn(u.login, u.password);
      for (const response of [
        await agent.get('/api/crDars/headers'),
        await agent.get(`/api/crDars/${header.id}`),
        await agent.get(`/api/crDars/lines/${header.id}`),
        await agent.get('/api/crDars/search', { query: { tipoDoc: 'DAR' } }),
        await agent.get(`/api/crDarHeaders/active/${header.matricola}`),
        await agent.post('/api/crDarHeadersLines', { matricola: header.matricola, tipo: 'DAR' }),
        await agent.put(`/api/crDars/lines/${line}`, { risposta: 'OK' }),
        await upload(agent, line, 'foto.png', png),
        await agent.post('/api/crDars/cancellafile', { nomeFile: `${header.matricola}_DAR_1_20260101120000_1.png` }),
        await agent.put('/api/crDars', { id: header.id, dataArrivoMacchina: businessToday() }),
        await agent.get(`/api/crDars/downloadpdf/${header.id}/it`),
      ])
        expect(response.statusCode, response.body).toBe(403);
    }
    expect((await t.agent().get('/api/crDars/headers')).statusCode).toBe(401);
    // Nothing was created by the refused calls.
    expect(await t.db.select().from(crDarHeader).where(eq(crDarHeader.dealerLogin, other.login))).toEqual([]);
  });
});
