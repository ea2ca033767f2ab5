import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { articoloCategoria, categoria } from '../apps/server/src/db/schema/index.ts';
import { loadArticoli, loadHits } from '../apps/server/src/modules/articolo/articolo.hits.ts';
import { loadPriceProfile } from '../apps/server/src/modules/articolo/price-profile.ts';
import { fullSearch } from '../apps/server/src/modules/search/search.repository.ts';
import { ROOT, startBenchServer } from './bench.support.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    'raw-iterations': { type: 'string', default: '600' },
    port: { type: 'string', default: '18990' },
  },
});
if (!args['database-url'] && !args['data-dir']) {
  console.error('Give --database-url postgres://… or --data-dir <PGlite directory> (built by npm run bench:data).');
  process.exit(2);
}
const kind = args['database-url'] ? 'postgres' : 'pglite';
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.seconds);
const RAW_ITERATIONS = Number(args['raw-iterations']);
const PORT = Number(args.port);

type Scenario = 'typeahead' | 'full' | 'detail';
type Stats = { p50: number; p95: number; p99: number; rps: number; count: number; errors: number };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
const stats = (latencies: number[], seconds: number, errors = 0): Stats => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: latencies.length / seconds,
    count: latencies.length,
    errors,
  };
};

const openBenchDatabase = () =>
  args['database-url']
    ? openDatabase({ kind: 'postgres', url: args['database-url'], poolSize: 10 })
    : openDatabase({ kind: 'pglite', dataDir: path.join(path.resolve(args['data-dir'] ?? ''), 'pglite') });

/** Terms as users type them: word prefixes and code prefixes (typeahead), words, pairs and typos (full). */
const pickInputs = async (db: DbOrTx) => {
  const words = (
    await queryRows<{ word: string }>(
      db,
      sql`select word from search_word where length(word) between 4 and 12 and word ~ '^[a-z]+$' order by md5(word) limit 60`,
    )
  ).map((r) => r.word);
  const codes = (
    await queryRows<{ articolo: string; id: number | string }>(
      db,
      sql`select articolo, id from articolo where visibile order by md5(id::text) limit 200`,
    )
  ).map((r) => ({ code: r.articolo, id: Number(r.id) }));
  const typo = (w: string) => `${w.slice(0, 1)}${w.slice(2, 3)}${w.slice(1, 2)}${w.slice(3)}`;
  const typeahead = [
    ...words.slice(0, 30).map((w) => w.slice(0, 3 + (w.length % 3))),
    ...codes.slice(0, 30).map((c) => c.code.slice(0, 4 + (c.id % 4))),
  ];
  const full = [
    ...words.slice(0, 30),
    ...words.slice(30, 50).map((w, i) => `${w} ${words[(i * 7) % 30] ?? ''}`.trim()),
    ...words.slice(50, 60).map(typo),
    ...codes.slice(30, 50).map((c) => c.code),
  ];
  return { typeahead, full, ids: codes.map((c) => c.id) };
};

type Inputs = Awaited<ReturnType<typeof pickInputs>>;

type FirstSearch = { typeahead: Stats; full: Stats };

/**
 * Each term searched once, one at a time, with no kept results (search_top, search_count): what
 * the first user to type a term waits. The phases after it find what these searches kept.
 */
const measureFirst = async (db: DbOrTx, inputs: Inputs): Promise<FirstSearch> => {
  await db.execute(sql`delete from search_top`);
  await db.execute(sql`delete from search_count`);
  const time = async (terms: readonly string[], size: number) => {
    const latencies: number[] = [];
    for (const term of terms) {
      const t0 = performance.now();
      await fullSearch(db, term, 'it', 0, size);
      latencies.push(performance.now() - t0);
    }
    return stats(latencies, latencies.reduce((a, b) => a + b, 0) / 1000);
  };
  const first = { typeahead: await time(inputs.typeahead, 10), full: await time(inputs.full, 20) };
  for (const [name, s] of Object.entries(first))
    console.info(`first ${name}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms`);
  return first;
};

const dealerId = async (db: DbOrTx) => {
  const [row] = await queryRows<{ id: number | string }>(db, sql`select id from app_user where login = 'dealer'`);
  if (!row) throw new Error('the bench data has no demo user "dealer": build it with npm run bench:data');
  return Number(row.id);
};

/** The queries each endpoint runs, called directly with the same concurrency as the load test. */
const measureRaw = async (db: DbOrTx, inputs: Inputs) => {
  const userId = await dealerId(db);
  const run: Record<Scenario, (i: number) => Promise<unknown>> = {
    typeahead: async (i) => {
      const term = inputs.typeahead[i % inputs.typeahead.length] ?? '';
      const [page, profile] = await Promise.all([fullSearch(db, term, 'it', 0, 10), loadPriceProfile(db, userId)]);
      return loadHits(db, page.ids, 'it', profile);
    },
    full: async (i) => {
      const term = inputs.full[i % inputs.full.length] ?? '';
      const [page, profile] = await Promise.all([fullSearch(db, term, 'it', 0, 20), loadPriceProfile(db, userId)]);
      return loadHits(db, page.ids, 'it', profile);
    },
    detail: async (i) => {
      const id = inputs.ids[i % inputs.ids.length] ?? 0;
      await loadArticoli(db, [id]);
      return db
        .select({ id: categoria.id, nome: categoria.nome })
        .from(articoloCategoria)
        .innerJoin(categoria, eq(categoria.id, articoloCategoria.categoriaId))
        .where(eq(articoloCategoria.articoloId, id))
        .orderBy(asc(categoria.nome));
    },
  };
  const result = {} as Record<Scenario, Stats>;
  for (const scenario of Object.keys(run) as Scenario[]) {
    for (let i = 0; i < 30; i++) await run[scenario](i); // warm-up
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < RAW_ITERATIONS) {
        const i = next++;
        const t0 = performance.now();
        await run[scenario](i);
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    result[scenario] = stats(latencies, (performance.now() - started) / 1000);
    console.info(
      `raw ${scenario}: p50 ${result[scenario].p50.toFixed(2)} ms, p95 ${result[scenario].p95.toFixed(2)} ms`,
    );
  }
  return result;
};

const startServer = () =>
  startBenchServer(PORT, {
    DATA_DIR: args['data-dir'] ? path.resolve(args['data-dir']) : path.join(os.tmpdir(), 'ricambi-bench-data'),
    ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
  });

const signIn = async () => {
  const base = `http://127.0.0.1:${PORT}`;
  const first = await fetch(`${base}/api/account`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const response = await fetch(`${base}/api/authentication`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
    },
    body: 'username=dealer&password=dealer&remember-me=false',
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .concat(`XSRF-TOKEN=${xsrf}`)
    .join('; ');
};

const load = async (cookie: string, paths: string[]): Promise<Stats> => {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie, accept: 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] ?? '/' }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 200) latencies.push(responseTime);
    else errors++;
  });
  await instance;
  return stats(latencies, SECONDS, errors);
};

const measureApi = async (inputs: Inputs) => {
  const cookie = await signIn();
  const enc = encodeURIComponent;
  const paths: Record<Scenario, string[]> = {
    typeahead: inputs.typeahead.map((t) => `/api/search/full?term=${enc(t)}&size=10&lang=it`),
    full: inputs.full.map((t) => `/api/search/full?term=${enc(t)}&size=20&lang=it`),
    detail: inputs.ids.map((id) => `/api/articolo/${id}/detail?lang=it`),
  };
  const result = {} as Record<Scenario, Stats>;
  for (const scenario of Object.keys(paths) as Scenario[]) {
    await load(cookie, paths[scenario].slice(0, 20)); // warm-up is part of the first few seconds otherwise
    result[scenario] = await load(cookie, paths[scenario]);
    const s = result[scenario];
    console.info(
      `api ${scenario}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, ${s.rps.toFixed(0)} req/s, ${s.errors} errors`,
    );
  }
  return result;
};

const TARGETS: Record<Scenario, number> = { typeahead: 15, full: 40, detail: 10 };

const report = (
  api: Record<Scenario, Stats>,
  raw: Record<Scenario, Stats>,
  first: FirstSearch,
  articles: number,
  elapsed: { raw: number; api: number },
) => {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    `## ${kind === 'postgres' ? 'PostgreSQL server' : 'PGlite (embedded)'}`,
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};`,
    `${articles.toLocaleString('en')} articles; ${CONNECTIONS} concurrent clients, ${SECONDS} s per scenario (autocannon);`,
    `raw SQL = the same repository calls made in-process with the same concurrency, ${RAW_ITERATIONS} calls per scenario.`,
    '',
    '| Scenario | API p50 | API p95 | API p99 | API req/s | errors | raw p50 | raw p95 | API/raw p50 | p95 target | p95 met | ratio ≤ 1.5 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const scenario of Object.keys(api) as Scenario[]) {
    const a = api[scenario];
    const r = raw[scenario];
    const ratio = a.p50 / r.p50;
    lines.push(
      `| ${scenario} | ${a.p50.toFixed(1)} ms | ${a.p95.toFixed(1)} ms | ${a.p99.toFixed(1)} ms | ${a.rps.toFixed(0)} | ${a.errors} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${ratio.toFixed(2)} | ${TARGETS[scenario]} ms | ${a.p95 <= TARGETS[scenario] ? 'yes' : 'no'} | ${ratio <= 1.5 ? 'yes' : 'no'} |`,
    );
  }
  lines.push(
    '',
    'First search of each term, one at a time, with no kept results (the searches above find what these kept):',
    '',
    '| Search | p50 | p95 | p99 |',
    '|---|---|---|---|',
    ...(['typeahead', 'full'] as const).map(
      (name) =>
        `| ${name} | ${first[name].p50.toFixed(1)} ms | ${first[name].p95.toFixed(1)} ms | ${first[name].p99.toFixed(1)} ms |`,
    ),
    '',
    `Raw phase ${elapsed.raw.toFixed(0)} s, API phase ${elapsed.api.toFixed(0)} s.`,
    '',
  );
  return lines.join('\n');
};

const writeReport = async (section: string) => {
  const file = path.join(ROOT, 'bench', 'results', 'search.md');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const current = await fs
    .readFile(file, 'utf8')
    .catch(() => '# Search benchmark\n\nWritten by `npm run bench:search`.\n');
  const heading = section.split('\n', 1)[0] ?? '';
  const parts = current.split(/\n(?=## )/);
  const kept = parts.filter((p) => !p.startsWith(heading));
  await fs.writeFile(file, `${[...kept, section].join('\n').trimEnd()}\n`);
};

const t0 = performance.now();
const database = await openBenchDatabase();
await database.migrate();
const inputs = await pickInputs(database.db);
const [counted] = await queryRows<{ n: number | string }>(database.db, sql`select count(*) as n from articolo`);
const articles = Number(counted?.n ?? 0);
console.info(
  `${kind}: ${articles} articles; ${inputs.typeahead.length} typeahead terms, ${inputs.full.length} full terms`,
);
const first = await measureFirst(database.db, inputs);
const raw = await measureRaw(database.db, inputs);
await database.close();
const t1 = performance.now();
const server = await startServer();
try {
  const api = await measureApi(inputs);
  const section = report(api, raw, first, articles, { raw: (t1 - t0) / 1000, api: (performance.now() - t1) / 1000 });
  console.info(`\n${section}`);
  await writeReport(section);
} finally {
  server.kill('SIGTERM');
}
