import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, namedStatement, openDatabase } from './client.ts';

describe('PGlite under a queue of statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => database.close());

  it('lets the event loop turn between statements, so timers fire and requests are read meanwhile', async () => {
    let done = 0;
    let doneWhenTimerFired = -1;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        doneWhenTimerFired = done;
        resolve();
      }, 0),
    );
    const statements = Array.from({ length: 100 }, () =>
      database.db.execute(sql`select count(*) from generate_series(1, 20000)`).then(() => done++),
    );
    const transactions = Array.from({ length: 20 }, () =>
      database.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(() => done++),
    );
    await Promise.all([timer, ...statements, ...transactions]);
    expect(done).toBe(120);
    // Without the turns the whole queue ran before the timer (120 done).
    expect(doneWhenTimerFired).toBeLessThan(10);
  });
});

// On PostgreSQL too where the test tier's server is given.
const servers = process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [];

describe.each(['pglite', ...servers])('a named statement (%s)', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase(target === 'pglite' ? { kind: 'pglite' } : { kind: 'postgres', url: target });
  });
  afterAll(async () => database.close());

  const echo = namedStatement<{ v: string; n: number; here: string | null }>(
    'client_test_echo',
    sql`select ${sql.placeholder('v')}::text as v, cardinality(${sql.placeholder('a')}::int[]) as n,
               nullif(current_setting('ricambi.test_mark', true), '') as here`,
  );

  it('runs with its values, again and again, on the connection of the transaction that runs it', async () => {
    const inside = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('ricambi.test_mark', 'in the transaction', true)`);
      const first = await echo(tx, { v: 'a', a: [1, 2, 3] });
      const second = await echo(tx, { v: 'b', a: [] });
      return [...first, ...second];
    });
    expect(inside).toEqual([
      { v: 'a', n: 3, here: 'in the transaction' },
      { v: 'b', n: 0, here: 'in the transaction' },
    ]);
    expect(await echo(database.db, { v: 'c', a: [7] })).toEqual([{ v: 'c', n: 1, here: null }]);
  });
});
