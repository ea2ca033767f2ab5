import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createLocalFileStore } from '../src/platform/file-store.local.ts';
import { createS3FileStore } from '../src/platform/file-store.s3.ts';
import type { FileStore } from '../src/platform/file-store.ts';

/** A store for a test file and how to take it down; `dir` is the local store's folder. */
export type StoreHarness = { store: FileStore; dir?: string; stop: () => Promise<void> };

/** A local directory under the system's temporary folder. */
export const localStore = async (): Promise<StoreHarness> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-files-'));
  return { store: createLocalFileStore(dir), dir, stop: () => fs.rm(dir, { recursive: true, force: true }) };
};

/** A real S3-compatible server (s3rver) on a free port of this machine, with its own bucket. */
export const s3Store = async (): Promise<StoreHarness> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'ricambi-test', configs: [] }],
  });
  const { port } = await server.run();
  const store = createS3FileStore({
    bucket: 'ricambi-test',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    prefix: 'portal',
  });
  return {
    store,
    stop: async () => {
      await store.close();
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
};

export const STORES = [
  ['local directory', localStore],
  ['S3 (s3rver)', s3Store],
] as const;

/** Every key under `prefix`, sorted. */
export const keysUnder = async (store: FileStore, prefix: string) => {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys.sort();
};
