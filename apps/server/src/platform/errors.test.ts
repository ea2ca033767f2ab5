import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandling } from './errors.ts';

// Issue 18 §2: while PostgreSQL is away a request is answered 503 with Retry-After, not 500.
describe('a database that does not answer', () => {
  // Port 9 (discard) on loopback: nothing listens, the connection is refused.
  const unreachable = () => new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none', max: 1 });

  it('is told apart from other errors', async () => {
    const pool = unreachable();
    const refused = await pool.query('select 1').catch((error: unknown) => error);
    await pool.end();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('is answered 503 error.http.503 with Retry-After', async () => {
    const pool = unreachable();
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/probe', async () => (await pool.query('select 1')).rows);
    const response = await app.inject({ method: 'GET', url: '/probe' });
    await app.close();
    await pool.end();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ status: 503, message: 'error.http.503' });
  });
});
