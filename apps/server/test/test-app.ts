import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Problem } from '@ricambi/domain';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/platform/csrf.ts';
import { processOutboxOnce } from '../src/platform/jobs.ts';
import type { MailSender } from '../src/platform/mail.ts';
import { loadDemoData } from '../src/seed/demo.seed.ts';
import { createUser, type UserInput } from './factories.ts';
import { openTestDatabase } from './test-database.ts';

export type Injector = { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> };

export type AgentOptions = {
  /** The client address the server sees (sign-in throttling counts per address). */
  remoteAddress?: string;
  userAgent?: string;
  /** Cookies to start with, e.g. only a remember-me cookie. */
  cookies?: Record<string, string>;
};

export type SendOptions = {
  payload?: InjectOptions['payload'];
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** A list value repeats the parameter (`sort=a&sort=b`). */
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** false: no X-XSRF-TOKEN header; a string: send that value instead of the cookie's. */
  csrf?: boolean | string;
};

const SAFE_METHODS = new Set<string>(['GET', 'HEAD', 'OPTIONS']);
/** A cheap public GET, used to obtain the XSRF-TOKEN cookie as a browser would. */
const CSRF_BOOTSTRAP_URL = '/api/themes';

export type Agent = ReturnType<typeof createAgent>;

/**
 * A client over `app.inject` that behaves like a browser: it keeps cookies across calls, and on
 * non-GET calls echoes the XSRF-TOKEN cookie (fetched with a GET first if missing) as X-XSRF-TOKEN.
 */
export const createAgent = (app: Injector, options: AgentOptions = {}) => {
  const jar = new Map<string, string>(Object.entries(options.cookies ?? {}));

  const store = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
  };

  const request = async (method: HTTPMethods, url: string, send: SendOptions = {}): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = {
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      ...send.headers,
    };
    if (!SAFE_METHODS.has(method) && send.csrf !== false) {
      if (typeof send.csrf === 'string') {
        headers[CSRF_HEADER] = send.csrf;
      } else {
        if (!jar.has(CSRF_COOKIE)) await request('GET', CSRF_BOOTSTRAP_URL);
        const token = jar.get(CSRF_COOKIE);
        if (token) headers[CSRF_HEADER] = token;
      }
    }
    let payload = send.payload;
    if (send.form) {
      payload = new URLSearchParams(send.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await app.inject({
      method,
      url,
      query: send.query,
      headers,
      payload,
      cookies: Object.fromEntries(jar),
      remoteAddress: options.remoteAddress,
    });
    store(response);
    return response;
  };

  return {
    request,
    get: (url: string, send?: SendOptions) => request('GET', url, send),
    post: (url: string, payload?: InjectOptions['payload'], send?: SendOptions) =>
      request('POST', url, { ...send, payload }),
    put: (url: string, payload?: InjectOptions['payload'], send?: SendOptions) =>
      request('PUT', url, { ...send, payload }),
    delete: (url: string, send?: SendOptions) => request('DELETE', url, send),
    /** POST /api/authentication as the login form does (form-encoded username, password, remember-me). */
    login: (username: string, password: string, rememberMe?: boolean) =>
      request('POST', '/api/authentication', {
        form: {
          username,
          password,
          ...(rememberMe === undefined ? {} : { 'remember-me': String(rememberMe) }),
        },
      }),
    logout: () => request('POST', '/api/logout'),
    cookie: (name: string) => jar.get(name),
    setCookie: (name: string, value: string) => {
      jar.set(name, value);
    },
    deleteCookie: (name: string) => {
      jar.delete(name);
    },
    cookies: () => Object.fromEntries(jar),
  };
};

/** The RFC 9457 body of an error answer. */
export const problemOf = (response: LightMyRequestResponse) => response.json<Problem>();

/** The Set-Cookie entry for a cookie name in one response, if the response set it. */
export const setCookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

export type TestAppOptions = {
  /** Load the demo accounts of src/seed/demo.seed.ts (password = login). */
  demoData?: boolean;
  /** SMTP_URL of the app's mail sender; without it mail goes to .eml files under DATA_DIR. */
  smtpUrl?: string;
  mail?: MailSender;
  /** Further environment variables of the app's configuration (e.g. ERP_LOGIN_URL). */
  env?: Record<string, string>;
};

/**
 * One application per test file: its own database (from the migrated dump or template), its own
 * DATA_DIR, the real Fastify app from buildApp, and helpers to drive it.
 */
export const createTestApp = async (options: TestAppOptions = {}) => {
  const database = await openTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-data-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      BASE_URL: 'http://localhost:8080',
      SMTP_URL: options.smtpUrl,
      ...options.env,
    });
    const log = pino({ level: process.env.TEST_LOG ?? 'silent' });
    if (options.demoData) await loadDemoData(database.db);
    const built = await buildApp({ config, database, log, mail: options.mail });
    await built.app.ready();
    const db = database.db;

    const agent = (agentOptions?: AgentOptions) => createAgent(built.app, agentOptions);
    return {
      ...built,
      database,
      db,
      config,
      log,
      agent,
      /** A signed-in agent; fails loudly when the sign-in does not answer 200. */
      signIn: async (login: string, password = login, agentOptions?: AgentOptions & { rememberMe?: boolean }) => {
        const client = agent(agentOptions);
        const response = await client.login(login, password, agentOptions?.rememberMe);
        if (response.statusCode !== 200) {
          throw new Error(`sign-in of ${login} answered ${response.statusCode}: ${response.body}`);
        }
        return client;
      },
      createUser: (input?: UserInput) => createUser(db, input),
      /** One pass of the outbox worker with the app's mail sender (SMTP when smtpUrl was given). */
      deliverMail: () => processOutboxOnce(db, { mail: built.mail.send }, log),
      close: async () => {
        await built.app.close();
        await database.dispose();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Reads a CSV download (platform/csv.ts): BOM, `;`, CRLF; the header row first. */
export const parseCsv = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
