import type { FastifyReply } from 'fastify';
import type { Files, StoredFile } from './files.ts';

/**
 * Content-Disposition of a download: an ASCII fallback name plus the exact name, RFC 5987 encoded
 * (filename*=UTF-8''…), so accented and non-Latin names survive.
 */
export const attachmentDisposition = (fileName: string, type: 'attachment' | 'inline' = 'attachment') => {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/** A stored file opened on its own in a tab runs nothing, whatever a browser makes of it. */
const STORED_FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Streams a stored file (found by `files.find`, never by a client's path) with the type judged on
 * upload and its original name; `thumbnail` sends the WebP preview, shown inline.
 */
export const sendStoredFile = async (
  reply: FastifyReply,
  files: Files,
  file: StoredFile,
  options: { variant?: 'file' | 'thumbnail'; inline?: boolean } = {},
) => {
  const variant = options.variant ?? 'file';
  const body = await files.open(file, variant);
  if (variant === 'thumbnail') {
    const name = `${file.originalName.replace(/\.[^.]*$/, '')}.webp`;
    return reply
      .header('content-type', 'image/webp')
      .header('content-disposition', attachmentDisposition(name, 'inline'))
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', STORED_FILE_POLICY)
      .send(body);
  }
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', attachmentDisposition(file.originalName, options.inline ? 'inline' : 'attachment'))
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', STORED_FILE_POLICY)
    .send(body);
};

/** A PDF made on request, sent as a download under its file name. */
export const sendPdf = (reply: FastifyReply, { fileName, bytes }: { fileName: string; bytes: Buffer }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('content-length', bytes.length)
    .header('cache-control', 'private, no-cache')
    .send(bytes);
