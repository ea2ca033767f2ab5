import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type FileKind, IMAGE_MAX_PIXELS, THUMBNAIL_SIZE, type UploadArea } from '@ricambi/domain';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { FilesConfig } from '../config.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { storedFile } from '../db/schema/index.ts';
import { notFound } from './errors.ts';
import { createLocalFileStore } from './file-store.local.ts';
import { createS3FileStore } from './file-store.s3.ts';
import { FileNotFoundError, type FileStore, TEMP_PREFIX } from './file-store.ts';
import { firstPageImage } from './pdf-preview.ts';
import {
  areaFolder,
  type PendingUpload,
  type ReceiveOptions,
  receiveUpload,
  refuseHugeImage,
  tempKeysOf,
} from './uploads.ts';

export type StoredFile = typeof storedFile.$inferSelect;

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The store the configuration names: DATA_DIR/files, or the S3 bucket of S3_BUCKET. */
export const createFileStore = (config: FilesConfig): FileStore =>
  config.kind === 's3' ? createS3FileStore(config) : createLocalFileStore(config.dir);

/** A temporary object without a row is removed once this old: an upload still arriving is younger. */
export const TEMP_MAX_AGE_MS = 6 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The id of a temporary key (`tmp/<id>`, `tmp/<id>.thumb`), when it is one the server made. */
const idOfTempKey = (key: string) => {
  const id = key.slice(TEMP_PREFIX.length).split('.')[0] ?? '';
  return UUID.test(id) ? id : undefined;
};

const finalKeysOf = (upload: Pick<PendingUpload, 'id' | 'area' | 'extension'>) => {
  const folder = areaFolder(upload.area);
  return { file: `${folder}/${upload.id}.${upload.extension}`, thumbnail: `${folder}/${upload.id}.thumb.webp` };
};

export type SweepResult = { promoted: number; removed: number; purged: number };

type Log = Pick<Logger, 'warn' | 'error' | 'info'>;

/**
 * Attachments for every area: receive (stream to a temporary key), commit with the area's row in one
 * transaction, open for download, remove, and the sweep that repairs what a killed process left.
 *
 * The stored_file row is the commit point. Its transaction commits first and the temporary objects
 * are promoted after it, so a crash in between leaves a row whose bytes are still under `tmp/`:
 * `open` reads them there and the sweep finishes the promotion. A crash before the commit leaves only
 * temporary objects without a row, which the sweep removes once TEMP_MAX_AGE_MS old. No final object
 * ever exists without its row.
 */
export const createFiles = (store: FileStore, log: Log) => {
  /**
   * A small WebP beside an image or a PDF (spec 3 §4: 200 by 200; spec 2 §2: a document's first
   * page), under the upload's temporary thumbnail key. Made once, on upload, and kept. An image
   * declaring more than IMAGE_MAX_PIXELS is refused first, undecoded (a decompression bomb).
   */
  const makeThumbnail = async (upload: PendingUpload) => {
    if (upload.kind !== 'image' && upload.kind !== 'pdf') return undefined;
    const bytes = await readAll(await store.read(upload.tempKey));
    if (upload.kind === 'image') await refuseHugeImage(upload, bytes);
    const key = tempKeysOf(upload.id).thumbnail;
    try {
      const picture = upload.kind === 'pdf' ? await firstPageImage(bytes) : bytes;
      const thumbnail = await sharp(picture, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS })
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      await store.put(key, Readable.from([thumbnail]), 'image/webp');
      return key;
    } catch (error) {
      // A file the libraries cannot read (HEIC, a damaged image or PDF) is kept, only without a preview.
      log.warn({ err: error, file: upload.id, type: upload.contentType }, 'no thumbnail for an uploaded file');
      await store.delete(key).catch(() => undefined);
      return undefined;
    }
  };

  /** Removes an upload's temporary objects (the use case failed, or the row was never written). */
  const discard = async (upload: Pick<PendingUpload, 'id'>) => {
    const temp = tempKeysOf(upload.id);
    await Promise.all([store.delete(temp.file), store.delete(temp.thumbnail)]);
  };

  const promote = async (row: Pick<StoredFile, 'id' | 'storageKey' | 'thumbnailKey'>) => {
    const temp = tempKeysOf(row.id);
    await store.promote(temp.file, row.storageKey);
    if (row.thumbnailKey) await store.promote(temp.thumbnail, row.thumbnailKey);
  };

  /**
   * Commits an upload with the area's change in one transaction: the stored_file row is inserted,
   * then `work` runs with it (insert the area's row pointing at `file.id`). When `work` or the
   * transaction fails, the upload's temporary objects are removed and the error is thrown; when it
   * commits, the objects move to their final keys.
   */
  const commit = async <T>(
    db: Db,
    upload: PendingUpload,
    work: (tx: Tx, file: StoredFile) => Promise<T>,
  ): Promise<T> => {
    let committed: { value: T; row: StoredFile };
    try {
      const thumbnailTemp = await makeThumbnail(upload);
      const keys = finalKeysOf(upload);
      committed = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(storedFile)
          .values({
            id: upload.id,
            area: upload.area,
            storageKey: keys.file,
            thumbnailKey: thumbnailTemp ? keys.thumbnail : null,
            originalName: upload.originalName,
            contentType: upload.contentType,
            kind: upload.kind,
            sizeBytes: upload.size,
          })
          .returning();
        if (!row) throw new Error('stored_file row not written');
        const value = await work(tx, row);
        // A sweep takes only temporary objects hours old; this makes sure it did not, just before the commit.
        if (!(await store.exists(upload.tempKey))) throw new FileNotFoundError(upload.tempKey);
        return { value, row };
      });
    } catch (error) {
      await discard(upload).catch((e: unknown) =>
        log.warn({ err: e, file: upload.id }, 'temporary upload not removed'),
      );
      throw error;
    }
    await promote(committed.row).catch((error: unknown) =>
      log.warn({ err: error, file: upload.id }, 'upload committed, its promotion is left to the sweep'),
    );
    return committed.value;
  };

  /**
   * Removes a file in the area's transaction (with the row that pointed at it). Its objects are
   * deleted after the commit by `purge`, or by the sweep when the process stops before.
   */
  const remove = async (tx: DbOrTx, id: string) => {
    await tx
      .update(storedFile)
      .set({ deletedAt: new Date() })
      .where(and(eq(storedFile.id, id), isNull(storedFile.deletedAt)));
  };

  /** Deletes the objects of removed files, then their rows (all of them, or those of `ids`). */
  const purge = async (db: DbOrTx, ids?: readonly string[]) => {
    const gone = await db
      .select()
      .from(storedFile)
      .where(and(isNotNull(storedFile.deletedAt), ids ? inArray(storedFile.id, [...ids]) : undefined))
      .limit(500);
    for (const file of gone) {
      const temp = tempKeysOf(file.id);
      await Promise.all(
        [file.storageKey, file.thumbnailKey, temp.file, temp.thumbnail].map((key) =>
          key ? store.delete(key) : undefined,
        ),
      );
      await db.delete(storedFile).where(eq(storedFile.id, file.id));
    }
    return gone.length;
  };

  /** The row of a live file of an area (404 otherwise): the only way a download finds its bytes. */
  const find = async (db: DbOrTx, area: UploadArea, id: string) => {
    if (!UUID.test(id)) throw notFound();
    const [file] = await db
      .select()
      .from(storedFile)
      .where(and(eq(storedFile.id, id), eq(storedFile.area, area), isNull(storedFile.deletedAt)));
    if (!file) throw notFound();
    return file;
  };

  /** The bytes of a committed file or its thumbnail; still under `tmp/` when its promotion is pending. */
  const open = async (file: StoredFile, variant: 'file' | 'thumbnail' = 'file'): Promise<Readable> => {
    const key = variant === 'thumbnail' ? file.thumbnailKey : file.storageKey;
    if (!key) throw notFound();
    try {
      return await store.read(key);
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      try {
        return await store.read(tempKeysOf(file.id)[variant]);
      } catch (inner) {
        if (inner instanceof FileNotFoundError) {
          log.error({ file: file.id, key }, 'a stored file has no bytes');
          throw notFound();
        }
        throw inner;
      }
    }
  };

  /**
   * Repairs what stopped processes left: promotes temporary objects whose row committed, removes
   * temporary objects without a row once `tempMaxAgeMs` old, and purges removed files.
   */
  const sweep = async (db: Db, { tempMaxAgeMs = TEMP_MAX_AGE_MS, now = new Date() } = {}): Promise<SweepResult> => {
    const result: SweepResult = { promoted: 0, removed: 0, purged: await purge(db) };
    const byId = new Map<string, { key: string; modifiedAt: Date }[]>();
    const strays: string[] = [];
    const cutoff = now.getTime() - tempMaxAgeMs;
    for await (const object of store.list(TEMP_PREFIX)) {
      const id = idOfTempKey(object.key);
      if (id && object.key === tempKeysOf(id).file) byId.set(id, [...(byId.get(id) ?? []), object]);
      else if (id && object.key === tempKeysOf(id).thumbnail) byId.set(id, [...(byId.get(id) ?? []), object]);
      else if (object.modifiedAt.getTime() < cutoff) strays.push(object.key);
    }
    const ids = [...byId.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      const rows = await db.select().from(storedFile).where(inArray(storedFile.id, batch));
      const rowOf = new Map(rows.map((r) => [r.id, r]));
      for (const id of batch) {
        const row = rowOf.get(id);
        const objects = byId.get(id) ?? [];
        if (row && !row.deletedAt) {
          try {
            await promote(row);
            result.promoted++;
          } catch (error) {
            log.error({ err: error, file: id }, 'sweep could not promote a committed upload');
          }
        } else if (!row && objects.every((o) => o.modifiedAt.getTime() < cutoff)) {
          await discard({ id });
          result.removed++;
        }
      }
    }
    for (const key of strays) {
      await store.delete(key);
      result.removed++;
    }
    if (result.promoted || result.removed || result.purged) log.info(result, 'file sweep');
    return result;
  };

  /**
   * A file the server itself makes (demo data, imports): written to a temporary key and committed
   * with the area's row like an upload; its type is the caller's, who made the bytes.
   */
  const add = async <T>(
    db: Db,
    file: { area: UploadArea; name: string; bytes: Buffer; contentType: string; kind: FileKind; extension: string },
    work: (tx: Tx, row: StoredFile) => Promise<T>,
  ) => {
    const id = randomUUID();
    const tempKey = tempKeysOf(id).file;
    await store.put(tempKey, Readable.from([file.bytes]), file.contentType);
    const upload: PendingUpload = {
      id,
      area: file.area,
      field: 'file',
      originalName: file.name,
      contentType: file.contentType,
      extension: file.extension,
      kind: file.kind,
      size: file.bytes.length,
      tempKey,
    };
    return commit(db, upload, work);
  };

  return {
    store,
    add,
    /** See receiveUpload: the area's one file, streamed to a temporary key within its limits. */
    receive: (request: FastifyRequest, area: UploadArea, options?: ReceiveOptions) =>
      receiveUpload(request, store, area, options),
    commit,
    discard,
    remove,
    purge,
    find,
    open,
    sweep,
  };
};

export type Files = ReturnType<typeof createFiles>;

/** The answer shape of a stored file (`storedFileSchema` of the domain). */
export const toStoredFileView = (file: StoredFile) => ({
  id: file.id,
  name: file.originalName,
  contentType: file.contentType,
  kind: file.kind,
  size: file.sizeBytes,
  thumbnail: file.thumbnailKey !== null,
  createdAt: file.createdAt.toISOString(),
});
