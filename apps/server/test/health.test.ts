import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

type Health = {
  status: 'UP' | 'DOWN';
  components: Record<'db' | 'mail' | 'disk', { status: 'UP' | 'DOWN'; details?: Record<string, string | number> }>;
};

// Spec 1 §2.1 / §7: the health page reads GET health; DESIGN.md: readiness for the load balancer.
describe('GET /management/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 DOWN while the server is not ready, even with healthy components', async () => {
    t.readiness.ready = false;
    const response = await t.agent().get('/management/health');
    expect(response.statusCode).toBe(503);
    const health = response.json<Health>();
    expect(health.status).toBe('DOWN');
    expect(health.components.db.status).toBe('UP');
  });

  it('answers 200 UP with db, mail and disk components once ready, without signing in', async () => {
    t.readiness.ready = true;
    const response = await t.agent().get('/management/health');
    expect(response.statusCode).toBe(200);
    const health = response.json<Health>();
    expect(health).toMatchObject({
      status: 'UP',
      components: {
        db: { status: 'UP', details: { kind: t.database.kind } },
        mail: { status: 'UP', details: { transport: 'files' } },
        disk: { status: 'UP' },
      },
    });
    expect(Object.keys(health.components).sort()).toEqual(['db', 'disk', 'mail']);
  });

  it('goes back to 503 when readiness is withdrawn (shutdown)', async () => {
    t.readiness.ready = false;
    expect((await t.agent().get('/management/health')).statusCode).toBe(503);
  });
});

// Issue 18 §1: the balancer's check. The SMTP server being down must not take every process out.
describe('GET /management/health/readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, so the mail check fails.
    t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 UP with the database alone while health is DOWN for mail', async () => {
    t.readiness.ready = true;
    const health = await t.agent().get('/management/health');
    expect(health.statusCode).toBe(503);
    expect(health.json<Health>().components.mail.status).toBe('DOWN');
    const readiness = await t.agent().get('/management/health/readiness');
    expect(readiness.statusCode).toBe(200);
    expect(readiness.json()).toEqual({
      status: 'UP',
      components: { db: { status: 'UP', details: { kind: t.database.kind } } },
    });
  });

  it('answers 503 while the process is not ready', async () => {
    t.readiness.ready = false;
    const readiness = await t.agent().get('/management/health/readiness');
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toMatchObject({ status: 'DOWN', components: { db: { status: 'UP' } } });
  });
});
