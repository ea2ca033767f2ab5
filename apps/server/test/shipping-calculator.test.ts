import type { CartAddress, ShippingCalculation } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indirizzoCliente, theme } from '../src/db/schema/index.ts';
import { THEMES } from '../src/seed/reference.seed.ts';
import { multipart } from './multipart.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

const URL = '/api/speseSpedizione';

/**
 * A small tariff as a manager uploads it: Italy for every postcode (the fallback) and the north
 * (10000–49999), which is narrower and wins; Germany for every postcode. Weight bands are
 * pesoDa < weight ≤ pesoA.
 */
const TARIFF_CSV = [
  'stato;capDa;capA;pesoDa;pesoA;costo',
  'ITA;;;0;30;30',
  'ITA;;;30;100;55',
  'ITA;10000;49999;0;30;18',
  'ITA;10000;49999;30;100;35',
  'DEU;;;0;500;75,50',
].join('\n');

const query = (params: Record<string, string>) => `${URL}?${new URLSearchParams(params)}`;

// Issue 16 §6, spec 2 §2, §3, §5, §7: the internal staff's shipping calculator, GET /api/speseSpedizione.
describe('shipping calculator', () => {
  let t: TestApp;
  let internal: Agent;
  let internalId: number;

  const calc = async (params: Record<string, string>) => {
    const response = await internal.get(query(params));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ShippingCalculation>();
  };
  const fieldErrorsOf = async (agent: Agent, url: string) => {
    const response = await agent.get(url);
    expect(response.statusCode, `${url} ${response.body}`).toBe(400);
    const problem = problemOf(response);
    expect(problem.message).toBe('error.validation');
    return (problem.fieldErrors ?? []).map((e) => [e.field, e.message, ...(e.params ? [e.params] : [])]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ authorities: ['ROLE_INTERNAL', 'ROLE_USER', 'ROLE_CART'] });
    internalId = user.id;
    internal = await t.signIn(user.login, user.password);
    // The tariff through the manager's import, as in production.
    const manager = await t.createUser({ authorities: ['ROLE_MANAGER', 'ROLE_USER'] });
    const { payload, headers } = multipart([
      { name: 'file', filename: 'tariffa.csv', content: Buffer.from(TARIFF_CSV) },
    ]);
    const imported = await (await t.signIn(manager.login, manager.password)).post(
      '/api/speseSpedizione/tariffario',
      payload,
      { headers },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ rows: 5 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("gives the tariff's cost for IT / 20100 / 35 kg: the narrowest postcode range covering it", async () => {
    expect(await calc({ stato: 'ITA', cap: '20100', peso: '35' })).toEqual({ spese: 35, calcolabile: true });
    // The same for a country code typed in lower case and a weight with a decimal comma or dot.
    expect(await calc({ stato: 'ita', cap: '20100', peso: '35,5' })).toEqual({ spese: 35, calcolabile: true });
    expect(await calc({ stato: 'ITA', cap: '20100', peso: '29.999' })).toEqual({ spese: 18, calcolabile: true });
    // Bands hold their upper bound: 30 kg is the lighter band.
    expect(await calc({ stato: 'ITA', cap: '20100', peso: '30' })).toEqual({ spese: 18, calcolabile: true });
  });

  it('falls back to the rows for every postcode outside a range, and without a postcode', async () => {
    expect(await calc({ stato: 'ITA', cap: '80100', peso: '35' })).toEqual({ spese: 55, calcolabile: true });
    expect(await calc({ stato: 'ITA', cap: '', peso: '35' })).toEqual({ spese: 55, calcolabile: true });
    expect(await calc({ stato: 'ITA', peso: '35' })).toEqual({ spese: 55, calcolabile: true });
    expect(await calc({ stato: 'DEU', cap: '80939', peso: '12,5' })).toEqual({ spese: 75.5, calcolabile: true });
  });

  it('answers "not calculable" (-1) for a country without a tariff, or a weight beyond every band', async () => {
    expect(await calc({ stato: 'POL', cap: '00-950', peso: '35' })).toEqual({ spese: -1, calcolabile: false });
    expect(await calc({ stato: 'FRA', cap: '75001', peso: '1' })).toEqual({ spese: -1, calcolabile: false });
    expect(await calc({ stato: 'ITA', cap: '20100', peso: '100,001' })).toEqual({ spese: -1, calcolabile: false });
    expect(await calc({ stato: 'DEU', cap: '', peso: '501' })).toEqual({ spese: -1, calcolabile: false });
  });

  it('refuses a missing or unknown country, a postcode over 7 characters and a weight not above 0 with field errors', async () => {
    expect(await fieldErrorsOf(internal, query({ cap: '20100', peso: '35' }))).toEqual([
      ['stato', 'validation.required'],
    ]);
    expect(await fieldErrorsOf(internal, query({ stato: '', cap: '20100', peso: '35' }))).toEqual([
      ['stato', 'validation.required'],
    ]);
    expect(await fieldErrorsOf(internal, query({ stato: 'XYZ', peso: '35' }))).toEqual([
      ['stato', 'validation.invalid'],
    ]);
    expect(await fieldErrorsOf(internal, query({ stato: 'ITAL', peso: '35' }))).toEqual([
      ['stato', 'validation.maxlength', { max: 3 }],
    ]);
    expect(await fieldErrorsOf(internal, query({ stato: 'ITA', cap: '20100123', peso: '35' }))).toEqual([
      ['cap', 'validation.maxlength', { max: 7 }],
    ]);
    expect(await fieldErrorsOf(internal, query({ stato: 'ITA', cap: '20100' }))).toEqual([
      ['peso', 'validation.required'],
    ]);
    expect(await fieldErrorsOf(internal, query({ stato: 'ITA', peso: '' }))).toEqual([['peso', 'validation.required']]);
    for (const peso of ['0', '0,000', '-5']) {
      expect(await fieldErrorsOf(internal, query({ stato: 'ITA', peso })), peso).toEqual([
        ['peso', 'speseSpedizione.error.pesoPositive'],
      ]);
    }
    for (const peso of ['abc', '1e3', '35kg', '1.2345', '1,2,3', 'Infinity', 'NaN', '0x10', '9'.repeat(40)]) {
      expect(await fieldErrorsOf(internal, query({ stato: 'ITA', peso })), peso).toEqual([
        ['peso', 'speseSpedizione.error.pesoNumber'],
      ]);
    }
    expect(await fieldErrorsOf(internal, query({ stato: 'ITA', peso: '100001' }))).toEqual([
      ['peso', 'speseSpedizione.error.pesoMax'],
    ]);
    // Every field wrong at once: every field said.
    expect(await fieldErrorsOf(internal, query({ stato: '', cap: '123456789', peso: 'abc' }))).toEqual([
      ['stato', 'validation.required'],
      ['cap', 'validation.maxlength', { max: 7 }],
      ['peso', 'speseSpedizione.error.pesoNumber'],
    ]);
  });

  it('refuses NUL and other control characters and repeated parameters with 400, never 500', async () => {
    for (const url of [
      `${URL}?stato=IT%00A&cap=20100&peso=35`,
      `${URL}?stato=ITA&cap=20%00100&peso=35`,
      `${URL}?stato=ITA&cap=20100&peso=3%005`,
      `${URL}?stato=ITA&cap=20100&peso=35%1F`,
    ]) {
      const fields = (await fieldErrorsOf(internal, url)).map(([field, message]) => [field, message]);
      expect(fields.length, url).toBe(1);
      expect(fields[0]?.[1], url).toBe('validation.invalid');
    }
    const repeated = await internal.get(`${URL}?stato=ITA&stato=DEU&peso=35&peso=36`);
    expect(repeated.statusCode).toBe(400);
    expect(problemOf(repeated).fieldErrors?.map((e) => e.field)).toEqual(['stato', 'peso']);
  });

  it('is for internal staff: 401 anonymous, 403 for a dealer and a manager', async () => {
    const url = query({ stato: 'ITA', cap: '20100', peso: '35' });
    expect((await t.agent().get(url)).statusCode).toBe(401);
    for (const authorities of [
      ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'],
      ['ROLE_MANAGER', 'ROLE_USER'],
      ['ROLE_CR_INTERNAL', 'ROLE_USER'],
    ] as const) {
      const user = await t.createUser({ authorities });
      const response = await (await t.signIn(user.login, user.password)).get(url);
      expect(response.statusCode, authorities.join()).toBe(403);
      expect(problemOf(response).message).toBe('error.http.403');
    }
  });

  it('is blocked (403) under a theme without tracks access, and open again under the tracks theme', async () => {
    const noTracks = THEMES.find((x) => x.name === 'eurocomach');
    if (!noTracks) throw new Error('no eurocomach theme');
    await t.db.insert(theme).values({
      ...noTracks,
      name: 'partsonly',
      hostNames: ['partsonly.localhost'],
      isDefault: false,
      canAccessTracks: false,
    });
    const admin = await t.createUser({ authorities: ['ROLE_ADMIN'] });
    expect((await (await t.signIn(admin.login, admin.password)).post('/api/themes-reload')).statusCode).toBe(200);

    const url = query({ stato: 'ITA', cap: '20100', peso: '35' });
    const staff = await t.createUser({ authorities: ['ROLE_INTERNAL', 'ROLE_USER'], tema: 'partsonly' });
    const underPartsOnly = await t.signIn(staff.login, staff.password);
    const refused = await underPartsOnly.get(url);
    expect(refused.statusCode).toBe(403);
    expect(problemOf(refused).message).toBe('error.http.403');
    // The host name decides first: the same user on the tracks host may use it.
    expect((await underPartsOnly.get(url, { headers: { host: 'tracks.localhost' } })).statusCode).toBe(200);
    // And an internal user of the default theme on the parts-only host is refused.
    expect((await internal.get(url, { headers: { host: 'partsonly.localhost' } })).statusCode).toBe(403);
  });

  it("lets the page prefill from the user's address of type 000 through GET /api/cartaddress", async () => {
    const address = (tipoIndirizzo: string, cap: string, stato: string) => ({
      userId: internalId,
      tipoIndirizzo,
      ragsoc: 'Magazzino',
      indirizzo: 'Via dei Ricambi 1',
      cap,
      citta: 'Reggio Emilia',
      prov: 'RE',
      stato,
    });
    await t.db.insert(indirizzoCliente).values([address('001', '00100', 'ITA'), address('000', '42124', 'ITA')]);
    const response = await internal.get('/api/cartaddress');
    expect(response.statusCode).toBe(200);
    const main = response.json<CartAddress[]>().find((a) => a.TIPO_INDIRIZZO === '000');
    expect(main).toMatchObject({ STATO: 'ITA', CAP: '42124' });
    expect(await calc({ stato: main?.STATO ?? '', cap: main?.CAP ?? '', peso: '35' })).toEqual({
      spese: 35,
      calcolabile: true,
    });
  });
});
