import type {
  Authority,
  CatalogueHeader,
  CatalogueRow,
  CatalogueTreeSearch,
  CrArticolo,
  DrawingData,
  InfoCliente,
} from '@ricambi/domain';
import { GENERIC_SERIAL } from '@ricambi/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { appUser, articolo, catalogo } from '../src/db/schema/index.ts';
import { ensureFresh } from '../src/modules/machines/catalogue.generation.ts';
import {
  msUntilHour,
  regenerateDueCatalogues,
  startCatalogueNightly,
} from '../src/modules/machines/catalogue.nightly.ts';
import { createArticolo } from './catalogue-factories.ts';
import { createCatalogue, createDrawing, createMachine, grantMachine } from './machine-factories.ts';
import { type Agent, createTestApp, type TestApp } from './test-app.ts';

// Spec 2 §2 catalogo_detail / refresh, §3 catalogue rows and drawing data, §5 serial check and
// availability, §6 subdealers, §7 Catalogue and Item calls; issue 6 nightly regeneration.
describe('catalogue tree', () => {
  let t: TestApp;
  let dealer: { login: string; agent: Agent };
  let otherDealer: { login: string; agent: Agent };
  let subdealer: { login: string; agent: Agent };
  let internal: { login: string; agent: Agent };
  let plain: { login: string; agent: Agent };
  let crId: number;
  let crCodice: string;
  let machineId: number;
  let serial: string;
  let genericCrId: number;
  let foreignCrId: number;
  let bigMachineId: number;
  let filterId: number;
  let oilId: number;
  const tag = `${process.pid % 1000}`;

  const user = async (authorities: Authority[], values: Partial<typeof appUser.$inferInsert> = {}) => {
    const u = await t.createUser({ authorities });
    if (Object.keys(values).length > 0) await t.db.update(appUser).set(values).where(eq(appUser.login, u.login));
    return { login: u.login, agent: await t.signIn(u.login, u.password) };
  };
  const rows = async (agent: Agent, url: string) => {
    const response = await agent.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CatalogueRow[]>();
  };
  const items = (list: CatalogueRow[]) => list.map((r) => r.rigItem);

  beforeAll(async () => {
    t = await createTestApp();
    dealer = await user(['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'], { sconto: '35' });
    otherDealer = await user(['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER']);
    subdealer = await user(['ROLE_USER', 'ROLE_CART', 'ROLE_CR_SUBDEALER'], {
      logica: 'subdealer',
      vedePrezzi: false,
      dealerLogin: dealer.login,
    });
    internal = await user(['ROLE_USER', 'ROLE_CR_INTERNAL']);
    plain = await user(['ROLE_USER', 'ROLE_CART']);

    const filter = await createArticolo(
      t.db,
      { articolo: `FLT-${tag}`, prezzo: 100, localizedDescrizione: { it: 'Filtro olio', en: 'Oil filter' } },
      { magazzino: 10 },
    );
    filterId = filter.id;
    const oil = await createArticolo(
      t.db,
      { articolo: `OIL-${tag}`, prezzo: 20, unitaMisura: 'L', localizedDescrizione: { it: 'Olio idraulico' } },
      { magazzino: 2 },
    );
    oilId = oil.id;
    const retired = await createArticolo(t.db, { articolo: `OLD-${tag}`, ordinabile: false });

    const catalogue = await createCatalogue(t.db, {
      crDescrizione: 'Catalogo EC 35',
      localizedDescrizione: { it: 'Catalogo ricambi EC 35', en: 'Spare parts catalogue EC 35' },
      rows: [
        { item: 1, idTav: 'T01', disegno: 'D-T01', descrizione: { it: 'Motore', en: 'Engine' } },
        { item: 2, parent: 1, idTav: 'T01.01', disegno: 'D-T01-01', descrizione: { it: 'Filtri', en: 'Filters' } },
        {
          item: 3,
          parent: 2,
          tipoNodo: 1,
          idTav: 'T01.01',
          disegno: 'D-T01-01',
          pos: '1',
          qta: 2,
          note: 'Serrare a mano',
          articoloId: filter.id,
        },
        { item: 4, parent: 2, tipoNodo: 1, idTav: 'T01.01', disegno: 'D-T01-01', pos: '2', qta: 4, articoloId: oil.id },
        { item: 5, parent: 2, tipoNodo: 2, idTav: 'T01.01', pos: '3', articoloId: filter.id },
        { item: 6, parent: 2, tipoNodo: 1, idTav: null, pos: '4', articoloId: filter.id },
        { item: 7, parent: 2, tipoNodo: 1, idTav: 'T01.01', disegno: 'D-T01-01', pos: '6', articoloId: retired.id },
        { item: 8, parent: 2, idTav: 'T01.01.A', disegno: 'D-T01-01-A', descrizione: { it: 'Gruppo coperchio' } },
        { item: 9, parent: 8, tipoNodo: 1, idTav: 'T01.01.A', disegno: 'D-T01-01-A', pos: '1', articoloId: filter.id },
        { item: 10, parent: 1, tipoNodo: 2, idTav: 'T01.09', descrizione: { it: 'Nascosto' } },
        { item: 11, parent: 10, tipoNodo: 1, idTav: 'T01.09', pos: '1', articoloId: filter.id },
        { item: 12, idTav: 'T02', descrizione: { it: 'Idraulica', en: 'Hydraulics' } },
        { item: 13, idTav: ' ', descrizione: { it: 'Senza tavola' } },
      ],
    });
    crId = catalogue.id;
    crCodice = catalogue.crCodice;
    serial = `TR${tag}A001`;
    machineId = (await createMachine(t.db, { matricola: serial, crCod: crCodice, dealerLogin: dealer.login })).id;
    await grantMachine(t.db, { dealerLogin: dealer.login, login: subdealer.login, matricola: serial });
    await createMachine(t.db, { matricola: `TR${tag}A002`, crCod: 'CR-NONE', dealerLogin: dealer.login });

    const foreign = await createCatalogue(t.db, {
      rows: [{ item: 1, idTav: 'F01', disegno: `D-FOREIGN-${tag}` }],
    });
    foreignCrId = foreign.id;
    await createMachine(t.db, { matricola: `TR${tag}B001`, crCod: foreign.crCodice, dealerLogin: otherDealer.login });

    const generic = await createCatalogue(t.db, {
      crCodice: GENERIC_SERIAL,
      rows: [{ item: 1, idTav: 'G01', disegno: `D-GEN-${tag}`, descrizione: { it: 'Consumabili' } }],
    });
    genericCrId = generic.id;
    await createMachine(t.db, { matricola: GENERIC_SERIAL, crCod: GENERIC_SERIAL });

    // 205 matching leaves: the tree search stops at 200.
    const big = await createCatalogue(t.db, {
      rows: [
        { item: 1, idTav: 'B01' },
        ...Array.from({ length: 205 }, (_, i) => ({
          item: 100 + i,
          parent: 1,
          tipoNodo: 1,
          idTav: 'B01',
          pos: String(i + 1),
          descrizione: { it: `Vite ${i}` },
        })),
      ],
    });
    bigMachineId = (
      await createMachine(t.db, { matricola: `TR${tag}C001`, crCod: big.crCodice, dealerLogin: dealer.login })
    ).id;

    await createDrawing(t.db, t.config.dataDir, 'D-T01-01', ['1', '2', '6']);
    await createDrawing(t.db, t.config.dataDir, `D-FOREIGN-${tag}`, ['1']);
    await createDrawing(t.db, t.config.dataDir, `D-GEN-${tag}`, ['1'], { width: 20, height: 10 });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('header', () => {
    it('opens the catalogue of a visible machine by id and serial', async () => {
      const response = await dealer.agent.get(`/api/catalogo/${machineId}/${serial.toLowerCase()}`);
      expect(response.statusCode, response.body).toBe(200);
      const header = response.json<CatalogueHeader>();
      expect(header).toMatchObject({
        id: crId,
        crCodice,
        crDescrizione: 'Catalogo EC 35',
        descrizione: 'Catalogo ricambi EC 35',
        righe: 13,
        pdfFileName: `Catalogo ricambi EC 35 ${serial}.pdf`,
      });
      expect(header.machine).toMatchObject({ id: machineId, mtMatricola: serial, catalogoId: crId });
      const english = await dealer.agent.get(`/api/catalogo/${machineId}/${serial}?lang=en`);
      expect(english.json<CatalogueHeader>().descrizione).toBe('Spare parts catalogue EC 35');
    });

    it('answers 404 for a wrong serial, a foreign machine or a machine without catalogue', async () => {
      expect((await dealer.agent.get(`/api/catalogo/${machineId}/TR${tag}B001`)).statusCode).toBe(404);
      expect((await otherDealer.agent.get(`/api/catalogo/${machineId}/${serial}`)).statusCode).toBe(404);
      const noCatalogue = await dealer.agent.get('/api/machine/full', { query: { term: `TR${tag}A002` } });
      const id = noCatalogue.json<{ id: number }[]>()[0]?.id;
      expect((await dealer.agent.get(`/api/catalogo/${id}/TR${tag}A002`)).statusCode).toBe(404);
      expect((await plain.agent.get(`/api/catalogo/${machineId}/${serial}`)).statusCode).toBe(403);
      expect((await t.agent().get(`/api/catalogo/${machineId}/${serial}`)).statusCode).toBe(401);
    });

    it('blanks the catalogue code and machine version for a subdealer', async () => {
      const header = (await subdealer.agent.get(`/api/catalogo/${machineId}/${serial}`)).json<CatalogueHeader>();
      expect(header.crCodice).toBeNull();
      expect(header.machine.mt_cr_cod).toBeNull();
      expect(header.machine.mt_versione).toBeNull();
    });
  });

  describe('rows', () => {
    it('sends level 1 without hidden rows, with hasChildren', async () => {
      const level1 = await rows(dealer.agent, `/api/righecatalogo/${crId}/bylevel/1`);
      expect(items(level1)).toEqual([1, 12]);
      expect(level1.map((r) => [r.rigIdTav, r.descrizione, r.hasChildren])).toEqual([
        ['T01', 'Motore', true],
        ['T02', 'Idraulica', false],
      ]);
      const english = await rows(dealer.agent, `/api/righecatalogo/${crId}/bylevel/1?lang=en`);
      expect(english.map((r) => r.descrizione)).toEqual(['Engine', 'Hydraulics']);
    });

    it('sends the visible children of a row, with live price and availability for the row quantity', async () => {
      expect(items(await rows(dealer.agent, `/api/righecatalogo/${crId}/byitem/1`))).toEqual([2]);
      const children = await rows(dealer.agent, `/api/righecatalogo/${crId}/byitem/2`);
      expect(items(children)).toEqual([3, 4, 7, 8]);
      const [filterRow, oilRow, retiredRow, group] = children;
      expect(filterRow).toMatchObject({
        rigItemPrec: 2,
        rigLivello: 3,
        rigPos: '1',
        rigQta: 2,
        rigNote: 'Serrare a mano',
        rigDisegno: 'D-T01-01',
        drawing: 'D-T01-01',
        descrizione: 'Filtro olio',
        orderable: true,
        hasChildren: false,
        articolo: {
          id: filterId,
          articolo: `FLT-${tag}`,
          unitaMisura: 'NR',
          descrizione: 'Filtro olio',
          disponibiliLabel: 'DISPONIBILE',
          prezzo: 65,
        },
      });
      // 2 litres in stock, 4 per unit: call.
      expect(oilRow?.articolo).toMatchObject({
        id: oilId,
        unitaMisura: 'L',
        disponibiliLabel: 'TELEFONARE',
        prezzo: 13,
      });
      expect(retiredRow).toMatchObject({ rigTipoArt: 'T', orderable: false });
      expect(group).toMatchObject({ rigIdTav: 'T01.01.A', hasChildren: true, articolo: null, orderable: false });
      expect(items(await rows(dealer.agent, `/api/righecatalogo/${crId}/byitem/8`))).toEqual([9]);
      expect(await rows(dealer.agent, `/api/righecatalogo/${crId}/byitem/12`)).toEqual([]);
    });

    it('hides drawing file names and prices from a subdealer but keeps the drawing key', async () => {
      const children = await rows(subdealer.agent, `/api/righecatalogo/${crId}/byitem/2`);
      expect(children[0]).toMatchObject({ rigDisegno: null, drawing: 'D-T01-01' });
      expect(children[0]?.articolo?.prezzo).toBeNull();
    });

    it('answers 404 to users who see no machine of the catalogue; GENERIC is open to all', async () => {
      expect((await otherDealer.agent.get(`/api/righecatalogo/${crId}/bylevel/1`)).statusCode).toBe(404);
      expect((await otherDealer.agent.get(`/api/righecatalogo/${crId}/byitem/1`)).statusCode).toBe(404);
      expect((await dealer.agent.get(`/api/righecatalogo/${foreignCrId}/bylevel/1`)).statusCode).toBe(404);
      expect((await dealer.agent.get('/api/righecatalogo/999999999/bylevel/1')).statusCode).toBe(404);
      expect(items(await rows(internal.agent, `/api/righecatalogo/${foreignCrId}/bylevel/1`))).toEqual([1]);
      for (const who of [dealer, otherDealer, subdealer]) {
        expect(items(await rows(who.agent, `/api/righecatalogo/${genericCrId}/bylevel/1`))).toEqual([1]);
      }
      expect((await plain.agent.get(`/api/righecatalogo/${genericCrId}/bylevel/1`)).statusCode).toBe(403);
      expect((await dealer.agent.get(`/api/righecatalogo/${crId}/bylevel/x`)).statusCode).toBe(400);
    });
  });

  describe('tree search', () => {
    it('finds reachable rows by code or description, case and accents ignored, with their path', async () => {
      const response = await dealer.agent.get('/api/righecatalogo/list', {
        query: { mt: String(machineId), q: 'FÍLTRO' },
      });
      expect(response.statusCode, response.body).toBe(200);
      // Row 5 is hidden, row 11 sits under a hidden branch; row 2 ("Filtri") does not contain "filtro".
      expect(response.json<CatalogueTreeSearch>()).toEqual({
        matches: [
          { rigItem: 3, path: [1, 2] },
          { rigItem: 9, path: [1, 2, 8] },
        ],
        truncated: false,
      });
      const byCode = await dealer.agent.get('/api/righecatalogo/list', {
        query: { mt: String(machineId), q: `oil-${tag}` },
      });
      expect(byCode.json<CatalogueTreeSearch>().matches).toEqual([{ rigItem: 4, path: [1, 2] }]);
      const byPlate = await dealer.agent.get('/api/righecatalogo/list', {
        query: { mt: String(machineId), q: 't01.01.a' },
      });
      expect(byPlate.json<CatalogueTreeSearch>().matches.map((m) => m.rigItem)).toEqual([8, 9]);
    });

    it('caps the matches at 200 and says so', async () => {
      const response = await dealer.agent.get('/api/righecatalogo/list', {
        query: { mt: String(bigMachineId), q: 'vite' },
      });
      const result = response.json<CatalogueTreeSearch>();
      expect(result.matches).toHaveLength(200);
      expect(result.truncated).toBe(true);
      expect(result.matches[0]).toEqual({ rigItem: 100, path: [1] });
    });

    it('refuses foreign machines and bad input', async () => {
      const foreign = await otherDealer.agent.get('/api/righecatalogo/list', {
        query: { mt: String(machineId), q: 'filtro' },
      });
      expect(foreign.statusCode).toBe(404);
      const empty = await dealer.agent.get('/api/righecatalogo/list', { query: { mt: String(machineId), q: ' ' } });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('serial check', () => {
    it('answers OK with the machine id or KO, as text', async () => {
      const ok = await dealer.agent.get(`/api/catalogo/estraiCatalogo/${serial.toLowerCase()}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain/);
      expect(ok.body).toBe(`OK ${machineId}`);
      expect((await otherDealer.agent.get(`/api/catalogo/estraiCatalogo/${serial}`)).body).toBe('KO NOT_FOUND');
      expect((await dealer.agent.get(`/api/catalogo/estraiCatalogo/TR${tag}A002`)).body).toBe('KO NO_CATALOGUE');
      expect((await dealer.agent.get('/api/catalogo/estraiCatalogo/NOPE')).body).toBe('KO NOT_FOUND');
    });
  });

  describe('refresh', () => {
    const filterText = async (agent: Agent) =>
      (await rows(agent, `/api/righecatalogo/${crId}/byitem/2`)).find((r) => r.rigItem === 3)?.descrizione;
    const describeFilter = (it: string) =>
      t.db.update(articolo).set({ localizedDescrizione: { it } }).where(eq(articolo.id, filterId));

    it('regenerates now on PUT (internal staff only): article changes show up', async () => {
      await describeFilter('Filtro olio motore');
      expect(await filterText(dealer.agent)).toBe('Filtro olio');
      const denied = await dealer.agent.put(`/api/catalogo/${machineId}`);
      expect(denied.statusCode).toBe(403);
      const refreshed = await internal.agent.put(`/api/catalogo/${machineId}`);
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expect(refreshed.json<CatalogueHeader>().id).toBe(crId);
      expect(await filterText(dealer.agent)).toBe('Filtro olio motore');
    });

    it('marks the catalogue stale on refreshall; the next opening regenerates it', async () => {
      await describeFilter('Filtro olio motore HD');
      const marked = await internal.agent.get(`/api/catalogo/refreshall/${crCodice}`);
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ crCodice, stale: true });
      const [row] = await t.db.select({ stale: catalogo.stale }).from(catalogo).where(eq(catalogo.id, crId));
      expect(row?.stale).toBe(true);
      expect(await filterText(dealer.agent)).toBe('Filtro olio motore');

      expect((await dealer.agent.get(`/api/catalogo/${machineId}/${serial}`)).statusCode).toBe(200);
      expect(await filterText(dealer.agent)).toBe('Filtro olio motore HD');
      const [after] = await t.db.select({ stale: catalogo.stale }).from(catalogo).where(eq(catalogo.id, crId));
      expect(after?.stale).toBe(false);

      expect((await internal.agent.get('/api/catalogo/refreshall/NOPE')).statusCode).toBe(404);
      expect((await dealer.agent.get(`/api/catalogo/refreshall/${crCodice}`)).statusCode).toBe(403);
    });

    it('regenerates a stale catalogue once under concurrent tree and PDF requests (one ensureFresh, row lock)', async () => {
      await describeFilter('Filtro olio concorrente');
      await t.db.update(catalogo).set({ stale: true }).where(eq(catalogo.id, crId));
      const release = t.cataloguePdf.hold();
      const answers = await Promise.all([
        dealer.agent.get(`/api/catalogo/${machineId}/${serial}`),
        dealer.agent.get(`/api/catalogo/${machineId}/pdf/download/it`),
        dealer.agent.get(`/api/catalogo/${machineId}/${serial}`),
        dealer.agent.get(`/api/esisteCatalogo/${machineId}`, { query: { lang: 'it' } }),
      ]);
      release();
      await t.cataloguePdf.idle();
      expect(answers.map((a) => a.statusCode)).toEqual([200, 202, 200, 200]);
      const [row] = await t.db
        .select({ stale: catalogo.stale, generatedAt: catalogo.generatedAt })
        .from(catalogo)
        .where(eq(catalogo.id, crId));
      expect(row?.stale).toBe(false);
      // One regeneration: both headers and the catalogue carry the same generation time.
      const stamps = [answers[0], answers[2]].map((a) => a?.json<CatalogueHeader>().generatedAt);
      expect(stamps).toEqual([row?.generatedAt.toISOString(), row?.generatedAt.toISOString()]);
      expect(await filterText(dealer.agent)).toBe('Filtro olio concorrente');

      await t.db.update(catalogo).set({ stale: true }).where(eq(catalogo.id, crId));
      const runs = await Promise.all([ensureFresh(t.db, crId), ensureFresh(t.db, crId), ensureFresh(t.db, crId)]);
      expect(runs.filter(Boolean)).toHaveLength(1);
    });

    it('regenerates stale and day-old catalogues in the nightly pass', async () => {
      await describeFilter('Filtro olio notte');
      await t.db.update(catalogo).set({ generatedAt: sql`now() - interval '25 hours'` }).where(eq(catalogo.id, crId));
      await t.db.update(catalogo).set({ stale: true }).where(eq(catalogo.id, genericCrId));
      const fresh = await t.db.select({ id: catalogo.id }).from(catalogo).where(eq(catalogo.id, foreignCrId));
      const done = await regenerateDueCatalogues(t.db, new Date());
      expect(done).toEqual(expect.arrayContaining([crId, genericCrId]));
      expect(done).not.toContain(fresh[0]?.id);
      expect(await filterText(dealer.agent)).toBe('Filtro olio notte');
      expect(await regenerateDueCatalogues(t.db, new Date())).toEqual([]);
    });

    it('waits for the configured hour', () => {
      const evening = new Date(2026, 10, 23, 22, 30, 0);
      expect(msUntilHour(evening, 2)).toBe(3.5 * 60 * 60 * 1000);
      const early = new Date(2026, 10, 24, 1, 0, 0);
      expect(msUntilHour(early, 2)).toBe(60 * 60 * 1000);
      const atTwo = new Date(2026, 10, 24, 2, 0, 0);
      expect(msUntilHour(atTwo, 2)).toBe(24 * 60 * 60 * 1000);
      expect(loadConfig({}).catalogueRegenHour).toBe(2);
      expect(loadConfig({ CATALOGUE_REGEN_HOUR: '23' }).catalogueRegenHour).toBe(23);
      expect(() => loadConfig({ CATALOGUE_REGEN_HOUR: '24' })).toThrow(/CATALOGUE_REGEN_HOUR/);
    });

    it('starts and stops the nightly job', async () => {
      const job = startCatalogueNightly(t.db, t.log, 2);
      await expect(job.stop()).resolves.toBeUndefined();
    });
  });

  describe('drawings', () => {
    it('streams the PNG of a drawing the user may see, cached privately with an ETag', async () => {
      const response = await dealer.agent.get('/api/catalogo/resource-dot/D-T01-01.png');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('private, max-age=86400');
      expect(response.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await dealer.agent.get('/api/catalogo/resource-dot/D-T01-01.png', {
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect((await subdealer.agent.get('/api/catalogo/resource-dot/D-T01-01.png')).statusCode).toBe(200);
    });

    it('gives the balloons of a drawing as JSON', async () => {
      const response = await dealer.agent.get('/api/catalogo/resource-dot/D-T01-01.json');
      expect(response.statusCode).toBe(200);
      const data = response.json<DrawingData>();
      expect(data.format).toEqual({ width: 40, height: 30 });
      expect(data.labels.map((l) => l.label)).toEqual(['1', '2', '6']);
      const generic = await otherDealer.agent.get(`/api/catalogo/resource-dot/D-GEN-${tag}.json`);
      expect(generic.json<DrawingData>().format).toEqual({ width: 20, height: 10 });
    });

    it('answers 404 for foreign, unknown, missing and unsafe drawing names', async () => {
      for (const url of [
        `/api/catalogo/resource-dot/D-FOREIGN-${tag}.png`,
        `/api/catalogo/resource-dot/D-FOREIGN-${tag}.json`,
        '/api/catalogo/resource-dot/D-NOPE.png',
        // Used by the catalogue but without a file or drawing data.
        '/api/catalogo/resource-dot/D-T01.png',
        '/api/catalogo/resource-dot/D-T01.json',
        '/api/catalogo/resource-dot/..%2F..%2Fetc%2Fpasswd.png',
        '/api/catalogo/resource-dot/.hidden.png',
      ]) {
        expect((await dealer.agent.get(url)).statusCode, url).toBe(404);
      }
      expect((await otherDealer.agent.get('/api/catalogo/resource-dot/D-T01-01.png')).statusCode).toBe(404);
      expect((await plain.agent.get('/api/catalogo/resource-dot/D-T01-01.png')).statusCode).toBe(403);
    });
  });

  describe('item', () => {
    it('gives the article with the net price in the user language', async () => {
      const response = await dealer.agent.get('/api/crarticolo/', { query: { id: String(filterId) } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CrArticolo>()).toMatchObject({
        id: filterId,
        articolo: `FLT-${tag}`,
        unitaMisura: 'NR',
        prezzo: 65,
        ordinabile: true,
        disponibiliLabel: 'DISPONIBILE',
      });
      const english = await dealer.agent.get('/api/crarticolo/', { query: { id: String(oilId), lang: 'en' } });
      expect(english.json<CrArticolo>()).toMatchObject({ unitaMisura: 'L', prezzo: 13 });
      expect((await dealer.agent.get('/api/crarticolo/', { query: { id: '999999999' } })).statusCode).toBe(404);
      expect((await subdealer.agent.get('/api/crarticolo/', { query: { id: String(filterId) } })).statusCode).toBe(403);
    });

    it('answers price and availability for a quantity exactly as the article page does', async () => {
      for (const quantita of ['1', '12']) {
        const query = { articoloId: String(filterId), quantita };
        const item = await dealer.agent.get(
          '/api/crarticolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita',
          {
            query,
          },
        );
        const page = await dealer.agent.get('/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita', {
          query,
        });
        expect(item.statusCode).toBe(200);
        expect(item.json<InfoCliente>()).toEqual(page.json<InfoCliente>());
      }
      const twelve = await dealer.agent.get(
        '/api/crarticolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita',
        {
          query: { articoloId: String(filterId), quantita: '12' },
        },
      );
      expect(twelve.json<InfoCliente>()).toMatchObject({ netto: 65, totale: 780 });
    });
  });
});
