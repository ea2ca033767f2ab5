import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  FILE_NAME_MAX,
  type FileKind,
  formatFileLimit,
  IMAGE_MAX_PIXELS,
  kindOfType,
  kindsOf,
  UPLOAD_POLICIES,
  type UploadArea,
  type UploadPolicy,
} from '@ricambi/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, badRequest } from './errors.ts';
import type { FileStore } from './file-store.ts';

/** An upload received and stored under its temporary key, waiting for its use case to commit it. */
export type PendingUpload = {
  readonly id: string;
  readonly area: UploadArea;
  /** The multipart field it came in: where a refusal found later (too many pixels) is reported. */
  readonly field: string;
  /** The client's file name, cleaned; shown and used for downloads, never as a storage key. */
  readonly originalName: string;
  /** What the content is (magic bytes), not what the client declared. */
  readonly contentType: string;
  readonly extension: string;
  readonly kind: FileKind;
  readonly size: number;
  readonly tempKey: string;
};

/** Where an area's committed files go: `road-registration/<id>.pdf`. */
export const areaFolder = (area: UploadArea) => area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The temporary keys of an upload: the file, and its thumbnail once made. */
export const tempKeysOf = (id: string) => ({ file: `tmp/${id}`, thumbnail: `tmp/${id}.thumb` });

/** file-type reads at most this much to tell a format; the rest streams through untouched. */
const SNIFF_BYTES = 4100;

const problem = (status: number, field: string, message: string, params: Record<string, string>) =>
  new AppError(status, message, params, [{ field, message, params }]);

/**
 * What a browser would take for a web page, in the first bytes of a file of another type: such a
 * file is one content for the server's sniffing and another for a browser or a viewer (a polyglot).
 */
const MARKUP = /<(?:!doctype\s+html|html|head|body|script|iframe|svg)[\s/>]/i;

const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_END_SIZE = 22;
/** The end of a file long enough to hold a ZIP archive's end record with its longest comment. */
const ZIP_TAIL = ZIP_END_SIZE + 0xffff;

/**
 * Whether the file ends as a ZIP archive does (an end record whose comment reaches the last byte),
 * as archive readers look for it: an image or a PDF with an archive appended is both.
 */
const endsAsZip = (tail: Buffer) => {
  for (let at = tail.lastIndexOf(ZIP_END); at >= 0; at = at > 0 ? tail.lastIndexOf(ZIP_END, at - 1) : -1) {
    if (at + ZIP_END_SIZE <= tail.length && at + ZIP_END_SIZE + tail.readUInt16LE(at + 20) === tail.length) return true;
  }
  return false;
};

const keepTail = (tail: Buffer, chunk: Buffer) => {
  const joined = tail.length === 0 ? chunk : Buffer.concat([tail, chunk]);
  return joined.length > ZIP_TAIL ? joined.subarray(joined.length - ZIP_TAIL) : joined;
};

// Control characters, and the bidirectional overrides that make "exe.pdf" read as "fdp.exe".
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;

/**
 * The client's name as it may be shown and put in a Content-Disposition: no folders (some browsers
 * send a whole path), no control or direction characters, at most FILE_NAME_MAX characters with the
 * extension kept. An empty name becomes `file.<ext>`.
 */
export const cleanFileName = (raw: string | undefined, extension: string) => {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const name = base.normalize('NFC').replace(UNSAFE_NAME, '').trim();
  if (!name || /^\.+$/.test(name)) return `file.${extension}`;
  const chars = [...name];
  if (chars.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  if (ext.length > 0 && ext.length <= 16) return chars.slice(0, FILE_NAME_MAX - ext.length).join('') + ext.join('');
  return chars.slice(0, FILE_NAME_MAX).join('');
};

export type ReceiveOptions = {
  /** The multipart field holding the file; `file` unless the area's API names it otherwise. */
  field?: string;
  /** Narrower limits than the area's (never needed by the spec; tests use small ones). */
  policy?: UploadPolicy;
  /**
   * Runs on the form fields sent before the file, before any byte of it is stored: a use case that
   * sends its data with its first file checks the data here, and nothing is stored when it throws.
   */
  beforeFile?: (fields: Record<string, string>) => void | Promise<void>;
};

/**
 * An error while reading the client's multipart body: the parser's own (limits) carry their status;
 * anything else (no boundary, a form cut short) is a body the client got wrong, not a server fault.
 */
const clientBodyError = (error: unknown, field: string) =>
  error instanceof AppError || (error as { statusCode?: unknown } | null)?.statusCode !== undefined
    ? error
    : problem(400, field, 'upload.missing', {});

/**
 * Receives the one file of a multipart request for an area (the route's plugin has registered
 * @fastify/multipart): judges its type from its first bytes, streams it to the store under a
 * temporary key while counting, and stops at the first byte past the area's limit with 413 naming the
 * file and the limit. A wrong type is refused with 400 before anything is stored. Nothing is left in
 * the store when it fails. The use case then commits it with its row (`files.commit`).
 */
export const receiveUpload = async (
  request: FastifyRequest,
  store: FileStore,
  area: UploadArea,
  options: ReceiveOptions = {},
): Promise<PendingUpload> => {
  const field = options.field ?? 'file';
  const policy = options.policy ?? UPLOAD_POLICIES[area];
  if (!request.isMultipart()) throw problem(400, field, 'upload.missing', {});
  // One byte over the limit is let through by the parser, so that the count below sees the excess.
  const part = await request.file({ limits: { fileSize: policy.maxBytes + 1, files: 1 } }).catch((error: unknown) => {
    throw clientBodyError(error, field);
  });
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw problem(400, field, 'upload.missing', {});
  }
  if (options.beforeFile) {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(part.fields)) {
      const one = Array.isArray(value) ? value[0] : value;
      if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
    }
    try {
      await options.beforeFile(fields);
    } catch (error) {
      part.file.destroy();
      throw error;
    }
  }
  const declaredName = part.filename;
  const shownName = cleanFileName(declaredName, 'bin');
  const tooLarge = () =>
    problem(413, field, 'upload.tooLarge', { name: shownName, limit: formatFileLimit(policy.maxBytes) });

  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks = {
    next: () =>
      iterator.next().catch((error: unknown) => {
        throw clientBodyError(error, field);
      }),
  };
  let size = 0;
  const head: Buffer[] = [];
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    size += next.value.length;
    head.push(next.value);
  }
  if (size > policy.maxBytes) {
    part.file.destroy();
    throw tooLarge();
  }
  const first = Buffer.concat(head);
  if (first.length === 0) throw problem(400, field, 'upload.empty', { name: shownName });
  const sniffed = await fileTypeFromBuffer(first);
  const kind = sniffed ? kindOfType(sniffed.mime) : undefined;
  if (!sniffed || !kind || !policy.kinds.includes(kind)) {
    part.file.destroy();
    throw problem(400, field, 'upload.wrongType', { name: shownName, kinds: kindsOf(policy) });
  }
  const unsafe = () => problem(400, field, 'upload.unsafe', { name: shownName });
  if (MARKUP.test(first.toString('latin1'))) {
    part.file.destroy();
    throw unsafe();
  }

  const id = randomUUID();
  const tempKey = tempKeysOf(id).file;
  let tail = keepTail(Buffer.alloc(0), first);
  async function* body() {
    yield first;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      size += next.value.length;
      if (size > policy.maxBytes) throw tooLarge();
      tail = keepTail(tail, next.value);
      yield next.value;
    }
  }
  const source = Readable.from(body(), { objectMode: false });
  try {
    await store.put(tempKey, source, sniffed.mime);
  } catch (error) {
    part.file.destroy();
    throw error;
  }
  if (endsAsZip(tail)) {
    await store.delete(tempKey);
    throw unsafe();
  }
  return {
    id,
    area,
    field,
    originalName: cleanFileName(declaredName, sniffed.ext),
    contentType: sniffed.mime,
    extension: sniffed.ext,
    kind,
    size,
    tempKey,
  };
};

/**
 * Refuses an image whose header declares more than IMAGE_MAX_PIXELS, before anything decodes it
 * (400 on the upload's field). An image the library cannot read (HEIC) is never decoded here either.
 */
export const refuseHugeImage = async (upload: PendingUpload, bytes: Buffer) => {
  // Only the header is read; the library's own pixel limit would refuse the largest before they are measured.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) return;
  if (meta.width * (meta.pageHeight ?? meta.height) <= IMAGE_MAX_PIXELS) return;
  throw problem(400, upload.field, 'upload.tooManyPixels', {
    name: upload.originalName,
    width: String(meta.width),
    height: String(meta.pageHeight ?? meta.height),
    limit: String(IMAGE_MAX_PIXELS / 1_000_000),
  });
};

/**
 * The one file of a multipart request read whole into memory (spreadsheet imports: small, parsed at
 * once), within the route's multipart limits: past them 413; no file, or a body the client got wrong
 * (no boundary, cut short), 400 with `missing`.
 */
export const readUploadedFile = async (request: FastifyRequest, missing: string) => {
  if (!request.isMultipart()) throw badRequest(missing);
  try {
    const file = await request.file();
    if (!file) throw badRequest(missing);
    return { filename: file.filename, mimetype: file.mimetype, data: await file.toBuffer() };
  } catch (error) {
    throw error instanceof AppError || (error as { statusCode?: unknown } | null)?.statusCode !== undefined
      ? error
      : badRequest(missing);
  }
};
