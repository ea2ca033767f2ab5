import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 11 §4: the web app's files go out precompressed (brotli, gzip) as the client accepts, and
// API answers above 1 KB are compressed on the fly.
describe('web assets and compression', () => {
  let t: TestApp;
  let webDist: string;
  const script = `export const parts = [${Array.from({ length: 400 }, (_, i) => `"part-${i}"`).join(',')}];\n`;
  const indexHtml = `<!doctype html><html lang="it"><head><title>Ricambi</title></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`;
  const signInHtml = '<!doctype html><html lang="it"><head><title>Accedi</title></head><body></body></html>';

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    const asset = path.join(webDist, 'assets', 'index-abc123.js');
    await fs.writeFile(asset, script);
    // Marked copies: the test tells the precompressed file from an on-the-fly compression.
    await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(`${script}// br\n`));
    await fs.writeFile(`${asset}.gz`, zlib.gzipSync(`${script}// gz\n`));
    await fs.writeFile(path.join(webDist, 'index.html'), indexHtml);
    await fs.writeFile(path.join(webDist, 'index.html.gz'), zlib.gzipSync(indexHtml));
    await fs.writeFile(path.join(webDist, 'sign-in.html'), signInHtml);
    t = await createTestApp({ demoData: true, env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const getAsset = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli file made at build to a client that accepts br, cached for a year', async () => {
    const response = await getAsset('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(`${script}// br\n`);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const response = await getAsset('gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(`${script}// gz\n`);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await getAsset(acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(script);
    }
  });

  it('does not serve the compressed copies under their own names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' });
    expect(response.statusCode).toBe(404);
  });

  it('answers a page address with the precompressed app page, never cached without asking', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/search-full/6.4021',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(indexHtml);
  });

  it('answers /login with the sign-in document, with or without a query, and nothing else with it', async () => {
    for (const url of ['/login', '/login?lang=de']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(signInHtml);
    }
    for (const url of ['/login/x', '/loginx', '/register']) {
      expect((await t.app.inject({ method: 'GET', url })).body).toBe(indexHtml);
    }
  });

  it('compresses an API JSON answer above 1 KB with gzip', async () => {
    const admin = await t.signIn('admin');
    const plain = await admin.get('/api/users?size=20');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const response = await admin.get('/api/users?size=20', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    const json = zlib.gunzipSync(response.rawPayload).toString();
    expect(JSON.parse(json)).toEqual(plain.json());
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('compresses with brotli when the client prefers it, and leaves small answers alone', async () => {
    const admin = await t.signIn('admin');
    const big = await admin.get('/api/users?size=20', { headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString())).toBeInstanceOf(Array);

    const small = await admin.get('/api/account', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
