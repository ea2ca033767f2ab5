import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { loadReferenceData } from '../src/seed/reference.seed.ts';
import { connectAdmin, FILE_DATABASE_PREFIX, TEMPLATE_DATABASE, withDatabaseName } from './pg-admin.ts';

/** How a test file gets its own database: from the PGlite dump, or as a copy of a PostgreSQL template. */
export type TestDatabaseInfo =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

const setupPglite = async (project: TestProject) => {
  const started = Date.now();
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    await loadReferenceData(database.db);
    if (!database.dump) throw new Error('PGlite handle has no dump()');
    const tarball = await database.dump();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-test-'));
    const dumpFile = path.join(dir, 'migrated.tar');
    await fs.writeFile(dumpFile, Buffer.from(await tarball.arrayBuffer()));
    project.provide('testDatabase', { kind: 'pglite', dumpFile });
    console.info(`[server tests] PGlite migrated and dumped in ${Date.now() - started} ms`);
    return async () => {
      await fs.rm(dir, { recursive: true, force: true });
    };
  } finally {
    await database.close();
  }
};

const setupPostgres = async (project: TestProject, databaseUrl: string) => {
  const started = Date.now();
  const admin = await connectAdmin(databaseUrl);
  try {
    const leftovers = await admin.client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [FILE_DATABASE_PREFIX],
    );
    for (const { datname } of leftovers.rows) {
      await admin.client.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.client.query(`drop database if exists "${TEMPLATE_DATABASE}" with (force)`);
    await admin.client.query(`create database "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.client.end();
  }
  const template = await openDatabase({
    kind: 'postgres',
    url: withDatabaseName(databaseUrl, TEMPLATE_DATABASE),
    poolSize: 1,
  });
  try {
    await template.migrate();
    await loadReferenceData(template.db);
  } finally {
    // A database can serve as a template only while nobody is connected to it.
    await template.close();
  }
  project.provide('testDatabase', { kind: 'postgres', adminUrl: admin.url, template: TEMPLATE_DATABASE });
  console.info(`[server tests] PostgreSQL template ${TEMPLATE_DATABASE} migrated in ${Date.now() - started} ms`);
  return async () => {
    const teardown = await connectAdmin(databaseUrl);
    try {
      await teardown.client.query(`drop database if exists "${TEMPLATE_DATABASE}" with (force)`);
    } finally {
      await teardown.client.end();
    }
  };
};

/**
 * Migrates once for the whole server suite (PGlite needs ~4.5 s to start and migrate); every test
 * file then starts its own database from the result. DATABASE_URL selects the PostgreSQL tier.
 */
export default function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl ? setupPostgres(project, databaseUrl) : setupPglite(project);
}
