import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { connectAdmin, FILE_DATABASE_PREFIX, withDatabaseName } from './pg-admin.ts';

export type TestDatabase = DatabaseHandle & {
  /** Closes the connection and removes the database (PostgreSQL tier). */
  dispose: () => Promise<void>;
};

const isBusyTemplate = (error: unknown) =>
  error instanceof Error && /being accessed by other users/.test(error.message);

/**
 * A fresh, migrated database for one test file: PGlite started from the global setup's dump, or on
 * PostgreSQL a new database copied from the migrated template.
 */
export const openTestDatabase = async (): Promise<TestDatabase> => {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const tarball = new Blob([await fs.readFile(info.dumpFile)]);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: tarball });
    return { ...database, dispose: () => database.close() };
  }

  const name = `${FILE_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await connectAdmin(info.adminUrl);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.client.query(`create database "${name}" template "${info.template}"`);
        break;
      } catch (error) {
        if (!isBusyTemplate(error) || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.client.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(info.adminUrl, name), poolSize: 5 });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      const cleanup = await connectAdmin(info.adminUrl);
      try {
        await cleanup.client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.client.end();
      }
    },
  };
};
