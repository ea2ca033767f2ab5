import { TARIFF_LIMITS, type TariffPreview } from '@ricambi/domain';
import { asc } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speseSpedizione } from '../src/db/schema/index.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

const URL = '/api/speseSpedizione/tariffario';

/** A multipart/form-data body with one file, as a browser sends it. */
const multipart = (filename: string, content: Buffer | string, type = 'application/octet-stream') => {
  const boundary = `----ricambi${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const upload = (agent: Agent, url: string, filename: string, content: Buffer | string) => {
  const { payload, headers } = multipart(filename, content);
  return agent.post(url, payload, { headers });
};

const GOOD_CSV = [
  'stato;capDa;capA;pesoDa;pesoA;costo',
  'ITA;;;0;10;20',
  'ITA;20000;29999;10;100;35,50',
  'DEU;;;0;500;75',
].join('\n');

// Issue 5 §5: the shipping tariff downloaded as XLSX and replaced by an upload with a checked preview.
describe('shipping tariff', () => {
  let t: TestApp;
  let manager: Agent;
  const tariff = () =>
    t.db
      .select({
        stato: speseSpedizione.stato,
        capDa: speseSpedizione.capDa,
        capA: speseSpedizione.capA,
        pesoDa: speseSpedizione.pesoDa,
        pesoA: speseSpedizione.pesoA,
        costo: speseSpedizione.costo,
      })
      .from(speseSpedizione)
      .orderBy(asc(speseSpedizione.id));

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ authorities: ['ROLE_MANAGER', 'ROLE_USER'] });
    manager = await t.signIn(user.login, user.password);
    await t.db.delete(speseSpedizione);
    await t.db.insert(speseSpedizione).values([
      { stato: 'ITA', capDa: '00010', capA: '06999', pesoDa: 0, pesoA: 10, costo: 14 },
      { stato: 'FRA', capDa: '', capA: '', pesoDa: 10, pesoA: 30.5, costo: 42.25 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('downloads the tariff as XLSX (by country and postcode) with a header row and postcodes kept as text', async () => {
    const response = await manager.get(URL);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="tariffario-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push([1, 2, 3, 4, 5, 6].map((i) => row.getCell(i).value ?? '')));
    expect(rows).toEqual([
      ['stato', 'capDa', 'capA', 'pesoDa', 'pesoA', 'costo'],
      ['FRA', '', '', 10, 30.5, 42.25],
      ['ITA', '00010', '06999', 0, 10, 14],
    ]);
  });

  it('previews a file: every row checked, errors on the cells, nothing stored', async () => {
    const csv = [
      'Stato;capDa;capA;pesoDa;pesoA;costo;commento',
      'ITA;20000;29999;10;100;35,5;nord',
      'ITA;;;30;10;20;peso invertito',
      'XXX;;;0;10;abc;paese sconosciuto',
      ';;;0;10;5;paese mancante',
      'ITA;29999;20000;0;10;5;cap invertiti',
      'ITA;;;0;10;-1;costo negativo',
      'ITA;;;0;10;1,234;troppi decimali',
    ].join('\n');
    const response = await upload(manager, `${URL}/preview`, 'tariffa.csv', csv);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<TariffPreview>();
    expect(preview).toMatchObject({ format: 'csv', ignoredColumns: ['commento'], errorCount: 6 });
    expect(preview.rows[0]).toMatchObject({
      line: 2,
      values: { stato: 'ITA', capDa: '20000', capA: '29999', pesoDa: 10, pesoA: 100, costo: 35.5 },
      errors: [],
    });
    const errors = preview.rows.slice(1).map((r) => r.errors.map((e) => [e.field, e.message]));
    expect(errors).toEqual([
      [['pesoA', 'tariff.error.pesoRange']],
      [
        ['costo', 'tariff.error.notNumber'],
        ['stato', 'tariff.error.unknownCountry'],
      ],
      [['stato', 'validation.required']],
      [['capA', 'tariff.error.capRange']],
      [['costo', 'validation.min']],
      [['costo', 'tariff.error.decimals']],
    ]);
    expect(preview.rows.slice(1).every((r) => r.values === null)).toBe(true);
    expect(await tariff()).toHaveLength(2);
  });

  it('refuses a file that is not what its name says, or too large', async () => {
    const fake = await upload(manager, `${URL}/preview`, 'tariffa.xlsx', 'stato;capDa\nITA;1');
    expect(fake.statusCode).toBe(400);
    expect(problemOf(fake).message).toBe('tariff.error.badFile');
    const binary = await upload(manager, `${URL}/preview`, 'tariffa.csv', Buffer.from([0x73, 0x00, 0xff, 0xfe]));
    expect(problemOf(binary).message).toBe('tariff.error.badFile');
    const pdf = await upload(manager, `${URL}/preview`, 'tariffa.pdf', '%PDF-1.4');
    expect(problemOf(pdf).message).toBe('tariff.error.badType');
    const noColumns = await upload(manager, `${URL}/preview`, 'tariffa.csv', 'stato;costo\nITA;5');
    expect(problemOf(noColumns).message).toBe('tariff.error.missingColumns');
    const huge = await upload(manager, `${URL}/preview`, 'tariffa.csv', 'x'.repeat(TARIFF_LIMITS.maxBytes + 10));
    expect(huge.statusCode).toBe(413);
    const none = await manager.post(`${URL}/preview`, {});
    expect(problemOf(none).message).toBe('tariff.error.noFile');
  });

  it('replaces the whole tariff with a valid file (CSV or XLSX)', async () => {
    const response = await upload(manager, URL, 'tariffa.csv', GOOD_CSV);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ rows: 3 });
    expect(await tariff()).toEqual([
      { stato: 'ITA', capDa: '', capA: '', pesoDa: 0, pesoA: 10, costo: 20 },
      { stato: 'ITA', capDa: '20000', capA: '29999', pesoDa: 10, pesoA: 100, costo: 35.5 },
      { stato: 'DEU', capDa: '', capA: '', pesoDa: 0, pesoA: 500, costo: 75 },
    ]);

    // The downloaded workbook goes back in unchanged.
    const download = await manager.get(URL);
    const again = await upload(manager, URL, 'tariffario.xlsx', download.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ rows: 3 });
    expect(await tariff()).toHaveLength(3);
  });

  it('changes nothing when one row is wrong (all or nothing)', async () => {
    const before = await tariff();
    const response = await upload(manager, URL, 'tariffa.csv', `${GOOD_CSV}\nITA;;;50;40;10`);
    expect(response.statusCode).toBe(400);
    expect(problemOf(response)).toMatchObject({
      message: 'tariff.error.invalid',
      params: { count: 1 },
      fieldErrors: [{ field: '5.pesoA', message: 'tariff.error.pesoRange' }],
    });
    expect(await tariff()).toEqual(before);
  });

  it('is for managers and administrators only', async () => {
    const dealer = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_CART'] });
    const agent = await t.signIn(dealer.login, dealer.password);
    expect((await agent.get(URL)).statusCode).toBe(403);
    expect((await upload(agent, URL, 'tariffa.csv', GOOD_CSV)).statusCode).toBe(403);
  });
});
