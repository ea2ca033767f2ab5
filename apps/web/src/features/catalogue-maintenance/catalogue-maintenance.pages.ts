// The catalogue maintenance pages in one chunk (catalogue-maintenance.routes.ts).
export * from './ReindexPage.tsx';
export * from './StockImportPage.tsx';
