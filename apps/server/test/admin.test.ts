import { Writable } from 'node:stream';
import type { AuditEvent, ConfigProperty, LoggerLevel, MetricsSummary } from '@ricambi/domain';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { auditEvent } from '../src/db/schema/index.ts';
import { createAgent, createTestApp, problemOf, type TestApp } from './test-app.ts';

const DEALER_ROLES = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;

/** Every monitoring route of spec 1 §2.1 / §7 (all ROLE_ADMIN). */
const ROUTES = [
  { method: 'GET', url: '/api/audits' },
  { method: 'GET', url: '/management/configprops' },
  { method: 'GET', url: '/api/logs' },
  { method: 'PUT', url: '/api/logs', payload: { name: 'ricambi', level: 'DEBUG' } },
  { method: 'GET', url: '/api/metrics' },
  { method: 'GET', url: '/management/prometheus' },
] as const;

describe('monitoring pages (spec 1 §2.3 "Admin pages")', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  let adminLogin: string;

  beforeAll(async () => {
    t = await createTestApp({ smtpUrl: 'smtp://user:secret@host:25' });
    const user = await t.createUser({ authorities: ['ROLE_ADMIN'] });
    admin = await t.signIn(user.login, user.password);
    adminLogin = user.login;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('access', () => {
    it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))('%s: 401 anonymous, 403 dealer', async (_, r) => {
      const anonymous = await t.agent().request(r.method, r.url, { payload: 'payload' in r ? r.payload : undefined });
      expect(anonymous.statusCode).toBe(401);
      const dealer = await t.createUser({ authorities: DEALER_ROLES });
      const response = await (await t.signIn(dealer.login, dealer.password)).request(r.method, r.url, {
        payload: 'payload' in r ? r.payload : undefined,
      });
      expect(response.statusCode).toBe(403);
      expect(problemOf(response).message).toBe('error.http.403');
    });
  });

  describe('GET /api/audits', () => {
    const principal = `audit${process.pid}`;
    beforeAll(async () => {
      // Three days with one event each, and 25 events on one day for the paging.
      await t.db.insert(auditEvent).values([
        { principal, eventType: 'AUTHENTICATION_SUCCESS', eventDate: new Date('2020-01-01T10:00:00Z'), data: {} },
        {
          principal,
          eventType: 'AUTHENTICATION_FAILURE',
          eventDate: new Date('2020-01-02T10:00:00Z'),
          remoteAddress: '10.0.0.7',
          data: { message: 'Bad credentials', remoteAddress: '10.0.0.7' },
        },
        { principal, eventType: 'LOGOUT', eventDate: new Date('2020-01-03T10:00:00Z'), data: {} },
        ...Array.from({ length: 25 }, (_, i) => ({
          principal: `${principal}p${String(i).padStart(2, '0')}`,
          eventType: i % 2 ? 'ACT_AS_START' : 'ACT_AS_END',
          eventDate: new Date(Date.UTC(2021, 2, 1, 8, 0, i)),
          data: { target: 'dealer', actor: 'internal' },
        })),
      ]);
    });

    it("lists the admin's own sign-in, newest first by default", async () => {
      const response = await admin.get('/api/audits');
      expect(response.statusCode).toBe(200);
      const events = response.json<AuditEvent[]>();
      expect(events).toContainEqual(
        expect.objectContaining({
          principal: adminLogin,
          type: 'AUTHENTICATION_SUCCESS',
          data: expect.objectContaining({ remoteAddress: expect.any(String) }),
        }),
      );
      const times = events.map((e) => e.timestamp);
      expect(times).toEqual([...times].sort().reverse());
      expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(29);
    });

    it('filters by fromDate and toDate (yyyy-MM-ddTHH:mm:ss, toDate inclusive)', async () => {
      const response = await admin.get('/api/audits', {
        query: { fromDate: '2020-01-02T00:00:00', toDate: '2020-01-03T10:00:00' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('2');
      const events = response.json<AuditEvent[]>();
      expect(events.map((e) => e.type)).toEqual(['LOGOUT', 'AUTHENTICATION_FAILURE']);
      expect(events[1]).toEqual({
        id: expect.any(Number),
        timestamp: '2020-01-02T10:00:00.000Z',
        principal,
        type: 'AUTHENTICATION_FAILURE',
        data: { message: 'Bad credentials', remoteAddress: '10.0.0.7' },
      });
    });

    it('pages with X-Total-Count and Link, and sorts by principal', async () => {
      const query = { fromDate: '2021-03-01T00:00:00', toDate: '2021-03-01T23:59:59', size: '10', page: '1' };
      const response = await admin.get('/api/audits', { query: { ...query, sort: 'principal,asc' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('25');
      const link = String(response.headers.link);
      for (const rel of ['first', 'prev', 'next', 'last']) expect(link).toContain(`rel="${rel}"`);
      const last = link.split(', ').find((l) => l.endsWith('rel="last"'));
      expect(last).toMatch(/[?&]page=2[&>]/);
      const events = response.json<AuditEvent[]>();
      expect(events.map((e) => e.principal)).toEqual(
        Array.from({ length: 10 }, (_, i) => `${principal}p${String(i + 10).padStart(2, '0')}`),
      );
      expect(events[0]?.data).toEqual({ target: 'dealer', actor: 'internal' });
      const byType = await admin.get('/api/audits', { query: { ...query, page: '0', sort: 'type,desc' } });
      expect(byType.json<AuditEvent[]>()[0]?.type).toBe('ACT_AS_START');
    });

    it('refuses a malformed date or an unknown sort field with field errors', async () => {
      const bad = await admin.get('/api/audits', { query: { fromDate: '01/02/2020' } });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).fieldErrors?.[0]?.field).toBe('fromDate');
      const impossible = await admin.get('/api/audits', { query: { toDate: '2020-02-31T00:00:00' } });
      expect(impossible.statusCode).toBe(400);
      const sort = await admin.get('/api/audits', { query: { sort: 'data,asc' } });
      expect(sort.statusCode).toBe(400);
      expect(problemOf(sort).fieldErrors?.[0]?.field).toBe('sort');
    });
  });

  describe('GET /management/configprops', () => {
    it('shows the effective configuration with the SMTP password masked', async () => {
      const response = await admin.get('/management/configprops');
      expect(response.statusCode).toBe(200);
      const properties = response.json<ConfigProperty[]>();
      // Key names may say "secret" (secretKey); no value may.
      expect(JSON.stringify(properties.map((p) => p.value))).not.toContain('secret');
      const byKey = new Map(properties.map((p) => [p.key, p]));
      expect(byKey.get('smtpUrl')).toEqual({
        key: 'smtpUrl',
        value: 'smtp://user:******@host:25',
        source: 'config',
        masked: true,
      });
      expect(byKey.get('port')).toMatchObject({ value: 8080, masked: false });
      expect(byKey.get('runtime.node')?.value).toBe(process.version);
      expect(byKey.get('runtime.database.kind')?.value).toBe(t.database.kind);
    });

    it('masks the database password, secret query parameters and secret-named settings', async () => {
      const config = {
        ...t.config,
        databaseUrl: 'postgres://ricambi:dbsecret@db:5432/ricambi?sslpassword=secret2&application_name=x',
        credentialsKey: 'key-secret-3',
        secretKey: '5ec7e7'.repeat(10).concat('abcd'),
        externalSystem: { url: 'https://erp.example', apiToken: 'secret-token-4' },
      };
      const built = await buildApp({ config, database: t.database, log: t.log });
      try {
        await built.app.ready();
        const user = await t.createUser({ authorities: ['ROLE_ADMIN'] });
        const agent = createAgent(built.app);
        expect((await agent.login(user.login, user.password)).statusCode).toBe(200);
        const response = await agent.get('/management/configprops');
        expect(response.statusCode).toBe(200);
        const properties = response.json<ConfigProperty[]>();
        expect(JSON.stringify(properties.map((p) => p.value))).not.toContain('secret');
        const byKey = new Map(properties.map((p) => [p.key, p.value]));
        expect(byKey.get('databaseUrl')).toBe(
          'postgres://ricambi:******@db:5432/ricambi?sslpassword=******&application_name=x',
        );
        expect(byKey.get('credentialsKey')).toBe('******');
        expect(byKey.get('secretKey')).toBe('******');
        expect(response.body).not.toContain('5ec7e7');
        expect(byKey.get('externalSystem.apiToken')).toBe('******');
        expect(byKey.get('externalSystem.url')).toBe('https://erp.example');
      } finally {
        await built.app.close();
      }
    });
  });

  describe('GET and PUT /api/logs', () => {
    // The test app logs nowhere (OFF); put it back after each change.
    afterEach(() => {
      t.loggers.setLevel('ricambi', 'OFF');
    });

    it('lists the root logger and the module loggers with their level', async () => {
      const response = await admin.get('/api/logs');
      expect(response.statusCode).toBe(200);
      const names = response.json<LoggerLevel[]>().map((l) => l.name);
      expect(names).toEqual(expect.arrayContaining(['ricambi', 'ricambi.http', 'ricambi.mail']));
    });

    it('changes a level at once: the logger reads it back and the list shows it', async () => {
      const response = await admin.put('/api/logs', { name: 'ricambi.mail', level: 'DEBUG' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'ricambi.mail', level: 'DEBUG' });
      expect(t.loggers.get('ricambi.mail').level).toBe('debug');
      expect(t.loggers.get('ricambi.mail').isLevelEnabled('debug')).toBe(true);
      expect(t.app.log.level).toBe('silent');
      const list = (await admin.get('/api/logs')).json<LoggerLevel[]>();
      expect(list.find((l) => l.name === 'ricambi.mail')?.level).toBe('DEBUG');
      expect(list.find((l) => l.name === 'ricambi.http')?.level).toBe('OFF');

      // A level on the root applies to every logger below it.
      await admin.put('/api/logs', { name: 'ricambi', level: 'WARN' });
      const after = (await admin.get('/api/logs')).json<LoggerLevel[]>();
      expect(new Set(after.map((l) => l.level))).toEqual(new Set(['WARN']));
    });

    it('refuses an unknown logger (404) and a level outside TRACE..ERROR (400)', async () => {
      expect((await admin.put('/api/logs', { name: 'nobody', level: 'INFO' })).statusCode).toBe(404);
      const bad = await admin.put('/api/logs', { name: 'ricambi', level: 'VERBOSE' });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).fieldErrors?.[0]?.field).toBe('level');
    });

    it('makes request logs appear as soon as ricambi.http is set to INFO', async () => {
      const lines: { logger?: string; msg?: string }[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()));
          done();
        },
      });
      const built = await buildApp({ config: t.config, database: t.database, log: pino({ level: 'warn' }, sink) });
      try {
        await built.app.ready();
        await built.app.inject({ method: 'GET', url: '/api/themes' });
        expect(lines.filter((l) => l.msg === 'incoming request')).toHaveLength(0);
        built.loggers.setLevel('ricambi.http', 'INFO');
        await built.app.inject({ method: 'GET', url: '/api/themes' });
        expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([
          expect.objectContaining({ logger: 'ricambi.http' }),
        ]);
      } finally {
        await built.app.close();
      }
    });
  });

  describe('metrics', () => {
    it('exposes HTTP request metrics by route pattern in Prometheus text', async () => {
      await t.agent().get('/api/themes');
      await admin.delete('/api/account/sessions/no-such-series');
      const response = await admin.get('/management/prometheus');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const text = response.body;
      expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/themes",status="200"\} \d+/);
      expect(text).toContain('route="/api/account/sessions/:series"');
      expect(text).not.toContain('no-such-series');
      expect(text).toContain('http_request_duration_seconds_bucket{');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toMatch(/ricambi_outbox_messages\{status="PENDING"\} \d+/);
    });

    it('summarises request rates and latencies by route, event-loop lag, memory, database and outbox', async () => {
      await t.agent().get('/api/themes');
      const response = await admin.get('/api/metrics');
      expect(response.statusCode).toBe(200);
      const summary = response.json<MetricsSummary>();
      const themes = summary.http.routes.find((r) => r.method === 'GET' && r.route === '/api/themes');
      expect(themes?.count).toBeGreaterThanOrEqual(1);
      expect(themes?.ratePerSecond).toBeGreaterThan(0);
      expect(themes?.p95Ms).toEqual(expect.any(Number));
      expect(summary.http.count).toBeGreaterThan(0);
      expect(summary.memory.rssBytes).toBeGreaterThan(0);
      expect(summary.eventLoop.lagMs).toBeGreaterThanOrEqual(0);
      expect(summary.database).toEqual({
        kind: t.database.kind,
        pool: t.database.kind === 'postgres' ? expect.any(Object) : null,
      });
      expect(summary.outbox).toEqual({ pending: expect.any(Number), failed: expect.any(Number) });
    });
  });
});
