import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { sharedVersion } from '../db/schema/index.ts';

const readVersion = async (db: Db, name: string) => {
  const [row] = await db
    .select({ version: sharedVersion.version })
    .from(sharedVersion)
    .where(eq(sharedVersion.name, name));
  return row?.version ?? 0;
};

const bumpVersion = (db: Db, name: string) =>
  db
    .insert(sharedVersion)
    .values({ name, version: 1 })
    .onConflictDoUpdate({
      target: sharedVersion.name,
      set: { version: sql`${sharedVersion.version} + 1`, changedAt: sql`now()` },
    });

export type SharedCache<T> = {
  /** The value in memory (synchronous: it is read on every request). */
  get: () => T;
  /** Reads the value again now and has every other process read it too (bumps the version). */
  reload: () => Promise<T>;
  /** Reads the value now, for this process only (at start). */
  load: () => Promise<T>;
  /** Reads the version (one row by key) when `maxAgeMs` has passed since the last look, and the value when it moved. */
  refresh: () => Promise<void>;
};

/**
 * A value read from the database and kept in memory, in step across processes: a change made
 * through one process (`reload`) bumps the name's row of shared_version, and every process that
 * finds the version moved reads the value again. The version is read before the value, so a
 * change landing in between is read again at the next look, never missed.
 */
export const createSharedCache = <T>(options: {
  db: Db;
  name: string;
  load: () => Promise<T>;
  initial: T;
  maxAgeMs: number;
  log: Pick<Logger, 'warn'>;
}): SharedCache<T> => {
  const { db, name, load, maxAgeMs, log } = options;
  let value = options.initial;
  let loadedVersion: number | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | undefined;

  const readIfMoved = async () => {
    const version = await readVersion(db, name);
    if (version !== loadedVersion) {
      value = await load();
      loadedVersion = version;
    }
  };

  return {
    get: () => value,
    reload: async () => {
      await bumpVersion(db, name);
      await readIfMoved();
      checkedAt = Date.now();
      return value;
    },
    load: async () => {
      await readIfMoved();
      checkedAt = Date.now();
      return value;
    },
    refresh: () => {
      if (Date.now() - checkedAt < maxAgeMs) return Promise.resolve();
      checking ??= readIfMoved()
        .then(() => {
          checkedAt = Date.now();
        })
        // The database away: the value in memory serves until the next look succeeds.
        .catch((error: unknown) => log.warn({ err: error, cache: name }, 'shared cache not refreshed'))
        .finally(() => {
          checking = undefined;
        });
      return checking;
    },
  };
};
