import {
  type FieldError,
  isCountryCode,
  TARIFF_COLUMNS,
  TARIFF_LIMITS,
  type TariffPreview,
  type TariffRow,
  tariffRowSchema,
  toFieldErrors,
} from '@ricambi/domain';
import ExcelJS from 'exceljs';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { parseDecimal, readSheet, type UploadedFile } from '../../platform/spreadsheet.ts';
import { listTariff, replaceTariff } from './orders.repository.ts';

/** Message keys of the tariff upload: the reader's (`badType`, `badFile`, …) and the rows'. */
export const TARIFF_MESSAGES = 'tariff.error.';

const NUMBER_COLUMNS = ['pesoDa', 'pesoA', 'costo'] as const;

/** The tariff as an XLSX workbook: a header row and one row per tariff line. */
export const tariffWorkbook = async (db: DbOrTx): Promise<Buffer> => {
  const rows = await listTariff(db);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ricambi';
  const sheet = workbook.addWorksheet('tariffario');
  sheet.columns = TARIFF_COLUMNS.map((key) => ({
    header: key,
    key,
    width: key === 'stato' ? 8 : 12,
    // Postcodes stay text, so "00118" keeps its zeros.
    style: key === 'capDa' || key === 'capA' ? { numFmt: '@' } : key === 'costo' ? { numFmt: '0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) {
    sheet.addRow({ stato: r.stato, capDa: r.capDa, capA: r.capA, pesoDa: r.pesoDa, pesoA: r.pesoA, costo: r.costo });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** Comparable postcode bounds: the same length, compared as text (digit by digit). */
const capRangeError = (capDa: string, capA: string) =>
  capDa && capA && (capDa.length !== capA.length || capDa.toUpperCase() > capA.toUpperCase());

/** One row of the file checked: the cells as numbers where needed, the schema, the cross-field rules. */
const checkRow = (cells: Record<string, string>): { values: TariffRow | null; errors: FieldError[] } => {
  const errors: FieldError[] = [];
  const numbers: Partial<Record<(typeof NUMBER_COLUMNS)[number], number>> = {};
  for (const column of NUMBER_COLUMNS) {
    const cell = cells[column] ?? '';
    if (cell === '') {
      errors.push({ field: column, message: 'validation.required' });
      continue;
    }
    const value = parseDecimal(cell);
    if (value === undefined)
      errors.push({ field: column, message: `${TARIFF_MESSAGES}notNumber`, params: { value: cell } });
    else numbers[column] = value;
  }
  const parsed = tariffRowSchema.safeParse({
    stato: (cells.stato ?? '').toUpperCase(),
    capDa: cells.capDa ?? '',
    capA: cells.capA ?? '',
    pesoDa: numbers.pesoDa ?? 0,
    pesoA: numbers.pesoA ?? 1,
    costo: numbers.costo ?? 0,
  });
  if (!parsed.success) {
    for (const e of toFieldErrors(parsed.error.issues)) {
      if (!errors.some((x) => x.field === e.field)) errors.push(e);
    }
    return { values: null, errors };
  }
  const row = parsed.data;
  if (!isCountryCode(row.stato)) errors.push({ field: 'stato', message: `${TARIFF_MESSAGES}unknownCountry` });
  if (capRangeError(row.capDa, row.capA)) errors.push({ field: 'capA', message: `${TARIFF_MESSAGES}capRange` });
  if (numbers.pesoDa !== undefined && numbers.pesoA !== undefined && row.pesoDa >= row.pesoA) {
    errors.push({ field: 'pesoA', message: `${TARIFF_MESSAGES}pesoRange` });
  }
  for (const [field, max] of [
    ['pesoDa', 3],
    ['pesoA', 3],
    ['costo', 2],
  ] as const) {
    const fraction = /[.,](\d+)$/.exec((cells[field] ?? '').trim())?.[1] ?? '';
    if (numbers[field] !== undefined && fraction.replace(/0+$/, '').length > max) {
      errors.push({ field, message: `${TARIFF_MESSAGES}decimals`, params: { decimals: max } });
    }
  }
  return { values: errors.length === 0 ? row : null, errors };
};

/** Reads and checks an uploaded tariff (CSV or XLSX, header row first); stores nothing. */
export const previewTariff = async (file: UploadedFile): Promise<TariffPreview> => {
  const sheet = await readSheet(file, {
    columns: TARIFF_COLUMNS,
    aliases: { paese: 'stato', country: 'stato', cap_da: 'capDa', cap_a: 'capA', peso_da: 'pesoDa', peso_a: 'pesoA' },
    required: ['stato', 'pesoDa', 'pesoA', 'costo'],
    maxRows: TARIFF_LIMITS.maxRows,
    messages: TARIFF_MESSAGES,
  });
  const rows = sheet.rows.map((r) => ({ line: r.line, cells: r.cells, ...checkRow(r.cells) }));
  return {
    format: sheet.format,
    columns: sheet.columns,
    ignoredColumns: sheet.ignoredColumns,
    rows,
    errorCount: rows.filter((r) => r.errors.length > 0).length,
  };
};

/**
 * Replaces the whole tariff with the file's rows in one transaction, or changes nothing: 400
 * `tariff.error.invalid` with each bad row's errors as `{line}.{field}`.
 */
export const applyTariff = async (db: Db, file: UploadedFile) => {
  const preview = await previewTariff(file);
  if (preview.errorCount > 0) {
    throw new AppError(
      400,
      `${TARIFF_MESSAGES}invalid`,
      { count: preview.errorCount },
      preview.rows.flatMap((r) => r.errors.map((e) => ({ ...e, field: `${r.line}.${e.field}` }))),
    );
  }
  const rows = preview.rows.flatMap((r) => (r.values ? [r.values] : []));
  await db.transaction((tx) => replaceTariff(tx, rows));
  return { rows: rows.length };
};
