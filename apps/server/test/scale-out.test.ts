import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Theme } from '@ricambi/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, MIGRATIONS_DIR, openDatabase, queryRows } from '../src/db/client.ts';
import type { WithLock } from '../src/db/locks.ts';
import { catalogo, theme } from '../src/db/schema/index.ts';
import { regenerateDueCatalogues } from '../src/modules/machines/catalogue.nightly.ts';
import { startRepeatingJob } from '../src/platform/jobs.ts';
import { DEMO_USERS } from '../src/seed/demo.seed.ts';
import { prepareDatabase } from '../src/seed/startup.ts';
import { createCatalogue } from './machine-factories.ts';
import { connectAdmin, FILE_DATABASE_PREFIX, withDatabaseName } from './pg-admin.ts';
import { createAgent, createTestApp, type Injector, type TestApp } from './test-app.ts';

const count = async (db: DatabaseHandle['db'], query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string | number }>(db, query))[0]?.n ?? 0);

/**
 * Two handles on one new, empty database, as two processes starting at once would have: on
 * PostgreSQL two connection pools; the embedded database is one process's, so one handle twice.
 */
const freshDatabase = async () => {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { handles: [database, database] as const, drop: () => database.close() };
  }
  const name = `${FILE_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await connectAdmin(info.adminUrl);
  try {
    await admin.client.query(`create database "${name}"`);
  } finally {
    await admin.client.end();
  }
  const url = withDatabaseName(info.adminUrl, name);
  const handles = [
    await openDatabase({ kind: 'postgres', url, poolSize: 3 }),
    await openDatabase({ kind: 'postgres', url, poolSize: 3 }),
  ] as const;
  return {
    handles,
    drop: async () => {
      for (const handle of handles) await handle.close();
      const cleanup = await connectAdmin(info.adminUrl);
      try {
        await cleanup.client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.client.end();
      }
    },
  };
};

// Issue 18 §1: N server processes share one PostgreSQL; nothing lives only in one process's
// memory, and each background job runs once across processes.
describe('several server processes on one database', () => {
  describe('startup', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-startup-'));
    });
    afterAll(async () => {
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('migrates and seeds once when two processes start together on an empty database', async () => {
      const { handles, drop } = await freshDatabase();
      try {
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'true' });
        const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
        await Promise.all(handles.map((handle) => prepareDatabase(handle, config, log)));

        const db = handles[0].db;
        const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
          entries: unknown[];
        };
        expect(await count(db, sql`select count(*) as n from drizzle.__drizzle_migrations`)).toBe(
          journal.entries.length,
        );
        // One set of demo data: every demo user once, the demo catalogue and machines once.
        expect(await count(db, sql`select count(*) as n from app_user`)).toBe(DEMO_USERS.length);
        const catalogues = await count(db, sql`select count(*) as n from catalogo`);
        expect(catalogues).toBeGreaterThan(0);
        expect(await count(db, sql`select count(distinct cr_codice) as n from catalogo`)).toBe(catalogues);
        const banners = await count(db, sql`select count(*) as n from banner`);
        expect(banners).toBeGreaterThan(0);
        expect(await count(db, sql`select count(distinct headers->>'it') as n from banner`)).toBe(banners);
        const tickets = await count(db, sql`select count(*) as n from ticket`);
        expect(tickets).toBeGreaterThan(0);
      } finally {
        await drop();
      }
    }, 600_000);
  });

  describe('with two apps', () => {
    let t: TestApp;
    let other: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      // CACHE_CHECK_MS=0: each request looks whether another process reloaded the themes.
      t = await createTestApp({ demoData: true, env: { CACHE_CHECK_MS: '0' } });
      other = await buildApp({ config: t.config, database: t.database, log: t.log });
      await other.app.ready();
    });
    afterAll(async () => {
      await other?.app.close();
      await t?.close();
    });

    it('shows every process the themes an administrator reloaded through one of them', async () => {
      const labelSeenBy = async (app: Injector) =>
        (await createAgent(app).get('/api/themes')).json<Theme[]>().find((x) => x.name === 'eurocomach')?.label;
      await t.db.update(theme).set({ label: 'RICAMBI' }).where(eq(theme.name, 'eurocomach'));
      // Kept in memory until an administrator reloads them, as on one process.
      expect(await labelSeenBy(other.app)).toBe('PARTS');

      const admin = await t.signIn('admin');
      expect((await admin.post('/api/themes-reload')).statusCode).toBe(200);
      expect(await labelSeenBy(t.app)).toBe('RICAMBI');
      expect(await labelSeenBy(other.app)).toBe('RICAMBI');
      // And back, through the other process.
      await t.db.update(theme).set({ label: 'PARTS' }).where(eq(theme.name, 'eurocomach'));
      const otherAdmin = createAgent(other.app);
      expect((await otherAdmin.login('admin', 'admin')).statusCode).toBe(200);
      expect((await otherAdmin.post('/api/themes-reload')).statusCode).toBe(200);
      expect(await labelSeenBy(t.app)).toBe('PARTS');
    });

    it('holds a lock across the processes: a try gives up while another holds it, a wait waits', async () => {
      let release = () => {};
      const holding = t.database.withLock(
        'job:test',
        () =>
          new Promise<string>((resolve) => {
            release = () => resolve('first');
          }),
        { wait: true },
      );
      await expect
        .poll(async () => (await t.database.withLock('job:test', async () => 1, { wait: false })).ran)
        .toBe(false);
      // Another name is free.
      expect(await t.database.withLock('job:other', async () => 2, { wait: false })).toEqual({ ran: true, value: 2 });
      const waiting = t.database.withLock('job:test', async () => 'second', { wait: true });
      release();
      expect(await holding).toEqual({ ran: true, value: 'first' });
      expect(await waiting).toEqual({ ran: true, value: 'second' });
      // A run that fails gives the lock back.
      await expect(
        t.database.withLock(
          'job:test',
          async () => {
            throw new Error('boom');
          },
          { wait: false },
        ),
      ).rejects.toThrow('boom');
      expect(await t.database.withLock('job:test', async () => 3, { wait: false })).toEqual({ ran: true, value: 3 });
    });

    it('skips a repeating job’s pass while another process runs the same job', async () => {
      let release = () => {};
      let holding = false;
      const held = t.database.withLock(
        'job:sweep',
        () =>
          new Promise<void>((resolve) => {
            holding = true;
            release = resolve;
          }),
        { wait: true },
      );
      // The other process has the lock (run is called once it holds it).
      await expect.poll(() => holding).toBe(true);
      const passes: boolean[] = [];
      const observed: WithLock = async (name, run, options) => {
        const result = await t.database.withLock(name, run, options);
        passes.push(result.ran);
        return result;
      };
      let runs = 0;
      const job = startRepeatingJob(
        'sweep',
        async () => {
          runs++;
        },
        t.log,
        60 * 60_000,
        observed,
      );
      try {
        await expect.poll(() => passes.length).toBe(1);
        expect(passes).toEqual([false]);
        expect(runs).toBe(0);
        release();
        await held;
        job.kick();
        await expect.poll(() => passes.length).toBe(2);
        expect(passes).toEqual([false, true]);
        expect(runs).toBe(1);
      } finally {
        release();
        await job.stop();
      }
    });

    it('regenerates each due catalogue once when two processes run the nightly pass', async () => {
      const ids = [(await createCatalogue(t.db)).id, (await createCatalogue(t.db)).id];
      await t.db.update(catalogo).set({ stale: false, generatedAt: sql`now() - interval '25 hours'` });
      const runs = await Promise.all([regenerateDueCatalogues(t.db), regenerateDueCatalogues(t.db)]);
      const done = runs.flat();
      for (const id of ids) expect(done.filter((d) => d === id)).toHaveLength(1);
      expect(new Set(done).size).toBe(done.length);
      // A later run (a process whose timer came after) finds nothing due.
      expect(await regenerateDueCatalogues(t.db)).toEqual([]);
    });
  });

  // The embedded database has no connection to lose; the PostgreSQL tier of CI runs this.
  describe.runIf(inject('testDatabase').kind === 'postgres')('a connection lost', () => {
    it('fails the transaction that held it, not the process, and the pool serves the next request', async () => {
      const { handles, drop } = await freshDatabase();
      const database = handles[0];
      try {
        // Before the mend the connection's end reached a pooled connection with no error listener
        // while a transaction held it: an uncaught 'error' event, which stops the process (and
        // fails this run as an unhandled error).
        await expect(
          database.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
          }),
        ).rejects.toThrow();
        expect(await count(database.db, sql`select 1 as n`)).toBe(1);
      } finally {
        await drop();
      }
    });
  });
});
