import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

/** Helpers shared by the benchmarks: latency figures, the bench database and the server under test. */

export const ROOT = path.resolve(import.meta.dirname, '..');

export type Stats = { p50: number; p95: number; p99: number; max: number; count: number };

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

export const stats = (latencies: number[]): Stats => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    count: sorted.length,
  };
};

/** Creates the database of the URL when it does not exist. */
export const ensureDatabase = async (databaseUrl: string) => {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database name "${name}" must be letters, digits and underscores`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database "${name}"`);
      console.info(`database ${name} created`);
    }
  } finally {
    await client.end();
  }
};

/**
 * Starts the server as `npm start` runs it (production mode, no demo data) on the given port and
 * environment, and waits up to 5 minutes for its health check; or another server script that answers
 * the same health check (bench/floor.server.ts).
 */
export const startBenchServer = async (
  port: number,
  env: Record<string, string>,
  script = 'apps/server/src/main.ts',
): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/management/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the server did not start within 5 minutes');
};

/**
 * A signed-in browser-like client of the server at `base` (cookies kept; GETs only after the sign-in);
 * its `cookie()` is the session's Cookie header, for requests made otherwise (a streamed download).
 */
export const signInClient = async (base: string, login: string) => {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/api/account`));
  const signed = await fetch(`${base}/api/authentication`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookie(),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: `username=${login}&password=${login}&remember-me=false`,
  });
  if (signed.status !== 200) throw new Error(`sign-in of ${login}: ${signed.status} ${await signed.text()}`);
  keep(signed);
  const get = async (url: string) => {
    const response = await fetch(`${base}${url}`, { headers: { accept: 'application/json', cookie: cookie() } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.toString().slice(0, 200)}`);
    return body;
  };
  return Object.assign(get, { cookie });
};
