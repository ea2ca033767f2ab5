import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { earliestRequestDate } from '@ricambi/domain';
import { inArray, sql } from 'drizzle-orm';
import { type DbOrTx, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { appUser, carrello, ordine } from '../apps/server/src/db/schema/index.ts';
import { addAuthorities, insertUser } from '../apps/server/src/modules/account/account.repository.ts';
import { hashPassword } from '../apps/server/src/platform/crypto.ts';
import { erpOutboxDir } from '../apps/server/src/platform/erp.ts';
import { loadDemoData } from '../apps/server/src/seed/demo.seed.ts';
import { loadDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.seed.ts';
import { loadReferenceData } from '../apps/server/src/seed/reference.seed.ts';
import { ensureDatabase, ROOT, startBenchServer, stats } from './bench.support.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/ricambi_bench_checkout' },
    dealers: { type: 'string', default: '200' },
    port: { type: 'string', default: '18991' },
  },
});
const DATABASE_URL = args['database-url'] as string;
const DEALERS = Number(args.dealers);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), 'ricambi-bench-checkout');
const PASSWORD = 'bench-dealer-pw';
const LINES_PER_ORDER = 3;
const BASELINE_LOGIN = 'benchdealer0000';
const BASELINE_ORDERS = 20;
if (!Number.isInteger(DEALERS) || DEALERS < 1 || DEALERS > 5000) {
  console.error('--dealers must be an integer between 1 and 5000');
  process.exit(2);
}

type Call = 'signin' | 'add' | 'send' | 'retry';

const dealerLogin = (i: number) => `benchdealer${String(i).padStart(4, '0')}`;

/** N dealer accounts (one password hash for all: hashing is not what is measured), their carts and orders emptied. */
const prepareDealers = async (db: DbOrTx) => {
  const logins = Array.from({ length: DEALERS }, (_, i) => dealerLogin(i + 1));
  const all = [BASELINE_LOGIN, ...logins];
  const existing = new Set(
    (await db.select({ login: appUser.login }).from(appUser).where(inArray(appUser.login, all))).map((u) => u.login),
  );
  const passwordHash = await hashPassword(PASSWORD);
  for (const login of all.filter((l) => !existing.has(l))) {
    const user = await insertUser(db, {
      login,
      passwordHash,
      firstName: 'Bench',
      lastName: login,
      company: `Dealer ${login}`,
      email: `${login}@bench.example`,
      activated: true,
      langKey: 'it',
      tema: 'eurocomach',
      temaPdf: 'eurocomach',
      logica: 'dealer',
      sconto: '30',
      createdBy: 'bench',
    });
    await addAuthorities(db, user.id, ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER']);
  }
  const ids = (await db.select({ id: appUser.id }).from(appUser).where(inArray(appUser.login, logins))).map(
    (u) => u.id,
  );
  await db.delete(ordine).where(inArray(ordine.userId, ids));
  await db.delete(carrello).where(inArray(carrello.userId, ids));
  // The bench database is the bench's own: earlier runs' messages would blur the drain time.
  await db.execute(sql`delete from outbox_message`);
  return { logins, ids };
};

/** Orderable spare parts that need a requested date (kind T): three distinct ones per dealer. */
const pickArticles = async (db: DbOrTx) =>
  (
    await queryRows<{ id: number | string }>(
      db,
      sql`select id from articolo where ordinabile and visibile and tipo_articolo = 'R' and tipo_articolo_orig = 'T'
          order by md5(id::text) limit ${DEALERS * LINES_PER_ORDER}`,
    )
  ).map((r) => Number(r.id));

/** A browser-like client: keeps its cookies and echoes the XSRF token on state-changing calls. */
const client = () => {
  const jar = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${BASE}${url}`, {
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
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown>, text };
  };
  return { call };
};

type Outcome = { latencies: Record<Call, number[]>; errors: string[]; numbers: string[]; sameOnRetry: number };
type Browser = ReturnType<typeof client>;

const newOutcome = (): Outcome => ({
  latencies: { signin: [], add: [], send: [], retry: [] },
  errors: [],
  numbers: [],
  sameOnRetry: 0,
});

const timed = async <T>(outcome: Outcome, kind: Call, run: () => Promise<T>) => {
  const t0 = performance.now();
  const result = await run();
  outcome.latencies[kind].push(performance.now() - t0);
  return result;
};

const signIn = async (login: string, outcome: Outcome): Promise<Browser | undefined> => {
  const browser = client();
  await browser.call('GET', '/api/account');
  const response = await timed(outcome, 'signin', () =>
    browser.call('POST', '/api/authentication', `username=${login}&password=${PASSWORD}&remember-me=false`),
  );
  if (response.status === 200) return browser;
  outcome.errors.push(`${login} sign-in: ${response.status} ${response.text.slice(0, 200)}`);
  return undefined;
};

/** Add the lines, send the order with a new key, send it again with the same key. */
const order = async (login: string, browser: Browser, articles: number[], outcome: Outcome) => {
  const fail = (what: string, r: { status: number; text: string }) => {
    outcome.errors.push(`${login} ${what}: ${r.status} ${r.text.slice(0, 200)}`);
  };
  let cart: Record<string, unknown> = {};
  for (const idArticolo of articles) {
    const added = await timed(outcome, 'add', () =>
      browser.call('POST', '/api/cartitem', { idArticolo, quantita: 1, dataRichiesta: earliestRequestDate() }),
    );
    if (added.status !== 201) return fail('add', added);
    cart = added.json();
  }
  const righe = cart.righe as { id: number }[];
  const body = {
    privacy: true,
    linee: righe.map((l) => l.id),
    totaleVisto: cart.totale,
    rifOrdine: `BENCH-${login}`,
    cartAddress: {
      RAGSOC: 'Bench Srl',
      INDIRIZZO: 'Via Roma 1',
      CAP: '20100',
      CITTA: 'Milano',
      PROV: 'MI',
      STATO: 'ITA',
    },
  };
  const key = randomUUID();
  const headers = { 'idempotency-key': key };
  const sent = await timed(outcome, 'send', () => browser.call('POST', '/api/cart/send', body, headers));
  if (sent.status !== 200) return fail('send', sent);
  const retried = await timed(outcome, 'retry', () => browser.call('POST', '/api/cart/send', body, headers));
  if (retried.status !== 200) return fail('retry', retried);
  const numero = sent.json().numeroOrdine as string;
  outcome.numbers.push(numero);
  if (retried.json().numeroOrdine === numero) outcome.sameOnRetry++;
  else outcome.errors.push(`${login} retry answered ${String(retried.json().numeroOrdine)} instead of ${numero}`);
};

const table = (outcome: Outcome) => [
  '| call | count | p50 | p95 | p99 | max |',
  '|---|---|---|---|---|---|',
  ...(Object.keys(outcome.latencies) as Call[])
    .filter((call) => outcome.latencies[call].length > 0)
    .map((call) => {
      const s = stats(outcome.latencies[call]);
      return `| ${call} | ${s.count} | ${s.p50.toFixed(1)} ms | ${s.p95.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${s.max.toFixed(1)} ms |`;
    }),
];

const writeReport = async (section: string) => {
  const file = path.join(ROOT, 'bench', 'results', 'checkout.md');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `# Checkout benchmark\n\nWritten by \`npm run bench:checkout\`.\n\n${section.trimEnd()}\n`);
};

// ---- set-up
await ensureDatabase(DATABASE_URL);
await fs.rm(DATA_DIR, { recursive: true, force: true });
let database = await openDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 4 });
await database.migrate();
await loadReferenceData(database.db);
await loadDemoData(database.db);
const catalogue = await loadDemoCatalogue(database.db, DATA_DIR);
if (catalogue.created) console.info(`demo catalogue loaded: ${catalogue.articles} articles`);
const { logins, ids } = await prepareDealers(database.db);
const articles = await pickArticles(database.db);
if (articles.length < DEALERS * LINES_PER_ORDER) throw new Error(`only ${articles.length} orderable articles`);
await database.close();
console.info(`${DEALERS} dealers ready; starting the server on :${PORT}`);

const server = await startBenchServer(PORT, { DATA_DIR, DATABASE_URL, SMTP_URL: '', ERP_EXPORT_URL: '' });
const loadBefore = os.loadavg()[0] ?? 0;
try {
  // ---- one dealer alone: the cost of each call without load
  const baseline = newOutcome();
  const alone = await signIn(BASELINE_LOGIN, baseline);
  if (!alone) throw new Error(baseline.errors.join('\n'));
  for (let i = 0; i < BASELINE_ORDERS; i++)
    await order(BASELINE_LOGIN, alone, articles.slice(0, LINES_PER_ORDER), baseline);
  if (baseline.errors.length > 0) throw new Error(baseline.errors.join('\n'));

  // ---- every dealer signs in at once, then every dealer fills the cart and sends at once
  const outcome = newOutcome();
  const started = performance.now();
  const browsers = await Promise.all(logins.map((login) => signIn(login, outcome)));
  const signInSeconds = (performance.now() - started) / 1000;
  const ordersStarted = performance.now();
  await Promise.all(
    logins.map(async (login, i) => {
      const browser = browsers[i];
      if (!browser) return;
      await order(login, browser, articles.slice(i * LINES_PER_ORDER, (i + 1) * LINES_PER_ORDER), outcome).catch(
        (error) => {
          outcome.errors.push(`${login}: ${(error as Error).message}`);
        },
      );
    }),
  );
  const seconds = (performance.now() - ordersStarted) / 1000;
  console.info(
    `sign-in ${signInSeconds.toFixed(1)} s, orders ${seconds.toFixed(1)} s, ${outcome.errors.length} errors`,
  );

  // ---- checks: one order per dealer, each with its lines; the hand-over of every order
  database = await openDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 2 });
  const [counted] = await queryRows<{ orders: string; numbers: string; lines: string }>(
    database.db,
    sql`select count(*) as orders, count(distinct o.numero_ordine) as numbers,
               (select count(*) from ordine_riga r join ordine o2 on o2.id = r.ordine_id where o2.user_id in ${ids}) as lines
          from ordine o where o.user_id in ${ids}`,
  );
  const orders = Number(counted?.orders);
  const distinctNumbers = Number(counted?.numbers);
  const lines = Number(counted?.lines);
  const drainStarted = performance.now();
  let pending = Number.NaN;
  for (let i = 0; i < 600; i++) {
    const [row] = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from outbox_message where status = 'PENDING'`,
    );
    pending = Number(row?.n);
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  const erpFiles = (await fs.readdir(erpOutboxDir(DATA_DIR)).catch(() => [])).filter((f) => f.endsWith('.json')).length;
  await database.close();

  const duplicates = orders - distinctNumbers + (outcome.numbers.length - new Set(outcome.numbers).size);
  const ok =
    outcome.errors.length === 0 &&
    orders === DEALERS &&
    duplicates === 0 &&
    lines === DEALERS * LINES_PER_ORDER &&
    outcome.sameOnRetry === DEALERS;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const section = [
    '## PostgreSQL server',
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};`,
    'one server process (pool of 10 connections, outbox worker running), plain `fetch` clients on the same machine;',
    `load average ${loadBefore.toFixed(1)} before and ${(os.loadavg()[0] ?? 0).toFixed(1)} after the run (other processes share the CPUs).`,
    '',
    `### ${DEALERS} dealers at once`,
    '',
    `All ${DEALERS} sign in at the same moment (${signInSeconds.toFixed(1)} s); then all of them at the same moment add`,
    `${LINES_PER_ORDER} lines (\`POST /api/cartitem\`), send the order (\`POST /api/cart/send\` with an Idempotency-Key) and`,
    `send it again with the same key, as a browser retrying after a timeout (${seconds.toFixed(1)} s for all the orders).`,
    '',
    ...table(outcome),
    '',
    `- errors: ${outcome.errors.length}`,
    `- orders stored: ${orders} for ${DEALERS} dealers; distinct order numbers: ${distinctNumbers}; duplicates: ${duplicates}`,
    `- order lines stored: ${lines} (expected ${DEALERS * LINES_PER_ORDER})`,
    `- retries answered with the first order number: ${outcome.sameOnRetry} of ${DEALERS}`,
    `- outbox: ${pending} messages pending at the end; the worker had delivered every mail and ERP document`,
    `  ${drainSeconds.toFixed(1)} s after the last send (${erpFiles} ERP files, ${BASELINE_ORDERS} of them from the lone dealer below)`,
    `- result: ${ok ? 'PASS' : 'FAIL'}`,
    '',
    '### One dealer alone',
    '',
    `${BASELINE_ORDERS} orders one after the other by one signed-in dealer (${LINES_PER_ORDER} lines each, same calls): the cost of each call without load.`,
    '',
    ...table(baseline),
    '',
  ].join('\n');
  console.info(`\n${section}`);
  for (const error of outcome.errors.slice(0, 20)) console.error(error);
  await writeReport(section);
  if (!ok) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
