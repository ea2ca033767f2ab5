/**
 * Builds the large benchmark catalogue with the demo generator.
 *
 *   npm run bench:data -- --articles 1000000 --database-url postgres://postgres@127.0.0.1:5432/ricambi_bench
 *   npm run bench:data -- --articles 1000000 --data-dir .tmp/bench-pglite
 *
 * Options: --articles N (default 1,000,000), --seed N, --batch-size N (articles per batch, default
 * 1000), --reset (drop the database or data directory first), --images (also draw the pictures
 * under <data dir>/images/articoli; with --database-url give --images-dir).
 * Runs the migrations, loads reference data and the demo users (password = login), inserts the
 * catalogue in multi-row statements, rebuilds the search data and vacuums and analyzes the tables.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { articoloImagesDir } from '../apps/server/src/modules/articolo/articolo.images.ts';
import { reindexAll } from '../apps/server/src/modules/search/search.indexer.ts';
import { generateCatalogue, MAX_PARTS } from '../apps/server/src/seed/catalogue-generator.ts';
import { writeArticoloImages } from '../apps/server/src/seed/catalogue-images.ts';
import { loadDemoData } from '../apps/server/src/seed/demo.seed.ts';
import { hasArticles, insertCatalogue } from '../apps/server/src/seed/demo-catalogue.seed.ts';
import { loadReferenceData } from '../apps/server/src/seed/reference.seed.ts';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '20250701' },
    'batch-size': { type: 'string', default: '1000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    reset: { type: 'boolean', default: false },
    images: { type: 'boolean', default: false },
    'images-dir': { type: 'string' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const articles = Number(values.articles);
const seed = Number(values.seed);
const batchSize = Number(values['batch-size']);
if (!Number.isInteger(articles) || articles < 100 || articles > MAX_PARTS) {
  fail(`--articles must be an integer between 100 and ${MAX_PARTS}`);
}
if (!Number.isInteger(seed) || seed < 0) fail('--seed must be a non-negative integer');
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 20_000) fail('--batch-size must be 1..20000');
const databaseUrl = values['database-url'];
const dataDir = values['data-dir'] ?? (databaseUrl ? undefined : '.tmp/bench-pglite');
if (databaseUrl && values['data-dir']) fail('give either --database-url or --data-dir');

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (message: string) => console.log(`[${elapsed().padStart(8)}] ${message}`);

/** Creates (or with --reset re-creates) the PostgreSQL database of the URL. */
const preparePostgres = async (url: string) => {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) fail(`database name "${name}" must be letters, digits and underscores`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (values.reset) await client.query(`drop database if exists "${name}" with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database "${name}"`);
      log(`database ${name} created`);
    }
  } finally {
    await client.end();
  }
};

if (databaseUrl) await preparePostgres(databaseUrl);
else if (values.reset && dataDir) await fs.rm(path.resolve(dataDir), { recursive: true, force: true });

const database = databaseUrl
  ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir as string, 'pglite') });
log(`${database.kind} ${databaseUrl ? new URL(databaseUrl).host : path.resolve(dataDir as string)}`);

try {
  await database.migrate();
  await loadReferenceData(database.db);
  const users = await loadDemoData(database.db);
  log(`migrated; reference data and demo users loaded (${users} users created)`);
  if (await hasArticles(database.db)) {
    fail('the database already holds articles: run again with --reset to rebuild it');
  }

  const catalogue = generateCatalogue({ articles, seed });
  const { machines, tracks, parts, total } = catalogue.counts;
  log(`generating ${total} articles: ${machines} machines, ${tracks} rubber tracks, ${parts} spare parts`);
  let lastReport = 0;
  const inserted = await insertCatalogue(database.db, catalogue, {
    batchSize,
    onProgress: ({ phase, done, total: of }) => {
      if (phase !== 'articles') return;
      if (done - lastReport < Math.max(10_000, of / 20) && done < of) return;
      lastReport = done;
      const seconds = (Date.now() - started) / 1000;
      log(`articles ${done.toLocaleString('en')} / ${of.toLocaleString('en')} (${Math.round(done / seconds)}/s)`);
    },
  });
  log(`inserted ${inserted.articles} articles, ${inserted.equivalents} equivalents, ${inserted.bom} BOM rows`);

  // Without statistics the planner answers the OEM-code subquery of the indexer with a bitmap of
  // every OEM row per article (hours at 1 M articles); with them, one index lookup.
  await database.db.execute(sql`analyze articolo, articolo_equiv, articolo_stock`);
  log('analyzed the loaded tables');
  const indexStarted = Date.now();
  const index = await reindexAll(database.db);
  log(
    `search data rebuilt: ${index.articles} articles, ${index.words} words in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`,
  );

  // A live database is vacuumed by autovacuum long before it is searched: measure that state, not
  // a heap whose every row still needs its hint bits set and whose visibility map is empty.
  await database.db.execute(sql`vacuum analyze`);
  log('vacuumed and analyzed');

  if (values.images) {
    const dir = values['images-dir'] ?? (dataDir ? articoloImagesDir(dataDir) : fail('--images needs --images-dir'));
    log(`${await writeArticoloImages(dir, catalogue.images())} pictures written to ${dir}`);
  }
  const [size] = await queryRows<{ size: string }>(
    database.db,
    sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  log(`done in ${elapsed()} (database size ${size?.size ?? '?'})`);
} finally {
  await database.close();
}
