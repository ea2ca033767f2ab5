import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from './errors.ts';

export type SpreadsheetFormat = 'csv' | 'xlsx';
export type SheetRow = { line: number; cells: Record<string, string> };
export type Sheet = { format: SpreadsheetFormat; columns: string[]; ignoredColumns: string[]; rows: SheetRow[] };
export type UploadedFile = { filename: string; mimetype: string; data: Buffer };

/**
 * What one import reads: its columns (field names, matched in any case), aliases (another header
 * for a field), the required columns (an array entry means "one of these"), the row limit and the
 * prefix of its message keys, ending with a dot (`<prefix>badType`, `badFile`, `badCsv`,
 * `missingColumns`, `empty`, `tooManyRows`).
 */
export type SheetSpec = {
  columns: readonly string[];
  aliases?: Readonly<Record<string, string>>;
  required: readonly (string | readonly string[])[];
  maxRows: number;
  messages: string;
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLSX_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** By the file name first (browsers send CSV under several types), else by the declared type. */
const detectFormat = (file: UploadedFile, messages: string): SpreadsheetFormat => {
  const name = file.filename.toLowerCase();
  if (name.endsWith('.xlsx')) return 'xlsx';
  if (name.endsWith('.csv') || name.endsWith('.txt')) return 'csv';
  if (XLSX_TYPES.includes(file.mimetype)) return 'xlsx';
  if (file.mimetype === 'text/csv' || file.mimetype === 'text/plain') return 'csv';
  throw badRequest(`${messages}badType`);
};

/** The content must be what the name says: an XLSX is a ZIP archive, a CSV is UTF-8 text. */
const checkContent = (format: SpreadsheetFormat, data: Buffer, messages: string) => {
  if (format === 'xlsx') {
    if (data.length < ZIP_MAGIC.length || !data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
      throw badRequest(`${messages}badFile`, { format: 'XLSX' });
    }
    return;
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    if (text.includes('\u0000')) throw new Error('binary');
  } catch {
    throw badRequest(`${messages}badFile`, { format: 'CSV' });
  }
};

/** `;` (what spreadsheet programs write in most of Europe), tab or `,`, whichever the first line uses most. */
const delimiterOf = (text: string) => {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return [';', '\t', ','].reduce((best, c) => (count(c) > count(best) ? c : best), ';');
};

type Lines = { header: string[]; rows: { line: number; values: string[] }[] };
type CsvRecord = { record: string[]; info: { lines: number } };

const readCsv = (data: Buffer, messages: string): Lines => {
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
    throw badRequest(`${messages}badCsv`, { line: line ?? 0 });
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
const readXlsx = async (data: Buffer, messages: string): Promise<Lines> => {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest(`${messages}badFile`, { format: 'XLSX' });
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

/**
 * The rows of an uploaded CSV or XLSX as they are, header included, for files whose columns are
 * known by position (the quick order: code, quantity). Content checked as for readSheet.
 */
export const readRawRows = async (
  file: UploadedFile,
  messages: string,
): Promise<{ format: SpreadsheetFormat; rows: { line: number; values: string[] }[] }> => {
  const format = detectFormat(file, messages);
  checkContent(format, file.data, messages);
  const { header, rows } = format === 'csv' ? readCsv(file.data, messages) : await readXlsx(file.data, messages);
  const first = rows[0]?.line ?? 2;
  return { format, rows: header.length ? [{ line: first - 1, values: header }, ...rows] : rows };
};

/**
 * Reads an uploaded CSV (UTF-8, `;` or `,`) or XLSX (first sheet) into rows of cells named by the
 * field of their column, after checking that the content is what the name says. The header names
 * the columns (case does not matter); unknown columns are reported and ignored; a file without a
 * required column, without rows or with too many rows is refused.
 */
export const readSheet = async (file: UploadedFile, spec: SheetSpec): Promise<Sheet> => {
  const { messages } = spec;
  const format = detectFormat(file, messages);
  checkContent(format, file.data, messages);
  const { header, rows } = format === 'csv' ? readCsv(file.data, messages) : await readXlsx(file.data, messages);
  const known = new Map<string, string>([
    ...spec.columns.map((c) => [c.toLowerCase(), c] as const),
    ...Object.entries(spec.aliases ?? {}).map(([alias, field]) => [alias.toLowerCase(), field] as const),
  ]);
  const fields = header.map((h) => known.get(h.trim().toLowerCase()));
  const columns = fields.filter((f): f is string => Boolean(f));
  const ignoredColumns = header.filter((h, i) => h.trim() && !fields[i]);
  const missing = spec.required.flatMap((r) => {
    const anyOf = typeof r === 'string' ? [r] : r;
    return anyOf.some((c) => columns.includes(c)) ? [] : [anyOf.join(' / ')];
  });
  if (missing.length) throw badRequest(`${messages}missingColumns`, { columns: missing.join(', ') });
  if (rows.length === 0) throw badRequest(`${messages}empty`);
  if (rows.length > spec.maxRows) throw badRequest(`${messages}tooManyRows`, { max: spec.maxRows });
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

/**
 * A decimal as people type it: "1,5" and "1.5" alike, spaces ignored; undefined when the text is
 * not a plain decimal number (no thousands separators, no exponent).
 */
export const parseDecimal = (cell: string): number | undefined => {
  const normal = cell.replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : undefined;
};
