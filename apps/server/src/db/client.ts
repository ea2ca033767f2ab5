import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { advisoryLocks, processLocks, type WithLock } from './locks.ts';
import { keepPrepared, keepStatements } from './pglite.statements.ts';

/**
 * Without the schema: Drizzle's relational queries (`db.query.…`) are not used, and a database
 * given the schema builds one of their builders for every table on each transaction it opens.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * A lock held across every process on this database (startup, jobs that must not run twice at
   * once): a PostgreSQL advisory lock, or this process's own on the embedded database.
   */
  withLock: WithLock;
  /** Only for the embedded database: a tarball of its data directory (tests start from it). */
  dump?: () => Promise<Blob>;
  /** Only for a PostgreSQL server: the connection pool's state (metrics). */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
};

/** Where SQL statements go (at debug level, without their parameters, which may hold secrets). */
export type SqlLog = { debug: (fields: { sql: string }, message: string) => void };
const sqlLogger = (log: SqlLog | undefined) =>
  log ? { logQuery: (query: string) => log.debug({ sql: query }, 'sql') } : undefined;

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** PostgreSQL's shared_buffers inside PGlite (e.g. '1GB'); PGlite's own default when absent. */
      sharedBuffers?: string;
    }
) & { log?: SqlLog };

/**
 * PGlite runs each statement synchronously on this thread, and its locks hand over in promise
 * callbacks: under load one request's statement follows another's without the event loop turning,
 * so no request is read, no timer fires and no answer is written until every queued statement has
 * run (seconds to minutes past capacity). Statements and transactions are taken here in arrival
 * order, one per turn of the loop, each in one exchange with the database (keepStatements).
 */
const takeTurns = (client: PGlite) => {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    last = result.catch(() => undefined);
    return result;
  };
  const statements = keepStatements(client);
  const transaction = client.transaction.bind(client);
  client.query = (...args: Parameters<typeof statements.query>) => inTurn(() => statements.query(...args));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    inTurn(() => transaction((tx) => callback(statements.inTransaction(tx))));
};

export const openDatabase = async (options: DatabaseOptions): Promise<DatabaseHandle> => {
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 10;
    // Short queries only: compiling a plan (JIT) costs more than the searches it would speed up.
    // Connections once opened are kept (min = max): a new backend's first statements are slower (its
    // caches and memory are cold), and a dealer typing after a pause would otherwise meet one. They
    // do not keep the process alive when idle.
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      min: max,
      allowExitOnIdle: true,
      // A server that does not answer (unreachable) fails the request within this time instead of
      // holding it: the client gets a 503 it can repeat. It also bounds the wait for a free
      // connection, so it is well above what a saturated machine makes a request wait (5 s was not).
      connectionTimeoutMillis: 15_000,
      options: '-c jit=off',
    });
    pool.on('error', () => undefined);
    // The pool listens for errors on idle connections only. A connection lost while a transaction
    // holds it (PostgreSQL restarted) emits 'error' too; unheard, that stops the process. The
    // transaction's statements fail anyway, and the pool drops the dead connection when it is
    // released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzleNodePg(pool, { logger: sqlLogger(options.log) }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      withLock: advisoryLocks(options.url),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    };
  }
  if (options.dataDir) await fs.mkdir(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
    ...(options.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }
      : {}),
  });
  takeTurns(client);
  const pgliteDb = drizzlePglite(client, { logger: sqlLogger(options.log) });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    withLock: processLocks(),
    dump: async () => client.dumpDataDir('none'),
  };
};

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export const queryRows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * A statement built once per database and prepared under its name: building it (Drizzle) costs
 * more than running it, for the short statements every request makes. PGlite keeps it prepared too.
 */
export const preparedOnce = <Q extends { getQuery: () => { sql: string } }>(build: (db: Db) => Q) => {
  const built = new WeakMap<Db, Q>();
  return (db: Db): Q => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
      keepPrepared(query.getQuery().sql);
    }
    return query;
  };
};

/**
 * A raw statement of one fixed text (its values as `sql.placeholder`s), prepared under `name` on
 * whichever connection runs it, a transaction's too: PostgreSQL parses it once per connection and
 * may keep its plan, where a text built for its values is parsed and planned on every run.
 */
export const namedStatement = <T>(name: string, query: SQL) => {
  const built = new PgDialect().sqlToQuery(query);
  keepPrepared(built.sql);
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<T[]> =>
    ((await db._.session.prepareQuery(built, undefined, name, false).execute(values)) as { rows: T[] }).rows;
};
