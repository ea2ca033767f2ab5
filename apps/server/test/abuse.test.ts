import { performance } from 'node:perf_hooks';
import { ALERT_HEADERS, LOGIN_THROTTLE } from '@ricambi/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent } from '../src/db/schema/index.ts';
import { CSRF_COOKIE } from '../src/platform/csrf.ts';
import { REMEMBER_COOKIE, SESSION_COOKIE } from '../src/platform/sessions.ts';
import { auditEventsOf, sessionsOfUser } from './factories.ts';
import { createTestApp, problemOf, setCookieOf, type TestApp } from './test-app.ts';

// Issue 18 §3 "Abuse": password guessing, account enumeration, session fixation, security headers,
// cookies and field limits.

const ATTEMPTS = 30;

/** The directives of a Content-Security-Policy header, by name. */
const directivesOf = (response: LightMyRequestResponse) =>
  new Map(
    String(response.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]): [string, string[]] => [name, values])
      .filter(([name]) => name),
  );

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('sign-in under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the window passing does: the address's failures are moved out of it. */
  const windowPasses = (remoteAddress: string) =>
    t.db
      .update(auditEvent)
      .set({ eventDate: sql`${auditEvent.eventDate} - make_interval(mins => ${LOGIN_THROTTLE.windowMinutes + 1})` })
      .where(and(eq(auditEvent.remoteAddress, remoteAddress), eq(auditEvent.eventType, 'AUTHENTICATION_FAILURE')));

  it(`${ATTEMPTS} wrong passwords for one account from one address: 401 up to the limit, then 429; the right password works after the window`, async () => {
    const user = await t.createUser();
    const agent = t.agent({ remoteAddress: '10.18.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      const response = await agent.login(user.login, `wrong-${i}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(problemOf(response)).toMatchObject({
          status: 429,
          message: 'error.login.throttled',
          params: { minutes: LOGIN_THROTTLE.windowMinutes },
        });
        expect(response.headers[ALERT_HEADERS.error.toLowerCase()]).toBe('error.login.throttled');
      }
    }
    const limit = LOGIN_THROTTLE.maxFailuresPerAccount;
    expect(statuses).toEqual(Array.from({ length: ATTEMPTS }, (_, i) => (i < limit ? 401 : 429)));
    // Refused attempts are not failures: they do not push the end of the window further.
    expect(await auditEventsOf(t.db, user.login, 'AUTHENTICATION_FAILURE')).toHaveLength(limit);

    const refused = await agent.login(user.login, user.password);
    expect(refused.statusCode).toBe(429);
    expect(agent.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await agent.get('/api/account')).statusCode).toBe(401);

    await windowPasses('10.18.0.1');
    expect((await agent.login(user.login, user.password)).statusCode).toBe(200);
    expect((await agent.get('/api/account')).statusCode).toBe(200);
  });

  it('throttles an address that tries many accounts, and not the same accounts from elsewhere', async () => {
    const user = await t.createUser();
    const address = '10.18.0.2';
    const scanner = t.agent({ remoteAddress: address });
    // One failure per login: never the per-account limit, only the per-address one.
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress; i++) {
      expect((await scanner.login(`guess${i}`, 'password1')).statusCode).toBe(401);
    }
    const throttled = await scanner.login(user.login, user.password);
    expect(throttled.statusCode).toBe(429);
    expect(problemOf(throttled).message).toBe('error.login.throttled');

    expect((await t.agent({ remoteAddress: '10.18.0.3' }).login(user.login, user.password)).statusCode).toBe(200);
    await windowPasses(address);
    expect((await scanner.login(user.login, user.password)).statusCode).toBe(200);
  });

  it('answers an unknown login, an unknown e-mail and a wrong password alike', async () => {
    const user = await t.createUser();
    const answers = [
      await t.agent({ remoteAddress: '10.18.1.1' }).login(user.login, 'wrong-password'),
      await t.agent({ remoteAddress: '10.18.1.2' }).login(user.email, 'wrong-password'),
      await t.agent({ remoteAddress: '10.18.1.3' }).login('nobody18', 'wrong-password'),
      await t.agent({ remoteAddress: '10.18.1.4' }).login('nobody18@test.example', 'wrong-password'),
    ];
    const seen = answers.map((r) => ({
      status: r.statusCode,
      body: r.json(),
      error: r.headers[ALERT_HEADERS.error.toLowerCase()],
      cookies: r.cookies.map((c) => c.name).sort(),
    }));
    expect(seen[0]).toMatchObject({ status: 401, body: { message: 'error.login.failed' } });
    for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
  });

  it('takes as long for an unknown login as for a wrong password (the password is checked either way)', async () => {
    const user = await t.createUser();
    let address = 0;
    const timed = async (login: string) => {
      const agent = t.agent({ remoteAddress: `10.18.2.${++address}` });
      await agent.get('/api/themes');
      const started = performance.now();
      const response = await agent.login(login, 'wrong-password');
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(401);
      return elapsed;
    };
    // The first check of an unknown login also makes the hash it compares with.
    await timed('nobody18timing');
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrong.push(await timed(user.login));
      unknown.push(await timed(`nobody18timing${i}`));
    }
    // Without the check an unknown login answers in a fraction of the time (no argon2 at all).
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it('gives a new session at sign-in: a session cookie sent before is never the one after, and ends', async () => {
    const user = await t.createUser();
    // A value chosen by someone else and planted in the browser is not taken up.
    const planted = 'plantedseries18.plantedsecret18';
    const agent = t.agent({
      remoteAddress: '10.18.3.1',
      cookies: { [SESSION_COOKIE]: planted, [CSRF_COOKIE]: 'csrf-token-18' },
    });
    expect((await agent.login(user.login, user.password)).statusCode).toBe(200);
    const first = agent.cookie(SESSION_COOKIE) ?? '';
    expect(first).not.toBe('');
    expect(first.split('.')[0]).not.toBe(planted.split('.')[0]);
    expect((await t.agent({ cookies: { [SESSION_COOKIE]: planted } }).get('/api/account')).statusCode).toBe(401);

    // Signing in again over a live session: a new one, and a copy of the old cookie opens nothing.
    const copy = t.agent({ cookies: agent.cookies() });
    expect((await copy.get('/api/account')).statusCode).toBe(200);
    expect((await agent.login(user.login, user.password)).statusCode).toBe(200);
    const second = agent.cookie(SESSION_COOKIE) ?? '';
    expect(second.split('.')[0]).not.toBe(first.split('.')[0]);
    expect((await agent.get('/api/account')).statusCode).toBe(200);
    expect((await copy.get('/api/account')).statusCode).toBe(401);
    expect(await sessionsOfUser(t.db, user.id)).toHaveLength(1);
  });

  it('ends the remembered session too when signing in again without remember-me', async () => {
    const user = await t.createUser();
    const agent = t.agent({ remoteAddress: '10.18.3.2' });
    expect((await agent.login(user.login, user.password, true)).statusCode).toBe(200);
    const remembered = agent.cookie(REMEMBER_COOKIE);
    expect(remembered).toBeDefined();
    const again = await agent.login(user.login, user.password, false);
    expect(again.statusCode).toBe(200);
    expect(agent.cookie(REMEMBER_COOKIE)).toBeUndefined();
    const stolen = t.agent({ cookies: { [REMEMBER_COOKIE]: remembered ?? '' } });
    expect((await stolen.get('/api/account')).statusCode).toBe(401);
    expect(await sessionsOfUser(t.db, user.id)).toHaveLength(1);
  });
});

describe.each([
  ['http', false],
  ['https', true],
] as const)('security headers and cookies over %s', (_scheme, secure) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { COOKIE_SECURE: String(secure) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a strict policy on every answer: scripts only from the portal, none inline, framed by nobody', async () => {
    const anonymous = t.agent();
    const answers = [
      await anonymous.get('/api/themes'),
      await anonymous.get('/api/account'),
      await anonymous.get('/api/no-such-route'),
      await anonymous.get('/management/health'),
      await anonymous.post('/api/authentication', undefined, { form: { username: 'x', password: 'y' } }),
    ];
    for (const response of answers) {
      const label = `${response.statusCode} ${response.raw.req.url}`;
      const csp = directivesOf(response);
      expect(csp.get('default-src'), label).toEqual(["'self'"]);
      expect(csp.get('script-src'), label).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), label).toEqual(["'none'"]);
      expect(csp.get('object-src'), label).toEqual(["'none'"]);
      expect(csp.get('base-uri'), label).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], label).toBe('DENY');
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
      expect(response.headers['strict-transport-security'], label).toBe(
        secure ? 'max-age=31536000; includeSubDomains' : undefined,
      );
    }
  });

  it('lets the portal frame only the Swagger UI, whose page loads every script by address', async () => {
    const user = await t.createUser({ authorities: ['ROLE_ADMIN'] });
    const admin = await t.signIn(user.login, user.password);
    const page = await admin.get('/swagger-ui/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = directivesOf(page);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc="[^"]+"/);
      expect(content?.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it(`marks the session and remember-me cookies HttpOnly, SameSite=Lax${secure ? ' and Secure' : ''}; the CSRF token stays readable`, async () => {
    const user = await t.createUser();
    const agent = t.agent();
    const first = await agent.get('/api/themes');
    const csrf = setCookieOf(first, CSRF_COOKIE);
    expect(csrf).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(Boolean(csrf?.secure)).toBe(secure);

    const signIn = await agent.login(user.login, user.password, true);
    expect(signIn.statusCode).toBe(200);
    for (const name of [SESSION_COOKIE, REMEMBER_COOKIE]) {
      const cookie = setCookieOf(signIn, name);
      expect(cookie, name).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(Boolean(cookie?.secure), name).toBe(secure);
    }
  });
});

type Schema = {
  type?: string | string[];
  maxLength?: number;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type ApiDocs = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Formats whose value is parsed into something else (a date, an id), never kept as sent. */
const PARSED_FORMATS = new Set(['date', 'date-time', 'time', 'uuid']);

/**
 * Whether a pattern limits the length by itself: anchored at both ends, no alternative outside a
 * group, and no open-ended repetition (`+`, `*`, `{n,}`) — `^\d{4}-\d{2}-\d{2}$` is, `^\w+$` is not.
 */
const isBoundedPattern = (pattern: string | undefined) => {
  if (!pattern?.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  const plain = pattern.replace(/\\./g, 'x').replace(/\[[^\]]*\]/g, 'x');
  if (/[+*]|\{\d+,\}/.test(plain)) return false;
  let depth = 0;
  for (const c of plain) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
  }
  return true;
};

/** The paths of the strings of a request schema that have no longest length. */
const unboundedStrings = (docs: ApiDocs, schema: Schema | undefined, path: string, seen = new Set<string>()) => {
  if (!schema) return [];
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    const name = schema.$ref.split('/').pop() ?? '';
    return unboundedStrings(docs, docs.components?.schemas?.[name], path, new Set([...seen, schema.$ref]));
  }
  if (schema.enum || schema.const !== undefined) return [];
  const found: string[] = [];
  const types = [schema.type ?? []].flat();
  const bounded =
    schema.maxLength !== undefined || PARSED_FORMATS.has(schema.format ?? '') || isBoundedPattern(schema.pattern);
  if (types.includes('string') && !bounded) {
    found.push(path);
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    found.push(...unboundedStrings(docs, child, `${path}.${key}`, seen));
  }
  if (typeof schema.additionalProperties === 'object') {
    found.push(...unboundedStrings(docs, schema.additionalProperties, `${path}.*`, seen));
  }
  for (const item of [schema.items ?? [], schema.prefixItems ?? []].flat()) {
    found.push(...unboundedStrings(docs, item, `${path}[]`, seen));
  }
  for (const alternative of [schema.anyOf, schema.oneOf, schema.allOf].flat()) {
    if (alternative) found.push(...unboundedStrings(docs, alternative, path, seen));
  }
  return found;
};

describe('field limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every string a route takes (path, query, body) a longest length', async () => {
    const user = await t.createUser({ authorities: ['ROLE_ADMIN'] });
    const admin = await t.signIn(user.login, user.password);
    const docs = (await admin.get('/v3/api-docs')).json<ApiDocs>();
    const unbounded: string[] = [];
    let strings = 0;
    for (const [url, operations] of Object.entries(docs.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${url}`;
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'path' && parameter.in !== 'query') continue;
          if ([parameter.schema?.type ?? []].flat().includes('string')) strings++;
          unbounded.push(...unboundedStrings(docs, parameter.schema, `${where} ${parameter.in} ${parameter.name}`));
        }
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
          strings++;
          unbounded.push(...unboundedStrings(docs, content.schema, `${where} body(${type})`));
        }
      }
    }
    expect(strings).toBeGreaterThan(100);
    expect(unbounded).toEqual([]);
  });
});
