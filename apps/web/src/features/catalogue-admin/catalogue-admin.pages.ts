// The feature's pages in one chunk, loaded when one of its routes opens (catalogue-admin.routes.ts).

export * from './articolo.entity.tsx';
export * from './articolo-articolo.entity.tsx';
export * from './articolo-equiv.entity.tsx';
export * from './CatalogueAdminPage.tsx';
export * from './categoria.entity.tsx';
export * from './combo-voci.entity.tsx';
export * from './marchio.entity.tsx';
export * from './search-log.entity.tsx';
export * from './tipo-categoria.entity.tsx';
