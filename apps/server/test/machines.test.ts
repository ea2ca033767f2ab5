import type { Authority, Machine } from '@ricambi/domain';
import { GENERIC_SERIAL } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogue,
  createMachine,
  createMachineModel,
  grantMachine,
  letSeeAllMachines,
} from './machine-factories.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

// Spec 2 §2 homemachine, §3 Machine, §5 (typeahead lower-cases), §6 roles, §7 Machines.
describe('machines', () => {
  let t: TestApp;
  let dealer: { login: string; agent: Agent };
  let otherDealer: { login: string; agent: Agent };
  let subdealer: { login: string; agent: Agent };
  let internal: { login: string; agent: Agent };
  let superdealer: { login: string; agent: Agent };
  let seesAll: { login: string; agent: Agent };
  let catalogoId: number;
  let firstId: number;
  let genericId: number;
  const prefix = `Q${process.pid % 1000}`;

  const user = async (authorities: Authority[]) => {
    const u = await t.createUser({ authorities });
    return { id: u.id, login: u.login, agent: await t.signIn(u.login, u.password) };
  };
  const list = async (agent: Agent, query: Record<string, string> = {}) => {
    const response = await agent.get('/api/machine/full', { query: { size: '200', ...query } });
    expect(response.statusCode, response.body).toBe(200);
    return { machines: response.json<Machine[]>(), total: Number(response.headers['x-total-count']) };
  };
  const serials = (machines: Machine[]) => machines.map((m) => m.mtMatricola);

  beforeAll(async () => {
    t = await createTestApp();
    dealer = await user(['ROLE_USER', 'ROLE_CR_USER']);
    otherDealer = await user(['ROLE_USER', 'ROLE_CR_USER']);
    subdealer = await user(['ROLE_USER', 'ROLE_CR_SUBDEALER']);
    internal = await user(['ROLE_USER', 'ROLE_CR_INTERNAL']);
    superdealer = await user(['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CR_SUPERDEALER']);
    const all = await user(['ROLE_USER', 'ROLE_CR_USER']);
    await letSeeAllMachines(t.db, all.id);
    seesAll = all;

    const model = await createMachineModel(t.db);
    const catalogue = await createCatalogue(t.db, { rows: [{ item: 1 }] });
    catalogoId = catalogue.id;
    await createCatalogue(t.db, { crCodice: GENERIC_SERIAL, rows: [{ item: 1 }] });
    // 25 machines of the dealer (serials in order), 3 of another dealer, 2 of the superdealer.
    for (let i = 0; i < 25; i++) {
      const m = await createMachine(t.db, {
        matricola: `${prefix}D${String(i).padStart(3, '0')}`,
        crCod: catalogue.crCodice,
        dealerLogin: dealer.login,
        versione: 'V2',
        modelloId: model.id,
        descrizione: { it: 'Escavatore EC 35', en: 'Excavator EC 35' },
        dtCons: '2024-03-07',
        fineGaranzia: '2026-03-07',
        rivDescr: 'Dealer Srl',
        cliDescr: i === 0 ? '_ff_' : 'Cliente Spa',
      });
      if (i === 0) firstId = m.id;
    }
    for (let i = 0; i < 3; i++)
      await createMachine(t.db, {
        matricola: `${prefix}O${i}`,
        crCod: 'CR-NO-CATALOGUE',
        dealerLogin: otherDealer.login,
      });
    for (let i = 0; i < 2; i++)
      await createMachine(t.db, {
        matricola: `${prefix}S${i}`,
        crCod: catalogue.crCodice,
        dealerLogin: superdealer.login,
      });
    genericId = (
      await createMachine(t.db, {
        matricola: GENERIC_SERIAL,
        crCod: GENERIC_SERIAL,
        versione: 'Cabina',
        versioni: { it: 'Cabina', en: 'Cab', de: 'Kabine' },
      })
    ).id;
    await grantMachine(t.db, { dealerLogin: dealer.login, login: subdealer.login, matricola: `${prefix}D003` });
    await grantMachine(t.db, { dealerLogin: dealer.login, login: subdealer.login, matricola: `${prefix}D004` });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a dealer its own machines and GENERIC, ordered by serial, with the total', async () => {
    const { machines, total } = await list(dealer.agent);
    expect(serials(machines)).toEqual([
      GENERIC_SERIAL,
      ...Array.from({ length: 25 }, (_, i) => `${prefix}D${String(i).padStart(3, '0')}`),
    ]);
    expect(total).toBe(26);
    const first = machines[1];
    expect(first).toMatchObject({
      id: firstId,
      mtDescr: 'Escavatore EC 35',
      mt_versione: 'V2',
      mt_dt_cons_txt: '07/03/2024',
      dataFineGaranzia: '2026-03-07',
      mt_riv_descr: 'Dealer Srl',
      mt_cli_descr: '_ff_',
      catalogoId,
    });
    expect(first?.mt_cr_cod).toMatch(/^CR/);
  });

  it('describes machines and their version in the user language, Italian where one is missing', async () => {
    const english = await t.createUser({ authorities: ['ROLE_CR_USER'], langKey: 'en' });
    const { machines } = await list(await t.signIn(english.login, english.password), { term: GENERIC_SERIAL });
    expect(machines.map((m) => [m.mtDescr, m.mt_versione])).toEqual([['Test excavator', 'Cab']]);
    const french = await t.createUser({ authorities: ['ROLE_CR_USER'], langKey: 'fr' });
    const inFrench = await list(await t.signIn(french.login, french.password), { term: GENERIC_SERIAL });
    expect(inFrench.machines.map((m) => m.mt_versione)).toEqual(['Cabina']);
  });

  it('matches the term anywhere in the serial, lower-cased, and pages with X-Total-Count and Link', async () => {
    const typed = await list(dealer.agent, { term: `${prefix}d01`.toLowerCase(), size: '10' });
    expect(serials(typed.machines)).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix}D01${i}`));
    expect(typed.total).toBe(10);
    const middle = await list(dealer.agent, { term: 'd02' });
    expect(serials(middle.machines)).toEqual(Array.from({ length: 5 }, (_, i) => `${prefix}D02${i}`));

    const page = await dealer.agent.get('/api/machine/full', { query: { term: `${prefix}D`, page: '2', size: '10' } });
    expect(serials(page.json<Machine[]>())).toEqual(Array.from({ length: 5 }, (_, i) => `${prefix}D02${i}`));
    expect(page.headers['x-total-count']).toBe('25');
    expect(page.headers.link).toContain('rel="prev"');
    const beyond = await dealer.agent.get('/api/machine/full', {
      query: { term: `${prefix}D`, page: '9', size: '10' },
    });
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('25');
    // LIKE wildcards typed by the user match themselves.
    expect((await list(dealer.agent, { term: '%' })).machines).toEqual([]);
  });

  it('shows a subdealer only the serials granted to it and GENERIC, without version and catalogue code', async () => {
    const { machines } = await list(subdealer.agent);
    expect(serials(machines)).toEqual([GENERIC_SERIAL, `${prefix}D003`, `${prefix}D004`]);
    for (const m of machines) {
      expect(m.mt_versione).toBeNull();
      expect(m.mt_cr_cod).toBeNull();
      expect(m.catalogoId).not.toBeNull();
    }
  });

  it('shows everything to internal staff and to users with vedeTutteLeMatricole', async () => {
    for (const who of [internal, seesAll]) {
      const { total } = await list(who.agent, { term: prefix.toLowerCase() });
      expect(total).toBe(30);
    }
    const other = await list(otherDealer.agent);
    expect(serials(other.machines)).toEqual([GENERIC_SERIAL, `${prefix}O0`, `${prefix}O1`, `${prefix}O2`]);
    expect(other.machines[1]?.catalogoId).toBeNull();
  });

  it('finds one visible machine by id, else 404', async () => {
    const mine = await dealer.agent.get('/api/machine/byId', { query: { id: String(firstId) } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Machine>().mtMatricola).toBe(`${prefix}D000`);
    expect((await otherDealer.agent.get('/api/machine/byId', { query: { id: String(firstId) } })).statusCode).toBe(404);
    expect((await subdealer.agent.get('/api/machine/byId', { query: { id: String(firstId) } })).statusCode).toBe(404);
    const generic = await subdealer.agent.get('/api/machine/byId', { query: { id: String(genericId) } });
    expect(generic.statusCode).toBe(200);
    expect((await dealer.agent.get('/api/machine/byId', { query: { id: 'x' } })).statusCode).toBe(400);
  });

  it('gives the warranty end of a visible serial (upper-cased), else 404', async () => {
    const response = await dealer.agent.get('/api/machine/finegaranzia', {
      query: { matricola: `${prefix}d000`.toLowerCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ matricola: `${prefix}D000`, dataFineGaranzia: '2026-03-07' });
    const foreign = await otherDealer.agent.get('/api/machine/finegaranzia', { query: { matricola: `${prefix}D000` } });
    expect(foreign.statusCode).toBe(404);
    expect((await dealer.agent.get('/api/machine/finegaranzia')).statusCode).toBe(400);
  });

  it('lists one dealer: any dealer for internal staff, its own for a superdealer, 403 for others', async () => {
    const chosen = await internal.agent.get('/api/machine/dealer', {
      query: { login: superdealer.login, size: '50' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(serials(chosen.json<Machine[]>())).toEqual([`${prefix}S0`, `${prefix}S1`]);
    const typed = await internal.agent.get('/api/machine/dealer', {
      query: { login: dealer.login, term: 'd02', size: '3' },
    });
    expect(serials(typed.json<Machine[]>())).toEqual([`${prefix}D020`, `${prefix}D021`, `${prefix}D022`]);
    expect(typed.headers['x-total-count']).toBe('5');
    const missing = await internal.agent.get('/api/machine/dealer');
    expect(missing.statusCode).toBe(400);
    expect(problemOf(missing).fieldErrors?.[0]?.field).toBe('login');

    // A superdealer always gets its own machines, whatever login it sends.
    const own = await superdealer.agent.get('/api/machine/dealer', { query: { login: dealer.login } });
    expect(serials(own.json<Machine[]>())).toEqual([`${prefix}S0`, `${prefix}S1`]);
    expect((await dealer.agent.get('/api/machine/dealer')).statusCode).toBe(403);
    expect((await subdealer.agent.get('/api/machine/dealer')).statusCode).toBe(403);
  });

  it('refuses anonymous callers and users outside the machine area', async () => {
    expect((await t.agent().get('/api/machine/full')).statusCode).toBe(401);
    const plain = await user(['ROLE_USER', 'ROLE_CART']);
    expect((await plain.agent.get('/api/machine/full')).statusCode).toBe(403);
    expect((await plain.agent.get('/api/machine/byId', { query: { id: String(genericId) } })).statusCode).toBe(403);
  });
});
