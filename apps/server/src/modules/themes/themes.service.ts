import { resolveTheme, type Theme } from '@ricambi/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { createSharedCache } from '../../platform/shared-cache.ts';
import { listThemes } from './themes.repository.ts';

/**
 * Themes are read from the database and kept in memory until an administrator reloads them (POST
 * /api/themes-reload). A reload through one process reaches every process: each looks at the
 * themes' shared version at most every `checkMs` (CACHE_CHECK_MS) before a request.
 */
export const createThemesService = (db: Db, options: { checkMs: number; log: Pick<Logger, 'warn'> }) => {
  const cache = createSharedCache<Theme[]>({
    db,
    name: 'themes',
    load: async () => (await listThemes(db)).map(({ sortOrder: _, ...t }) => t),
    initial: [],
    maxAgeMs: options.checkMs,
    log: options.log,
  });
  return {
    /** Reads the themes at start (without making other processes read them again). */
    load: cache.load,
    reload: cache.reload,
    /** Before a request: the themes again if another process reloaded them. */
    refresh: () => cache.refresh(),
    list: () => cache.get(),
    resolve: (hostName: string | undefined, userTema: string | null | undefined) =>
      resolveTheme(cache.get(), hostName, userTema),
  };
};

export type ThemesService = ReturnType<typeof createThemesService>;
