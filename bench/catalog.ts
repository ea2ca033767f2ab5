// Catalogue benchmark (issue 6 §9): (a) opening the tree of the 5,000-row catalogue CR-BENCH-5000 over
// HTTP — the first level plus one assembly (GET /api/righecatalogo/{crId}/bylevel/1 and .../byitem/{item}),
// target ≤ 60 ms p95 — one client after the other and 20 at once; (b) the full-catalogue PDF of that
// catalogue in one language: time and peak memory (RSS sampled every 20 ms) of the job, run in this
// process with the server's own service.
//
//   npm run bench:catalog
//   npm run bench:catalog -- --database-url postgres://postgres@127.0.0.1:5432/ricambi_bench_catalog --requests 500
//
// The database is created when missing, migrated and given the demo data (users, articles, machines
// with CR-BENCH-5000 and its drawings). Figures are printed and written to bench/results/catalog.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Language, pdfLanguageParamSchema } from '@ricambi/domain';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { pino } from 'pino';
import { type Db, openDatabase } from '../apps/server/src/db/client.ts';
import {
  articolo,
  catalogo,
  catalogoDisegno,
  catalogoPdf,
  catalogoRiga,
  macchina,
} from '../apps/server/src/db/schema/index.ts';
import { regenerateCatalogue } from '../apps/server/src/modules/machines/catalogue.generation.ts';
import { CATALOGUE_PDF_FOLDER, createCataloguePdfJobs } from '../apps/server/src/modules/machines/catalogue-pdf.job.ts';
import { createLocalFileStore } from '../apps/server/src/platform/file-store.local.ts';
import { loadDemoData } from '../apps/server/src/seed/demo.seed.ts';
import { loadDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.seed.ts';
import { explodedDrawing, writeDrawingPngs } from '../apps/server/src/seed/machines-drawings.ts';
import { loadReferenceData } from '../apps/server/src/seed/reference.seed.ts';
import { ensureDatabase, ROOT, type Stats, signInClient, startBenchServer, stats } from './bench.support.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/ricambi_bench_catalog' },
    requests: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '20' },
    lang: { type: 'string', default: 'it' },
    port: { type: 'string', default: '18992' },
    /** Internal: run only the full-PDF job of this catalogue id and print its figures (a fresh process). */
    'pdf-job': { type: 'string' },
  },
});
const DATABASE_URL = args['database-url'] as string;
const REQUESTS = Number(args.requests);
const CONCURRENCY = Number(args.concurrency);
const LANG: Language = pdfLanguageParamSchema.parse(args.lang);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), 'ricambi-bench-catalog');
const BENCH_CODE = 'CR-BENCH-5000';
const TARGET_P95_MS = 60;
/** Issue 17 §1: one dealer alone, level 1 + one assembly of the 5,000-row catalogue. */
const SINGLE_CLIENT_TARGET = { p95: 20, p99: 50 };
if (!Number.isInteger(REQUESTS) || REQUESTS < 1 || !Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) {
  console.error('--requests and --concurrency must be positive integers');
  process.exit(2);
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const signIn = (login: string) => signInClient(BASE, login);

type Get = Awaited<ReturnType<typeof signIn>>;
type Tree = { level1: number[]; byitem: number[]; pair: number[] };

/** The page opening the catalogue: level 1, then the chosen assembly. */
const openTree = async (get: Get, crId: number, assembly: number, tree: Tree) => {
  const t0 = performance.now();
  await get(`/api/righecatalogo/${crId}/bylevel/1`);
  const t1 = performance.now();
  await get(`/api/righecatalogo/${crId}/byitem/${assembly}`);
  const t2 = performance.now();
  tree.level1.push(t1 - t0);
  tree.byitem.push(t2 - t1);
  tree.pair.push(t2 - t0);
};

const treeTable = (tree: Tree) => {
  const row = (name: string, values: number[]) => {
    const s = stats(values);
    return `| ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  };
  return [
    '| call | count | p50 | p95 | p99 | max |',
    '|---|---|---|---|---|---|',
    row('bylevel/1', tree.level1),
    row('byitem (assembly)', tree.byitem),
    row('**level 1 + assembly**', tree.pair),
  ];
};

type PdfJobFigures = {
  seconds: number;
  pages: number;
  bytes: number;
  rssBefore: number;
  rssPeak: number;
  heapPeak: number;
};

/** (b) in this process: the full PDF of one catalogue, timed, with memory sampled every 20 ms. */
const runPdfJob = async (crId: number): Promise<PdfJobFigures> => {
  const handle = await openDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 4 });
  await handle.db.delete(catalogoPdf).where(eq(catalogoPdf.crId, crId));
  const store = createLocalFileStore(path.join(DATA_DIR, 'files'));
  for await (const object of store.list(CATALOGUE_PDF_FOLDER)) await store.delete(object.key);
  const service = createCataloguePdfJobs({ db: handle.db, dataDir: DATA_DIR, store, log: pino({ level: 'warn' }) });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 20);
  const started = performance.now();
  await service.request(crId, LANG);
  await service.idle();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const status = await service.status(crId, LANG);
  const bytes = await service.readyPdf(crId, LANG);
  await service.stop();
  if (status.state !== 'READY' || !bytes) throw new Error(`the full PDF ended ${status.state}`);
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  await handle.close();
  return { seconds, pages: document.getPageCount(), bytes: bytes.length, rssBefore, rssPeak, heapPeak };
};

if (args['pdf-job']) {
  console.info(`PDF-JOB ${JSON.stringify(await runPdfJob(Number(args['pdf-job'])))}`);
  process.exit(0);
}

// ---- set-up
await ensureDatabase(DATABASE_URL);
const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 4 });
await database.migrate();
await loadReferenceData(database.db);
await loadDemoData(database.db);
const articles = await loadDemoCatalogue(database.db, DATA_DIR);
if (articles.created) console.info(`demo catalogue loaded: ${articles.articles} articles`);
/**
 * Only when the demo machine seed is not there: a 5,000-row catalogue of the same shape (groups,
 * assemblies with shared exploded drawings, parts on real articles) and two machines of the dealer.
 */
const buildBenchCatalogue = async (db: Db) => {
  const parts = (await db.select({ id: articolo.id }).from(articolo).orderBy(asc(articolo.id)).limit(2000)).map(
    (a) => a.id,
  );
  const icons = ['pump', 'bolt', 'ring', 'cylinder', 'valve', 'nut', 'filter', 'hose', 'fitting', 'motor'] as const;
  const drawings = Array.from({ length: 24 }, (_, d) =>
    explodedDrawing(
      `BENCH-ASM-${d}`,
      `BENCH ASSEMBLY ${d}`,
      `B${d}`,
      Array.from({ length: 20 }, (_, i) => ({ label: String(i + 1), icon: icons[(i + d) % icons.length] ?? 'bolt' })),
    ),
  );
  await writeDrawingPngs(DATA_DIR, drawings);
  await db
    .insert(catalogoDisegno)
    .values(drawings.map((d) => ({ name: d.name, width: d.width, height: d.height, labels: d.labels })))
    .onConflictDoNothing();
  const [created] = await db
    .insert(catalogo)
    .values({
      crCodice: BENCH_CODE,
      crDescrizione: 'Catalogo ricambi EC 300 XL',
      localizedDescrizione: { it: 'Catalogo ricambi EC 300 XL', en: 'Spare parts catalogue EC 300 XL' },
    })
    .returning();
  if (!created) throw new Error('catalogue not inserted');
  const rows: (typeof catalogoRiga.$inferInsert)[] = [];
  let item = 0;
  for (let g = 0; g < 12 && item < 5000; g++) {
    const group = ++item;
    const tav = `T${String(g + 1).padStart(2, '0')}`;
    rows.push({
      crId: created.id,
      rigItem: group,
      rigLivello: 1,
      rigOrdine: g + 1,
      rigIdTav: tav,
      rigTipoNodo: 0,
      localizedDescrizione: { it: `Gruppo ${g + 1}`, en: `Group ${g + 1}` },
    });
    for (let a = 0; a < 20 && item < 5000; a++) {
      const assembly = ++item;
      const drawing = drawings[(g * 20 + a) % drawings.length];
      const plate = `${tav}.${String(a + 1).padStart(2, '0')}`;
      rows.push({
        crId: created.id,
        rigItem: assembly,
        rigItemPrec: group,
        rigLivello: 2,
        rigOrdine: a + 1,
        rigIdTav: plate,
        rigDisegno: drawing?.name,
        rigPos: String(a + 1),
        rigTipoNodo: 0,
        localizedDescrizione: { it: `Assieme ${plate}`, en: `Assembly ${plate}` },
      });
      for (let p = 0; p < 20 && item < 5000; p++) {
        const leaf = ++item;
        rows.push({
          crId: created.id,
          rigItem: leaf,
          rigItemPrec: assembly,
          rigLivello: 3,
          rigOrdine: p + 1,
          rigIdTav: plate,
          rigDisegno: drawing?.name,
          rigPos: String(p + 1),
          rigTipoNodo: 1,
          rigQta: (p % 4) + 1,
          articoloId: parts[leaf % parts.length],
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(catalogoRiga).values(rows.slice(i, i + 1000));
  await regenerateCatalogue(db, created.id);
  await db.insert(macchina).values(
    ['EC300XL00001', 'EC300XL00002'].map((mtMatricola) => ({
      mtMatricola,
      mtCrCod: BENCH_CODE,
      dealerLogin: 'dealer',
    })),
  );
  console.info(`${BENCH_CODE} built by the bench: ${rows.length} rows`);
};

try {
  const seed = await import('../apps/server/src/seed/demo-machines.seed.ts');
  console.info('demo machines:', JSON.stringify(await seed.loadDemoMachines(database.db, DATA_DIR)));
} catch (error) {
  if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
  const [exists] = await database.db.select().from(catalogo).where(eq(catalogo.crCodice, BENCH_CODE));
  if (!exists) await buildBenchCatalogue(database.db);
}

const [bench] = await database.db.select().from(catalogo).where(eq(catalogo.crCodice, BENCH_CODE));
if (!bench) throw new Error(`${BENCH_CODE} is missing: the demo machine seed did not create it`);
const [rows] = await database.db.select({ n: count() }).from(catalogoRiga).where(eq(catalogoRiga.crId, bench.id));
// A machine of the catalogue delivered through the demo dealer (else internal staff, who see all).
const [machine] = await database.db
  .select()
  .from(macchina)
  .where(eq(macchina.mtCrCod, BENCH_CODE))
  .orderBy(sql`${macchina.dealerLogin} = 'dealer' desc`, asc(macchina.mtMatricola))
  .limit(1);
if (!machine) throw new Error(`no machine uses ${BENCH_CODE}`);
const login = machine.dealerLogin === 'dealer' ? 'dealer' : 'internal';
// The assembly with the most rows under it: the heaviest byitem call of the catalogue.
const [assembly] = await database.db
  .select({ item: catalogoRiga.rigItemPrec, n: count() })
  .from(catalogoRiga)
  .where(and(eq(catalogoRiga.crId, bench.id), eq(catalogoRiga.rigLivello, 3), isNotNull(catalogoRiga.rigItemPrec)))
  .groupBy(catalogoRiga.rigItemPrec)
  .orderBy(sql`count(*) desc`)
  .limit(1);
if (!assembly?.item) throw new Error(`${BENCH_CODE} has no assembly with parts`);
const assemblyItem = assembly.item;
const [levelOne] = await database.db
  .select({ n: count() })
  .from(catalogoRiga)
  .where(and(eq(catalogoRiga.crId, bench.id), eq(catalogoRiga.rigLivello, 1)));
await database.close();
console.info(
  `${BENCH_CODE}: ${rows?.n} rows, ${levelOne?.n} at level 1; assembly ${assembly.item} has ${assembly.n} rows; machine ${machine.mtMatricola} as ${login}`,
);

// ---- (a) the tree over HTTP
const server = await startBenchServer(PORT, { DATA_DIR, DATABASE_URL, SMTP_URL: '', ERP_EXPORT_URL: '' });
const loadBefore = os.loadavg()[0] ?? 0;
const sequential: Tree = { level1: [], byitem: [], pair: [] };
const concurrent: Tree = { level1: [], byitem: [], pair: [] };
let concurrentSeconds = 0;
let assemblyPdf: number[] = [];
try {
  const get = await signIn(login);
  // The page's first call regenerates a stale catalogue; warm the connections and caches too.
  await get(`/api/catalogo/${machine.id}/${machine.mtMatricola}`);
  for (let i = 0; i < 20; i++) await openTree(get, bench.id, assemblyItem, { level1: [], byitem: [], pair: [] });
  for (let i = 0; i < REQUESTS; i++) await openTree(get, bench.id, assemblyItem, sequential);

  const clients = await Promise.all(Array.from({ length: CONCURRENCY }, () => signIn(login)));
  let next = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (next < REQUESTS) {
        next++;
        await openTree(client, bench.id, assemblyItem, concurrent);
      }
    }),
  );
  concurrentSeconds = (performance.now() - started) / 1000;

  // One assembly's PDF drawn on request (drawing + parts table).
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await get(`/api/catalogo/${bench.id}/pdf/download/${assemblyItem}/${LANG}`);
    assemblyPdf.push(performance.now() - t0);
  }
  assemblyPdf = assemblyPdf.slice(2);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
const loadAfter = os.loadavg()[0] ?? 0;

// ---- (b) the full PDF, by the server's job service in a fresh process (a clean memory baseline)
/** The job in a fresh Node process (optionally with a capped heap); its figures from its output. */
const pdfJobProcess = async (heapMiB?: number): Promise<PdfJobFigures & { load: [number, number] }> => {
  const loadStart = os.loadavg()[0] ?? 0;
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      ...(heapMiB ? [`--max-old-space-size=${heapMiB}`] : []),
      '--import',
      'tsx',
      'bench/catalog.ts',
      '--database-url',
      DATABASE_URL,
      '--lang',
      LANG,
      '--pdf-job',
      String(bench.id),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = out.split('\n').find((l) => l.startsWith('PDF-JOB '));
  if (exitCode !== 0 || !line) throw new Error(`the PDF job process ended ${exitCode}: ${out.slice(-500)}`);
  return { ...(JSON.parse(line.slice('PDF-JOB '.length)) as PdfJobFigures), load: [loadStart, os.loadavg()[0] ?? 0] };
};
const HEAP_CAP_MIB = 128;
const job = await pdfJobProcess();
const capped = await pdfJobProcess(HEAP_CAP_MIB);

// ---- report
const seq = stats(sequential.pair);
const conc = stats(concurrent.pair);
const verdict = (s: Stats) => (s.p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL');
const cpus = os.cpus();
const lines = [
  '## PostgreSQL server',
  '',
  `Run ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${mib(os.totalmem())}, Node ${process.version};`,
  `PostgreSQL at ${new URL(DATABASE_URL).host}; one server process; plain \`fetch\` clients on the same machine;`,
  `load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after the tree runs (other processes share the CPUs).`,
  '',
  `Catalogue ${BENCH_CODE}: ${rows?.n} rows, ${levelOne?.n} at level 1; the assembly opened is row ${assemblyItem}`,
  `(${assembly.n} rows under it, the largest of the catalogue); user \`${login}\` (machine ${machine.mtMatricola}).`,
  '',
  `### (a) Tree: level 1 + one assembly, ${REQUESTS} times one after the other`,
  '',
  ...treeTable(sequential),
  '',
  `Target ≤ ${TARGET_P95_MS} ms p95 for level 1 + assembly: **${verdict(seq)}** (${ms(seq.p95)}).`,
  `Single-client target of issue 17 (≤ ${SINGLE_CLIENT_TARGET.p95} ms p95, ≤ ${SINGLE_CLIENT_TARGET.p99} ms p99): **${
    seq.p95 <= SINGLE_CLIENT_TARGET.p95 && seq.p99 <= SINGLE_CLIENT_TARGET.p99 ? 'PASS' : 'FAIL'
  }** (${ms(seq.p95)} / ${ms(seq.p99)}).`,
  '',
  `### (a) Tree: the same ${REQUESTS} openings by ${CONCURRENCY} clients at once`,
  '',
  ...treeTable(concurrent),
  '',
  `${(REQUESTS / concurrentSeconds).toFixed(0)} openings per second (${concurrentSeconds.toFixed(1)} s);`,
  `target ≤ ${TARGET_P95_MS} ms p95: **${verdict(conc)}** (${ms(conc.p95)}).`,
  `With ${CONCURRENCY} openings always in flight the time is mostly queueing: ${CONCURRENCY} ÷`,
  `${(REQUESTS / concurrentSeconds).toFixed(0)}/s = ${ms((CONCURRENCY * concurrentSeconds * 1000) / REQUESTS)} per opening on average (Little's law); the cost of`,
  'one opening is the sequential figure above, and the throughput is bounded by the CPUs the server shares.',
  '',
  '### One assembly PDF (drawn on request)',
  '',
  `GET /api/catalogo/{crId}/pdf/download/{rigItem}/${LANG} of that assembly, ${assemblyPdf.length} times after 2 warm-up calls:`,
  `p50 ${ms(stats(assemblyPdf).p50)}, max ${ms(stats(assemblyPdf).max)}.`,
  '',
  `### (b) Full catalogue PDF (${LANG})`,
  '',
  'The job of the server (catalogue-pdf.service.ts) run alone in a fresh Node process: each plate drawn by its own',
  'react-pdf render and appended with pdf-lib, then the cover and contents, then the footers.',
  '',
  `The second run caps the JS heap at ${HEAP_CAP_MIB} MiB (\`--max-old-space-size\`): the first one's heap peak is mostly`,
  'garbage V8 has not collected yet (it collects lazily with this much RAM); the capped run shows what the job keeps.',
  '',
  `| figure | default heap | heap capped at ${HEAP_CAP_MIB} MiB |`,
  '|---|---|---|',
  `| time | ${job.seconds.toFixed(1)} s | ${capped.seconds.toFixed(1)} s |`,
  `| pages | ${job.pages} | ${capped.pages} |`,
  `| file | ${mib(job.bytes)} (${job.bytes.toLocaleString('en')} bytes) | ${mib(capped.bytes)} |`,
  `| RSS before (process with the server modules loaded) | ${mib(job.rssBefore)} | ${mib(capped.rssBefore)} |`,
  `| RSS peak (sampled every 20 ms) | ${mib(job.rssPeak)} (+${mib(job.rssPeak - job.rssBefore)}) | ${mib(capped.rssPeak)} (+${mib(capped.rssPeak - capped.rssBefore)}) |`,
  `| JS heap peak | ${mib(job.heapPeak)} | ${mib(capped.heapPeak)} |`,
  `| load average before → after | ${job.load[0].toFixed(1)} → ${job.load[1].toFixed(1)} | ${capped.load[0].toFixed(1)} → ${capped.load[1].toFixed(1)} |`,
];
const report = `# Catalogue benchmark\n\nWritten by \`npm run bench:catalog\`.\n\n${lines.join('\n').trimEnd()}\n`;
await fs.mkdir(path.join(ROOT, 'bench', 'results'), { recursive: true });
await fs.writeFile(path.join(ROOT, 'bench', 'results', 'catalog.md'), report);
console.info(report);
