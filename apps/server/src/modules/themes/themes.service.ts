import { resolveTheme, type Theme } from '@ricambi/domain';
import type { Db } from '../../db/client.ts';
import { listThemes } from './themes.repository.ts';

/** Themes are read from the database once and kept in memory until reloaded (POST /api/themes-reload). */
export const createThemesService = (db: Db) => {
  let cache: Theme[] = [];
  const reload = async () => {
    cache = (await listThemes(db)).map(({ sortOrder: _, ...t }) => t);
    return cache;
  };
  return {
    reload,
    list: () => cache,
    resolve: (hostName: string | undefined, userTema: string | null | undefined) =>
      resolveTheme(cache, hostName, userTema),
  };
};

export type ThemesService = ReturnType<typeof createThemesService>;
