// The feature's pages in one chunk, loaded when one of its routes opens (catalogue-admin.routes.ts).
export * from './CatalogueAdminPage.tsx';
export * from './catalogue-admin.entities.tsx';
