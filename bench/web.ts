// Web page weight and Lighthouse benchmark (issue 11 §4). Builds nothing: run `npm run build` first.
//
//   npm run bench:web
//   npm run bench:web -- --port 18994 --skip-lighthouse
//   npm run bench:web -- --bytes-only --port 18994   (byte counts only, printed; nothing written)
//
// Starts the built app as `npm start` does (production, PGlite in a fresh temporary DATA_DIR, demo
// data), signs in through the API as each demo role, and in Debian's Chromium (/usr/bin/chromium)
// loads each page with an empty cache, counting the bytes the browser receives (compressed, as sent)
// for scripts, style sheets and in total. It then runs Lighthouse 12 (mobile profile, default
// simulated throttling) on login, a dealer's home, search results, an article and a catalogue, and
// writes the figures to bench/results/web.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, request } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startBenchServer } from './bench.support.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '18994' },
    'skip-lighthouse': { type: 'boolean', default: false },
    /** Only the byte counts, printed: no Lighthouse and bench/results/web.md left as it is. */
    'bytes-only': { type: 'boolean', default: false },
    /** The built web app to serve (WEB_DIST); apps/web/dist by default. */
    'web-dist': { type: 'string' },
  },
});
const PORT = Number(args.port);
const BYTES_ONLY = args['bytes-only'];
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = '/usr/bin/chromium';
const DIST = path.resolve(args['web-dist'] ?? path.join(ROOT, 'apps/web/dist'));
const RESULTS = path.join(ROOT, 'bench/results/web.md');

const TARGET_LOGIN_JS_GZIP = 200 * 1024;
const TARGET_DEALER_HOME_JS_GZIP = 300 * 1024;
const TARGET_PERFORMANCE = 90;
const TARGET_ACCESSIBILITY = 95;

const ROLES = ['admin', 'manager', 'internal', 'dealer', 'subdealer', 'superdealer', 'tracks'] as const;
type Role = (typeof ROLES)[number];

type Weight = {
  label: string;
  path: string;
  requests: number;
  jsFiles: number;
  /** Bytes received for scripts as sent (headers included), whatever encoding the browser got. */
  jsWire: number;
  /** The same scripts' .gz files of the build: the figure the targets are given in. */
  jsGzip: number;
  jsRaw: number;
  cssWire: number;
  totalWire: number;
  encodings: string;
};

type Score = {
  label: string;
  path: string;
  performance: number;
  accessibility: number;
  fcp: string;
  lcp: string;
  tbt: string;
  /** Lighthouse's runtime error (no paint within its time limit, say): the scores are then not figures. */
  error?: string;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Signs in through the API (form POST with the CSRF token) and returns the session cookies. */
const signIn = async (login: string) => {
  const api = await request.newContext({ baseURL: BASE });
  await api.get('/api/themes');
  const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await api.post('/api/authentication', {
    form: { username: login, password: login, 'remember-me': 'false' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  if (!answer.ok()) throw new Error(`sign-in of ${login} answered ${answer.status()}`);
  // The demo banners open a dialog on every page until acknowledged: acknowledged once, as a user would.
  const banners = await api.get('/api/banners/active');
  if (banners.ok()) {
    for (const banner of (await banners.json()) as { id: number }[]) {
      await api.post('/api/banners/checked', { data: { id: banner.id }, headers: { 'X-XSRF-TOKEN': xsrf } });
    }
  }
  const state = await api.storageState();
  return { api, state, xsrf };
};

type Session = Awaited<ReturnType<typeof signIn>>;

const gzipSizeOf = async (url: string) => {
  const file = path.join(DIST, new URL(url).pathname);
  return fs.stat(`${file}.gz`).then(
    (s) => s.size,
    () => fs.stat(file).then((s) => s.size),
  );
};

/** Loads one page in a fresh context (empty cache) and counts what the browser received. */
const weigh = async (
  browser: Browser,
  session: Session | undefined,
  label: string,
  pagePath: string,
  afterLoad?: (context: BrowserContext) => Promise<void>,
): Promise<Weight> => {
  const context = await browser.newContext({
    baseURL: BASE,
    storageState: session?.state,
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, { url: string; type: string; encoding: string }>();
  const sizes = new Map<string, { wire: number; raw: number }>();
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    responses.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      encoding: String(headers['content-encoding'] ?? 'identity'),
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const size = sizes.get(event.requestId) ?? { wire: 0, raw: 0 };
    size.raw += event.dataLength;
    sizes.set(event.requestId, size);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const size = sizes.get(event.requestId) ?? { wire: 0, raw: 0 };
    size.wire = event.encodedDataLength;
    sizes.set(event.requestId, size);
  });
  page.setDefaultTimeout(120_000);
  // Counted once the network has been quiet for half a second (or after 20 s of polling calls).
  const settle = () => page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await page.goto(pagePath, { waitUntil: 'load' });
  await page.locator('main h1, main h2').first().waitFor();
  await settle();
  if (afterLoad) {
    await afterLoad(context);
    await settle();
  }
  const weight: Weight = {
    label,
    path: pagePath,
    requests: 0,
    jsFiles: 0,
    jsWire: 0,
    jsGzip: 0,
    jsRaw: 0,
    cssWire: 0,
    totalWire: 0,
    encodings: '',
  };
  const encodings = new Set<string>();
  for (const [id, response] of responses) {
    const size = sizes.get(id) ?? { wire: 0, raw: 0 };
    weight.requests++;
    weight.totalWire += size.wire;
    if (response.type === 'Script') {
      weight.jsFiles++;
      weight.jsWire += size.wire;
      weight.jsRaw += size.raw;
      weight.jsGzip += await gzipSizeOf(response.url);
      encodings.add(response.encoding);
    }
    if (response.type === 'Stylesheet') weight.cssWire += size.wire;
  }
  weight.encodings = [...encodings].join(', ');
  await context.close();
  return weight;
};

const cookieHeader = (session: Session) => session.state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

const runLighthouse = async (port: number, label: string, pagePath: string, session?: Session): Promise<Score> => {
  const result = await lighthouse(
    `${BASE}${pagePath}`,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(session ? { extraHeaders: { Cookie: cookieHeader(session) } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
  const { categories, audits, runtimeError } = result.lhr;
  const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
  return {
    label,
    path: pagePath,
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    fcp: audits['first-contentful-paint']?.displayValue ?? '',
    lcp: audits['largest-contentful-paint']?.displayValue ?? '',
    tbt: audits['total-blocking-time']?.displayValue ?? '',
    ...(runtimeError ? { error: `${runtimeError.code}: ${runtimeError.message}` } : {}),
  };
};

const main = async () => {
  try {
    await fs.access(path.join(DIST, 'index.html'));
  } catch {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-bench-web-'));
  const loadBefore = os.loadavg()[0] ?? 0;
  // A server already answering on the port (started by hand, say) is measured as it is.
  const running = await fetch(`${BASE}/management/health`).then(
    (r) => r.ok,
    () => false,
  );
  const server = running
    ? undefined
    : await startBenchServer(PORT, { DEMO_DATA: 'true', DATA_DIR: dataDir, BASE_URL: BASE, WEB_DIST: DIST });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const sessions = new Map<Role, Session>();
  try {
    for (const role of ROLES) sessions.set(role, await signIn(role));
    const dealer = sessions.get('dealer') as Session;

    const hits = (await (await dealer.api.get('/api/search/full?term=filtro&size=20')).json()) as {
      id: number;
      tipoArticolo: string;
    }[];
    const article = hits.find((h) => h.tipoArticolo === 'R') ?? hits[0];
    if (!article) throw new Error('the demo data has no article for "filtro"');
    const articlePath = `/articolo/${article.tipoArticolo === 'M' ? 'm' : 'r'}/${article.id}`;
    const machines = (await (await dealer.api.get('/api/machine/full?term=&size=1')).json()) as {
      id: number;
      mtMatricola: string;
    }[];
    const machine = machines[0];
    if (!machine) throw new Error('the dealer sees no machine in the demo data');
    const cataloguePath = `/catalogo/${machine.id}/${encodeURIComponent(machine.mtMatricola)}`;
    const searchPath = '/search-full/filtro';

    const weights: Weight[] = [];
    weights.push(await weigh(browser, undefined, 'login (anonymous)', '/login'));
    for (const role of ROLES) weights.push(await weigh(browser, sessions.get(role), `home (${role})`, '/'));
    weights.push(
      await weigh(browser, dealer, 'search results (dealer, confirmed)', searchPath, async (context) => {
        const page = context.pages()[0];
        await page?.getByRole('checkbox').first().check();
        await page?.locator('tbody tr.ant-table-row').first().waitFor();
      }),
    );
    weights.push(await weigh(browser, dealer, 'article (dealer)', articlePath));
    weights.push(await weigh(browser, dealer, 'catalogue (dealer)', cataloguePath));
    await browser.close();

    console.info('\nBytes per page (empty cache, as the browser received them)\n');
    console.table(
      weights.map((w) => ({
        page: w.label,
        requests: w.requests,
        'JS files': w.jsFiles,
        'JS wire': kb(w.jsWire),
        'JS gzip': kb(w.jsGzip),
        'JS raw': kb(w.jsRaw),
        'CSS wire': kb(w.cssWire),
        'total wire': kb(w.totalWire),
        encoding: w.encodings,
      })),
    );

    const scores: Score[] = [];
    if (!args['skip-lighthouse'] && !BYTES_ONLY) {
      const chrome = await launch({
        chromePath: CHROMIUM,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      try {
        const pages: [string, string, Session | undefined][] = [
          ['login', '/login', undefined],
          ['home (dealer)', '/', dealer],
          ['search results (dealer)', searchPath, dealer],
          ['article (dealer)', articlePath, dealer],
          ['catalogue (dealer)', cataloguePath, dealer],
        ];
        for (const [label, pagePath, session] of pages) {
          let score = await runLighthouse(chrome.port, label, pagePath, session);
          // Lighthouse's own trace failure (NO_NAVSTART, about one run in five here): run it again once.
          if (score.error?.startsWith('NO_NAVSTART'))
            score = await runLighthouse(chrome.port, label, pagePath, session);
          console.info(
            `${label}: performance ${score.performance}, accessibility ${score.accessibility}${score.error ? ` (${score.error})` : ''}`,
          );
          scores.push(score);
        }
      } finally {
        chrome.kill();
      }
      console.table(scores);
    }
    const loadAfter = os.loadavg()[0] ?? 0;
    if (BYTES_ONLY) {
      for (const line of report(weights, scores, loadBefore, loadAfter).split('\n')) {
        if (line.startsWith('- JavaScript')) console.info(line);
      }
      return;
    }
    await fs.writeFile(RESULTS, report(weights, scores, loadBefore, loadAfter));
    console.info(`\nwritten to ${path.relative(ROOT, RESULTS)}`);
  } finally {
    for (const session of sessions.values()) await session.api.dispose();
    await browser.close().catch(() => undefined);
    // The server's database files are removed once it has stopped writing them.
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
};

const verdict = (ok: boolean) => (ok ? '**met**' : '**not met**');

const report = (weights: Weight[], scores: Score[], loadBefore: number, loadAfter: number) => {
  const cpu = os.cpus();
  const login = weights.find((w) => w.path === '/login');
  const dealerHome = weights.find((w) => w.label === 'home (dealer)');
  const lines = [
    '# Web benchmark',
    '',
    'Written by `npm run bench:web` (bench/web.ts) on the built app (`npm run build`).',
    '',
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 1024 / 1024)} MiB,`,
    `Node ${process.version}; Debian Chromium (${CHROMIUM}); the server as \`npm start\` runs it (production, PGlite,`,
    `demo data); load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after (other processes share the CPUs).`,
    '',
    '## Bytes per page',
    '',
    'Each page loaded once in a fresh browser context (empty cache), signed in through the API with',
    'the demo banners acknowledged; counted until the network is idle. "wire" is what the browser',
    'received (headers included, in the encoding it asked for); "JS gzip" is the size of the same',
    "scripts' `.gz` files of the build, the figure the targets are given in.",
    '',
    '| page | requests | JS files | JS wire | JS gzip | JS raw | CSS wire | total wire | encoding |',
    '|---|---|---|---|---|---|---|---|---|',
    ...weights.map(
      (w) =>
        `| ${w.label} \`${w.path}\` | ${w.requests} | ${w.jsFiles} | ${kb(w.jsWire)} | ${kb(w.jsGzip)} | ${kb(w.jsRaw)} | ${kb(w.cssWire)} | ${kb(w.totalWire)} | ${w.encodings} |`,
    ),
    '',
    `- JavaScript for /login ≤ ${kb(TARGET_LOGIN_JS_GZIP)} gzip: ${verdict((login?.jsGzip ?? Number.POSITIVE_INFINITY) <= TARGET_LOGIN_JS_GZIP)} (${kb(login?.jsGzip ?? 0)}).`,
    `- JavaScript for a dealer's home ≤ ${kb(TARGET_DEALER_HOME_JS_GZIP)} gzip: ${verdict((dealerHome?.jsGzip ?? Number.POSITIVE_INFINITY) <= TARGET_DEALER_HOME_JS_GZIP)} (${kb(dealerHome?.jsGzip ?? 0)}).`,
    '',
  ];
  if (scores.length > 0) {
    lines.push(
      '## Lighthouse',
      '',
      'Lighthouse 12 (navigation, mobile profile, default simulated throttling: slow 4G, 4× CPU), in',
      'headless Chromium; signed-in pages get the session cookie through `extraHeaders`.',
      '',
      '| page | performance | accessibility | first contentful paint | largest contentful paint | total blocking time |',
      '|---|---|---|---|---|---|',
      ...scores.map(
        (s) => `| ${s.label} \`${s.path}\` | ${s.performance} | ${s.accessibility} | ${s.fcp} | ${s.lcp} | ${s.tbt} |`,
      ),
      '',
      `- Performance ≥ ${TARGET_PERFORMANCE} on every page: ${verdict(scores.every((s) => s.performance >= TARGET_PERFORMANCE))}.`,
      `- Accessibility ≥ ${TARGET_ACCESSIBILITY} on every page: ${verdict(scores.every((s) => s.accessibility >= TARGET_ACCESSIBILITY))}.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
};

await main();
