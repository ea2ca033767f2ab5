import path from 'node:path';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase, type SqlLog } from './client.ts';

/** PostgreSQL server when DATABASE_URL is set, else the embedded PGlite under DATA_DIR/pglite. */
export const openConfiguredDatabase = (config: Config, log?: SqlLog): Promise<DatabaseHandle> =>
  config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, log })
    : openDatabase({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'pglite'),
        sharedBuffers: config.pgliteSharedBuffers,
        log,
      });
