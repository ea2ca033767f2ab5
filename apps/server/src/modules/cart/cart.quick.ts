import { CART_LIMITS } from '@ricambi/domain';
import { badRequest } from '../../platform/errors.ts';
import { parseDecimal, readRawRows, type UploadedFile } from '../../platform/spreadsheet.ts';

/** One line of a quick order as typed: its line number, the code and the quantity text. */
export type QuickLine = { riga: number; codice: string; quantitaTesto: string };

export const QUICK_ORDER_FILE_ERROR = 'cart.error.quickOrderFile';
export const QUICK_ORDER_MAX_BYTES = 2 * 1024 * 1024;

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .replaceAll('""', '"')
    .trim();

/**
 * The cells of a pasted line. The separator is the first of tab, ';', blanks that the line holds, so
 * a decimal comma survives ("A;2,5", "A 2,5", "A\t2,5"); a line with only commas ("A,2" or "A,2,5")
 * splits at the first comma.
 */
const cellsOfLine = (line: string): string[] => {
  let cells: string[];
  if (line.includes('\t')) cells = line.split('\t');
  else if (line.includes(';')) cells = line.split(';');
  else if (/\s/.test(line)) cells = line.split(/\s+/);
  else if (line.includes(',')) {
    const at = line.indexOf(',');
    cells = [line.slice(0, at), line.slice(at + 1)];
  } else cells = [line];
  return cells.map(unquote).filter(Boolean);
};

const tooMany = (lines: readonly unknown[]) => {
  if (lines.length > CART_LIMITS.righeMax) throw badRequest('cart.error.tooManyLines', { max: CART_LIMITS.righeMax });
};

/** A row without a quantity asks for one unit. */
const toLine = (riga: number, cells: readonly string[]): QuickLine | undefined => {
  const [codice, quantita] = cells;
  return codice ? { riga, codice, quantitaTesto: quantita?.trim() || '1' } : undefined;
};

/** Pasted "code quantity" lines; blank lines are skipped, `riga` is the line's number in the text. */
export const parseQuickText = (text: string): QuickLine[] => {
  const lines = text.split(/\r\n|\r|\n/).flatMap((line, i) => toLine(i + 1, cellsOfLine(line.trim())) ?? []);
  tooMany(lines);
  return lines;
};

const HEADER_WORDS = new Set([
  'codice',
  'cod',
  'articolo',
  'code',
  'article',
  'item',
  'part',
  'partnumber',
  'part number',
  'artikel',
  'artikelnummer',
  'código',
  'codigo',
  'référence',
  'reference',
]);

/** The first row is a header when it names the code column or its quantity is not a number. */
const isHeader = (cells: readonly string[]) => {
  const [code = '', quantity = ''] = cells;
  return HEADER_WORDS.has(code.toLowerCase()) || (quantity !== '' && parseDecimal(quantity) === undefined);
};

/**
 * A CSV (`;`, tab or `,`) or XLSX (first sheet) file: the first column is the code, the second the
 * quantity; a header row is recognised and skipped. `riga` is the row's line in the file.
 */
export const readQuickFile = async (file: UploadedFile): Promise<QuickLine[]> => {
  // Every file problem (type, content, CSV syntax) answers the one quick-order file message.
  const raw = await readRawRows(file, 'cart.error.quickOrderFile.').catch(() => {
    throw badRequest(QUICK_ORDER_FILE_ERROR);
  });
  const rows = raw.rows
    .map((r) => ({ line: r.line, cells: r.values.slice(0, 2).map((c) => c.trim()) }))
    .filter((r) => r.cells[0]);
  if (rows[0] && isHeader(rows[0].cells)) rows.shift();
  const lines = rows.flatMap((r) => toLine(r.line, r.cells) ?? []);
  if (lines.length === 0) throw badRequest(QUICK_ORDER_FILE_ERROR);
  tooMany(lines);
  return lines;
};
