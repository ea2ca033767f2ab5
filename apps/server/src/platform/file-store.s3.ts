import { Readable, Transform } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';
import { checkKey, FileNotFoundError, type FileStore, type StoredObject } from './file-store.ts';

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Parts of a multipart upload; one part's worth is held in memory per upload. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * The FileStore on an S3-compatible bucket (AWS S3, MinIO, Ceph, …). An upload larger than one part
 * goes as a multipart upload, so its length need not be known in advance; a promotion is a server-side
 * copy followed by the removal of the temporary object.
 */
export const createS3FileStore = (config: S3Config): FileStore => {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const prefix = config.prefix ? `${config.prefix}/` : '';
  const objectKey = (key: string) => `${prefix}${checkKey(key)}`;

  const exists: FileStore['exists'] = async (key) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };

  const put: FileStore['put'] = async (key, body, contentType) => {
    let size = 0;
    let failure: unknown;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // The body's own error (a limit passed) is the one to report, not the SDK's abort that follows.
    body.on('error', (error) => {
      failure ??= error;
      count.destroy(error);
    });
    body.pipe(count);
    const upload = new Upload({
      client,
      params: { Bucket, Key: objectKey(key), Body: count, ContentType: contentType ?? 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      // A failed multipart upload is aborted by the SDK; a single PUT that did not finish left nothing.
      throw failure ?? error;
    }
    if (failure) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })).catch(() => undefined);
      throw failure;
    }
    return { size };
  };

  const promote: FileStore['promote'] = async (from, to) => {
    try {
      await client.send(
        new CopyObjectCommand({ Bucket, Key: objectKey(to), CopySource: `${Bucket}/${encodeURI(objectKey(from))}` }),
      );
    } catch (error) {
      if (isNotFound(error) && (await exists(to))) return;
      if (isNotFound(error)) throw new FileNotFoundError(from);
      throw error;
    }
    await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(from) }));
  };

  const read: FileStore['read'] = async (key) => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      if (answer.Body instanceof Readable) return answer.Body;
      throw new Error(`S3 answered no stream for ${key}`);
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(key);
      throw error;
    }
  };

  async function* list(folder: string): AsyncIterable<StoredObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${folder}`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    put,
    promote,
    read,
    exists,
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    list,
    ping: async () => {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close: async () => client.destroy(),
  };
};
