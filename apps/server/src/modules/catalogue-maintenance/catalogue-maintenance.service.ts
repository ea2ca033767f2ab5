import {
  type FieldError,
  type ReindexResult,
  STOCK_IMPORT_COLUMNS,
  STOCK_IMPORT_LIMITS,
  STOCK_QUANTITY_COLUMNS,
  type StockImportPreview,
  type StockImportPreviewRow,
  type StockImportResult,
  type StockImportRow,
  stockAmountError,
} from '@ricambi/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { parseDecimal, readSheet, type UploadedFile } from '../../platform/spreadsheet.ts';
import { reindexAll, reindexArticles, reindexChanged } from '../search/search.contract.ts';
import * as repo from './catalogue-maintenance.repository.ts';

export const STOCK_MESSAGES = 'catalogueMaintenance.stockImport.';
const ERROR = `${STOCK_MESSAGES}error`;
/** One reindex at a time (a second waits for the first): they rewrite the same rows. */
const REINDEX_LOCK = 7_412_001;

type Key = { code?: string; id?: number };
type ParsedRow = { key: Key; values: Omit<StockImportRow, 'articolo'>; errors: FieldError[] };

/** A figure of a cell: required unless `optional`, a decimal with `.` or `,`, within its column's range. */
const amountOf = (
  cell: string,
  field: string,
  kind: 'quantity' | 'price',
  errors: FieldError[],
  optional = false,
): number | null => {
  if (cell === '') {
    if (!optional) errors.push({ field, message: 'validation.required' });
    return null;
  }
  const value = parseDecimal(cell);
  if (value === undefined) {
    errors.push({ field, message: `${ERROR}.notNumber`, params: { value: cell } });
    return null;
  }
  const problem = stockAmountError(value, kind);
  if (problem) {
    errors.push({ field, message: problem, params: { decimals: kind === 'price' ? 2 : 3 } });
    return null;
  }
  return value;
};

/** The cells of one row: the article's code or id, the four figures and the optional price. */
const parseCells = (cells: Record<string, string>, keyColumn: 'articolo' | 'id'): ParsedRow => {
  const errors: FieldError[] = [];
  const key: Key = {};
  const code = cells.articolo ?? '';
  const id = cells.id ?? '';
  if (code) key.code = code;
  if (id) {
    if (/^\d{1,15}$/.test(id)) key.id = Number(id);
    else errors.push({ field: 'id', message: `${ERROR}.badId`, params: { value: id } });
  }
  if (!code && !id) errors.push({ field: keyColumn, message: 'validation.required' });
  const figures = Object.fromEntries(
    STOCK_QUANTITY_COLUMNS.map((column) => [column, amountOf(cells[column] ?? '', column, 'quantity', errors)]),
  ) as Record<(typeof STOCK_QUANTITY_COLUMNS)[number], number>;
  const prezzo = amountOf(cells.prezzo ?? '', 'prezzo', 'price', errors, true);
  return { key, values: { ...figures, prezzo }, errors };
};

/**
 * Finds the article of each row and flags unknown articles, an id that names another article than
 * the code, and articles named again by a later row (the first row counts).
 */
const resolveRows = async (
  db: DbOrTx,
  rows: readonly { key: Key; line: number }[],
  keyField: (i: number) => string,
) => {
  const articles = await repo.findStockArticles(db, {
    codes: rows.flatMap((r) => (r.key.code ? [r.key.code] : [])),
    ids: rows.flatMap((r) => (r.key.id !== undefined && !r.key.code ? [r.key.id] : [])),
  });
  const byCode = new Map(articles.map((a) => [a.articolo, a]));
  const byId = new Map(articles.map((a) => [a.id, a]));
  const firstLine = new Map<string, number>();
  return rows.map(({ key, line }, i) => {
    const errors: FieldError[] = [];
    const field = keyField(i);
    const article = key.code ? byCode.get(key.code) : key.id !== undefined ? byId.get(key.id) : undefined;
    if (key.code && !article) errors.push({ field, message: `${ERROR}.unknownArticle`, params: { code: key.code } });
    else if (key.id !== undefined && !article)
      errors.push({ field, message: `${ERROR}.unknownArticle`, params: { code: String(key.id) } });
    else if (article && key.code && key.id !== undefined && article.id !== key.id) {
      errors.push({ field: 'id', message: `${ERROR}.idMismatch`, params: { code: article.articolo } });
    }
    const seenAs = article ? `#${article.id}` : key.code ? `c:${key.code}` : key.id !== undefined ? `i:${key.id}` : '';
    const first = seenAs ? firstLine.get(seenAs) : undefined;
    if (first !== undefined) errors.push({ field, message: `${ERROR}.duplicate`, params: { line: first } });
    else if (seenAs) firstLine.set(seenAs, line);
    return { article, errors };
  });
};

export const createCatalogueMaintenanceService = (db: Db) => ({
  /** POST /api/articolo-stock/import/preview: every row with its errors and the price changes; nothing stored. */
  previewStockImport: async (file: UploadedFile): Promise<StockImportPreview> => {
    const sheet = await readSheet(file, {
      columns: STOCK_IMPORT_COLUMNS,
      aliases: { codice: 'articolo', code: 'articolo', disponibilita: 'magazzino', price: 'prezzo' },
      required: [['articolo', 'id'], ...STOCK_QUANTITY_COLUMNS],
      maxRows: STOCK_IMPORT_LIMITS.maxRows,
      messages: STOCK_MESSAGES,
    });
    const keyColumn = sheet.columns.includes('articolo') ? 'articolo' : 'id';
    const parsed = sheet.rows.map((r) => parseCells(r.cells, keyColumn));
    const resolved = await resolveRows(
      db,
      parsed.map((p, i) => ({ key: p.key, line: sheet.rows[i]?.line ?? 0 })),
      (i) => (parsed[i]?.key.code ? 'articolo' : 'id'),
    );
    const rows = sheet.rows.map((r, i): StockImportPreviewRow => {
      const { article, errors: keyErrors } = resolved[i] ?? { article: undefined, errors: [] };
      const p = parsed[i] as ParsedRow;
      const errors = [...keyErrors, ...p.errors];
      const values = article && errors.length === 0 ? { articolo: article.articolo, ...p.values } : null;
      return {
        line: r.line,
        cells: r.cells,
        articoloId: article?.id ?? null,
        articolo: article?.articolo ?? null,
        descrizione: article?.descrizione ?? null,
        current: article
          ? {
              magazzino: article.magazzino,
              in5gg: article.in5gg,
              inArrivo: article.inArrivo,
              producibile: article.producibile,
              prezzo: article.prezzo,
            }
          : null,
        values,
        priceChanges: Boolean(article && values && values.prezzo != null && values.prezzo !== article.prezzo),
        errors,
      };
    });
    const errors = rows.filter((r) => r.errors.length > 0).length;
    return {
      format: sheet.format,
      columns: sheet.columns,
      ignoredColumns: sheet.ignoredColumns,
      rows,
      summary: {
        rows: rows.length,
        valid: rows.length - errors,
        errors,
        priceChanges: rows.filter((r) => r.priceChanges).length,
      },
    };
  },

  /**
   * POST /api/articolo-stock/import: checks the rows again and writes all of them in one
   * transaction, or none (400 with each row's errors as `{index}.{field}`).
   */
  applyStockImport: async (list: readonly StockImportRow[]): Promise<StockImportResult> =>
    db.transaction(async (tx) => {
      const resolved = await resolveRows(
        tx,
        list.map((r, i) => ({ key: { code: r.articolo }, line: i })),
        (i) => `${i}.articolo`,
      );
      const errors = resolved.flatMap((r) => r.errors);
      if (errors.length > 0) {
        const count = resolved.filter((r) => r.errors.length > 0).length;
        throw new AppError(400, `${STOCK_MESSAGES}invalid`, { count }, errors);
      }
      const now = new Date();
      const rows = list.map((r, i) => ({ row: r, id: resolved[i]?.article?.id as number }));
      await repo.upsertStock(
        tx,
        rows.map(({ row, id }) => ({
          articoloId: id,
          magazzino: row.magazzino,
          in5gg: row.in5gg,
          inArrivo: row.inArrivo,
          producibile: row.producibile,
        })),
        now,
      );
      const changed = await repo.updatePrices(
        tx,
        rows.flatMap(({ row, id }) => (row.prezzo == null ? [] : [{ id, prezzo: row.prezzo }])),
        now,
      );
      // The price is not in the search data, but the change makes the article "changed" for reindex.
      await reindexArticles(tx, changed);
      return { articles: rows.length, prices: changed.length };
    }),

  /** The header row and one example row, `;`-separated as spreadsheet programs in Italy write it. */
  stockTemplate: async () => {
    const code = (await repo.exampleCode(db)) ?? 'ABC-123';
    const header = ['articolo', ...STOCK_QUANTITY_COLUMNS, 'prezzo'].join(';');
    const example = [/[;"\r\n]/.test(code) ? `"${code.replaceAll('"', '""')}"` : code, '10', '0', '5', '0', '125,50'];
    return `\uFEFF${header}\r\n${example.join(';')}\r\n`;
  },

  /** GET /api/reindex (changed articles) and /api/reindex/all: the search data, in one transaction. */
  reindex: async (scope: 'changed' | 'all'): Promise<ReindexResult> => {
    const started = performance.now();
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REINDEX_LOCK}::bigint)`);
      return scope === 'all' ? reindexAll(tx) : reindexChanged(tx);
    });
    return { ...result, durationMs: Math.round(performance.now() - started) };
  },
});
