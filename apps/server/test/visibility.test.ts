import type { UserSummary, Visibilita } from '@ricambi/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, crSubdealerVisibilita, macchina } from '../src/db/schema/index.ts';
import { machineScopeCondition } from '../src/modules/machines/machines.access.ts';
import { createCatalogue, createMachine } from './machine-factories.ts';
import { createTestApp, parseCsv, problemOf, type TestApp } from './test-app.ts';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;
type Response = Awaited<ReturnType<Agent['get']>>;

const tag = `v${process.pid % 10000}`;
const fieldsOf = (response: Response) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));

// Spec 2 §2, §3, §5, §6, §7: which machines of a dealer each of its subdealers sees.
describe('sub-dealer visibility', () => {
  let t: TestApp;
  let internal: Agent;
  let superdealer: Agent;
  let dealerAgent: Agent;
  let subdealerAgent: Agent;
  const login = {
    dealer: `${tag}dealer`,
    superdealer: `${tag}super`,
    sub1: `${tag}sub1`,
    sub1b: `${tag}sub1b`,
    sub2: `${tag}sub2`,
    internal: `${tag}internal`,
  };
  const serial = { d1: `${tag}D1`.toUpperCase(), d2: `${tag}D2`.toUpperCase(), s1: `${tag}S1`.toUpperCase() };

  const makeSubdealer = async (name: string, dealer: string, company: string) => {
    const u = await t.createUser({ login: name, authorities: ['ROLE_CR_SUBDEALER', 'ROLE_USER'] });
    await t.db.update(appUser).set({ logica: 'subdealer', dealerLogin: dealer, company }).where(eq(appUser.id, u.id));
    return u;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const d = await t.createUser({ login: login.dealer, authorities: ['ROLE_CR_USER', 'ROLE_USER'] });
    const s = await t.createUser({
      login: login.superdealer,
      authorities: ['ROLE_CR_SUPERDEALER', 'ROLE_CR_USER', 'ROLE_USER'],
    });
    const i = await t.createUser({ login: login.internal, authorities: ['ROLE_CR_INTERNAL', 'ROLE_USER'] });
    const sub1 = await makeSubdealer(login.sub1, login.dealer, 'Officina Uno');
    await makeSubdealer(login.sub1b, login.dealer, 'Officina Bis');
    await makeSubdealer(login.sub2, login.superdealer, 'Officina Due');
    const cat = await createCatalogue(t.db, { crCodice: `${tag}-CV`, rows: [{ item: 1 }] });
    await createMachine(t.db, {
      matricola: serial.d1,
      crCod: cat.crCodice,
      dealerLogin: login.dealer,
      descrizione: { it: 'Escavatore uno', en: 'Excavator one' },
    });
    await createMachine(t.db, { matricola: serial.d2, crCod: cat.crCodice, dealerLogin: login.dealer });
    await createMachine(t.db, { matricola: serial.s1, crCod: cat.crCodice, dealerLogin: login.superdealer });
    internal = await t.signIn(i.login, i.password);
    superdealer = await t.signIn(s.login, s.password);
    dealerAgent = await t.signIn(d.login, d.password);
    subdealerAgent = await t.signIn(sub1.login, sub1.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const grant = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/visibilitamacchine', body);

  it('lets internal staff grant a dealer machine to its subdealer, with audit fields', async () => {
    const response = await grant(internal, {
      dealerLogin: login.dealer,
      login: login.sub1,
      matricola: serial.d1.toLowerCase(),
      note: 'Cantiere nord',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['x-ricambi-alert']).toBe('visibility.created');
    const row = response.json<Visibilita>();
    expect(row).toMatchObject({
      dealerLogin: login.dealer,
      login: login.sub1,
      subdealerName: 'Officina Uno',
      matricola: serial.d1,
      mtDescr: 'Escavatore uno',
      note: 'Cantiere nord',
      createdBy: login.internal,
      lastModifiedBy: null,
    });
    expect(Date.parse(row.createdDate)).toBeGreaterThan(Date.now() - 60_000);
    expect((await internal.get(`/api/visibilitamacchine/${row.id}`)).json<Visibilita>()).toEqual(row);
  });

  it('then shows that machine to the subdealer', async () => {
    const seen = await t.db
      .select({ mt: macchina.mtMatricola })
      .from(macchina)
      .where(and(machineScopeCondition({ kind: 'subdealer', login: login.sub1 }), eq(macchina.mtCrCod, `${tag}-CV`)));
    expect(seen.map((m) => m.mt)).toEqual([serial.d1]);
    const full = await subdealerAgent.get('/api/machine/full', { query: { term: tag } });
    expect(full.statusCode).toBe(200);
    expect(full.json<{ mtMatricola: string }[]>().map((m) => m.mtMatricola)).toEqual([serial.d1]);
  });

  it('checks subdealer, machine, uniqueness and note (400 with field errors)', async () => {
    const missingDealer = await grant(internal, { login: login.sub1, matricola: serial.d2 });
    expect(fieldsOf(missingDealer)).toEqual({ dealerLogin: 'validation.required' });
    const wrong = await grant(internal, { dealerLogin: login.dealer, login: login.sub2, matricola: serial.s1 });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual({
      login: 'visibility.validation.notSubdealer',
      matricola: 'visibility.validation.notDealerMachine',
    });
    const unknown = await grant(internal, { dealerLogin: login.dealer, login: login.sub1, matricola: 'NOPE' });
    expect(fieldsOf(unknown)).toEqual({ matricola: 'visibility.validation.notDealerMachine' });
    const twice = await grant(internal, { dealerLogin: login.dealer, login: login.sub1, matricola: serial.d1 });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)).toEqual({ matricola: 'visibility.validation.alreadyGranted' });
    const empty = await grant(internal, { dealerLogin: login.dealer, login: '', matricola: '' });
    expect(fieldsOf(empty)).toEqual({ login: 'validation.required', matricola: 'validation.required' });
    const long = await grant(internal, {
      dealerLogin: login.dealer,
      login: login.sub1,
      matricola: serial.d2,
      note: 'x'.repeat(401),
    });
    expect(fieldsOf(long)).toEqual({ note: 'validation.maxlength' });
  });

  it('lists by dealer, subdealer and serial, paged with X-Total-Count, and exports the same rows', async () => {
    expect(
      (await grant(internal, { dealerLogin: login.dealer, login: login.sub1b, matricola: serial.d1 })).statusCode,
    ).toBe(201);
    expect(
      (await grant(internal, { dealerLogin: login.dealer, login: login.sub1, matricola: serial.d2 })).statusCode,
    ).toBe(201);
    const list = async (query: Record<string, string>) => {
      const response = await internal.get('/api/visibilitamacchine', { query });
      expect(response.statusCode, response.body).toBe(200);
      return { total: Number(response.headers['x-total-count']), rows: response.json<Visibilita[]>() };
    };
    const all = await list({ l1: login.dealer });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => [r.login, r.matricola])).toEqual([
      [login.sub1, serial.d1],
      [login.sub1, serial.d2],
      [login.sub1b, serial.d1],
    ]);
    expect((await list({ l1: login.dealer, l2: login.sub1b })).rows.map((r) => r.matricola)).toEqual([serial.d1]);
    expect((await list({ l1: login.dealer, mt: serial.d2.slice(-3).toLowerCase() })).total).toBe(1);
    const paged = await list({ l1: login.dealer, size: '2', page: '1' });
    expect(paged).toMatchObject({ total: 3, rows: [{ login: login.sub1b }] });
    const sorted = await list({ l1: login.dealer, sort: 'matricola,desc' });
    expect(sorted.rows[0]?.matricola).toBe(serial.d2);
    expect((await internal.get('/api/visibilitamacchine', { query: { sort: 'note,asc' } })).statusCode).toBe(400);

    const csv = await internal.get('/api/visibilitamacchine/download/csv', { query: { l1: login.dealer } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`filename="visibilita-${login.dealer}.csv"`);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header?.[0]).toBe('Dealer');
    expect(header?.[3]).toBe('Matricola');
    expect(rows.map((r) => [r[1], r[3]])).toEqual(all.rows.map((r) => [r.login, r.matricola]));
    const filtered = parseCsv(
      (await internal.get('/api/visibilitamacchine/download/csv', { query: { l1: login.dealer, l2: login.sub1b } }))
        .body,
    );
    expect(filtered.length).toBe(2);
  });

  it('updates note, subdealer or serial with the same checks and sets the modification fields', async () => {
    const [row] = (
      await internal.get('/api/visibilitamacchine', { query: { l1: login.dealer, l2: login.sub1b } })
    ).json<Visibilita[]>();
    if (!row) throw new Error('no row');
    const clash = await internal.put(`/api/visibilitamacchine/${row.id}`, { login: login.sub1, matricola: serial.d1 });
    expect(fieldsOf(clash)).toEqual({ matricola: 'visibility.validation.alreadyGranted' });
    const ok = await internal.put(`/api/visibilitamacchine/${row.id}`, {
      login: login.sub1b,
      matricola: serial.d1,
      note: 'Nuova nota',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['x-ricambi-alert']).toBe('visibility.updated');
    expect(ok.json<Visibilita>()).toMatchObject({ note: 'Nuova nota', lastModifiedBy: login.internal });
    expect(ok.json<Visibilita>().lastModifiedDate).not.toBeNull();
  });

  it('uses a superdealer own login as the dealer and hides other dealers rows (404)', async () => {
    const created = await grant(superdealer, { dealerLogin: login.dealer, login: login.sub2, matricola: serial.s1 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Visibilita>()).toMatchObject({ dealerLogin: login.superdealer, createdBy: login.superdealer });
    const foreign = await grant(superdealer, { login: login.sub1, matricola: serial.d2 });
    expect(fieldsOf(foreign)).toEqual({
      login: 'visibility.validation.notSubdealer',
      matricola: 'visibility.validation.notDealerMachine',
    });
    const mine = await superdealer.get('/api/visibilitamacchine', { query: { l1: login.dealer } });
    expect(mine.json<Visibilita[]>().map((r) => r.dealerLogin)).toEqual([login.superdealer]);
    const csv = parseCsv(
      (await superdealer.get('/api/visibilitamacchine/download/csv', { query: { l1: login.dealer } })).body,
    );
    expect(csv.slice(1).map((r) => r[0])).toEqual([login.superdealer]);

    const [other] = await t.db
      .select()
      .from(crSubdealerVisibilita)
      .where(eq(crSubdealerVisibilita.dealerLogin, login.dealer));
    if (!other) throw new Error('no row');
    expect((await superdealer.get(`/api/visibilitamacchine/${other.id}`)).statusCode).toBe(404);
    expect(
      (await superdealer.put(`/api/visibilitamacchine/${other.id}`, { login: other.login, matricola: other.matricola }))
        .statusCode,
    ).toBe(404);
    expect((await superdealer.delete(`/api/visibilitamacchine/${other.id}`)).statusCode).toBe(404);
    expect((await superdealer.get('/api/visibilitamacchine/999999999')).statusCode).toBe(404);
  });

  it('deletes a row (204) and the subdealer no longer sees the machine', async () => {
    const [row] = (
      await internal.get('/api/visibilitamacchine', { query: { l1: login.dealer, l2: login.sub1, mt: serial.d2 } })
    ).json<Visibilita[]>();
    if (!row) throw new Error('no row');
    const response = await internal.delete(`/api/visibilitamacchine/${row.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.headers['x-ricambi-alert']).toBe('visibility.deleted');
    expect((await internal.get(`/api/visibilitamacchine/${row.id}`)).statusCode).toBe(404);
    const seen = await t.db
      .select({ mt: macchina.mtMatricola })
      .from(macchina)
      .where(and(machineScopeCondition({ kind: 'subdealer', login: login.sub1 }), eq(macchina.mtCrCod, `${tag}-CV`)));
    expect(seen.map((m) => m.mt)).toEqual([serial.d1]);
  });

  it('looks dealers up for internal staff: superdealers and dealers, never subdealers, at most 10', async () => {
    const response = await internal.get('/api/visibilitamacchine/dealers', { query: { search: tag } });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserSummary[]>().map((u) => u.login)).toEqual([login.dealer, login.superdealer]);
    for (let n = 0; n < 11; n++)
      await t.createUser({ login: `${tag}many${n}`, authorities: ['ROLE_CR_USER', 'ROLE_USER'] });
    expect(
      (await internal.get('/api/visibilitamacchine/dealers', { query: { search: `${tag}many` } })).json<unknown[]>(),
    ).toHaveLength(10);
    expect((await superdealer.get('/api/visibilitamacchine/dealers')).statusCode).toBe(403);
  });

  it('is refused to dealers and subdealers (403)', async () => {
    for (const agent of [dealerAgent, subdealerAgent]) {
      expect((await agent.get('/api/visibilitamacchine')).statusCode).toBe(403);
      expect((await agent.get('/api/visibilitamacchine/download/csv')).statusCode).toBe(403);
      expect((await grant(agent, { login: login.sub1, matricola: serial.d2 })).statusCode).toBe(403);
      expect((await agent.delete('/api/visibilitamacchine/1')).statusCode).toBe(403);
    }
  });
});
