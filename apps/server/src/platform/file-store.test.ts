import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysUnder, STORES, type StoreHarness } from '../../test/file-stores.ts';
import { FileNotFoundError, type FileStore } from './file-store.ts';

const body = (...chunks: (string | Buffer)[]) => Readable.from(chunks.map((c) => Buffer.from(c)));

/** A body that sends `good` and then fails, as a request does when the upload limit is passed. */
const failingBody = (good: Buffer, error: Error) =>
  Readable.from(
    (async function* () {
      yield good;
      throw error;
    })(),
  );

// Issue 12 §1: "The S3 adapter passes the same store tests as the local directory."
describe.each(STORES)('FileStore on a %s', (_name, start) => {
  let harness: StoreHarness;
  let store: FileStore;
  beforeAll(async () => {
    harness = await start();
    store = harness.store;
  });
  afterAll(() => harness?.stop());

  it('writes a stream, tells that it exists and reads it back', async () => {
    const written = await store.put('tmp/one', body('Ciao, ', 'officina'), 'text/plain');
    expect(written.size).toBe(14);
    expect(await store.exists('tmp/one')).toBe(true);
    expect(await text(await store.read('tmp/one'))).toBe('Ciao, officina');
  });

  it('keeps a file larger than one multipart part whole', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const written = await store.put('tmp/big', Readable.from([big.subarray(0, 5_000_000), big.subarray(5_000_000)]));
    expect(written.size).toBe(big.length);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read('tmp/big')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    await store.delete('tmp/big');
  });

  it('promotes a temporary object to its final key, and a repeated promotion is harmless', async () => {
    await store.put('tmp/two', body('garanzia'));
    await store.promote('tmp/two', 'warranty/two.pdf');
    expect(await store.exists('tmp/two')).toBe(false);
    expect(await text(await store.read('warranty/two.pdf'))).toBe('garanzia');
    await store.promote('tmp/two', 'warranty/two.pdf');
    expect(await text(await store.read('warranty/two.pdf'))).toBe('garanzia');
  });

  it('refuses to promote what was never written', async () => {
    await expect(store.promote('tmp/never', 'warranty/never.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('answers FileNotFoundError for a missing key, and deleting a missing key is no error', async () => {
    await expect(store.read('warranty/missing.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await store.exists('warranty/missing.pdf')).toBe(false);
    await store.delete('warranty/missing.pdf');
  });

  it('deletes', async () => {
    await store.put('tmp/three', body('x'));
    await store.delete('tmp/three');
    expect(await store.exists('tmp/three')).toBe(false);
  });

  it('leaves nothing under the key when the body fails, and reports the body error', async () => {
    const limit = new Error('limit passed');
    await expect(store.put('tmp/failed', failingBody(Buffer.alloc(1000, 1), limit))).rejects.toBe(limit);
    expect(await store.exists('tmp/failed')).toBe(false);
    const big = new Error('limit passed late');
    await expect(store.put('tmp/failed-big', failingBody(Buffer.alloc(9 * 1024 * 1024, 2), big))).rejects.toBe(big);
    expect(await store.exists('tmp/failed-big')).toBe(false);
  });

  it('replaces an object written again under the same key', async () => {
    await store.put('tmp/again', body('first'));
    await store.put('tmp/again', body('second'));
    expect(await text(await store.read('tmp/again'))).toBe('second');
  });

  it('lists the objects of a folder with their modification time', async () => {
    await store.put('listing/a/one', body('1'));
    await store.put('listing/a/two', body('2'));
    await store.put('listing/b/three', body('3'));
    const before = Date.now();
    expect(await keysUnder(store, 'listing/a/')).toEqual(['listing/a/one', 'listing/a/two']);
    for await (const object of store.list('listing/')) {
      expect(object.modifiedAt.getTime()).toBeLessThanOrEqual(before + 1000);
      expect(object.modifiedAt.getTime()).toBeGreaterThan(before - 60_000);
    }
    expect(await keysUnder(store, 'nothing-here/')).toEqual([]);
  });

  it('refuses keys that are not the server’s own (paths, traversal, upper case)', async () => {
    for (const key of ['../etc/passwd', 'tmp/../../x', '/abs/key', 'tmp/', 'Tmp/x', 'tmp/.hidden', 'single']) {
      await expect(store.put(key, body('x')), key).rejects.toThrow(/invalid file key/);
      await expect(store.read(key), key).rejects.toThrow(/invalid file key/);
    }
  });

  it('answers a ping', async () => {
    await store.ping();
  });
});
