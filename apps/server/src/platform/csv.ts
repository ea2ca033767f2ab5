import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Spreadsheet programs set for English read ',' and '.', the others ';' and a decimal comma. */
export const csvFormatOf = (lang: string) =>
  lang === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' };

/** Spreadsheet exports use `;` (Excel's separator outside English locales; decimals are not involved). */
export const CSV_SEPARATOR = ';';

/**
 * A cell as text: quoted when it holds the separator, a quote or a line break; text that a
 * spreadsheet would run as a formula (= + - @ at the start) gets a leading apostrophe.
 */
export const csvCell = (value: string | number | null | undefined, separator = CSV_SEPARATOR) => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

type Cells = readonly (string | number | null | undefined)[];

const csvLine = (cells: Cells, separator: string) => cells.map((c) => csvCell(c, separator)).join(separator);

/** A CSV document for Excel: UTF-8 with BOM, CRLF line ends, a header row then the rows. */
export const csvDocument = (header: readonly string[], rows: readonly Cells[], separator = CSV_SEPARATOR) => {
  const line = (cells: Cells) => csvLine(cells, separator);
  return `\uFEFF${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
};

/**
 * The same document written as its rows arrive, a batch at a time: memory stays that of one batch
 * whatever the number of rows (a history of years streams as well as a page).
 */
export async function* csvChunks(header: Cells, batches: AsyncIterable<readonly Cells[]>, separator = CSV_SEPARATOR) {
  const line = (cells: Cells) => csvLine(cells, separator);
  yield `\uFEFF${line(header)}\r\n`;
  for await (const rows of batches) if (rows.length > 0) yield `${rows.map(line).join('\r\n')}\r\n`;
}

/** Sends a CSV document as a download named `fileName`. */
export const sendCsv = (reply: FastifyReply, fileName: string, body: string | Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`)
    .send(body);
