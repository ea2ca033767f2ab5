import { USER_IMPORT_COLUMNS, USER_IMPORT_LIMITS, type UserImportRow } from '@ricambi/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/errors.ts';

export type ImportFormat = 'csv' | 'xlsx';
export type SheetRow = { line: number; cells: Record<string, string> };
export type Sheet = { format: ImportFormat; columns: string[]; ignoredColumns: string[]; rows: SheetRow[] };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLSX_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** By the file name first (browsers send CSV under several types), else by the declared type. */
export const detectFormat = (filename: string, mimetype: string): ImportFormat => {
  const name = filename.toLowerCase();
  if (name.endsWith('.xlsx')) return 'xlsx';
  if (name.endsWith('.csv') || name.endsWith('.txt')) return 'csv';
  if (XLSX_TYPES.includes(mimetype)) return 'xlsx';
  if (mimetype === 'text/csv' || mimetype === 'text/plain') return 'csv';
  throw badRequest('userManagement.import.badType');
};

/** The content must be what the name says: an XLSX is a ZIP archive, a CSV is UTF-8 text. */
const checkContent = (format: ImportFormat, data: Buffer) => {
  if (format === 'xlsx') {
    if (data.length < ZIP_MAGIC.length || !data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
      throw badRequest('userManagement.import.badFile', { format: 'XLSX' });
    }
    return;
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    if (text.includes('\u0000')) throw new Error('binary');
  } catch {
    throw badRequest('userManagement.import.badFile', { format: 'CSV' });
  }
};

/** `;` (what spreadsheet programs write in most of Europe) or `,`, whichever the header line uses more. */
const delimiterOf = (text: string) => {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') >= count(',') ? ';' : ',';
};

type CsvRecord = { record: string[]; info: { lines: number } };

const readCsv = (data: Buffer): { header: string[]; rows: { line: number; values: string[] }[] } => {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  let records: CsvRecord[];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest('userManagement.import.badCsv', { line: line ?? 0 });
  }
  const [first, ...rest] = records;
  return { header: first?.record ?? [], rows: rest.map((r) => ({ line: r.info.lines, values: r.record })) };
};

type CellValue = ExcelJS.CellValue;

const cellText = (value: CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('result' in value) return cellText(value.result as CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  return '';
};

/** The first worksheet: its first row is the header. */
const readXlsx = async (data: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('userManagement.import.badFile', { format: 'XLSX' });
  }
  const sheet = workbook.worksheets[0];
  const lines: { line: number; values: string[] }[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, line) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cellText(cell.value);
    });
    if (values.some(Boolean)) lines.push({ line, values: Array.from(values, (v) => v ?? '') });
  });
  const [first, ...rest] = lines;
  return { header: first?.values ?? [], rows: rest };
};

const ALIASES: Record<string, string> = { password: 'newPassword' };
const KNOWN = new Map<string, string>(
  [...USER_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c] as const), ...Object.entries(ALIASES)].map(([k, v]) => [
    k.toLowerCase(),
    v,
  ]),
);

/**
 * Reads an uploaded CSV or XLSX into rows of cells named by the User field of their column. The
 * header names the columns (case does not matter); unknown columns are reported and ignored.
 */
export const readSheet = async (file: { filename: string; mimetype: string; data: Buffer }): Promise<Sheet> => {
  const format = detectFormat(file.filename, file.mimetype);
  checkContent(format, file.data);
  const { header, rows } = format === 'csv' ? readCsv(file.data) : await readXlsx(file.data);
  const fields = header.map((h) => KNOWN.get(h.trim().toLowerCase()));
  const columns = fields.filter((f): f is string => Boolean(f));
  const ignoredColumns = header.filter((h, i) => h.trim() && !fields[i]);
  const missing = ['login', 'email'].filter((c) => !columns.includes(c));
  if (missing.length) throw badRequest('userManagement.import.missingColumns', { columns: missing.join(', ') });
  if (rows.length === 0) throw badRequest('userManagement.import.empty');
  if (rows.length > USER_IMPORT_LIMITS.maxRows) {
    throw badRequest('userManagement.import.tooManyRows', { max: USER_IMPORT_LIMITS.maxRows });
  }
  return {
    format,
    columns,
    ignoredColumns,
    rows: rows.map(({ line, values }) => ({
      line,
      cells: Object.fromEntries(
        fields.flatMap((f, i) => (f ? [[f, (values[i] ?? '').trim()] as const] : [])),
      ) as Record<string, string>,
    })),
  };
};

const BOOLEAN_FIELDS = new Set(['activated', 'vedeSconto', 'vedePrezzi', 'vedeTutteLeMatricole']);
const NUMBER_FIELDS = new Set(['markup', 'sconto']);
const TRUE = new Set(['true', '1', 'yes', 'y', 'si', 'sì', 'x', 'vero', 'oui', 'ja']);
const FALSE = new Set(['false', '0', 'no', 'n', 'falso', 'non', 'nein']);

const toBoolean = (cell: string): unknown => {
  const v = cell.toLowerCase();
  return TRUE.has(v) ? true : FALSE.has(v) ? false : cell;
};

/** "1,5" and "1.5" alike; anything else stays text and fails the number check. */
const toNumber = (cell: string): unknown => {
  const normal = cell.replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : cell;
};

/**
 * The cells of a row as the values of the import schema: an empty cell is left out (kept for an
 * existing login, the default for a new one); authorities are separated by `|`, `,` or spaces.
 */
export const toCandidate = (cells: Record<string, string>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [field, cell] of Object.entries(cells)) {
    if (cell === '') continue;
    if (BOOLEAN_FIELDS.has(field)) out[field] = toBoolean(cell);
    else if (NUMBER_FIELDS.has(field)) out[field] = toNumber(cell);
    else if (field === 'authorities') out[field] = cell.split(/[\s|,]+/).filter(Boolean);
    else out[field] = cell;
  }
  return out satisfies Partial<Record<keyof UserImportRow, unknown>>;
};
