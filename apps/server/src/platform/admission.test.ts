import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAdmission } from './admission.ts';

/** A server whose /api/hold answers when the test lets it, beside routes that answer at once. */
const createServer = async (concurrency: number, maxWaitMs: number) => {
  const app = Fastify();
  registerAdmission(app, { concurrency, maxWaitMs });
  const held: (() => void)[] = [];
  app.get('/api/hold', () => new Promise<string>((resolve) => held.push(() => resolve('held'))));
  app.get('/api/now', async () => 'now');
  app.get('/management/health', async () => 'UP');
  await app.ready();
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setImmediate(r));
  };
  return { app, held, until };
};

describe('admission (requests take turns)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('answers 503 busy to a request that waited its longest, and lets the next one in once a turn ends', async () => {
    const { app, held, until } = await createServer(1, 50);
    close = () => app.close();
    const first = app.inject('/api/hold');
    await until(() => held.length === 1);
    const refused = await app.inject('/api/now');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ status: 503, message: 'error.busy' });
    // Health and the web's files are not held back.
    expect((await app.inject('/management/health')).statusCode).toBe(200);
    held[0]?.();
    expect((await first).body).toBe('held');
    expect((await app.inject('/api/now')).body).toBe('now');
  });

  it('lets waiting requests in first come, first served, within their wait', async () => {
    const { app, held, until } = await createServer(1, 5_000);
    close = () => app.close();
    const first = app.inject('/api/hold');
    await until(() => held.length === 1);
    const order: string[] = [];
    const second = app.inject('/api/hold').then((r) => order.push(`second ${r.statusCode}`));
    const third = app.inject('/api/now').then((r) => order.push(`third ${r.statusCode}`));
    await new Promise((r) => setTimeout(r, 20));
    expect(held).toHaveLength(1);
    held[0]?.();
    await first;
    await until(() => held.length === 2);
    held[1]?.();
    await Promise.all([second, third]);
    expect(order).toEqual(['second 200', 'third 200']);
  });

  it('keeps as many at work as asked', async () => {
    const { app, held, until } = await createServer(2, 50);
    close = () => app.close();
    const both = [app.inject('/api/hold'), app.inject('/api/hold')];
    await until(() => held.length === 2);
    expect((await app.inject('/api/now')).statusCode).toBe(503);
    for (const answer of held) answer();
    await Promise.all(both);
    expect((await app.inject('/api/now')).statusCode).toBe(200);
  });
});
