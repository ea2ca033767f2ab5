import { USER_IMPORT_COLUMNS, USER_IMPORT_LIMITS, type UserImportRow } from '@ricambi/domain';
import {
  parseDecimal,
  readSheet as readSpreadsheet,
  type Sheet,
  type UploadedFile,
} from '../../platform/spreadsheet.ts';

/**
 * Reads an uploaded CSV or XLSX into rows of cells named by the User field of their column
 * (`password` = `newPassword`); `login` and `email` are required.
 */
export const readSheet = (file: UploadedFile): Promise<Sheet> =>
  readSpreadsheet(file, {
    columns: USER_IMPORT_COLUMNS,
    aliases: { password: 'newPassword' },
    required: ['login', 'email'],
    maxRows: USER_IMPORT_LIMITS.maxRows,
    messages: 'userManagement.import.',
  });

const BOOLEAN_FIELDS = new Set(['activated', 'vedeSconto', 'vedePrezzi', 'vedeTutteLeMatricole']);
const NUMBER_FIELDS = new Set(['markup', 'sconto']);
const TRUE = new Set(['true', '1', 'yes', 'y', 'si', 'sì', 'x', 'vero', 'oui', 'ja']);
const FALSE = new Set(['false', '0', 'no', 'n', 'falso', 'non', 'nein']);

const toBoolean = (cell: string): unknown => {
  const v = cell.toLowerCase();
  return TRUE.has(v) ? true : FALSE.has(v) ? false : cell;
};

/** "1,5" and "1.5" alike; anything else stays text and fails the number check. */
const toNumber = (cell: string): unknown => parseDecimal(cell) ?? cell;

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
