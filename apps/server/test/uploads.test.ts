import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import fastifyMultipart from '@fastify/multipart';
import { type Problem, UPLOAD_POLICIES, type UploadArea } from '@ricambi/domain';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { storedFile } from '../src/db/schema/index.ts';
import { attachmentDisposition, sendStoredFile } from '../src/platform/downloads.ts';
import { badRequest, registerErrorHandling } from '../src/platform/errors.ts';
import type { FileStore } from '../src/platform/file-store.ts';
import { createFiles, type Files, TEMP_MAX_AGE_MS, toStoredFileView } from '../src/platform/files.ts';
import { cleanFileName } from '../src/platform/uploads.ts';
import { keysUnder, STORES, type StoreHarness } from './file-stores.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/** A multipart/form-data body with one file, as a browser sends it (the declared type is the client's word). */
const multipart = (filename: string, content: Buffer | string, type = 'application/octet-stream', field = 'file') => {
  const boundary = `----ricambi${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** The same body as a browser's connection delivers it: in pieces of `size` bytes. */
const inPieces = (body: ReturnType<typeof multipart>, size = 8192) => {
  const pieces: Buffer[] = [];
  for (let i = 0; i < body.payload.length; i += size) pieces.push(body.payload.subarray(i, i + size));
  async function* arriving() {
    for (const piece of pieces) {
      // One piece per turn of the event loop, as from a socket, so the server reads them one by one.
      await new Promise((resolve) => setImmediate(resolve));
      yield piece;
    }
  }
  return { ...body, payload: Readable.from(arriving(), { objectMode: false }) };
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** The first box of an MP4 file: what file-type reads to call it video/mp4. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(2000, 0),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000, 0x90)]);
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();
/** A photo-like JPEG (noise compresses badly): tens of kilobytes, more than the type sniffing reads. */
const noisyJpeg = () =>
  sharp({
    create: {
      width: 300,
      height: 300,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};
/**
 * A PNG whose header declares width × height pixels while its data holds two rows: a few hundred
 * bytes that a decoder would have to give gigabytes (a decompression bomb, as a header reader sees it).
 */
const pngDeclaring = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(2 * (1 + width * 3)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The end record of a ZIP archive (an empty one), with a comment: what an archive reader looks for. */
const zipEnd = (comment = '') => {
  const record = Buffer.alloc(22);
  record.write('PK\x05\x06', 0, 'latin1');
  record.writeUInt16LE(comment.length, 20);
  return Buffer.concat([record, Buffer.from(comment, 'latin1')]);
};

/**
 * The routes an area writes with the helpers: upload (receive + commit with its own row in one
 * transaction), download, thumbnail, delete. `?fail=1` makes the use case fail after its insert.
 */
const areaRoutes = (files: Files, database: TestDatabase) => async (app: FastifyInstance) => {
  await app.register(fastifyMultipart);
  app.post('/upload/:area', async (request) => {
    const { area } = request.params as { area: UploadArea };
    const query = request.query as { fail?: string; max?: string };
    const policy = query.max ? { ...UPLOAD_POLICIES[area], maxBytes: Number(query.max) } : undefined;
    const upload = await files.receive(request, area, { policy });
    const file = await files.commit(database.db, upload, async (tx, row) => {
      await tx.execute(sql`insert into upload_note (file_id, note) values (${row.id}, 'nota')`);
      if (query.fail) throw badRequest('test.failed');
      return row;
    });
    return toStoredFileView(file);
  });
  app.get('/files/:area/:id', async (request, reply) => {
    const { area, id } = request.params as { area: UploadArea; id: string };
    return sendStoredFile(reply, files, await files.find(database.db, area, id));
  });
  app.get('/files/:area/:id/thumbnail', async (request, reply) => {
    const { area, id } = request.params as { area: UploadArea; id: string };
    return sendStoredFile(reply, files, await files.find(database.db, area, id), { variant: 'thumbnail' });
  });
  app.delete('/files/:area/:id', async (request, reply) => {
    const { area, id } = request.params as { area: UploadArea; id: string };
    const file = await files.find(database.db, area, id);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from upload_note where file_id = ${file.id}`);
      await files.remove(tx, file.id);
    });
    await files.purge(database.db, [file.id]);
    return reply.code(204).send();
  });
};

const buildTestServer = async (files: Files, database: TestDatabase) => {
  // A client cut off mid-upload can leave its socket open: closing the app must not wait for it.
  const app = Fastify({ forceCloseConnections: true });
  registerErrorHandling(app);
  await app.register(areaRoutes(files, database));
  await app.ready();
  return app;
};

const silent = pino({ level: 'silent' });

// Issue 12 §1: uploads streamed within an area's limits, judged by content, committed with their row.
describe.each(STORES)('uploads on a %s', (_name, startStore) => {
  let harness: StoreHarness;
  let store: FileStore;
  let database: TestDatabase;
  let files: Files;
  let app: FastifyInstance;

  const upload = (
    area: UploadArea,
    body: { payload: Buffer | Readable; headers: Record<string, string> },
    query = '',
  ) => app.inject({ method: 'POST', url: `/upload/${area}${query}`, ...body });
  const rowsOf = (id: string) => database.db.select().from(storedFile).where(eq(storedFile.id, id));
  const noteCount = async () =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from upload_note`))[0]?.n;

  beforeAll(async () => {
    harness = await startStore();
    store = harness.store;
    database = await openTestDatabase();
    await database.db.execute(
      sql`create table upload_note (file_id uuid not null references stored_file(id), note text not null)`,
    );
    files = createFiles(store, silent);
    app = await buildTestServer(files, database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await harness?.stop();
  });

  it('stores a PDF under a generated name with its row, and serves it back with the original name', async () => {
    const name = 'Garanzia – città Ünterlage.pdf';
    const response = await upload('warranty', multipart(name, PDF, 'image/png'));
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      name,
      contentType: 'application/pdf',
      kind: 'pdf',
      size: PDF.length,
      thumbnail: false,
    });
    const [row] = await rowsOf(view.id);
    expect(row?.storageKey).toBe(`warranty/${view.id}.pdf`);
    expect(row?.storageKey).not.toContain('Garanzia');
    expect(await keysUnder(store, 'tmp/')).toEqual([]);
    if (harness.dir) {
      expect(await fs.readFile(path.join(harness.dir, 'warranty', `${view.id}.pdf`))).toEqual(PDF);
    }

    const download = await app.inject({ method: 'GET', url: `/files/warranty/${view.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(PDF.length));
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="Garanzia _ citta Unterlage\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(name);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('makes a WebP thumbnail of at most 200 × 200 beside an image, and a video has none', async () => {
    const png = await pngOf(800, 600);
    const response = await upload('roadRegistration', multipart('foto cantiere.png', png, 'application/octet-stream'));
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({ kind: 'image', contentType: 'image/png', thumbnail: true });
    const [row] = await rowsOf(view.id);
    expect(row?.storageKey).toBe(`road-registration/${view.id}.png`);
    expect(row?.thumbnailKey).toBe(`road-registration/${view.id}.thumb.webp`);
    expect(await store.exists(`road-registration/${view.id}.thumb.webp`)).toBe(true);

    const thumb = await app.inject({ method: 'GET', url: `/files/roadRegistration/${view.id}/thumbnail` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toMatch(/^inline; filename="foto cantiere\.webp"/);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 150 });

    const video = await upload('warranty', multipart('giro.mp4', MP4, 'video/mp4'));
    expect(video.json()).toMatchObject({ kind: 'video', contentType: 'video/mp4', thumbnail: false });
    const noThumb = await app.inject({ method: 'GET', url: `/files/warranty/${video.json().id}/thumbnail` });
    expect(noThumb.statusCode).toBe(404);
  });

  it('judges the type by content: a renamed executable is refused, naming the file, and nothing is stored', async () => {
    const before = await keysUnder(store, '');
    const response = await upload('warranty', multipart('fattura.pdf', EXE, 'application/pdf'));
    expect(response.statusCode).toBe(400);
    const problem = response.json<Problem>();
    expect(problem.message).toBe('upload.wrongType');
    expect(problem.params).toEqual({ name: 'fattura.pdf', kinds: 'image-video-pdf' });
    expect(problem.fieldErrors).toEqual([{ field: 'file', message: 'upload.wrongType', params: problem.params }]);
    expect(await keysUnder(store, '')).toEqual(before);

    const video = await upload('roadRegistration', multipart('giro.mp4', MP4, 'video/mp4'));
    expect(video.statusCode).toBe(400);
    expect(video.json<Problem>().params).toEqual({ name: 'giro.mp4', kinds: 'image-pdf' });
    const text = await upload('document', multipart('note.pdf', 'solo testo, nessun PDF', 'application/pdf'));
    expect(text.json<Problem>().message).toBe('upload.wrongType');
    const empty = await upload('document', multipart('vuoto.pdf', Buffer.alloc(0), 'application/pdf'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Problem>()).toMatchObject({ message: 'upload.empty', params: { name: 'vuoto.pdf' } });
  });

  // Issue 18 §3: uploads refused by content for polyglots and decompression bombs.
  it('refuses an image whose header declares more than 100 megapixels, naming the field, before decoding it', async () => {
    const before = await keysUnder(store, '');
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024);
    const response = await upload('checklist', multipart('bomba.png', bomb, 'image/png'));
    expect(response.statusCode).toBe(400);
    const problem = response.json<Problem>();
    expect(problem).toMatchObject({
      message: 'upload.tooManyPixels',
      params: { name: 'bomba.png', width: '20000', height: '20000', limit: '100' },
    });
    expect(problem.fieldErrors).toEqual([{ field: 'file', message: 'upload.tooManyPixels', params: problem.params }]);
    expect(await keysUnder(store, '')).toEqual(before);
    // Within the limit in one direction, past it in the product.
    const long = await upload('roadRegistration', multipart('striscia.png', pngDeclaring(1_000_000, 101), 'image/png'));
    expect(long.json<Problem>().message).toBe('upload.tooManyPixels');
    expect(await keysUnder(store, '')).toEqual(before);
  });

  it('refuses a polyglot: an image or a PDF that is also a web page or a ZIP archive', async () => {
    const before = await keysUnder(store, '');
    const jpeg = await noisyJpeg();
    expect(jpeg.length).toBeGreaterThan(20_000);
    const script = '<script>alert(document.cookie)</script>';
    const polyglots: [string, Buffer][] = [
      [
        'pagina.pdf',
        Buffer.concat([PDF.subarray(0, 9), Buffer.from(`<html><body>${script}</body></html>\n`), PDF.subarray(9)]),
      ],
      ['foto.png', Buffer.concat([await pngOf(40, 30), Buffer.from(script)])],
      ['foto.jpg', Buffer.concat([jpeg.subarray(0, 600), Buffer.from('<!DOCTYPE html>'), jpeg.subarray(600)])],
      ['archivio.jpg', Buffer.concat([jpeg, zipEnd()])],
      ['commento.jpg', Buffer.concat([jpeg, zipEnd('a comment')])],
    ];
    for (const [name, content] of polyglots) {
      const response = await upload('warranty', inPieces(multipart(name, content, 'application/octet-stream')));
      expect(response.statusCode, name).toBe(400);
      const problem = response.json<Problem>();
      expect(problem, name).toMatchObject({ message: 'upload.unsafe', params: { name } });
      expect(problem.fieldErrors, name).toEqual([{ field: 'file', message: 'upload.unsafe', params: { name } }]);
    }
    expect(await keysUnder(store, '')).toEqual(before);

    // The same photo alone is taken, and so is one whose last bytes only look like an archive's end.
    expect((await upload('warranty', inPieces(multipart('foto.jpg', jpeg, 'image/jpeg')))).statusCode).toBe(200);
    const lookalike = Buffer.concat([jpeg, zipEnd('x'), Buffer.from('y')]);
    expect((await upload('warranty', multipart('quasi.jpg', lookalike, 'image/jpeg'))).statusCode).toBe(200);
  });

  it('serves a stored file and its preview with their judged type, not sniffed, and a policy that runs nothing', async () => {
    const view = (await upload('checklist', multipart('riga.png', await pngOf(300, 300), 'text/html'))).json();
    for (const url of [`/files/checklist/${view.id}`, `/files/checklist/${view.id}/thumbnail`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^image\/(png|webp)$/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'none'");
      expect(response.headers['content-security-policy'], url).toContain('sandbox');
    }
    const original = await app.inject({ method: 'GET', url: `/files/checklist/${view.id}` });
    expect(original.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('stops a file past the area limit with 413 naming the file and the limit, and keeps none of it', async () => {
    const before = await keysUnder(store, '');
    const big = Buffer.concat([PDF, Buffer.alloc(60_000, 0x20)]);
    // The first pieces pass (the type is judged on them), the one that crosses 20 KB stops the upload.
    const response = await upload('document', inPieces(multipart('manuale.pdf', big, 'application/pdf')), '?max=20480');
    expect(response.statusCode).toBe(413);
    const problem = response.json<Problem>();
    expect(problem).toMatchObject({ message: 'upload.tooLarge', params: { name: 'manuale.pdf', limit: '20 KB' } });
    expect(problem.fieldErrors?.[0]).toMatchObject({ field: 'file', message: 'upload.tooLarge' });
    expect(await keysUnder(store, '')).toEqual(before);
    // All in one piece, it is stopped while its type is being judged.
    const whole = await upload('document', multipart('manuale.pdf', big, 'application/pdf'), '?max=20480');
    expect(whole.statusCode).toBe(413);
    expect(await keysUnder(store, '')).toEqual(before);

    const exact = Buffer.concat([PDF, Buffer.alloc(20_480 - PDF.length, 0x20)]);
    const accepted = await upload(
      'document',
      inPieces(multipart('giusto.pdf', exact, 'application/pdf')),
      '?max=20480',
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().size).toBe(20_480);
  });

  it('answers 400 when the request carries no file in the expected field', async () => {
    const noFile = await app.inject({ method: 'POST', url: '/upload/warranty', payload: { a: 1 } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<Problem>().fieldErrors?.[0]).toMatchObject({ field: 'file', message: 'upload.missing' });
    const otherField = await upload('warranty', multipart('a.pdf', PDF, 'application/pdf', 'allegato'));
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json<Problem>().message).toBe('upload.missing');
  });

  it('leaves neither row nor file when the use case fails after its insert (real rollback)', async () => {
    const before = await keysUnder(store, '');
    const notesBefore = await noteCount();
    const filesBefore = await database.db.select().from(storedFile);
    const response = await upload('warranty', multipart('rollback.pdf', PDF, 'application/pdf'), '?fail=1');
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().message).toBe('test.failed');
    expect(await database.db.select().from(storedFile)).toHaveLength(filesBefore.length);
    expect(await noteCount()).toBe(notesBefore);
    expect(await keysUnder(store, '')).toEqual(before);
  });

  it('deletes a file with its row: objects and thumbnail gone, downloads 404', async () => {
    const view = (await upload('checklist', multipart('riga.png', await pngOf(300, 300), 'image/png'))).json();
    const deleted = await app.inject({ method: 'DELETE', url: `/files/checklist/${view.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await rowsOf(view.id)).toEqual([]);
    expect(await store.exists(`checklist/${view.id}.png`)).toBe(false);
    expect(await store.exists(`checklist/${view.id}.thumb.webp`)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/files/checklist/${view.id}` })).statusCode).toBe(404);
  });

  it('finds a file only in its own area and by a real id, never by a path', async () => {
    const view = (await upload('warranty', multipart('a.pdf', PDF, 'application/pdf'))).json();
    expect((await app.inject({ method: 'GET', url: `/files/ticket/${view.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/files/warranty/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  describe('after a process stopped', () => {
    it('finishes a promotion the process did not reach: the file is served meanwhile and moved by the sweep', async () => {
      // The process "dies" after the commit, before moving the object: its promote never happens.
      const dying = createFiles({ ...store, promote: () => Promise.reject(new Error('killed')) }, silent);
      const dyingApp = await buildTestServer(dying, database);
      const response = await dyingApp.inject({ method: 'POST', url: '/upload/ticket', ...multipart('t.pdf', PDF) });
      await dyingApp.close();
      expect(response.statusCode).toBe(200);
      const id = response.json().id as string;
      expect(await rowsOf(id)).toHaveLength(1);
      expect(await store.exists(`tmp/${id}`)).toBe(true);
      expect(await store.exists(`ticket/${id}.pdf`)).toBe(false);

      const served = await app.inject({ method: 'GET', url: `/files/ticket/${id}` });
      expect(served.rawPayload.equals(PDF)).toBe(true);

      const result = await files.sweep(database.db);
      expect(result.promoted).toBe(1);
      expect(await store.exists(`ticket/${id}.pdf`)).toBe(true);
      expect(await keysUnder(store, 'tmp/')).toEqual([]);
    });

    it('removes what an upload killed midway left (no row) once it is old, and not before', async () => {
      const id = randomUUID();
      await store.put(`tmp/${id}`, Readable.from([PDF.subarray(0, 10)]));
      // What the local store writes while bytes still arrive.
      await store.put(`tmp/${id}.${randomUUID()}.part`, Readable.from([PDF]));
      const young = await files.sweep(database.db);
      expect(young.removed).toBe(0);
      expect(await keysUnder(store, 'tmp/')).toHaveLength(2);

      const later = new Date(Date.now() + TEMP_MAX_AGE_MS + 60_000);
      const old = await files.sweep(database.db, { now: later });
      expect(old.removed).toBe(2);
      expect(await keysUnder(store, 'tmp/')).toEqual([]);
      expect(await rowsOf(id)).toEqual([]);
    });

    it('purges a file removed in a transaction whose process stopped before deleting the objects', async () => {
      const view = (await upload('warranty', multipart('b.pdf', PDF, 'application/pdf'))).json();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from upload_note where file_id = ${view.id}`);
        await files.remove(tx, view.id);
      });
      expect((await app.inject({ method: 'GET', url: `/files/warranty/${view.id}` })).statusCode).toBe(404);
      expect(await store.exists(`warranty/${view.id}.pdf`)).toBe(true);
      const result = await files.sweep(database.db);
      expect(result.purged).toBe(1);
      expect(await store.exists(`warranty/${view.id}.pdf`)).toBe(false);
      expect(await rowsOf(view.id)).toEqual([]);
    });
  });
});

// Over a real socket: what a browser sees, and what a client that goes away leaves.
describe('uploads over HTTP', () => {
  let harness: StoreHarness;
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    harness = await STORES[0][1]();
    database = await openTestDatabase();
    await database.db.execute(
      sql`create table upload_note (file_id uuid not null references stored_file(id), note text not null)`,
    );
    app = await buildTestServer(createFiles(harness.store, silent), database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await harness?.stop();
  });

  it('answers 413 to an over-limit upload while the client is still sending', async () => {
    const body = multipart('enorme.pdf', Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 0x20)]), 'application/pdf');
    const response = await fetch(`http://127.0.0.1:${port}/upload/document?max=102400`, {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      message: 'upload.tooLarge',
      params: { name: 'enorme.pdf', limit: '100 KB' },
    });
    expect(await keysUnder(harness.store, '')).toEqual([]);
  });

  it('keeps nothing of an upload whose client disconnects midway', async () => {
    const before = await keysUnder(harness.store, '');
    const rowsBefore = (await database.db.select().from(storedFile)).length;
    const boundary = `----ricambi${randomUUID()}`;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/upload/ticket',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 10_000_000 },
    });
    request.on('error', () => undefined);
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    request.write(Buffer.concat([PDF, Buffer.alloc(200_000, 0x20)]));
    // The first bytes reach the store before the client goes away.
    await expect.poll(() => keysUnder(harness.store, 'tmp/'), { timeout: 10_000 }).not.toEqual([]);
    request.destroy();
    await expect.poll(() => keysUnder(harness.store, ''), { timeout: 10_000 }).toEqual(before);
    expect(await database.db.select().from(storedFile)).toHaveLength(rowsBefore);
  });
});

describe('file names', () => {
  it('keeps the name a person gave, without folders, control or direction characters', () => {
    expect(cleanFileName('C:\\Users\\mario\\Desktop\\foto.jpg', 'jpg')).toBe('foto.jpg');
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(cleanFileName('fattura\u202Efdp.exe', 'pdf')).toBe('fatturafdp.exe');
    expect(cleanFileName('a\u0000b\u001fc.pdf', 'pdf')).toBe('abc.pdf');
    expect(cleanFileName('', 'png')).toBe('file.png');
    expect(cleanFileName('..', 'png')).toBe('file.png');
    const long = `${'x'.repeat(300)}.pdf`;
    expect(cleanFileName(long, 'pdf')).toHaveLength(200);
    expect(cleanFileName(long, 'pdf').endsWith('.pdf')).toBe(true);
  });

  it('writes a Content-Disposition an old and a new browser both read', () => {
    expect(attachmentDisposition('scheda.pdf')).toBe(`attachment; filename="scheda.pdf"; filename*=UTF-8''scheda.pdf`);
    expect(attachmentDisposition('Übergabe "1" (copia).pdf', 'inline')).toBe(
      `inline; filename="Ubergabe _1_ (copia).pdf"; filename*=UTF-8''%C3%9Cbergabe%20%221%22%20%28copia%29.pdf`,
    );
    expect(attachmentDisposition('写真.jpg')).toBe(
      `attachment; filename="__.jpg"; filename*=UTF-8''%E5%86%99%E7%9C%9F.jpg`,
    );
  });
});
