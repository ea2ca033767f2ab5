import type { FastifyReply } from 'fastify';

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

/** A CSV document for Excel: UTF-8 with BOM, CRLF line ends, a header row then the rows. */
export const csvDocument = (
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
  separator = CSV_SEPARATOR,
) => {
  const line = (cells: readonly (string | number | null | undefined)[]) =>
    cells.map((c) => csvCell(c, separator)).join(separator);
  return `\uFEFF${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
};

/** Sends a CSV document as a download named `fileName`. */
export const sendCsv = (reply: FastifyReply, fileName: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`)
    .send(body);
