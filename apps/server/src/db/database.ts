import path from 'node:path';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

/** PostgreSQL server when DATABASE_URL is set, else the embedded PGlite under DATA_DIR/pglite. */
export const openConfiguredDatabase = (config: Config): Promise<DatabaseHandle> =>
  config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
