/** What other modules may use of the themes module: the in-memory themes and their resolution by host and user. */
export { createThemesService, type ThemesService } from './themes.service.ts';
