import type { WhereUsedResultRow } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWhereUsed, WHERE_USED_MAX_ROWS } from '../src/modules/whereused/whereused.repository.ts';
import { createArticolo } from './catalogue-factories.ts';
import { createCatalogue, createMachine } from './machine-factories.ts';
import { createTestApp, parseCsv, problemOf, type TestApp } from './test-app.ts';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;

const tag = `W${process.pid % 10000}`;

// Spec 2 §2, §5, §6, §7: the where-used search of internal staff.
describe('where used', () => {
  let t: TestApp;
  let internal: Agent;
  const serials = { a1: `${tag}A1`, a2: `${tag}A2`, b1: `${tag}B1`, none: `${tag}N1` };
  let codice: string;

  beforeAll(async () => {
    t = await createTestApp();
    const make = async (authorities: Parameters<TestApp['createUser']>[0]) => {
      const u = await t.createUser(authorities);
      return t.signIn(u.login, u.password);
    };
    internal = await make({ authorities: ['ROLE_CR_INTERNAL', 'ROLE_USER'], langKey: 'en' });
    const art = await createArticolo(t.db, { articolo: `${tag}-ART.1` });
    codice = art.articolo;
    // Catalogue A: the article on plate ATAV1 and ATAV2 (drawing DWG-A); catalogue B: on plate BTAV1.
    await createCatalogue(t.db, {
      crCodice: `${tag}-CA`,
      rows: [
        { item: 1, idTav: `${tag}ATAV1`, disegno: `${tag}-DWG-A` },
        { item: 2, parent: 1, tipoNodo: 1, idTav: `${tag}ATAV1`, articoloId: art.id },
        { item: 3, idTav: `${tag}ATAV2` },
        { item: 4, parent: 3, tipoNodo: 1, idTav: `${tag}ATAV2`, articoloId: art.id },
      ],
    });
    await createCatalogue(t.db, {
      crCodice: `${tag}-CB`,
      rows: [
        { item: 1, idTav: `${tag}BTAV1` },
        { item: 2, parent: 1, tipoNodo: 1, idTav: `${tag}BTAV1`, articoloId: art.id },
      ],
    });
    await createCatalogue(t.db, { crCodice: `${tag}-CN`, rows: [{ item: 1, idTav: `${tag}NTAV1` }] });
    await createMachine(t.db, { matricola: serials.a2, crCod: `${tag}-CA` });
    await createMachine(t.db, { matricola: serials.a1, crCod: `${tag}-CA` });
    await createMachine(t.db, { matricola: serials.b1, crCod: `${tag}-CB` });
    await createMachine(t.db, { matricola: serials.none, crCod: `${tag}-CN` });
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (term: string, tiporicerca?: string) => {
    const response = await internal.get('/api/whereused/search', {
      query: { term, ...(tiporicerca ? { tiporicerca } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WhereUsedResultRow[]>();
  };

  it('finds the machines whose catalogue has a plate starting with the term (default tavCat, any case)', async () => {
    const rows = await search(`${tag}atav`.toLowerCase());
    expect(rows.map((r) => [r.mtMatricola, r.crCod, r.rigIdTav])).toEqual([
      [serials.a1, `${tag}-CA`, null],
      [serials.a2, `${tag}-CA`, null],
    ]);
    expect(rows[0]?.idMatricola).toEqual(expect.any(Number));
  });

  it('matches a drawing name too', async () => {
    const rows = await search(`${tag}-dwg`, 'tavCat');
    expect(rows.map((r) => r.mtMatricola)).toEqual([serials.a1, serials.a2]);
  });

  it('artCat: every machine whose catalogue holds an article code starting with the term, once', async () => {
    const rows = await search(`${tag}-art`, 'artCat');
    expect(rows.map((r) => [r.crCod, r.mtMatricola])).toEqual([
      [`${tag}-CA`, serials.a1],
      [`${tag}-CA`, serials.a2],
      [`${tag}-CB`, serials.b1],
    ]);
    expect(rows.every((r) => r.rigIdTav === null)).toBe(true);
  });

  it('artTavola: the same, with the plate each match is on', async () => {
    const rows = await search(codice, 'artTavola');
    expect(rows.map((r) => [r.crCod, r.mtMatricola, r.rigIdTav])).toEqual([
      [`${tag}-CA`, serials.a1, `${tag}ATAV1`],
      [`${tag}-CA`, serials.a1, `${tag}ATAV2`],
      [`${tag}-CA`, serials.a2, `${tag}ATAV1`],
      [`${tag}-CA`, serials.a2, `${tag}ATAV2`],
      [`${tag}-CB`, serials.b1, `${tag}BTAV1`],
    ]);
  });

  it('finds nothing for an unknown term, and treats % and _ as themselves', async () => {
    expect(await search(`${tag}ZZZ`)).toEqual([]);
    expect(await search('%', 'artCat')).toEqual([]);
    expect(await search('_', 'tavCat')).toEqual([]);
  });

  it('caps the list and says so', async () => {
    expect(WHERE_USED_MAX_ROWS).toBe(5000);
    const cut = await findWhereUsed(t.db, `${tag}-art`, 'artCat', 2);
    expect(cut).toMatchObject({ truncated: true, rows: [{ mtMatricola: serials.a1 }, { mtMatricola: serials.a2 }] });
    expect((await findWhereUsed(t.db, `${tag}-art`, 'artCat', 3)).truncated).toBe(false);
    const response = await internal.get('/api/whereused/search', {
      query: { term: `${tag}-art`, tiporicerca: 'artCat' },
    });
    expect(response.headers['x-truncated']).toBeUndefined();
  });

  it('needs a term and a known type (400 with field errors)', async () => {
    const empty = await internal.get('/api/whereused/search', { query: { term: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(problemOf(empty).fieldErrors?.[0]).toMatchObject({ field: 'term', message: 'validation.required' });
    const long = await internal.get('/api/whereused/search', { query: { term: 'x'.repeat(61) } });
    expect(problemOf(long).fieldErrors?.[0]).toMatchObject({ field: 'term', message: 'validation.maxlength' });
    const type = await internal.get('/api/whereused/search', { query: { term: 'x', tiporicerca: 'other' } });
    expect(type.statusCode).toBe(400);
  });

  it('exports the same rows as CSV (BOM, ;, header in the user language)', async () => {
    const response = await internal.get(`/api/whereused/download/csv/${encodeURIComponent(codice)}/artTavola`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    // The file is named in the user's language too (csv.json "whereused").
    expect(response.headers['content-disposition']).toContain(`filename="where-used-artTavola-`);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['Serial number', 'Catalogue code', 'Plate']);
    const shown = await search(codice, 'artTavola');
    expect(rows).toEqual(shown.map((r) => [r.mtMatricola, r.crCod, r.rigIdTav]));
    const slash = await internal.get(`/api/whereused/download/csv/${encodeURIComponent('A/B %')}/artCat`);
    expect(slash.statusCode).toBe(200);
    expect(parseCsv(slash.body)).toEqual([['Serial number', 'Catalogue code']]);
    const cat = parseCsv((await internal.get(`/api/whereused/download/csv/${tag}ATAV/tavCat`)).body);
    expect(cat).toEqual([
      ['Serial number', 'Catalogue code'],
      [serials.a1, `${tag}-CA`],
      [serials.a2, `${tag}-CA`],
    ]);
  });

  it('is refused to dealers, subdealers, superdealers and managers (403) and to visitors (401)', async () => {
    for (const authorities of [
      ['ROLE_CR_USER', 'ROLE_USER'],
      ['ROLE_CR_SUBDEALER', 'ROLE_USER'],
      ['ROLE_CR_SUPERDEALER', 'ROLE_CR_USER', 'ROLE_USER'],
      ['ROLE_MANAGER', 'ROLE_USER'],
    ] as const) {
      const u = await t.createUser({ authorities });
      const agent = await t.signIn(u.login, u.password);
      expect((await agent.get('/api/whereused/search', { query: { term: 'x' } })).statusCode).toBe(403);
      expect((await agent.get('/api/whereused/download/csv/x/tavCat')).statusCode).toBe(403);
    }
    expect((await t.agent().get('/api/whereused/search', { query: { term: 'x' } })).statusCode).toBe(401);
  });
});
