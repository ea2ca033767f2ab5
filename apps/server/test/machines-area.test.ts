import type { Authority } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, createMachine } from './machine-factories.ts';
import { type Agent, createTestApp, type TestApp } from './test-app.ts';

// Spec 2 §1, issue 11 §5: the pages of the machine area are blocked when the theme gives no parts
// access — on the server (403), whatever roles the user holds. The tracks theme has no parts.
// (The refusal itself is platform/auth.ts's check of each route's config.area.)
describe('machine area under a theme without parts', () => {
  let t: TestApp;
  let underTracks: Agent;
  let underParts: Agent;
  let demoTracks: Agent;
  let machineId: number;
  let serial: string;
  let crId: number;
  const roles: Authority[] = [
    'ROLE_USER',
    'ROLE_CART',
    'ROLE_CR_USER',
    'ROLE_CR_INTERNAL',
    'ROLE_CR_SUPERDEALER',
    'ROLE_MANAGER',
  ];

  const area = () => [
    '/api/machine/full?term=',
    '/api/machine/dealer?login=nobody',
    `/api/machine/byId?id=${machineId}`,
    `/api/machine/finegaranzia?matricola=${serial}`,
    `/api/catalogo/${machineId}/${serial}`,
    `/api/catalogo/estraiCatalogo/${serial}`,
    `/api/righecatalogo/${crId}/bylevel/1`,
    `/api/righecatalogo/${crId}/byitem/1`,
    `/api/righecatalogo/list?mt=${machineId}&q=x`,
    '/api/catalogo/resource-dot/nothing.json',
    `/api/catalogo/${crId}/pdf/download/1/it`,
    `/api/catalogo/${machineId}/pdf/download/it`,
    `/api/esisteCatalogo/${machineId}`,
    `/api/catalogo/download/${machineId}`,
    '/api/crarticolo/?id=1',
    '/api/whereused/search?term=B01',
    '/api/whereused/download/csv/B01/tavCat',
    '/api/visibilitamacchine',
    '/api/visibilitamacchine/download/csv',
    '/api/visibilitamacchine/dealers',
    '/api/crModellis/name',
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const tracksUser = await t.createUser({ authorities: roles, tema: 'tracks' });
    const partsUser = await t.createUser({ authorities: roles, tema: 'eurocomach' });
    underTracks = await t.signIn(tracksUser.login, tracksUser.password);
    underParts = await t.signIn(partsUser.login, partsUser.password);
    // As the demo user `tracks` (src/seed/demo.seed.ts): no machine-area role, tracks theme.
    const tracksDemo = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_CART'], tema: 'tracks' });
    demoTracks = await t.signIn(tracksDemo.login, tracksDemo.password);
    const catalogue = await createCatalogue(t.db, { rows: [{ item: 1 }] });
    crId = catalogue.id;
    const machine = await createMachine(t.db, { crCod: catalogue.crCodice, dealerLogin: partsUser.login });
    machineId = machine.id;
    serial = machine.mtMatricola;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses every route of the area (403) to a user of the tracks theme, whatever its roles', async () => {
    for (const url of area()) {
      const response = await underTracks.get(url);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('refuses them to a user like the tracks demo user too', async () => {
    for (const url of area()) expect((await demoTracks.get(url)).statusCode, url).toBe(403);
  });

  it('lets the same roles through under the parts theme', async () => {
    for (const url of area()) expect((await underParts.get(url)).statusCode, url).not.toBe(403);
  });
});
