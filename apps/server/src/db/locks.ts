import pg from 'pg';

/** What a locked run answers: its value, or that another holder had the lock (only when not waiting). */
export type Locked<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `run` while holding the lock `name`, across every process on the database. `wait: true`
 * waits for the lock; `wait: false` gives up at once when another holder has it.
 */
export type WithLock = <T>(name: string, run: () => Promise<T>, options: { wait: boolean }) => Promise<Locked<T>>;

// The first key of PostgreSQL's two-key advisory locks: ours, apart from any other application's.
const LOCK_SPACE = 0x52434d42;

/**
 * PostgreSQL session advisory locks, each on a connection of its own opened for the run (not one of
 * the pool's: a run that needs the pool, which requests may have taken, cannot starve its own lock).
 * The run's statements go through the pool as usual. A lock is never left behind by a dead process:
 * its connection closes. A lock on a connection that breaks meanwhile is lost with it; the runs it
 * guards are safe to repeat.
 */
export const advisoryLocks =
  (url: string): WithLock =>
  async (name, run, { wait }) => {
    const client = new pg.Client({ connectionString: url });
    // A connection lost while held is noticed at the unlock; it must not crash the process meanwhile.
    client.on('error', () => undefined);
    await client.connect();
    const query = <R extends pg.QueryResultRow>(text: string) => client.query<R>(text, [LOCK_SPACE, name]);
    try {
      if (wait) await query('select pg_advisory_lock($1::int, hashtext($2))');
      else {
        const { rows } = await query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1::int, hashtext($2)) as locked',
        );
        if (!rows[0]?.locked) return { ran: false };
      }
      return { ran: true, value: await run() };
    } finally {
      // Closing the connection frees its locks.
      await client.end().catch(() => undefined);
    }
  };

/** The embedded database is opened by one process only: its locks are this process's. */
export const processLocks = (): WithLock => {
  const held = new Map<string, Promise<void>>();
  return async (name, run, { wait }) => {
    for (let holder = held.get(name); holder; holder = held.get(name)) {
      if (!wait) return { ran: false };
      await holder;
    }
    let release = () => {};
    held.set(
      name,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    try {
      return { ran: true, value: await run() };
    } finally {
      held.delete(name);
      release();
    }
  };
};

/** No lock: the run goes ahead at once (a caller that runs alone, tests). */
export const noLock: WithLock = async (_name, run) => ({ ran: true, value: await run() });
