import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPrepared, keepStatements } from './pglite.statements.ts';

describe('PGlite statements in one exchange', () => {
  let client: PGlite;
  let statements: ReturnType<typeof keepStatements>;
  const prepared = async () =>
    (
      await client.query<{ statement: string; generic: number }>(
        'select statement, generic_plans::int as generic from pg_prepared_statements order by prepare_time',
      )
    ).rows;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`create table part (id int primary key, code text not null unique, price numeric, at timestamptz,
      tags text[], data jsonb);
      insert into part values (1, 'A-1', 12.50, '2026-01-02T03:04:05Z', '{x,y}', '{"k": 1}'), (2, 'B-2', null, null, null, null);`);
    statements = keepStatements(client);
  });
  afterAll(async () => {
    if (!client.closed) await client.close();
  });

  it('answers as PGlite does: rows, fields, parsers, serializers, row modes and counts, named or not', async () => {
    const unnamed = 'select id, code, price, at, tags, data from part where id = any($1) and code <> $2 order by id';
    const named = `${unnamed} limit 10`;
    keepPrepared(named);
    const params = [[1, 2], 'none'];
    for (const text of [unnamed, named]) {
      for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1700: (v: string) => `n${v}` } }]) {
        const usual = await client.query(text, params, options);
        expect(await statements.query(text, params, options)).toEqual(usual);
        // The second run goes through what the first one learnt.
        expect(await statements.query(text, params, options)).toEqual(usual);
      }
    }
    const update = await statements.query('update part set price = $1 where id = $2', [13, 1]);
    expect(update.affectedRows).toBe(1);
    const inserted = await statements.query('insert into part (id, code, data) values ($1, $2, $3) returning data', [
      3,
      'C-3',
      { deep: [1, 'two'] },
    ]);
    expect(inserted.rows).toEqual([{ data: { deep: [1, 'two'] } }]);
  });

  it('keeps a named text prepared once, where PostgreSQL may keep its plan; other texts leave nothing prepared', async () => {
    const before = (await prepared()).length;
    const named = 'select code from part where id = $1';
    keepPrepared(named);
    for (let i = 0; i < 8; i++) await statements.query(named, [1]);
    for (let i = 0; i < 300; i++) await statements.query(`select ${i} as n, code from part where id = $1`, [1]);
    const after = await prepared();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toEqual({ statement: named, generic: 3 });
  });

  it("fails a statement with the database's error and leaves the next ones working, in and out of a transaction", async () => {
    await expect(statements.query('select nope from part')).rejects.toMatchObject({ code: '42703' });
    await expect(statements.query('insert into part (id, code) values ($1, $2)', [1, 'A-1'])).rejects.toMatchObject({
      code: '23505',
      query: 'insert into part (id, code) values ($1, $2)',
    });
    expect((await statements.query('select count(*)::int as n from part')).rows).toEqual([{ n: 3 }]);
    await expect(
      client.transaction(async (raw) => {
        const tx = statements.inTransaction(raw);
        await tx.query('update part set code = $1 where id = $2', ['Z-9', 2]);
        await tx.query('select 1 / $1::int', [0]);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    // The transaction rolled back whole.
    expect((await statements.query('select code from part where id = $1', [2])).rows).toEqual([{ code: 'B-2' }]);
  });

  it('prepares a named statement again when the schema under it changed its result', async () => {
    const text = 'select * from part where id = $1';
    keepPrepared(text);
    expect(Object.keys((await statements.query<object>(text, [1])).rows[0] ?? {})).not.toContain('note');
    await client.exec('alter table part add column note text');
    const after = await statements.query<{ note: string | null }>(text, [1]);
    expect(after.rows[0]).toHaveProperty('note', null);
    expect((await prepared()).filter((p) => p.statement === text)).toHaveLength(1);
  });

  // Last: it closes the database.
  it('says a closed database is closed, as PGlite does', async () => {
    await client.close();
    await expect(statements.query('select 1')).rejects.toThrow('PGlite is closed');
  });
});
