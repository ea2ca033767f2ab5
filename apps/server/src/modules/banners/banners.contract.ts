/** What other modules may use of the banners module: the banners active for a user and theme. */
export { findActiveBanners } from './banners.repository.ts';
