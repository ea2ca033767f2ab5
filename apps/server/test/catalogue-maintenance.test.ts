import type { ReindexResult, StockImportPreview, StockImportResult } from '@ricambi/domain';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { articolo, articoloStock } from '../src/db/schema/index.ts';
import { createArticolo } from './catalogue-factories.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

/** A multipart/form-data body with one file, as a browser sends it. */
const multipart = (filename: string, content: Buffer | string, type = 'application/octet-stream') => {
  const boundary = `----ricambi${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const upload = (agent: Agent, filename: string, content: Buffer | string) => {
  const body = multipart(filename, content);
  return agent.post('/api/articolo-stock/import/preview', body.payload, { headers: body.headers });
};

const csv = (...lines: string[]) => lines.join('\r\n');
const ERROR = 'catalogueMaintenance.stockImport.error';

// Issue 4 §2 (stock and prices from the ERP's CSV/XLSX) and §4 / spec 1 §7 (/api/reindex, /api/reindex/all).
describe('catalogue maintenance', () => {
  let t: TestApp;
  let admin: Agent;

  const stockOf = async (id: number) =>
    (await t.db.select().from(articoloStock).where(eq(articoloStock.articoloId, id)))[0];
  const articleOf = async (id: number) => (await t.db.select().from(articolo).where(eq(articolo.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ authorities: ['ROLE_ADMIN', 'ROLE_USER'] });
    admin = await t.signIn(user.login, user.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('stock and price import', () => {
    it('previews good rows and reports every kind of bad row with its line, nothing stored', async () => {
      const a = await createArticolo(t.db, { prezzo: 100 }, { magazzino: 1 });
      const b = await createArticolo(t.db, { prezzo: 50 }, { magazzino: 2 });
      const c = await createArticolo(t.db, {}, { magazzino: 3 });
      const response = await upload(
        admin,
        'giacenze.csv',
        csv(
          'Articolo;Magazzino;in5gg;INARRIVO;producibile;prezzo;nota',
          `${a.articolo};12,5;1;0;2.25;119,90;x`,
          `${b.articolo};3;0;0;0;;`,
          'NON-ESISTE;1;1;1;1;;',
          `${c.articolo};-1;abc;0;;1,234;`,
          `${a.articolo};1;1;1;1;;`,
          `${c.articolo};1,2345;1.5.1;0;0;-3;`,
        ),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<StockImportPreview>();
      expect(body).toMatchObject({
        format: 'csv',
        columns: ['articolo', 'magazzino', 'in5gg', 'inArrivo', 'producibile', 'prezzo'],
        ignoredColumns: ['nota'],
        summary: { rows: 6, valid: 2, errors: 4, priceChanges: 1 },
      });
      const [first, second, unknown, bad, duplicate, worse] = body.rows;
      expect(first).toMatchObject({
        line: 2,
        articoloId: a.id,
        current: { magazzino: 1, prezzo: 100 },
        values: { articolo: a.articolo, magazzino: 12.5, in5gg: 1, inArrivo: 0, producibile: 2.25, prezzo: 119.9 },
        priceChanges: true,
        errors: [],
      });
      expect(second).toMatchObject({ values: { magazzino: 3, prezzo: null }, priceChanges: false, errors: [] });
      expect(unknown).toMatchObject({
        line: 4,
        values: null,
        errors: [{ field: 'articolo', message: `${ERROR}.unknownArticle`, params: { code: 'NON-ESISTE' } }],
      });
      expect(bad?.errors).toEqual([
        { field: 'magazzino', message: `${ERROR}.negative`, params: { decimals: 3 } },
        { field: 'in5gg', message: `${ERROR}.notNumber`, params: { value: 'abc' } },
        { field: 'producibile', message: 'validation.required' },
        { field: 'prezzo', message: `${ERROR}.decimals`, params: { decimals: 2 } },
      ]);
      expect(duplicate?.errors).toEqual([{ field: 'articolo', message: `${ERROR}.duplicate`, params: { line: 2 } }]);
      expect(worse?.errors.map((e) => `${e.field}:${e.message}`)).toEqual([
        `articolo:${ERROR}.duplicate`,
        `magazzino:${ERROR}.decimals`,
        `in5gg:${ERROR}.notNumber`,
        `prezzo:${ERROR}.negative`,
      ]);
      expect((await stockOf(a.id))?.magazzino).toBe(1);
      expect((await articleOf(a.id))?.prezzo).toBe(100);
    });

    it('applies every row in one transaction, or none when one row is bad', async () => {
      const a = await createArticolo(t.db, { prezzo: 100 }, { magazzino: 1 });
      const b = await createArticolo(t.db, { prezzo: 20 }, { magazzino: 1 });
      const before = (await articleOf(a.id))?.dataUltimaModifica;
      const good = { articolo: a.articolo, magazzino: 7, in5gg: 1, inArrivo: 2, producibile: 3, prezzo: 80.5 };
      const refused = await admin.post('/api/articolo-stock/import', [
        good,
        { articolo: 'NON-ESISTE', magazzino: 1, in5gg: 0, inArrivo: 0, producibile: 0 },
      ]);
      expect(refused.statusCode).toBe(400);
      expect(problemOf(refused)).toMatchObject({
        message: 'catalogueMaintenance.stockImport.invalid',
        params: { count: 1 },
        fieldErrors: [{ field: '1.articolo', message: `${ERROR}.unknownArticle` }],
      });
      const negative = await admin.post('/api/articolo-stock/import', [{ ...good, inArrivo: -1 }]);
      expect(problemOf(negative).fieldErrors).toEqual([{ field: '0.inArrivo', message: `${ERROR}.negative` }]);
      const twice = await admin.post('/api/articolo-stock/import', [good, good]);
      expect(problemOf(twice).fieldErrors).toMatchObject([{ field: '1.articolo', message: `${ERROR}.duplicate` }]);
      expect(await stockOf(a.id)).toMatchObject({ magazzino: 1, in5gg: 0 });
      expect(await articleOf(a.id)).toMatchObject({ prezzo: 100, dataUltimaModifica: before });

      const applied = await admin.post('/api/articolo-stock/import', [
        good,
        { articolo: b.articolo, magazzino: 0, in5gg: 0, inArrivo: 4, producibile: 0, prezzo: 20 },
      ]);
      expect(applied.statusCode).toBe(200);
      expect(applied.json<StockImportResult>()).toEqual({ articles: 2, prices: 1 });
      expect(applied.headers['x-ricambi-alert']).toBe('catalogueMaintenance.stockImport.imported');
      expect(JSON.parse(decodeURIComponent(String(applied.headers['x-ricambi-params'])))).toEqual({
        articles: 2,
        prices: 1,
      });
      const stock = await stockOf(a.id);
      expect(stock).toMatchObject({ magazzino: 7, in5gg: 1, inArrivo: 2, producibile: 3 });
      expect(stock?.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      const changed = await articleOf(a.id);
      expect(changed?.prezzo).toBe(80.5);
      expect(changed?.dataUltimaModifica.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
      // Same price: the article is not touched.
      expect(await articleOf(b.id)).toMatchObject({ prezzo: 20 });
      expect(await stockOf(b.id)).toMatchObject({ magazzino: 0, inArrivo: 4 });
    });

    it('creates the stock row of an article that had none', async () => {
      const a = await createArticolo(t.db);
      await t.db.delete(articoloStock).where(eq(articoloStock.articoloId, a.id));
      const preview = (
        await upload(admin, 's.csv', csv('articolo,magazzino,in5gg,inArrivo,producibile', `${a.articolo},4,0,0,0`))
      ).json<StockImportPreview>();
      expect(preview.rows[0]).toMatchObject({ current: { magazzino: 0 }, values: { magazzino: 4 } });
      const rows = preview.rows.map((r) => r.values);
      expect((await admin.post('/api/articolo-stock/import', rows)).statusCode).toBe(200);
      expect(await stockOf(a.id)).toMatchObject({ magazzino: 4 });
    });

    it('reads an XLSX file naming the articles by id, with numbers and text cells', async () => {
      const a = await createArticolo(t.db, { prezzo: 10 });
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Giacenze');
      sheet.addRow(['id', 'magazzino', 'in5gg', 'inArrivo', 'producibile', 'prezzo']);
      sheet.addRow([a.id, 5, '2,5', 0, 1, 12.3]);
      sheet.addRow([999_999_999, 1, 1, 1, 1, null]);
      const data = Buffer.from(await workbook.xlsx.writeBuffer());
      const response = await upload(admin, 'giacenze.xlsx', data);
      expect(response.statusCode).toBe(200);
      const body = response.json<StockImportPreview>();
      expect(body.format).toBe('xlsx');
      expect(body.rows[0]).toMatchObject({
        line: 2,
        articolo: a.articolo,
        values: { articolo: a.articolo, magazzino: 5, in5gg: 2.5, prezzo: 12.3 },
        priceChanges: true,
      });
      expect(body.rows[1]?.errors).toEqual([
        { field: 'id', message: `${ERROR}.unknownArticle`, params: { code: '999999999' } },
      ]);
    });

    it('refuses a file without a required column, an empty one, a fake XLSX, a binary CSV and one over 10 MB', async () => {
      const columns = await upload(admin, 's.csv', csv('articolo;magazzino;in5gg', 'A;1;1'));
      expect(problemOf(columns)).toMatchObject({
        message: 'catalogueMaintenance.stockImport.missingColumns',
        params: { columns: 'inArrivo, producibile' },
      });
      const key = await upload(admin, 's.csv', csv('magazzino;in5gg;inArrivo;producibile', '1;1;1;1'));
      expect(problemOf(key).params).toEqual({ columns: 'articolo / id' });
      const empty = await upload(admin, 's.csv', 'articolo;magazzino;in5gg;inArrivo;producibile\r\n');
      expect(problemOf(empty).message).toBe('catalogueMaintenance.stockImport.empty');
      const fake = await upload(admin, 's.xlsx', 'articolo;magazzino\n');
      expect(problemOf(fake)).toMatchObject({
        message: 'catalogueMaintenance.stockImport.badFile',
        params: { format: 'XLSX' },
      });
      const binary = await upload(admin, 's.csv', Buffer.from([0x41, 0x00, 0xff, 0xfe]));
      expect(problemOf(binary).message).toBe('catalogueMaintenance.stockImport.badFile');
      const other = await upload(admin, 's.pdf', '%PDF-1.4');
      expect(problemOf(other).message).toBe('catalogueMaintenance.stockImport.badType');
      const big = await upload(admin, 's.csv', `articolo;magazzino\n${'a'.repeat(10 * 1024 * 1024 + 10)}`);
      expect(big.statusCode).toBe(413);
      const none = await admin.post('/api/articolo-stock/import/preview', {});
      expect(problemOf(none).message).toBe('catalogueMaintenance.stockImport.noFile');
    });

    it('serves a CSV template with the header row', async () => {
      const response = await admin.get('/api/articolo-stock/template.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/attachment/);
      const [header, example] = response.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toBe('articolo;magazzino;in5gg;inArrivo;producibile;prezzo');
      expect(example?.split(';')).toHaveLength(6);
    });

    it('is refused to anyone but administrators', async () => {
      const manager = await t.createUser({ authorities: ['ROLE_MANAGER', 'ROLE_INTERNAL', 'ROLE_USER'] });
      const agent = await t.signIn(manager.login, manager.password);
      const a = await createArticolo(t.db, {}, { magazzino: 9 });
      expect((await upload(agent, 's.csv', csv('articolo;magazzino;in5gg;inArrivo;producibile'))).statusCode).toBe(403);
      const list = [{ articolo: a.articolo, magazzino: 0, in5gg: 0, inArrivo: 0, producibile: 0 }];
      expect((await agent.post('/api/articolo-stock/import', list)).statusCode).toBe(403);
      expect((await agent.get('/api/reindex')).statusCode).toBe(403);
      expect((await agent.get('/api/reindex/all')).statusCode).toBe(403);
      expect((await stockOf(a.id))?.magazzino).toBe(9);
    });
  });

  describe('reindex', () => {
    const searchRow = async (id: number) =>
      queryRows<{ codice_norm: string }>(t.db, sql`select codice_norm from articolo_search where articolo_id = ${id}`);

    it('indexes an article written without search data, then everything with /all', async () => {
      const [row] = await t.db
        .insert(articolo)
        .values({
          id: 880_000_001,
          articolo: 'RX-88/01',
          descrizione: 'Guarnizione pompa idraulica',
          prezzo: 1,
          tipoArticolo: 'R',
          tipoArticoloOrig: 'T',
          gruppoMerceologico: 'RIC',
          peso: 1,
          localizedDescrizione: { it: 'Guarnizione pompa idraulica', de: 'Dichtung Hydraulikpumpe' },
        })
        .returning();
      expect(await searchRow(880_000_001)).toEqual([]);

      const changed = await admin.get('/api/reindex');
      expect(changed.statusCode).toBe(200);
      const result = changed.json<ReindexResult>();
      expect(result.articles).toBeGreaterThanOrEqual(1);
      expect(result.words).toBeGreaterThan(0);
      expect(result.durationMs).toBeGreaterThanOrEqual(0);
      expect(await searchRow(880_000_001)).toEqual([{ codice_norm: 'rx8801' }]);
      const found = await queryRows<{ id: number | string }>(
        t.db,
        sql`select articolo_id as id from articolo_search where tsv_de @@ to_tsquery('simple', 'hydraulikpumpe')`,
      );
      expect(found.map((f) => Number(f.id))).toEqual([row?.id]);
      const word = await queryRows(t.db, sql`select word from search_word where word = 'guarnizione'`);
      expect(word).toHaveLength(1);

      // Nothing changed since: nothing to do.
      expect((await admin.get('/api/reindex')).json<ReindexResult>().articles).toBe(0);

      const all = await admin.get('/api/reindex/all');
      expect(all.statusCode).toBe(200);
      const [count] = await queryRows<{ n: number | string }>(t.db, sql`select count(*) as n from articolo`);
      const [words] = await queryRows<{ n: number | string }>(t.db, sql`select count(*) as n from search_word`);
      expect(all.json<ReindexResult>()).toMatchObject({ articles: Number(count?.n), words: Number(words?.n) });
    });
  });
});
