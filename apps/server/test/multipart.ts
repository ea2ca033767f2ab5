import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A form field, or a file with its name as the browser sends it. */
export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

const boundaryOf = () => `----ricambi${randomUUID()}`;
const headers = (boundary: string) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
const partHead = (boundary: string, part: { name: string; filename?: string }) => {
  const disposition =
    part.filename !== undefined
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${part.name}"`;
  return Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
};

/**
 * A multipart/form-data body with its parts in the given order (a use case's JSON before its file).
 * Files go out as application/octet-stream: the server judges a file by its content, not by the
 * client's word.
 */
export const multipart = (parts: readonly Part[]) => {
  const boundary = boundaryOf();
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(partHead(boundary, part));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: headers(boundary) };
};

const MB = 1024 * 1024;

/**
 * The same body whose last part is a file of `total` bytes (`start`, then zeros) generated while it
 * is sent: a 101 MB upload without 101 MB in memory. A stream is read once: one body per request.
 */
export const streamedMultipart = (
  fields: readonly { name: string; value: string }[],
  file: { name: string; filename: string; start: Buffer; total: number },
) => {
  const boundary = boundaryOf();
  const zeros = Buffer.alloc(MB, 0);
  let read = 0;
  async function* body() {
    for (const field of fields) {
      yield partHead(boundary, field);
      yield Buffer.from(`${field.value}\r\n`);
    }
    yield partHead(boundary, file);
    yield file.start;
    read = file.start.length;
    for (; read < file.total; read += MB) yield zeros.subarray(0, Math.min(MB, file.total - read));
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body(), { objectMode: false }),
    headers: headers(boundary),
    /** How much of the file the server asked for. */
    read: () => read,
  };
};

/** A real PDF of `pages` A4 pages, each saying `text` and its page number (pdf-lib, standard font). */
export const pdfBytes = async (pages: number, text = 'Documento di prova') => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${text} - ${i}/${pages}`, { x: 50, y: 780, size: 18, font });
    page.drawRectangle({ x: 50, y: 400, width: 300, height: 200, borderWidth: 2 });
  }
  return Buffer.from(await doc.save());
};
