import { z } from 'zod';
import { CATALOGUE_ADMIN_LIMITS } from './catalogue-admin.schemas.ts';
import { fieldErrorSchema } from './problem.schemas.ts';

/** Stock and price import (CSV or XLSX from the ERP): file size and rows per file. */
export const STOCK_IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000 } as const;

/** The stock figures of spec 1 §3 "Customer info per article", as the file names them. */
export const STOCK_QUANTITY_COLUMNS = ['magazzino', 'in5gg', 'inArrivo', 'producibile'] as const;
export type StockQuantityColumn = (typeof STOCK_QUANTITY_COLUMNS)[number];
/** The article is named by its code (`articolo`) or its id; `prezzo` (list price) is optional. */
export const STOCK_IMPORT_COLUMNS = ['articolo', 'id', ...STOCK_QUANTITY_COLUMNS, 'prezzo'] as const;

const STOCK_ERROR = 'catalogueMaintenance.stockImport.error';

/** Bounds of the columns: articolo_stock numeric(12,3), articolo.prezzo numeric(12,2). */
const AMOUNT = {
  quantity: { decimals: 3, max: 999_999_999.999 },
  price: { decimals: 2, max: 9_999_999_999.99 },
} as const;

/**
 * The message key of what is wrong with a stock quantity or a price, or undefined when it may be
 * stored: not negative, not above the column's range, not more decimals than the column keeps.
 */
export const stockAmountError = (value: number, kind: keyof typeof AMOUNT): string | undefined => {
  const { decimals, max } = AMOUNT[kind];
  if (!Number.isFinite(value)) return `${STOCK_ERROR}.notNumber`;
  if (value < 0) return `${STOCK_ERROR}.negative`;
  if (value > max) return `${STOCK_ERROR}.tooLarge`;
  const scaled = value * 10 ** decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6 * Math.max(1, Math.abs(scaled))) return `${STOCK_ERROR}.decimals`;
  return undefined;
};

const amount = (kind: keyof typeof AMOUNT) =>
  z.number().superRefine((value, ctx) => {
    const message = stockAmountError(value, kind);
    if (message) ctx.addIssue({ code: 'custom', message, params: { decimals: AMOUNT[kind].decimals } });
  });

/** One row of a stock import as the apply call takes it: the article by its code. */
export const stockImportRowSchema = z.object({
  articolo: z.string().trim().min(1).max(CATALOGUE_ADMIN_LIMITS.articolo.articolo),
  magazzino: amount('quantity'),
  in5gg: amount('quantity'),
  inArrivo: amount('quantity'),
  producibile: amount('quantity'),
  /** Absent or null: the list price stays as it is. */
  prezzo: amount('price').nullish(),
});
export type StockImportRow = z.infer<typeof stockImportRowSchema>;

export const stockImportListSchema = z.array(stockImportRowSchema).min(1).max(STOCK_IMPORT_LIMITS.maxRows);

const stockFiguresSchema = z.object({
  magazzino: z.number(),
  in5gg: z.number(),
  inArrivo: z.number(),
  producibile: z.number(),
});

export const stockImportPreviewRowSchema = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number(),
  /** The cells as read, by column. */
  cells: z.record(z.string(), z.string()),
  /** The article the row names, when it exists. */
  articoloId: z.number().nullable(),
  articolo: z.string().nullable(),
  descrizione: z.string().nullable(),
  /** Stored figures and list price of the article, before the import. */
  current: stockFiguresSchema.extend({ prezzo: z.number() }).nullable(),
  /** The row as the apply call takes it; null when the row has errors. */
  values: stockImportRowSchema.nullable(),
  /** The list price changes (a price is given and differs from the stored one). */
  priceChanges: z.boolean(),
  errors: z.array(fieldErrorSchema),
});
export type StockImportPreviewRow = z.infer<typeof stockImportPreviewRowSchema>;

export const stockImportPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
  rows: z.array(stockImportPreviewRowSchema),
  summary: z.object({
    rows: z.number(),
    valid: z.number(),
    errors: z.number(),
    priceChanges: z.number(),
  }),
});
export type StockImportPreview = z.infer<typeof stockImportPreviewSchema>;

export const stockImportResultSchema = z.object({
  /** Articles whose stock figures were written. */
  articles: z.number(),
  /** Articles whose list price changed. */
  prices: z.number(),
});
export type StockImportResult = z.infer<typeof stockImportResultSchema>;

/** GET /api/reindex and /api/reindex/all: articles indexed, words in the word list, time taken. */
export const reindexResultSchema = z.object({ articles: z.number(), words: z.number(), durationMs: z.number() });
export type ReindexResult = z.infer<typeof reindexResultSchema>;
