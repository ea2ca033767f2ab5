import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.ts';

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
