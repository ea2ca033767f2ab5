import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { cataloguePdfFileName } from '@ricambi/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogoPdf } from '../src/db/schema/index.ts';
import { regenerateCatalogue } from '../src/modules/machines/catalogue.generation.ts';
import { CATALOGUE_PDF_FOLDER } from '../src/modules/machines/catalogue-pdf.job.ts';
import { type CataloguePdfService, createCataloguePdfService } from '../src/modules/machines/catalogue-pdf.service.ts';
import { attachmentDisposition } from '../src/platform/downloads.ts';
import { opaquePng } from '../src/platform/pdf.ts';
import { createArticolo } from './catalogue-factories.ts';
import type { CreatedUser } from './factories.ts';
import { createCatalogue, createDrawing, createMachine, grantMachine } from './machine-factories.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

const PDFTOTEXT = '/usr/bin/pdftotext';

/** The text of a PDF answer, by poppler's pdftotext (installed by .ci/run: poppler-utils). */
const pdfText = (response: LightMyRequestResponse) => {
  if (!fs.existsSync(PDFTOTEXT))
    throw new Error(`${PDFTOTEXT} is missing: install poppler-utils (apt-get install poppler-utils) to run this test`);
  const file = path.join(os.tmpdir(), `catalogue-pdf-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, response.rawPayload);
  try {
    const run = spawnSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
    return run.stdout;
  } finally {
    fs.rmSync(file, { force: true });
  }
};

const expectPdf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(response);
};

/** The images drawn on the first page (the cover) of a PDF answer. */
const coverImages = async (response: LightMyRequestResponse) => {
  const document = await PDFDocument.load(response.rawPayload, { updateMetadata: false });
  const xObjects = document.getPage(0).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return xObjects?.keys().length ?? 0;
};

/** The text of the first page of a PDF text (pdftotext separates pages with a form feed). */
const firstPage = (text: string) => text.split('\f')[0] ?? '';

/** RFC 5987 filename* of a Content-Disposition header, decoded. */
const fileNameOf = (response: LightMyRequestResponse) => {
  const header = String(response.headers['content-disposition'] ?? '');
  expect(header).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
  return decodeURIComponent(header.split("filename*=UTF-8''")[1] ?? '');
};

describe('catalogue PDFs', () => {
  let t: TestApp;
  let dealer: CreatedUser;
  let crId: number;
  let machineId: number;
  let serial: string;
  let crCodice: string;
  const codes = { a1: '', a2: '', a3: '', a4: '', hidden: '' };

  beforeAll(async () => {
    t = await createTestApp();
    dealer = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_CR_USER'] });
    const ids = new Map<string, number>();
    const article = async (suffix: string) => {
      const row = await createArticolo(t.db, { articolo: `PDF-${process.pid}-${suffix}` });
      ids.set(row.articolo, row.id);
      return row.articolo;
    };
    codes.a1 = await article('A1');
    codes.a2 = await article('A2');
    codes.a3 = await article('A3');
    codes.a4 = await article('A4');
    codes.hidden = await article('HID');
    const id = (code: string) => ids.get(code) ?? null;
    await createDrawing(t.db, t.config.dataDir, 'pdf-g01', ['1', '2'], { width: 200, height: 120 });
    await createDrawing(
      t.db,
      t.config.dataDir,
      'pdf-asm1',
      [
        { x: 60, y: 50, font: 18, label: '1', labelLength: 10 },
        { x: 160, y: 80, font: 18, label: '2', labelLength: 10 },
        { x: 300, y: 200, font: 18, label: '3', labelLength: 10 },
      ],
      { width: 400, height: 300 },
    );
    const catalogue = await createCatalogue(t.db, {
      crDescrizione: 'Catalogo ricambi PDF',
      localizedDescrizione: { it: 'Catalogo ricambi PDF', en: 'PDF spare parts catalogue' },
      rows: [
        { item: 1, idTav: 'G01', disegno: 'pdf-g01', descrizione: { it: 'Motore', en: 'Engine' } },
        {
          item: 2,
          parent: 1,
          idTav: 'G01.01',
          disegno: 'pdf-asm1',
          pos: '1',
          descrizione: { it: 'Gruppo pompa', en: 'Pump assembly' },
        },
        {
          item: 3,
          parent: 2,
          tipoNodo: 1,
          idTav: 'G01.01',
          pos: '1',
          qta: 2,
          note: 'Nota X',
          articoloId: id(codes.a1),
        },
        { item: 4, parent: 2, tipoNodo: 1, idTav: 'G01.01', pos: '2', articoloId: id(codes.a2) },
        // A sub-assembly on the same drawing: its parts follow it in the assembly's table.
        {
          item: 5,
          parent: 2,
          idTav: 'G01.01',
          disegno: 'pdf-asm1',
          pos: '3',
          descrizione: { it: 'Kit guarnizioni', en: 'Seal kit' },
        },
        { item: 6, parent: 5, tipoNodo: 1, idTav: 'G01.01', pos: '3', articoloId: id(codes.a3) },
        // Hidden rows: type 2 and no plate id.
        { item: 7, parent: 2, tipoNodo: 2, idTav: 'G01.01', pos: '9', articoloId: id(codes.hidden) },
        { item: 8, parent: 2, tipoNodo: 1, idTav: null, pos: '9', articoloId: id(codes.hidden) },
        {
          item: 9,
          parent: 1,
          idTav: 'G01.02',
          disegno: 'pdf-asm2',
          pos: '2',
          descrizione: { it: 'Gruppo filtro', en: 'Filter assembly' },
        },
        { item: 10, parent: 9, tipoNodo: 1, idTav: 'G01.02', pos: '1', articoloId: id(codes.a4) },
      ],
    });
    crId = catalogue.id;
    crCodice = catalogue.crCodice;
    const machine = await createMachine(t.db, { crCod: catalogue.crCodice, dealerLogin: dealer.login });
    machineId = machine.id;
    serial = machine.mtMatricola;
  });

  afterAll(async () => {
    await t?.close();
  });

  const signInDealer = () => t.signIn(dealer.login, dealer.password);

  /** The keys of the made full PDFs in the file store whose name starts so. */
  const storedPdfs = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of t.files.store.list(CATALOGUE_PDF_FOLDER))
      if (object.key.startsWith(`${CATALOGUE_PDF_FOLDER}${prefix}`)) keys.push(object.key);
    return keys;
  };

  it('draws one assembly with its drawing, visible parts and sub-assembly parts, in the chosen language', async () => {
    const agent = await signInDealer();
    const italian = await agent.get(`/api/catalogo/${crId}/pdf/download/2/it`);
    const text = expectPdf(italian);
    expect(text).toContain('G01.01');
    expect(text).toContain('Gruppo pompa');
    for (const code of [codes.a1, codes.a2, codes.a3]) expect(text).toContain(code);
    expect(text).not.toContain(codes.hidden);
    expect(text).not.toContain(codes.a4);
    expect(text).toContain('Nota X');
    expect(text).toMatch(/Pos\.\s+Codice\s+Descrizione/);
    expect(text).toContain('Pagina 1 di 1');
    // The sub-assembly's part follows it.
    expect(text.indexOf('Kit guarnizioni')).toBeLessThan(text.indexOf(codes.a3));
    expect(fileNameOf(italian)).toBe(cataloguePdfFileName('Catalogo ricambi PDF', crCodice, 2));

    const en = await agent.get(`/api/catalogo/${crId}/pdf/download/2/en`, { query: { matricola: serial } });
    const english = expectPdf(en);
    expect(english).toMatch(/Pos\.\s+Code\s+Description/);
    expect(english).toContain('Pump assembly');
    expect(english).toContain('Page 1 of 1');
    expect(fileNameOf(en)).toBe(cataloguePdfFileName('PDF spare parts catalogue', serial, 2));
  });

  it("gives a part's assembly plate, and 404 for hidden or unknown rows", async () => {
    const agent = await signInDealer();
    const part = await agent.get(`/api/catalogo/${crId}/pdf/download/3/it`);
    expect(expectPdf(part)).toContain(codes.a2);
    expect(fileNameOf(part)).toMatch(/ 2\.pdf$/);
    expect((await agent.get(`/api/catalogo/${crId}/pdf/download/7/it`)).statusCode).toBe(404);
    expect((await agent.get(`/api/catalogo/${crId}/pdf/download/999/it`)).statusCode).toBe(404);
  });

  it('makes the full catalogue in the background: NONE → GENERATING → READY', async () => {
    const agent = await signInDealer();
    const esiste = async (lang = 'it') =>
      (await agent.get(`/api/esisteCatalogo/${machineId}`, { query: { lang } })).body;
    expect(await esiste()).toBe('NO');
    expect((await agent.get(`/api/catalogo/download/${machineId}`, { query: { lang: 'it' } })).statusCode).toBe(404);

    const release = t.cataloguePdf.hold();
    const started = await agent.get(`/api/catalogo/${machineId}/pdf/download/it`);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ state: 'GENERATING', progress: 0 });
    expect(await esiste()).toBe('GENERATING 0');
    // A second click joins the running job.
    expect((await agent.get(`/api/catalogo/${machineId}/pdf/download/it`)).statusCode).toBe(202);
    release();
    await t.cataloguePdf.idle();

    expect(await esiste()).toBe('OK PDF');
    expect(await esiste('en')).toBe('NO');
    const full = await agent.get(`/api/catalogo/${machineId}/pdf/download/it`);
    const text = expectPdf(full);
    expect(fileNameOf(full)).toBe(cataloguePdfFileName('Catalogo ricambi PDF', serial));
    for (const code of [codes.a1, codes.a2, codes.a3, codes.a4]) expect(text).toContain(code);
    expect(text).not.toContain(codes.hidden);
    for (const plate of ['Indice', 'G01.01', 'G01.02', 'Gruppo filtro', 'Motore']) expect(text).toContain(plate);
    expect(text).toMatch(/Pagina 1 di \d+/);
    // Issue 11 finding 12: the cover names the machine's serial and carries the theme's logo.
    expect(firstPage(text)).toContain(serial);
    expect(firstPage(text)).toMatch(/Pagina 1 di \d+/);
    expect(await coverImages(full)).toBe(1);
    const downloaded = await agent.get(`/api/catalogo/download/${machineId}`, { query: { lang: 'it' } });
    const downloadedText = expectPdf(downloaded);
    expect(downloadedText).toContain(codes.a4);
    expect(firstPage(downloadedText)).toContain(serial);
    expect(await coverImages(downloaded)).toBe(1);
  });

  it('makes a catalogue regenerated after the PDF old again (202)', async () => {
    const agent = await signInDealer();
    const ready = await agent.get(`/api/catalogo/${machineId}/pdf/download/it`);
    expect(ready.statusCode).toBe(200);
    await regenerateCatalogue(t.db, crId);
    const release = t.cataloguePdf.hold();
    const again = await agent.get(`/api/catalogo/${machineId}/pdf/download/it`);
    expect(again.statusCode).toBe(202);
    expect((await agent.get(`/api/esisteCatalogo/${machineId}?lang=it`)).body).toBe('GENERATING 0');
    expect((await agent.get(`/api/catalogo/download/${machineId}?lang=it`)).statusCode).toBe(404);
    release();
    await t.cataloguePdf.idle();
    expect((await agent.get(`/api/esisteCatalogo/${machineId}?lang=it`)).body).toBe('OK PDF');
    // The old file was removed: one file per catalogue and language, in the file store.
    const files = await storedPdfs(`${crId}-it-`);
    expect(files).toHaveLength(1);
    // A ready file lost from the store is made again.
    await t.files.store.delete(files[0] ?? '');
    expect((await agent.get(`/api/catalogo/${machineId}/pdf/download/it`)).statusCode).toBe(202);
    await t.cataloguePdf.idle();
    expect((await agent.get(`/api/catalogo/${machineId}/pdf/download/it`)).statusCode).toBe(200);
  });

  it('restarts a job left for dead (GENERATING without a heartbeat for more than 2 minutes)', async () => {
    const agent = await signInDealer();
    const release = t.cataloguePdf.hold();
    expect((await agent.get(`/api/catalogo/${machineId}/pdf/download/de`)).statusCode).toBe(202);
    // As if the process that claimed it had died 3 minutes ago.
    await t.db
      .update(catalogoPdf)
      .set({ heartbeatAt: sql`now() - interval '3 minutes'` })
      .where(and(eq(catalogoPdf.crId, crId), eq(catalogoPdf.lang, 'de')));
    expect((await agent.get(`/api/esisteCatalogo/${machineId}?lang=de`)).body).toBe('NO');
    const again = await agent.get(`/api/catalogo/${machineId}/pdf/download/de`);
    expect(again.statusCode).toBe(202);
    expect((await agent.get(`/api/esisteCatalogo/${machineId}?lang=de`)).body).toBe('GENERATING 0');
    release();
    await t.cataloguePdf.idle();
    expect((await agent.get(`/api/esisteCatalogo/${machineId}?lang=de`)).body).toBe('OK PDF');
    const german = expectPdf(await agent.get(`/api/catalogo/${machineId}/pdf/download/de`));
    expect(german).toMatch(/Pos\.\s+Code\s+Beschreibung/);
    expect(german).toContain('Inhalt');
  });

  it('leaves its job for dead (NONE) when the server stops, and another process takes it up by itself', async () => {
    const other = () =>
      createCataloguePdfService({ db: t.db, dataDir: t.config.dataDir, store: t.files.store, log: t.log });
    const stopping = other();
    const release = stopping.hold();
    expect(await stopping.request(crId, 'fr')).toEqual({ state: 'GENERATING', progress: 0 });
    const stopped = stopping.stop();
    release();
    await stopped;
    expect(await stopping.status(crId, 'fr')).toEqual({ state: 'NONE', progress: 0 });

    // Issue 18: a second process's rescue pass claims the dead job and makes it, no request needed.
    const survivor = other();
    try {
      expect(await survivor.rescue()).toBe(true);
      expect(await survivor.status(crId, 'fr')).toEqual({ state: 'GENERATING', progress: 0 });
      await survivor.idle();
      expect(await survivor.status(crId, 'fr')).toEqual({ state: 'READY', progress: 100 });
      expect(await survivor.rescue()).toBe(false);
      expect(await storedPdfs(`${crId}-fr-`)).toHaveLength(1);
    } finally {
      await survivor.stop();
    }
  });

  it('takes up a job whose process died (no heartbeat), once among two processes', async () => {
    const owner = createCataloguePdfService({ db: t.db, dataDir: t.config.dataDir, store: t.files.store, log: t.log });
    const release = owner.hold();
    expect(await owner.request(crId, 'es')).toEqual({ state: 'GENERATING', progress: 0 });
    // While its process lives, nobody else takes the job.
    const [a, b] = [0, 1].map(() =>
      createCataloguePdfService({ db: t.db, dataDir: t.config.dataDir, store: t.files.store, log: t.log }),
    ) as [CataloguePdfService, CataloguePdfService];
    try {
      expect(await a.rescue()).toBe(false);
      // The owner dies: its heartbeat stops.
      await t.db
        .update(catalogoPdf)
        .set({ heartbeatAt: sql`now() - interval '3 minutes'` })
        .where(and(eq(catalogoPdf.crId, crId), eq(catalogoPdf.lang, 'es')));
      const rescued = await Promise.all([a.rescue(), b.rescue()]);
      expect(rescued.filter(Boolean)).toHaveLength(1);
      await Promise.all([a.idle(), b.idle()]);
      expect(await a.status(crId, 'es')).toEqual({ state: 'READY', progress: 100 });
      // The dead owner's job, were it to go on, finds its claim taken over and writes nothing.
      release();
      await owner.idle();
      expect(await a.status(crId, 'es')).toEqual({ state: 'READY', progress: 100 });
      expect(await storedPdfs(`${crId}-es-`)).toHaveLength(1);
    } finally {
      release();
      await Promise.all([owner.stop(), a.stop(), b.stop()]);
    }
  });

  it('answers 404 to a subdealer for a machine not granted, and names the file by serial when granted', async () => {
    const sub = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_CR_SUBDEALER'] });
    const agent = await t.signIn(sub.login, sub.password);
    for (const url of [
      `/api/catalogo/${crId}/pdf/download/2/it`,
      `/api/catalogo/${machineId}/pdf/download/it`,
      `/api/esisteCatalogo/${machineId}`,
      `/api/catalogo/download/${machineId}`,
    ]) {
      const response = await agent.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(problemOf(response).message).toBe('error.http.404');
    }
    await grantMachine(t.db, { dealerLogin: dealer.login, login: sub.login, matricola: serial });
    const granted = await agent.get(`/api/catalogo/${crId}/pdf/download/2/it`);
    expectPdf(granted);
    // Subdealers do not see catalogue codes: the file is named by the serial they see.
    expect(fileNameOf(granted)).toBe(cataloguePdfFileName('Catalogo ricambi PDF', serial, 2));
  });

  it('refuses anonymous users (401) and a bad language (400)', async () => {
    const anonymous = t.agent();
    expect((await anonymous.get(`/api/catalogo/${crId}/pdf/download/2/it`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/catalogo/${machineId}/pdf/download/it`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/esisteCatalogo/${machineId}`)).statusCode).toBe(401);
    const agent = await signInDealer();
    for (const url of [
      `/api/catalogo/${crId}/pdf/download/2/xx`,
      `/api/catalogo/${machineId}/pdf/download/xx`,
      `/api/esisteCatalogo/${machineId}?lang=xx`,
      `/api/catalogo/download/${machineId}?lang=xx`,
    ]) {
      const response = await agent.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(problemOf(response).message).toBe('error.validation');
    }
  });
});

describe('platform/pdf helpers', () => {
  const png = (colorType: number, rows: number[][], width: number) => {
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(data.length, 0);
      head.write(type, 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
      return Buffer.concat([head, data, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(rows.length, 4);
    header[8] = 8;
    header[9] = colorType;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.from(rows.flat()))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };
  const pixels = (opaque: Buffer) => {
    expect(opaque[25]).toBe(2); // RGB, no alpha
    const at = opaque.indexOf('IDAT', 0, 'latin1');
    return [...inflateSync(opaque.subarray(at + 4, at + 4 + opaque.readUInt32BE(at - 4)))];
  };

  it('lays an RGBA PNG on white, whatever the row filters', () => {
    // 2 × 2: opaque red, transparent red / half-transparent black, opaque blue. Row 1 is stored with
    // the Sub filter, row 2 with the Up filter (each byte a difference, modulo 256).
    const top = [255, 0, 0, 255, 255, 0, 0, 0];
    const bottom = [0, 0, 0, 128, 0, 0, 255, 255];
    const sub = top.map((b, i) => (b - (i >= 4 ? (top[i - 4] ?? 0) : 0) + 256) % 256);
    const up = bottom.map((b, i) => (b - (top[i] ?? 0) + 256) % 256);
    const rgba = png(
      6,
      [
        [1, ...sub],
        [2, ...up],
      ],
      2,
    );
    expect(pixels(opaquePng(rgba))).toEqual([0, 255, 0, 0, 255, 255, 255, 0, 127, 127, 127, 0, 0, 255]);
  });

  it('leaves PNGs without alpha as they are', () => {
    const grey = png(0, [[0, 10, 20]], 2);
    expect(opaquePng(grey)).toBe(grey);
  });

  it('encodes accented file names for Content-Disposition (RFC 5987)', () => {
    expect(attachmentDisposition('Catàlogo "EC" 35 (1).pdf')).toBe(
      `attachment; filename="Catalogo _EC_ 35 (1).pdf"; filename*=UTF-8''Cat%C3%A0logo%20%22EC%22%2035%20%281%29.pdf`,
    );
  });
});
