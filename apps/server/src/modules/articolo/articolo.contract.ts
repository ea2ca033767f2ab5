/** What other modules may use of the article module: reading articles, their prices and who sees them. */

export { articoloImagesDir, createImageIndex, type ImageIndex } from './articolo.images.ts';
export { tagsOf } from './articolo.mapper.ts';
export { type ArticoloRow, loadArticoli, loadPriceProfile } from './articolo.repository.ts';
export { CATALOGUE_READ, findVisibleArticolo, infoCliente, isCatalogueStaff, loadHits } from './articolo.service.ts';
