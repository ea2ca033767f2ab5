// The machine pages in one chunk, loaded when one of them opens (machines.routes.ts).
export * from './CataloguePage.tsx';
export * from './ItemPage.tsx';
export * from './MachineSearchPage.tsx';
