import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { MessaInStrada, MessaInStradaRow } from '@ricambi/domain';
import { GENERIC_SERIAL } from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messaInStrada, storedFile } from '../src/db/schema/index.ts';
import { createMachine } from './machine-factories.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;
type Response = Awaited<ReturnType<Agent['get']>>;

const multipart = (filename: string, content: Buffer) => {
  const boundary = `----ricambi${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000, 0x90)]);
const fieldsOf = (response: Response) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));

const prefix = `MS${process.pid % 10000}`;
const record = (matricola: string, overrides: Record<string, unknown> = {}) => ({
  id: { matricola },
  nomeCliente: 'Edil Rossi Srl',
  via: 'Via Roma 1',
  cap: '20100',
  loc: 'Milano',
  partitaIva: 'IT01234567890',
  stato: 'ITA',
  provincia: 'MI',
  msSettore: '1',
  rif: 'Mario Rossi',
  telefono: '+39 02 1234567',
  email: 'mario@edilrossi.it',
  msData: '15/11/2026',
  ...overrides,
});

// Spec 2 §2–§9: road registration (messa in strada) of the dealer's machines.
describe('messa in strada', () => {
  let t: TestApp;
  let dealer: Agent;
  let other: Agent;
  const serial = (i: number) => `${prefix}${String(i).padStart(3, '0')}`;

  beforeAll(async () => {
    t = await createTestApp();
    const d = await t.createUser({ authorities: ['ROLE_CR_USER', 'ROLE_USER'] });
    const o = await t.createUser({ authorities: ['ROLE_CR_USER', 'ROLE_USER'] });
    for (let i = 0; i < 12; i++)
      await createMachine(t.db, { matricola: serial(i), crCod: 'CR-X', dealerLogin: d.login });
    await createMachine(t.db, { matricola: `${prefix}OTH`, crCod: 'CR-X', dealerLogin: o.login });
    await createMachine(t.db, { matricola: GENERIC_SERIAL, crCod: GENERIC_SERIAL }).catch(() => undefined);
    dealer = await t.signIn(d.login, d.password);
    other = await t.signIn(o.login, o.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (agent: Agent, query: Record<string, string> = {}) => {
    const response = await agent.get('/api/messainstradas/search', { query });
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<MessaInStradaRow[]>(), total: Number(response.headers['x-total-count']) };
  };

  it('lists the machines to register 10 a page, never GENERIC; a record saves with every rule of spec 2 §5', async () => {
    const todo = await search(dealer);
    expect(todo.total).toBe(12);
    expect(todo.rows).toHaveLength(10);
    expect(todo.rows.map((r) => r.id.matricola)).not.toContain(GENERIC_SERIAL);
    expect((await search(dealer, { stato: 'FATTE' })).total).toBe(0);
    // Descriptions in the language the page asks for, the account's otherwise.
    expect(todo.rows[0]?.descrizione).toBe('Escavatore di prova');
    expect((await search(dealer, { lang: 'en' })).rows[0]?.descrizione).toBe('Test excavator');

    const empty = (
      await dealer.get('/api/messainstrada/get', { query: { matricola: serial(0) } })
    ).json<MessaInStrada>();
    expect(empty).toMatchObject({ registrata: false, seEditable: 'Y', seAllegato: 'N', allegati: [] });

    const missing = await dealer.post('/api/messainstrada', { id: { matricola: serial(0) } });
    expect(fieldsOf(missing)).toMatchObject({
      nomeCliente: 'validation.required',
      via: 'validation.required',
      cap: 'validation.required',
      loc: 'validation.required',
      partitaIva: 'validation.required',
      stato: 'validation.required',
      msSettore: 'validation.required',
      msData: 'validation.required',
    });
    expect(fieldsOf(await dealer.post('/api/messainstrada', record(serial(0), { provincia: '' })))).toEqual({
      provincia: 'validation.required',
    });
    expect(fieldsOf(await dealer.post('/api/messainstrada', record(serial(0), { email: 'mario' })))).toEqual({
      email: 'validation.email',
    });
    expect(fieldsOf(await dealer.post('/api/messainstrada', record(serial(0), { cap: '12345678' })))).toEqual({
      cap: 'validation.maxlength',
    });
    expect(fieldsOf(await dealer.post('/api/messainstrada', record(serial(0), { msSettore: '999' })))).toEqual({
      msSettore: 'validation.invalid',
    });
    expect(fieldsOf(await dealer.post('/api/messainstrada', record(serial(0), { msData: '31/02/2026' })))).toEqual({
      msData: 'validation.invalid',
    });
    // Nothing was written by the refused saves.
    expect(
      await t.db
        .select()
        .from(messaInStrada)
        .where(eq(messaInStrada.matricola, serial(0))),
    ).toEqual([]);

    // Outside Italy the province is neither required nor kept.
    const saved = await dealer.post('/api/messainstrada', record(serial(0), { stato: 'DEU', provincia: 'MI' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MessaInStrada>()).toMatchObject({
      registrata: true,
      stato: 'DEU',
      provincia: null,
      msData: '15/11/2026',
      settore: 'Edilizia',
    });
    const italian = await dealer.post('/api/messainstrada?lingua=en', record(serial(0)));
    expect(italian.json<MessaInStrada>()).toMatchObject({ stato: 'ITA', provincia: 'MI', settore: 'Construction' });

    const done = await search(dealer, { stato: 'FATTE' });
    expect(done.rows.map((r) => [r.id.matricola, r.nomeCliente, r.msData, r.fatta])).toEqual([
      [serial(0), 'Edil Rossi Srl', '15/11/2026', true],
    ]);
    expect((await search(dealer)).total).toBe(11);
    expect((await search(dealer, { stato: 'TUTTE', term: 'edil rossi' })).total).toBe(1);
    expect((await search(dealer, { stato: 'TUTTE' })).total).toBe(12);
  });

  it('keeps images and PDFs up to 5 MB; refuses other content and bigger files; the last delete turns seAllegato to N', async () => {
    const m = serial(1);
    const upload = (name: string, content: Buffer) => {
      const body = multipart(name, content);
      return dealer.post(`/api/messainstrada/salvaallegato/${m}`, body.payload, { headers: body.headers });
    };
    // A record must be saved before it takes files.
    expect((await upload('a.pdf', PDF)).statusCode).toBe(409);
    expect((await dealer.post('/api/messainstrada', record(m))).statusCode).toBe(200);

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const first = await upload('foto consegna.png', png);
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload('modulo firmato.pdf', PDF);
    const withTwo = second.json<MessaInStrada>();
    expect(withTwo.seAllegato).toBe('Y');
    expect(withTwo.allegati.map((a) => [a.name, a.kind])).toEqual([
      ['foto consegna.png', 'image'],
      ['modulo firmato.pdf', 'pdf'],
    ]);
    expect(withTwo.nomeAllegato).toBe('foto consegna.png#modulo firmato.pdf');

    const files = (await t.db.select().from(storedFile)).length;
    const renamed = await upload('virus.jpg', EXE);
    expect(renamed.statusCode).toBe(400);
    expect(problemOf(renamed).fieldErrors?.[0]).toMatchObject({ field: 'file', message: 'upload.wrongType' });
    const big = await upload('big.pdf', Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]));
    expect(big.statusCode).toBe(413);
    expect(problemOf(big).fieldErrors?.[0]).toMatchObject({ field: 'file', message: 'upload.tooLarge' });
    expect((await t.db.select().from(storedFile)).length).toBe(files);

    const [image, pdf] = withTwo.allegati as [MessaInStrada['allegati'][0], MessaInStrada['allegati'][0]];
    const download = await dealer.get(`/api/messainstrada/scaricaallegato/${image.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''foto%20consegna.png");
    expect(download.rawPayload.equals(png)).toBe(true);
    const byPost = await dealer.post('/api/messainstrada/scaricaallegato', { matricola: m, id: pdf.id });
    expect(byPost.statusCode, byPost.body).toBe(200);
    expect(byPost.rawPayload.equals(PDF)).toBe(true);
    expect((await dealer.get(`/api/messainstrada/scaricaallegato/${image.id}/thumbnail`)).headers['content-type']).toBe(
      'image/webp',
    );
    // Another dealer reaches neither the record nor its files.
    expect((await other.get(`/api/messainstrada/scaricaallegato/${image.id}/download`)).statusCode).toBe(404);
    expect((await other.get('/api/messainstrada/get', { query: { matricola: m } })).statusCode).toBe(404);

    const one = await dealer.post('/api/messainstrada/cancellaallegato', { matricola: m, id: image.id });
    expect(one.json<MessaInStrada>()).toMatchObject({ seAllegato: 'Y', allegati: [{ id: pdf.id }] });
    const none = await dealer.post('/api/messainstrada/cancellaallegato', { matricola: m, id: pdf.id });
    expect(none.json<MessaInStrada>()).toMatchObject({ seAllegato: 'N', allegati: [] });
    expect((await dealer.get(`/api/messainstrada/scaricaallegato/${image.id}/download`)).statusCode).toBe(404);
  });

  it('locks a record with seEditable N: no save, no file', async () => {
    const m = serial(2);
    expect((await dealer.post('/api/messainstrada', record(m))).statusCode).toBe(200);
    await t.db.update(messaInStrada).set({ seEditable: 'N' }).where(eq(messaInStrada.matricola, m));
    const save = await dealer.post('/api/messainstrada', record(m, { nomeCliente: 'Altro' }));
    expect(save.statusCode).toBe(409);
    expect(problemOf(save).message).toBe('messainstrada.error.notEditable');
    const body = multipart('a.pdf', PDF);
    const file = await dealer.post(`/api/messainstrada/salvaallegato/${m}`, body.payload, { headers: body.headers });
    expect(file.statusCode).toBe(409);
    expect((await search(dealer, { stato: 'FATTE', term: m })).rows[0]?.seEditable).toBe('N');
  });

  it('downloads the record as a PDF in the asked language', async () => {
    const m = serial(3);
    expect((await dealer.get(`/api/messainstrada/pdf/${m}`)).statusCode).toBe(409);
    await dealer.post('/api/messainstrada', record(m, { nomeCliente: 'Cantieri Bianchi' }));
    const response = await dealer.get(`/api/messainstrada/pdf/${m}`, { query: { lingua: 'de' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`messa-in-strada-${m}.pdf`);
    const text = spawnSync('/usr/bin/pdftotext', ['-', '-'], { input: response.rawPayload, encoding: 'utf8' }).stdout;
    expect(text).toContain(`Inbetriebnahme ${m}`);
    expect(text).toContain('Cantieri Bianchi');
    expect(text).toContain('Italien');
    expect(text).toContain('Bauwesen');
  });

  it('is for dealers of the machine area only', async () => {
    const plain = await t.createUser({ authorities: ['ROLE_USER'] });
    const agent = await t.signIn(plain.login, plain.password);
    expect((await agent.get('/api/messainstradas/search')).statusCode).toBe(403);
  });
});
