import type {
  ArticoloAdmin,
  ArticoloArticoloAdmin,
  ArticoloEquivAdmin,
  BomChild,
  BomInfo,
  BomParent,
  CategoriaAdmin,
  ComboVociAdmin,
  Equivalent,
  MarchioAdmin,
  SearchLogAdmin,
  TipoCategoriaAdmin,
} from '@ricambi/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { articoloCategoria, articoloSearch, searchLog } from '../src/db/schema/index.ts';
import { addBom, addEquiv, createArticolo, createMarchio } from './catalogue-factories.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;

let nextId = 900_000_000 + (process.pid % 1000) * 10_000;
const newId = () => ++nextId;

const articoloBody = (overrides: Record<string, unknown> = {}) => {
  const id = newId();
  return {
    id,
    articolo: `ADM-${id}`,
    descrizione: 'Filtro olio motore',
    prezzo: 12.5,
    tipoArticolo: 'R',
    tipoArticoloOrig: 'T',
    gruppoMerceologico: 'FIL',
    peso: 0.35,
    ...overrides,
  };
};

const fieldsOf = (response: Parameters<typeof problemOf>[0]) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));

// Spec 3 §2, §3, §5, §7 and spec 1 §6: catalogue master data and the relation calls.
describe('catalogue master data', () => {
  let t: TestApp;
  let admin: Agent;
  let manager: Agent;
  let user: Agent;
  let internal: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    const make = async (authorities: Parameters<TestApp['createUser']>[0]) => {
      const u = await t.createUser(authorities);
      return t.signIn(u.login, u.password);
    };
    admin = await make({ authorities: ['ROLE_ADMIN', 'ROLE_USER'] });
    manager = await make({ authorities: ['ROLE_MANAGER', 'ROLE_USER'] });
    user = await make({ authorities: ['ROLE_USER'], langKey: 'en' });
    internal = await make({ authorities: ['ROLE_INTERNAL', 'ROLE_USER'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('tipoCategoria and categoria', () => {
    it('creates, updates and deletes a category type; nome and descrizione are required', async () => {
      const created = await admin.post('/api/tipoCategoria', { nome: 'Ricambi', descrizione: 'Parti di ricambio' });
      expect(created.statusCode).toBe(201);
      const tipo = created.json<TipoCategoriaAdmin>();
      expect(created.headers.location).toBe(`/api/tipoCategoria/${tipo.id}`);
      expect(tipo.createdBy).toBeTruthy();

      const bad = await admin.post('/api/tipoCategoria', { nome: ' ', descrizione: 'x'.repeat(256) });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual({ nome: 'validation.required', descrizione: 'validation.maxlength' });

      const updated = await manager.put(`/api/tipoCategoria/${tipo.id}`, { nome: 'Ricambi 2', descrizione: 'd' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<TipoCategoriaAdmin>().lastModifiedDate).not.toBeNull();

      expect((await admin.delete(`/api/tipoCategoria/${tipo.id}`)).statusCode).toBe(204);
      expect((await admin.get(`/api/tipoCategoria/${tipo.id}`)).statusCode).toBe(404);
    });

    it('checks the slug pattern, its uniqueness, the parent and the type (spec 3 §5)', async () => {
      const tipo = (
        await admin.post('/api/tipoCategoria', { nome: 'Cingoli', descrizione: 'Cingoli' })
      ).json<TipoCategoriaAdmin>();
      const bad = await admin.post('/api/categoria', { nome: 'Filtri', descrizione: 'Filtri', slug: 'filtri olio!' });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual({ slug: 'catalogueAdmin.validation.slug' });
      const missing = await admin.post('/api/categoria', { slug: 'ok' });
      expect(fieldsOf(missing)).toEqual({ nome: 'validation.required', descrizione: 'validation.required' });

      const parent = await admin.post('/api/categoria', {
        nome: 'Filtri',
        descrizione: 'Tutti i filtri',
        slug: 'filtri_Olio-2',
        tipoCategoriaId: tipo.id,
      });
      expect(parent.statusCode).toBe(201);
      const padre = parent.json<CategoriaAdmin>();
      expect(padre.tipoCategoria).toEqual({ id: tipo.id, nome: 'Cingoli' });
      expect(padre.visibile).toBe(true);

      const duplicate = await admin.post('/api/categoria', { nome: 'X', descrizione: 'X', slug: 'filtri_Olio-2' });
      expect(fieldsOf(duplicate)).toEqual({ slug: 'catalogueAdmin.validation.slugTaken' });
      const unknownParent = await admin.post('/api/categoria', { nome: 'X', descrizione: 'X', padreId: 987654321 });
      expect(fieldsOf(unknownParent)).toEqual({ padreId: 'catalogueAdmin.validation.unknown' });

      const child = (
        await admin.post('/api/categoria', { nome: 'Filtri aria', descrizione: 'Aria', padreId: padre.id, slug: '' })
      ).json<CategoriaAdmin>();
      expect(child.padre).toEqual({ id: padre.id, nome: 'Filtri' });
      expect(child.slug).toBeNull();

      // A category cannot be moved below its own child.
      const cycle = await admin.put(`/api/categoria/${padre.id}`, {
        nome: 'Filtri',
        descrizione: 'F',
        padreId: child.id,
      });
      expect(fieldsOf(cycle)).toEqual({ padreId: 'catalogueAdmin.validation.cycle' });
      // Keeping its own slug is not a duplicate.
      const same = await admin.put(`/api/categoria/${padre.id}`, {
        nome: 'Filtri',
        descrizione: 'F',
        slug: 'filtri_Olio-2',
      });
      expect(same.statusCode).toBe(200);

      const list = await admin.get('/api/categoria?search=filtri&sort=nome,asc');
      expect(list.headers['x-total-count']).toBe('2');
      expect(list.json<CategoriaAdmin[]>().map((c) => c.nome)).toEqual(['Filtri', 'Filtri aria']);

      // A parent with children is in use.
      const inUse = await admin.delete(`/api/categoria/${padre.id}`);
      expect(inUse.statusCode).toBe(400);
      expect(problemOf(inUse).message).toBe('error.inuse');
    });
  });

  describe('marchio', () => {
    it('requires descrizione, refuses a duplicate, searches and sorts', async () => {
      const missing = await admin.post('/api/marchio', { visibile: true });
      expect(fieldsOf(missing)).toEqual({ descrizione: 'validation.required' });
      const created = await admin.post('/api/marchio', { descrizione: 'Zeta Macchine', codImmagine: 'zeta.png' });
      expect(created.statusCode).toBe(201);
      const brand = created.json<MarchioAdmin>();
      expect(brand).toMatchObject({ descrizione: 'Zeta Macchine', codImmagine: 'zeta.png', visibile: true });
      const duplicate = await admin.post('/api/marchio', { descrizione: 'Zeta Macchine' });
      expect(fieldsOf(duplicate)).toEqual({ descrizione: 'catalogueAdmin.validation.marchioTaken' });

      const found = await admin.get('/api/marchio?search=zeta&sort=descrizione,desc');
      expect(found.json<MarchioAdmin[]>().map((m) => m.id)).toContain(brand.id);
      expect((await admin.get('/api/marchio?sort=codImmagine,asc')).statusCode).toBe(400);

      const hidden = await admin.put(`/api/marchio/${brand.id}`, { descrizione: 'Zeta Macchine', visibile: false });
      expect(hidden.json<MarchioAdmin>().visibile).toBe(false);
      expect((await admin.delete(`/api/marchio/${brand.id}`)).statusCode).toBe(204);
    });

    it('is read by managers and refused to plain users (403), writes included', async () => {
      expect((await manager.get('/api/marchio')).statusCode).toBe(200);
      const post = await user.post('/api/marchio', { descrizione: 'Nope' });
      expect(post.statusCode).toBe(403);
      expect((await user.get('/api/marchio')).statusCode).toBe(403);
      expect((await internal.put('/api/marchio/1', { descrizione: 'Nope' })).statusCode).toBe(403);
      expect((await user.delete('/api/articolo/1')).statusCode).toBe(403);
      expect((await user.post('/api/articoloEquiv', {})).statusCode).toBe(403);
    });
  });

  describe('articolo', () => {
    it('enforces spec 3 §5: id, articolo, prezzo, tipoArticolo G/M/R, tipoArticoloOrig 0/T, gruppo, peso', async () => {
      const empty = await admin.post('/api/articolo', {});
      expect(empty.statusCode).toBe(400);
      expect(fieldsOf(empty)).toEqual({
        id: 'validation.required',
        articolo: 'validation.required',
        prezzo: 'validation.required',
        tipoArticolo: 'validation.required',
        tipoArticoloOrig: 'validation.required',
        gruppoMerceologico: 'validation.required',
        peso: 'validation.required',
      });
      const wrong = await admin.post(
        '/api/articolo',
        articoloBody({
          tipoArticolo: 'X',
          tipoArticoloOrig: '1',
          prezzo: 'dieci',
          peso: -1,
          dataFineValidita: '31/12/2026',
        }),
      );
      expect(fieldsOf(wrong)).toEqual({
        tipoArticolo: 'validation.invalid',
        tipoArticoloOrig: 'validation.invalid',
        prezzo: 'validation.invalid',
        peso: 'validation.min',
        dataFineValidita: 'validation.invalid',
      });
      const long = await admin.post(
        '/api/articolo',
        articoloBody({ articolo: 'A'.repeat(41), localizedDescrizione: { de: 'x'.repeat(256) }, tag6: 'x'.repeat(51) }),
      );
      expect(fieldsOf(long)).toEqual({
        articolo: 'validation.maxlength',
        'localizedDescrizione.de': 'validation.maxlength',
        tag6: 'validation.maxlength',
      });
    });

    it('creates with the ERP id, every field, brand and categories; updates and reindexes', async () => {
      const brand = await createMarchio(t.db);
      const cat = (
        await admin.post('/api/categoria', { nome: 'Motore', descrizione: 'Motore' })
      ).json<CategoriaAdmin>();
      const body = articoloBody({
        descrizioneEstesa: 'Filtro a cartuccia',
        codImmagine: 'img-1',
        keywords: 'filtro olio',
        note: 'nota',
        ordine: 3,
        tipoArticolo: 'G',
        tipoArticoloOrig: '0',
        unitaMisura: '',
        tag1: '300',
        tag2: '52.5',
        tag3: '84',
        tag6: 'B',
        ordinabile: false,
        visibile: true,
        dataFineValidita: '2030-12-31',
        classeMercWeb: 'Filtri',
        classeMercWebSort: 2,
        marchioId: brand.id,
        categoriaIds: [cat.id],
        localizedDescrizione: { it: 'Filtro olio motore', en: 'Engine oil filter', fr: '', de: 'Ölfilter' },
        localizedDescrizioneEstesa: { it: 'Cartuccia' },
        localizedClasseMercWeb: { en: 'Filters' },
        matricole: 'M1, M2',
        cingoloInGomma: true,
        datiTecnici: 'Filettatura 3/4',
      });
      const created = await admin.post('/api/articolo', body);
      expect(created.statusCode).toBe(201);
      const a = created.json<ArticoloAdmin>();
      expect(a).toMatchObject({
        id: body.id,
        articolo: body.articolo,
        prezzo: 12.5,
        peso: 0.35,
        tipoArticolo: 'G',
        tipoArticoloOrig: '0',
        unitaMisura: 'NR',
        tag2: '52.5',
        ordinabile: false,
        dataFineValidita: '2030-12-31',
        marchio: { id: brand.id, descrizione: brand.descrizione },
        categoriaIds: [cat.id],
        categoriaLists: [{ id: cat.id, nome: 'Motore' }],
        localizedDescrizione: { it: 'Filtro olio motore', en: 'Engine oil filter', de: 'Ölfilter' },
        cingoloInGomma: true,
      });
      const modified = Date.parse(a.dataUltimaModifica);

      const again = await admin.post('/api/articolo', { ...body, articolo: 'OTHER-CODE' });
      expect(fieldsOf(again)).toEqual({ id: 'catalogueAdmin.validation.idTaken' });
      const sameCode = await admin.post('/api/articolo', articoloBody({ articolo: body.articolo }));
      expect(fieldsOf(sameCode)).toEqual({ articolo: 'catalogueAdmin.validation.codeTaken' });
      const badBrand = await admin.post(
        '/api/articolo',
        articoloBody({ marchioId: 987654321, categoriaIds: [987654321] }),
      );
      expect(fieldsOf(badBrand)).toEqual({ marchioId: 'catalogueAdmin.validation.unknown' });

      // Found by the search data right away.
      const [indexed] = await t.db.select().from(articoloSearch).where(eq(articoloSearch.articoloId, a.id));
      expect(indexed?.codiceNorm).toBe(body.articolo.toLowerCase().replace(/[^a-z0-9]/g, ''));

      // The id is not changed by an update (ids are read-only), the rest is.
      const { id: _id, ...rest } = body;
      const updated = await manager.put(`/api/articolo/${a.id}`, {
        ...rest,
        id: 1,
        descrizione: 'Cartuccia idraulica',
        localizedDescrizione: { it: 'Cartuccia idraulica', en: 'Hydraulic cartridge zylinderkopf' },
        categoriaIds: [],
      });
      expect(updated.statusCode).toBe(200);
      const u = updated.json<ArticoloAdmin>();
      expect(u.id).toBe(a.id);
      expect(u.categoriaLists).toEqual([]);
      expect(Date.parse(u.dataUltimaModifica)).toBeGreaterThanOrEqual(modified);
      expect(await t.db.select().from(articoloCategoria).where(eq(articoloCategoria.articoloId, a.id))).toEqual([]);

      // The search data holds the new words: the admin list's search finds it by them.
      const words = await queryRows<{ hit: boolean }>(
        t.db,
        sql`select tsv_all @@ to_tsquery('simple', 'zylinderkopf') as hit from articolo_search where articolo_id = ${a.id}`,
      );
      expect(words[0]?.hit).toBe(true);
      const search = await admin.get('/api/articolo?search=zylinderk');
      expect(search.json<ArticoloAdmin[]>().map((x) => x.id)).toEqual([a.id]);
      const byCode = await admin.get(`/api/articolo?search=${encodeURIComponent(body.articolo.toLowerCase())}`);
      expect(byCode.json<ArticoloAdmin[]>().map((x) => x.id)).toEqual([a.id]);

      expect((await admin.delete(`/api/articolo/${a.id}`)).statusCode).toBe(204);
      expect(await t.db.select().from(articoloSearch).where(eq(articoloSearch.articoloId, a.id))).toEqual([]);
    });

    it('gives category names and technical data in the reader language, Italian where one is missing', async () => {
      const cat = (
        await admin.post('/api/categoria', {
          nome: 'Motore',
          descrizione: 'Motore',
          localizedNome: { it: 'Motore', en: 'Engine', de: 'Motor' },
        })
      ).json<CategoriaAdmin>();
      expect(cat.localizedNome).toEqual({ it: 'Motore', en: 'Engine', de: 'Motor' });
      const body = articoloBody({
        categoriaIds: [cat.id],
        datiTecnici: 'Filettatura 3/4',
        localizedDatiTecnici: { it: 'Filettatura 3/4', en: 'Thread 3/4', fr: '' },
      });
      const created = (await admin.post('/api/articolo', body)).json<ArticoloAdmin>();
      expect(created.localizedDatiTecnici).toEqual({ it: 'Filettatura 3/4', en: 'Thread 3/4' });

      // The user's account language is English.
      const english = await user.get(`/api/articolo/${created.id}/detail`);
      expect(english.statusCode).toBe(200);
      expect(english.json()).toMatchObject({ datiTecnici: 'Thread 3/4', categorie: [{ id: cat.id, nome: 'Engine' }] });
      const german = (await user.get(`/api/articolo/${created.id}/detail?lang=de`)).json();
      expect(german).toMatchObject({ datiTecnici: 'Filettatura 3/4', categorie: [{ id: cat.id, nome: 'Motor' }] });
      const french = (await user.get(`/api/articolo/${created.id}/detail?lang=fr`)).json();
      expect(french).toMatchObject({ datiTecnici: 'Filettatura 3/4', categorie: [{ id: cat.id, nome: 'Motore' }] });
    });

    it('sorts by indexed columns only', async () => {
      expect((await admin.get('/api/articolo?sort=prezzo,desc&size=5')).statusCode).toBe(200);
      expect((await admin.get('/api/articolo?sort=dataUltimaModifica,desc')).statusCode).toBe(200);
      expect((await admin.get('/api/articolo?sort=note,asc')).statusCode).toBe(400);
    });
  });

  describe('articoloArticolo (bill of materials)', () => {
    it('validates quantita and livelloImpiego ≥ 1, tipo required, padre and figlio', async () => {
      const padre = await createArticolo(t.db, { tipoArticolo: 'M' });
      const figlio = await createArticolo(t.db);
      const empty = await admin.post('/api/articoloArticolo', {});
      expect(fieldsOf(empty)).toEqual({
        padreId: 'validation.required',
        figlioId: 'validation.required',
        quantita: 'validation.required',
        tipo: 'validation.required',
        livelloImpiego: 'validation.required',
      });
      const low = await admin.post('/api/articoloArticolo', {
        padreId: padre.id,
        figlioId: figlio.id,
        quantita: 0,
        tipo: 1,
        livelloImpiego: 0,
      });
      expect(fieldsOf(low)).toEqual({ quantita: 'validation.min', livelloImpiego: 'validation.min' });
      const self = await admin.post('/api/articoloArticolo', {
        padreId: padre.id,
        figlioId: padre.id,
        quantita: 1,
        tipo: 1,
        livelloImpiego: 1,
      });
      expect(fieldsOf(self)).toEqual({ figlioId: 'catalogueAdmin.validation.sameArticle' });

      const created = await admin.post('/api/articoloArticolo', {
        padreId: padre.id,
        figlioId: figlio.id,
        quantita: 2.5,
        tipo: 1,
        livelloImpiego: 1,
        origine: 'ERP',
      });
      expect(created.statusCode).toBe(201);
      const rel = created.json<ArticoloArticoloAdmin>();
      expect(rel.padre?.articolo).toBe(padre.articolo);
      expect(rel.figlio?.articolo).toBe(figlio.articolo);
      expect(rel.quantita).toBe(2.5);

      const list = await admin.get(`/api/articoloArticolo?search=${padre.articolo}&sort=quantita,desc`);
      expect(list.json<ArticoloArticoloAdmin[]>().map((r) => r.id)).toEqual([rel.id]);
      const updated = await admin.put(`/api/articoloArticolo/${rel.id}`, { ...rel, quantita: 4 });
      expect(updated.json<ArticoloArticoloAdmin>().quantita).toBe(4);
      // An article used in a bill of materials is in use.
      expect(problemOf(await admin.delete(`/api/articolo/${figlio.id}`)).message).toBe('error.inuse');
      expect((await admin.delete(`/api/articoloArticolo/${rel.id}`)).statusCode).toBe(204);
    });
  });

  describe('articoloEquiv', () => {
    it('requires equiv and a relazione ALT or OEM; an OEM code joins the search data', async () => {
      const a = await createArticolo(t.db);
      const empty = await admin.post('/api/articoloEquiv', { articoloId: a.id });
      expect(fieldsOf(empty)).toEqual({ equiv: 'validation.required', relazione: 'validation.required' });
      const wrong = await admin.post('/api/articoloEquiv', { articoloId: a.id, equiv: 'X', relazione: 'ABC' });
      expect(fieldsOf(wrong)).toEqual({ relazione: 'validation.invalid' });

      const brand = await createMarchio(t.db);
      const created = await admin.post('/api/articoloEquiv', {
        articoloId: a.id,
        equiv: 'OEM-77-QX',
        relazione: 'OEM',
        marchioId: brand.id,
        ordine: 1,
        note: 'Originale',
      });
      expect(created.statusCode).toBe(201);
      const e = created.json<ArticoloEquivAdmin>();
      expect(e.marchio?.descrizione).toBe(brand.descrizione);
      expect(e.articolo?.articolo).toBe(a.articolo);
      const hit = async () =>
        (
          await queryRows<{ hit: boolean }>(
            t.db,
            sql`select tsv_all @@ to_tsquery('simple', 'oem77qx') as hit from articolo_search where articolo_id = ${a.id}`,
          )
        )[0]?.hit;
      expect(await hit()).toBe(true);
      expect((await admin.delete(`/api/articoloEquiv/${e.id}`)).statusCode).toBe(204);
      expect(await hit()).toBe(false);
    });
  });

  describe('searchLog and comboVoci', () => {
    it('lists the search log newest first for administrators and managers; only administrators change it', async () => {
      const now = Date.now();
      await t.db.insert(searchLog).values([
        { tipo: 'full', username: 'older', dataRichiesta: new Date(now - 60_000), numRisultati: 3 },
        { tipo: 'full', username: 'newer', dataRichiesta: new Date(now), numRisultati: 0 },
      ]);
      const list = await admin.get('/api/searchLogs?sort=dataRichiesta,desc&search=older');
      expect(list.json<SearchLogAdmin[]>().map((l) => l.username)).toEqual(['older']);
      const newest = (await admin.get('/api/searchLogs?sort=dataRichiesta,desc')).json<SearchLogAdmin[]>();
      expect(newest[0]?.username).toBe('newer');
      const managerList = await manager.get('/api/searchLogs?sort=dataRichiesta,desc');
      expect(managerList.statusCode).toBe(200);
      expect(managerList.json<SearchLogAdmin[]>()[0]?.username).toBe('newer');
      expect((await manager.post('/api/searchLogs', { tipo: 'code', numRisultati: 1 })).statusCode).toBe(403);

      const created = await admin.post('/api/searchLogs', { tipo: 'code', params: 'term=abc', numRisultati: 1 });
      expect(created.statusCode).toBe(201);
      const bad = await admin.post('/api/searchLogs', { tipo: '', dataRichiesta: 'ieri' });
      expect(fieldsOf(bad)).toEqual({
        tipo: 'validation.required',
        dataRichiesta: 'catalogueAdmin.validation.datetime',
      });
      expect((await admin.delete(`/api/searchLogs/${created.json<SearchLogAdmin>().id}`)).statusCode).toBe(204);
    });

    it('keeps combo values with five-language descriptions, unique by tipo and chiave', async () => {
      const missing = await admin.post('/api/comboVoci', {
        tipo: 'settori',
        chiave: 'EDI',
        descrizione: { en: 'Building' },
      });
      expect(fieldsOf(missing)).toEqual({ 'descrizione.it': 'validation.required' });
      const created = await admin.post('/api/comboVoci', {
        tipo: 'settori',
        chiave: 'EDI',
        descrizione: { it: 'Edilizia', en: 'Building', fr: '', de: 'Bau', es: 'Construcción' },
        ordine: 1,
      });
      expect(created.statusCode).toBe(201);
      const combo = created.json<ComboVociAdmin>();
      expect(combo.descrizione).toEqual({ it: 'Edilizia', en: 'Building', de: 'Bau', es: 'Construcción' });
      const duplicate = await admin.post('/api/comboVoci', {
        tipo: 'settori',
        chiave: 'EDI',
        descrizione: { it: 'X' },
      });
      expect(fieldsOf(duplicate)).toEqual({ chiave: 'catalogueAdmin.validation.comboTaken' });
      const same = await admin.put(`/api/comboVoci/${combo.id}`, { ...combo, ordine: 2 });
      expect(same.json<ComboVociAdmin>().ordine).toBe(2);
    });
  });

  describe('relation calls (spec 3 §7, spec 1 §6)', () => {
    let machine: { id: number; articolo: string };
    let parts: { id: number; articolo: string }[];
    let hidden: { id: number };

    beforeAll(async () => {
      machine = await createArticolo(t.db, { tipoArticolo: 'M' });
      parts = [];
      for (let i = 0; i < 23; i++) {
        const part = await createArticolo(t.db, {
          localizedDescrizione: { it: `Pezzo ${i}`, en: `Part ${i}` },
          unitaMisura: i === 0 ? 'KG' : 'NR',
        });
        parts.push(part);
        await addBom(t.db, machine.id, part.id, i + 1);
      }
      hidden = await createArticolo(t.db, { visibile: false });
      await addBom(t.db, machine.id, hidden.id);
    });

    it('byPadreId pages the bill of materials 20 at a time, in the requested language', async () => {
      const first = await user.get(`/api/articoloArticolo/search/byPadreId/${machine.id}?lang=it`);
      expect(first.statusCode).toBe(200);
      // The hidden article is not shown to a dealer.
      expect(first.headers['x-total-count']).toBe('23');
      const rows = first.json<BomChild[]>();
      expect(rows).toHaveLength(20);
      const zero = rows.find((r) => r.figlio.id === parts[0]?.id);
      expect(zero).toMatchObject({ quantita: 1, figlio: { descrizione: 'Pezzo 0', unitaMisura: 'KG' } });
      // Without lang: the user's language (en).
      const english = (await user.get(`/api/articoloArticolo/search/byPadreId/${machine.id}?page=1`)).json<
        BomChild[]
      >();
      expect(english).toHaveLength(3);
      expect(english.every((r) => r.figlio.descrizione.startsWith('Part '))).toBe(true);
      const staff = await internal.get(`/api/articoloArticolo/search/byPadreId/${machine.id}`);
      expect(staff.headers['x-total-count']).toBe('24');
    });

    it('byPadreIdAndOrigine filters by origine', async () => {
      const [rel] = await addBom(t.db, machine.id, (parts[1] as { id: number }).id, 7);
      await admin.put(`/api/articoloArticolo/${rel?.id}`, {
        padreId: machine.id,
        figlioId: parts[1]?.id,
        quantita: 7,
        tipo: 1,
        livelloImpiego: 2,
        origine: 'MANUALE',
      });
      const only = await user.get(`/api/articoloArticolo/search/byPadreIdAndOrigine/${machine.id}?origine=MANUALE`);
      expect(only.json<BomChild[]>().map((r) => r.id)).toEqual([rel?.id]);
      expect((await user.get(`/api/articoloArticolo/search/byPadreIdAndOrigine/${machine.id}`)).statusCode).toBe(400);
    });

    it('byFiglioId (where-used) is for administrators, managers and internal staff, 10 per page', async () => {
      const part = parts[2] as { id: number };
      const others = [];
      for (let i = 0; i < 11; i++) {
        const m = await createArticolo(t.db, { tipoArticolo: 'M' });
        await addBom(t.db, m.id, part.id, 2);
        others.push(m);
      }
      const page = await internal.get(`/api/articoloArticolo/search/byFiglioId/${part.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-total-count']).toBe('12');
      const parents = page.json<BomParent[]>();
      expect(parents).toHaveLength(10);
      expect(parents[0]?.padre.tipoArticolo).toBe('M');
      expect((await manager.get(`/api/articoloArticolo/search/byFiglioId/${part.id}`)).statusCode).toBe(200);
      expect((await user.get(`/api/articoloArticolo/search/byFiglioId/${part.id}`)).statusCode).toBe(403);
    });

    it('info gives one relation with both articles; 404 when unknown', async () => {
      const [rel] = (await internal.get(`/api/articoloArticolo/search/byPadreId/${machine.id}?size=1`)).json<
        BomChild[]
      >();
      const info = await user.get(`/api/articoloArticolo/search/info/${rel?.id}`);
      expect(info.statusCode).toBe(200);
      const body = info.json<BomInfo>();
      expect(body.padre.id).toBe(machine.id);
      expect(body.figlio.id).toBe(rel?.figlio.id);
      expect((await user.get('/api/articoloArticolo/search/info/987654321')).statusCode).toBe(404);
    });

    it('byArticoloId: ALT rows carry our article; OEM rows only for staff', async () => {
      const a = await createArticolo(t.db);
      const alt = await createArticolo(t.db, { localizedDescrizione: { it: 'Alternativo', en: 'Alternative' } });
      const brand = await createMarchio(t.db);
      await addEquiv(t.db, a.id, alt.articolo, 'ALT');
      await addEquiv(t.db, a.id, 'NOT-OURS-1', 'ALT');
      await addEquiv(t.db, a.id, 'OEM-123', 'OEM', brand.id);

      const forDealer = (await user.get(`/api/articoloEquiv/byArticoloId/${a.id}`)).json<Equivalent[]>();
      expect(forDealer.map((e) => e.relazione)).toEqual(['ALT', 'ALT']);
      expect(forDealer.find((e) => e.equiv === alt.articolo)?.articolo).toMatchObject({
        id: alt.id,
        articolo: alt.articolo,
        descrizione: 'Alternative',
      });
      expect(forDealer.find((e) => e.equiv === 'NOT-OURS-1')?.articolo).toBeNull();

      for (const staff of [admin, manager, internal]) {
        const all = (await staff.get(`/api/articoloEquiv/byArticoloId/${a.id}?lang=it`)).json<Equivalent[]>();
        expect(all.map((e) => e.relazione)).toEqual(['ALT', 'ALT', 'OEM']);
        expect(all[2]).toMatchObject({ equiv: 'OEM-123', marchio: { id: brand.id }, articolo: null });
      }
    });
  });
});
