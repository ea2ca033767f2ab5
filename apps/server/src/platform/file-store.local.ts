import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, FileNotFoundError, type FileStore, type StoredObject } from './file-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** The FileStore on a local directory (DATA_DIR/files): one file per key, folders as in the key. */
export const createLocalFileStore = (root: string): FileStore => {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));

  const put: FileStore['put'] = async (key, body) => {
    const target = fileOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed when complete, so a reader never sees half a file.
    const part = `${target}.${randomUUID()}.part`;
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const file = createWriteStream(part, { flags: 'wx' });
    try {
      await pipeline(body, count, file);
      await fs.rename(part, target);
    } catch (error) {
      // The pipeline can fail before the file is even open; removed only once it is closed, or the
      // open that lands afterwards would leave the part behind.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await fs.rm(part, { force: true });
      throw error;
    }
    return { size };
  };

  const exists: FileStore['exists'] = async (key) => {
    try {
      return (await fs.stat(fileOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };

  const promote: FileStore['promote'] = async (from, to) => {
    const target = fileOf(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(fileOf(from), target);
    } catch (error) {
      if (isMissing(error) && (await exists(to))) return;
      if (isMissing(error)) throw new FileNotFoundError(from);
      throw error;
    }
  };

  const read: FileStore['read'] = async (key) => {
    const file = fileOf(key);
    // Opened before answering, so a missing file is a FileNotFoundError here, not a stream error later.
    const handle = await fs.open(file, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new FileNotFoundError(key) : error;
    });
    // The stream owns the handle and closes it once: closing the number as well could close a
    // descriptor the process has meanwhile reused for another file.
    return handle.createReadStream({ autoClose: true });
  };

  const remove: FileStore['delete'] = async (key) => {
    await fs.rm(fileOf(key), { force: true });
  };

  async function* list(prefix: string): AsyncIterable<StoredObject> {
    const folder = prefix.replace(/\/$/, '');
    const dir = path.join(root, ...folder.split('/'));
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(full).catch(() => undefined);
      if (!stat) continue;
      yield { key: path.relative(root, full).split(path.sep).join('/'), modifiedAt: stat.mtime };
    }
  }

  return {
    kind: 'local',
    put,
    promote,
    read,
    exists,
    delete: remove,
    list,
    ping: async () => {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
    close: async () => undefined,
  };
};
