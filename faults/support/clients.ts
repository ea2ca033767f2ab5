import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../apps/server/src/db/client.ts';
import { appUser } from '../../apps/server/src/db/schema/index.ts';
import { addAuthorities, insertUser } from '../../apps/server/src/modules/account/account.repository.ts';
import { hashPassword } from '../../apps/server/src/platform/crypto.ts';

export const DEALER_PASSWORD = 'faults-dealer-pw';

/** Dealer accounts `<prefix>0001…` with carts and ordering rights (one password hash for all). */
export const createDealers = async (db: DbOrTx, prefix: string, count: number) => {
  const logins = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}`);
  const existing = new Set(
    (await db.select({ login: appUser.login }).from(appUser).where(inArray(appUser.login, logins))).map((u) => u.login),
  );
  const passwordHash = await hashPassword(DEALER_PASSWORD);
  for (const login of logins.filter((l) => !existing.has(l))) {
    const user = await insertUser(db, {
      login,
      passwordHash,
      firstName: 'Fault',
      lastName: login,
      company: `Dealer ${login}`,
      email: `${login}@faults.example`,
      activated: true,
      langKey: 'it',
      tema: 'eurocomach',
      temaPdf: 'eurocomach',
      logica: 'dealer',
      sconto: '30',
      createdBy: 'faults',
    });
    await addAuthorities(db, user.id, ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER']);
  }
  return logins;
};

export type Answer = { status: number; text: string; json: () => Record<string, unknown> };

/** A network failure or a timeout: the request may or may not have been carried out. */
export class NoAnswer extends Error {}

/**
 * A browser-like client of one base URL: keeps its cookies, echoes the XSRF token on changes, and
 * gives up on a request after `timeoutMs` (a request that hangs past it is a failure of the test).
 */
export const browserClient = (base: string, timeoutMs = 30_000) => {
  const jar = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    let response: Response;
    try {
      response = await fetch(`${base}${url}`, {
        method,
        headers: {
          accept: 'application/json',
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(method !== 'GET' ? { 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' } : {}),
          ...(typeof body === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new NoAnswer(`${method} ${url}: ${(error as Error).message}`);
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new NoAnswer(`${method} ${url}: body lost: ${(error as Error).message}`);
    }
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> } satisfies Answer;
  };
  const signIn = async (login: string, password = DEALER_PASSWORD) => {
    await call('GET', '/api/account');
    const answer = await call(
      'POST',
      '/api/authentication',
      `username=${encodeURIComponent(login)}&password=${encodeURIComponent(password)}&remember-me=false`,
    );
    // A 5xx is for the caller to repeat (withRetries); anything else but 200 is a failure.
    if (answer.status !== 200 && answer.status < 500) {
      throw new Error(`sign-in of ${login}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    return answer;
  };
  return { call, signIn };
};

export type BrowserClient = ReturnType<typeof browserClient>;

/**
 * Repeats `attempt` while it gets no answer or a 5xx (a server killed or restarting, the balancer
 * with no server up), as a client with an idempotency key does; at most `tries` times.
 */
export const withRetries = async (attempt: () => Promise<Answer>, counters: { retries: number }, tries = 30) => {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      const answer = await attempt();
      if (answer.status < 500) return answer;
      last = new Error(`${answer.status} ${answer.text.slice(0, 200)}`);
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      last = error;
    }
    counters.retries++;
    await new Promise((resolve) => setTimeout(resolve, 200 + 100 * i));
  }
  throw last;
};
