// The search pages in one chunk, loaded when one of them opens (search.routes.ts).
export * from './SearchResultsPages.tsx';
export * from './SparePartsPage.tsx';
