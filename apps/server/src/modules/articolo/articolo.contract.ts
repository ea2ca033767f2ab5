/** What other modules may use of the article module: reading articles, their prices and who sees them. */
export { type ArticoloRow, loadArticoli, loadHits, tagsOf } from './articolo.hits.ts';
export { findVisibleArticolo, infoCliente, isCatalogueStaff } from './articolo.info.ts';
export { CATALOGUE_READ } from './articolo.routes.ts';
export { loadPriceProfile } from './price-profile.ts';
