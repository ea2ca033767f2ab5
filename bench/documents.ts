// Technical documents benchmark (issue 13 §5): the library's search for a serial over 20,000 documents
// with 50,000 files and a 1,000,000-row download log, target ≤ 30 ms p95 on PostgreSQL.
//
//   npm run bench:documents
//   npm run bench:documents -- --database-url postgres://postgres@127.0.0.1:5432/ricambi_bench_documents --iterations 300
//
// The database is created when missing, migrated and given the reference data, the demo users, the demo
// catalogue and machines (the dealer `dealer` has machines of models with serials such as EC35A00001),
// then, when it holds fewer than 20,000 documents, the documents generated in SQL. The server runs as
// `npm start` runs it; what a user feels is measured by one client, one request after the other, per
// kind of search; then a constant arrival rate of mixed searches (open model: requests start on
// schedule whatever the answers). Figures are printed and written to bench/results/documents.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { MACHINE_MODELS } from '../apps/server/src/seed/catalogue-vocabulary.ts';
import { loadDemoData } from '../apps/server/src/seed/demo.seed.ts';
import { loadDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.seed.ts';
import { loadDemoMachines } from '../apps/server/src/seed/demo-machines.seed.ts';
import { loadReferenceData } from '../apps/server/src/seed/reference.seed.ts';
import { ensureDatabase, ROOT, signInClient, startBenchServer, stats } from './bench.support.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/ricambi_bench_documents' },
    /** Measured iterations per kind (each kind's iteration makes one or two requests). */
    iterations: { type: 'string', default: '300' },
    /** Arrival-rate phase: requests per second and seconds. */
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    port: { type: 'string', default: '18993' },
  },
});
const DATABASE_URL = args['database-url'] as string;
const ITERATIONS = Number(args.iterations);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), 'ricambi-bench-documents');
const TARGET_P95_MS = 30;
const SIZES = { documents: 20_000, files: 50_000, log: 1_000_000 } as const;
for (const [name, value] of [
  ['--iterations', ITERATIONS],
  ['--rate', RATE],
  ['--seconds', SECONDS],
] as const) {
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number`);
    process.exit(2);
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const int = (n: number) => n.toLocaleString('en');

// ---------------------------------------------------------------------------------------------
// The data

/** A deterministic non-negative int4 from a row number and a salt (the data is the same on every build). */
const h = (expr: string, salt: number) => `(hashint8((${expr})::bigint * 7919 + ${salt}) & 2147483647)`;

/** The 20,000 documents, their model rows, 50,000 files with their stored files and the 1,000,000-row log. */
const generateDocuments = async (client: pg.Client) => {
  const models = MACHINE_MODELS.map(
    (m) =>
      `('${m.model}', '${m.brand}', '${m.brand === 'nordmak' ? 'NK' : 'EC'}${m.model.replace(/\D/g, '').slice(0, 3)}A')`,
  ).join(', ');
  const step = async (label: string, statement: string) => {
    const t0 = performance.now();
    const result = await client.query(statement);
    const rows = Array.isArray(result) ? result.at(-1)?.rowCount : result.rowCount;
    console.info(`  ${label}: ${rows ?? '—'} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  await client.query('begin');
  await step(
    'emptied',
    `truncate cr_documenti_log, cr_documenti_file, cr_documenti_modelli, cr_documenti restart identity;
     delete from stored_file where area = 'document'`,
  );
  // The demo models (cr_modelli), their brand and serial prefix (as machines-generator.ts makes them,
  // else read from their machines) and their highest serial number.
  await step(
    'models',
    `create temp table bench_model on commit drop as
     select (row_number() over (order by m.modello))::int as i, m.modello,
            coalesce(v.brand, 'eurocomach') as brand,
            coalesce(v.prefix, s.prefix, 'EC' || left(regexp_replace(m.modello, '\\D', '', 'g'), 3) || 'A') as prefix,
            greatest(coalesce(s.top, 0), 40) as top,
            replace(m.modello, ' ', '') as code
       from cr_modelli m
       left join (values ${models}) v(modello, brand, prefix) on v.modello = m.modello
       left join lateral (
         select substring(x.mt_matricola from '^(.*)[0-9]{5}$') as prefix, max(right(x.mt_matricola, 5)::int) as top
           from macchina x where x.modello_id = m.id and x.mt_matricola ~ '[0-9]{5}$'
          group by 1 order by count(*) desc limit 1) s on true`,
  );
  // Per brand its models; rubber tracks fit every model.
  await step(
    'brands',
    `create temp table bench_brand on commit drop as
     select b.brand, array_agg(m.i order by m.i) as models
       from (values ('eurocomach'), ('nordmak'), ('tracks')) b(brand)
       join bench_model m on m.brand = b.brand or b.brand = 'tracks' or
            (b.brand = 'eurocomach' and not exists (select 1 from bench_model x where x.brand = 'eurocomach'))
      group by b.brand`,
  );
  // Documents: 55 % eurocomach, 35 % nordmak, 10 % tracks; type and categories from the reference
  // lists (categories follow the type); 10 % internal; daData over 8 years (2 % without, 1 % not yet
  // valid); 10 % expired, 5 % with a future end; a main model of the brand and, for half, a second one.
  await step(
    'documents (draft)',
    `create temp table bench_doc on commit drop as
     select d.*, m1.modello as modello1, m1.code as code1,
            case when d.h8 % 2 = 0 and m2.modello <> m1.modello then m2.modello end as modello2
       from (
         select g, t.*,
                case when t.h1 % 100 < 55 then 'eurocomach' when t.h1 % 100 < 90 then 'nordmak' else 'tracks' end as brand,
                case when t.h2 % 100 < 30 then 'MAN' when t.h2 % 100 < 65 then 'BOL' when t.h2 % 100 < 85 then 'CAT' else 'SCH' end as tipo
           from generate_series(1, ${SIZES.documents}) g
           cross join lateral (select ${h('g', 1)} as h1, ${h('g', 2)} as h2, ${h('g', 3)} as h3, ${h('g', 4)} as h4,
                                      ${h('g', 5)} as h5, ${h('g', 6)} as h6, ${h('g', 7)} as h7, ${h('g', 8)} as h8) t
       ) d
       join bench_brand b on b.brand = d.brand
       join bench_model m1 on m1.i = b.models[1 + (d.h8 / 7) % cardinality(b.models)]
       join bench_model m2 on m2.i = b.models[1 + (d.h8 / 7 + 1 + (d.h8 / 1000) % greatest(cardinality(b.models) - 1, 1)) % cardinality(b.models)]`,
  );
  await step(
    'cr_documenti',
    `insert into cr_documenti (id, nome, da_data, a_data, interno, brand, tipo_documento, categoria1, categoria2, categoria3, created_by, created_date)
     select x.g,
            case
              when x.tipo = 'MAN' and x.brand = 'tracks' then 'Guida al montaggio cingoli in gomma ' || x.modello1
              when x.tipo = 'MAN' and x.c1 = 'SIC' then 'Norme di sicurezza ' || x.modello1
              when x.tipo = 'MAN' then 'Manuale uso e manutenzione ' || x.modello1 || ' rev. ' || (x.h3 % 9 + 1)
              when x.tipo = 'BOL' then 'Bollettino ' ||
                coalesce((array['motore', 'impianto idraulico', 'impianto elettrico', 'carro e cingoli', 'cabina'])[x.k2], 'di servizio') ||
                ' ' || x.modello1 || ' n. ' || lpad(x.g::text, 5, '0')
              when x.tipo = 'CAT' then 'Catalogo ricambi ' || x.modello1 || ' ed. ' || extract(year from coalesce(x.da, current_date))
              else 'Schema ' || coalesce((array['motore', 'idraulico', 'elettrico', 'carro', 'cabina'])[x.k2], 'generale') || ' ' || x.modello1
            end,
            x.da,
            case when x.h7 % 10 = 0 then
                   case when x.da is null or x.da >= current_date then current_date - (1 + x.h7 / 10 % 365)
                        else x.da + (x.h7 / 10 % greatest(current_date - x.da, 1)) end
                 when x.h7 % 20 = 1 then current_date + (30 + x.h7 / 20 % 700) end,
            x.h5 % 10 = 0, x.brand, x.tipo, x.c1,
            (array['MOT', 'IDR', 'ELE', 'CAR', 'CAB'])[x.k2],
            case when x.k2 is null or x.h4 / 100 % 10 < 4 then null else (array['DIA', 'SMO', 'TAR'])[1 + x.h4 / 1000 % 3] end,
            'bench', now() - ((x.g % 2922) || ' days')::interval
       from (
         select d.*,
                case when d.h6 % 50 = 0 then null
                     when d.h6 % 100 = 1 then current_date + (1 + d.h6 / 100 % 60)
                     else current_date - (d.h6 / 100 % 2922) end as da,
                case when d.h4 % 10 < 3 then null else 1 + d.h4 / 10 % 5 end as k2,
                case d.tipo when 'MAN' then case when d.h3 % 10 < 7 then 'USO' else 'SIC' end
                            when 'BOL' then case when d.h3 % 10 < 8 then 'ASS' else 'SIC' end
                            when 'CAT' then 'RIC'
                            else case when d.h3 % 10 < 6 then 'ASS' else 'RIC' end end as c1
           from bench_doc d
       ) x
      order by x.g`,
  );
  await client.query(`select setval(pg_get_serial_sequence('cr_documenti', 'id'), ${SIZES.documents})`);
  // Model rows: the main model and, for half the documents, a second; 65 % with a serial range in the
  // model's format (prefix + 5 digits) within its machines' serials: from–to, from on, or up to.
  await step(
    'cr_documenti_modelli',
    `insert into cr_documenti_modelli (id_cr_documenti, modello, da_matricola, a_matricola, note)
     select r.g, r.modello,
            case when r.k < 65 and r.k % 4 <> 3 then m.prefix || lpad(r.lo::text, 5, '0') end,
            case when r.k < 65 and r.k % 4 in (0, 3) then m.prefix || lpad(least(r.lo + r.len, 99999)::text, 5, '0') end,
            null
       from (
         select d.g, x.modello, ${h('d.g * 2 + x.n', 11)} % 100 as k,
                1 + ${h('d.g * 2 + x.n', 12)} % 2000 as lo_raw, ${h('d.g * 2 + x.n', 13)} as len_raw
           from bench_doc d
           cross join lateral (values (1, d.modello1), (2, d.modello2)) x(n, modello)
          where x.modello is not null
       ) r0
       join bench_model m on m.modello = r0.modello
       cross join lateral (select r0.*, 1 + r0.lo_raw % m.top as lo, 1 + r0.len_raw % greatest(m.top / 2, 10) as len) r
      order by r.g, r.modello`,
  );
  // Files: every document in two languages (Italian and English mostly, one of fr/de/es for some),
  // every other one in a third: 50,000 files, each with its own stored file (no bytes: the bench only
  // searches), a first-page picture for 90 %.
  await step(
    'files (draft)',
    `create temp table bench_file on commit drop as
     select f.j, d.g, c.nome, d.tipo, d.modello1, d.code1, f.lang, gen_random_uuid() as uid,
            (case d.tipo when 'MAN' then 'MUM' when 'BOL' then 'BOL' when 'CAT' then 'CAT' else 'SCH' end)
              || '-' || d.code1 || '-' || lpad(d.g::text, 5, '0') || '-' || upper(f.lang) as codice,
            ${h('f.j', 21)} as hf
       from (select j, (j - 1) / ${SIZES.documents} as slot from generate_series(1, ${SIZES.files}) j) s
       join bench_doc d on d.g = case when s.slot < 2 then 1 + (s.j - 1) % ${SIZES.documents} else 2 * (1 + (s.j - 1) % ${SIZES.documents / 2}) end
       join cr_documenti c on c.id = d.g
       cross join lateral (
         select s.j, case
           when s.slot = 0 then case when d.g % 10 = 9 then 'en' else 'it' end
           when s.slot = 1 then case when d.g % 10 < 7 then 'en' when d.g % 10 = 9 then 'it'
                                     else (array['fr', 'de', 'es'])[1 + d.g / 10 % 3] end
           else (array['fr', 'de', 'es'])[1 + (d.g / 10 + 1) % 3] end as lang
       ) f`,
  );
  await step(
    'stored_file',
    `insert into stored_file (id, area, storage_key, thumbnail_key, original_name, content_type, kind, size_bytes, created_at)
     select uid, 'document', 'document/' || uid || '.pdf',
            case when hf % 10 < 9 then 'document/' || uid || '.thumb.webp' end,
            lower(codice) || '.pdf', 'application/pdf', 'pdf', 150000 + hf % 20000000,
            now() - ((g % 2922) || ' days')::interval
       from bench_file order by j`,
  );
  await step(
    'cr_documenti_file',
    `insert into cr_documenti_file (id_cr_documenti, codice, descrizione_file, lingua, nome_file_fisico, nome_file_originale, note, file_id, search_text)
     select g, codice, descr, lang, uid || '.pdf', original, null, uid,
            lower(concat_ws(' ', nome, codice, descr, original))
       from (
         select f.*, lower(f.codice) || '.pdf' as original,
                (case f.tipo
                   when 'MAN' then (array['Manuale', 'Manual', 'Manuel', 'Handbuch', 'Manual'])
                   when 'BOL' then (array['Bollettino', 'Bulletin', 'Bulletin', 'Bulletin', 'Boletín'])
                   when 'CAT' then (array['Catalogo ricambi', 'Parts list', 'Catalogue de pièces', 'Ersatzteilliste', 'Catálogo de recambios'])
                   else (array['Schema', 'Diagram', 'Schéma', 'Schema', 'Esquema']) end
                )[array_position(array['it', 'en', 'fr', 'de', 'es'], f.lang)] || ' ' || f.modello1 || ' (' || upper(f.lang) || ')' as descr
           from bench_file f
       ) x
      order by j`,
  );
  // The download log: 1,000,000 downloads over 8 years by the demo users, each of a real file.
  await step(
    'cr_documenti_log',
    `insert into cr_documenti_log (login, ip_address, data, interno, id_documento, nome_file_originale, filtri_ricerca_applicati, lingua_documento, albero_documento)
     select u.login, '10.' || (l.h2 % 256) || '.' || (l.h2 / 256 % 256) || '.' || (l.h2 / 65536 % 256),
            now() - (l.h3 % (2922 * 86400)) * interval '1 second', u.login in ('internal', 'manager'),
            f.id_cr_documenti, f.nome_file_originale,
            case when l.h1 % 3 = 0 then 'brand=eurocomach' when l.h1 % 3 = 1 then 'serial=EC35A' || lpad((l.h2 % 500 + 1)::text, 5, '0') end,
            f.lingua, concat_ws('/', d.categoria1, d.categoria2, d.categoria3)
       from (select g, ${h('g', 31)} as h1, ${h('g', 32)} as h2, ${h('g', 33)} as h3, ${h('g', 34)} as h4
               from generate_series(1, ${SIZES.log}) g) l
       cross join lateral (select (array['dealer', 'dealer', 'dealer', 'superdealer', 'subdealer', 'subdealer2', 'internal', 'manager',
                                         'dealer-nord', 'dealer-centro', 'dealer-est', 'dealer-alpen'])[1 + l.h1 % 12] as login) u
       join cr_documenti_file f on f.id = 1 + l.h4 % ${SIZES.files}
       join cr_documenti d on d.id = f.id_cr_documenti
      order by l.g`,
  );
  await client.query('commit');
};

// ---- set-up
await ensureDatabase(DATABASE_URL);
const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 4 });
await database.migrate();
await loadReferenceData(database.db);
await loadDemoData(database.db);
const articles = await loadDemoCatalogue(database.db, DATA_DIR);
if (articles.created) console.info(`demo catalogue loaded: ${articles.articles} articles`);
const machinesLoaded = await loadDemoMachines(database.db, DATA_DIR);
if (machinesLoaded.created) console.info('demo machines:', JSON.stringify(machinesLoaded));
await database.close();

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;
const all = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
const { n: present } = await one<{ n: number }>('select count(*)::int as n from cr_documenti');
if (present < SIZES.documents) {
  console.info(`generating the documents (${int(present)} present, fewer than ${int(SIZES.documents)})`);
  const t0 = performance.now();
  await generateDocuments(client);
  console.info('  vacuum analyze …');
  // A live database is vacuumed and analysed by autovacuum; the freshly loaded one is brought there.
  await client.query(
    'vacuum analyze cr_documenti, cr_documenti_modelli, cr_documenti_file, stored_file, cr_documenti_log, macchina, cr_modelli, combo_voci',
  );
  console.info(`documents generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const sizes = await one<{
  documents: number;
  internal: number;
  expired: number;
  notYet: number;
  models: number;
  ranged: number;
  files: number;
  stored: number;
  log: number;
  machines: number;
  modelli: number;
  bytes: string;
}>(`select (select count(*)::int from cr_documenti) as documents,
           (select count(*)::int from cr_documenti where interno) as internal,
           (select count(*)::int from cr_documenti where a_data < current_date) as expired,
           (select count(*)::int from cr_documenti where da_data > current_date) as "notYet",
           (select count(*)::int from cr_documenti_modelli) as models,
           (select count(*)::int from cr_documenti_modelli where da_matricola is not null or a_matricola is not null) as ranged,
           (select count(*)::int from cr_documenti_file) as files,
           (select count(*)::int from stored_file where area = 'document') as stored,
           (select count(*)::int from cr_documenti_log) as log,
           (select count(*)::int from macchina) as machines,
           (select count(*)::int from cr_modelli) as modelli,
           (select sum(pg_total_relation_size(t))::text from unnest(array['cr_documenti', 'cr_documenti_modelli',
              'cr_documenti_file', 'cr_documenti_log']::regclass[]) t) as bytes`);
const languages = await all<{ lingua: string; n: number }>(
  'select lingua, count(*)::int as n from cr_documenti_file group by lingua order by n desc',
);
const { version: pgVersion } = await one<{ version: string }>("select current_setting('server_version') as version");

/** Serials of a dealer's machines that have a model, in a stable shuffled order. */
const serialsOf = async (dealer: string | null, limit: number) =>
  (
    await all<{ s: string }>(
      `select m.mt_matricola as s from macchina m
        where m.modello_id is not null and ($1::text is null or m.dealer_login = $1)
          and ($1::text is not null or m.dealer_login not in ('dealer', 'superdealer'))
        order by md5(m.mt_matricola) limit $2`,
      [dealer, limit],
    )
  ).map((r) => r.s);
const dealerSerials = await serialsOf('dealer', 400);
const superSerials = await serialsOf('superdealer', 100);
const otherSerials = await serialsOf(null, 100);
await client.end();
if (dealerSerials.length === 0 || superSerials.length === 0 || otherSerials.length === 0)
  throw new Error('the demo machines give no serials to search (dealer, superdealer, other dealers)');
console.info(
  `${int(sizes.documents)} documents, ${int(sizes.models)} model rows, ${int(sizes.files)} files, ${int(sizes.log)} log rows; ` +
    `serials: ${dealerSerials.length} of dealer, ${superSerials.length} of superdealer, ${otherSerials.length} of others`,
);

// ---------------------------------------------------------------------------------------------
// The clients

const signIn = (login: string) => signInClient(BASE, login);
type Get = Awaited<ReturnType<typeof signIn>>;
type Login = 'dealer' | 'superdealer' | 'internal' | 'manager';

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
const treeUrl = (params: Record<string, string | undefined>) => `/api/crDocumentistree?${query(params)}`;
const pageUrl = (params: Record<string, string | number | undefined>) =>
  `/api/documenti/search?${query({ ...params, page: 0, size: 20 })}`;

/** What users type besides a serial: words of the names and descriptions, code fragments, numbers. */
const SERIAL_TERMS = [
  'manuale',
  'bollettino',
  'motore',
  'idraulico',
  'schema',
  'catalogo',
  'sicurezza',
  'rev',
  'bol-',
  'cat',
  'elettrico',
  'cabina',
  '(it)',
  'ed. 20',
  'mum',
];
const MANAGER_TERMS = [
  'manuale es 35',
  'bollettino',
  'idraulico',
  'nx27',
  'es60zt',
  'bol-es85zt',
  'catalogo ricambi',
  'cingoli',
  'handbuch',
  'schéma',
  'sicurezza',
  '0123',
  'n. 1',
  'manual nx 55',
  'ersatzteilliste',
  'rev. 3',
  'diagram',
  'carro',
];
const CATEGORIES: [string, string?, string?][] = [
  ['USO'],
  ['ASS'],
  ['RIC'],
  ['SIC'],
  ['ASS', 'MOT'],
  ['ASS', 'IDR'],
  ['ASS', 'ELE', 'DIA'],
  ['USO', 'CAB'],
  ['RIC', 'CAR'],
  ['ASS', 'MOT', 'SMO'],
  ['SIC', 'CAB', 'TAR'],
];

/** One kind of search: the calls the page makes for the i-th input, each named. */
type Call = { name: string; login: Login; url: string };
type Kind = { key: string; title: string; calls: (i: number) => Call[]; pair: boolean };
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

const serialOf = (i: number): { login: Login; serial: string } =>
  i % 10 < 8
    ? { login: 'dealer', serial: pick(dealerSerials, i) }
    : i % 10 === 8
      ? { login: 'superdealer', serial: pick(superSerials, i) }
      : { login: 'internal', serial: pick(otherSerials, i) };

const KINDS: Kind[] = [
  {
    key: 'baseline',
    title: 'Reference: any signed-in call (`GET /api/account`, the session read), what every call below pays too',
    pair: false,
    calls: () => [{ name: 'account', login: 'dealer', url: '/api/account' }],
  },
  {
    key: 'serial',
    title: '(a) a serial: tree + first page (80 % dealer, 10 % superdealer, 10 % internal; many serials)',
    pair: true,
    calls: (i) => {
      const { login, serial } = serialOf(i);
      return [
        { name: 'tree', login, url: treeUrl({ serial }) },
        { name: 'page', login, url: pageUrl({ serial }) },
      ];
    },
  },
  {
    key: 'serialTerm',
    title: '(b) a serial and a term: tree + first page',
    pair: true,
    calls: (i) => {
      const { login, serial } = serialOf(i * 7 + 3);
      const term = pick(SERIAL_TERMS, i);
      return [
        { name: 'tree', login, url: treeUrl({ serial, term }) },
        { name: 'page', login, url: pageUrl({ serial, term }) },
      ];
    },
  },
  {
    key: 'brand',
    title: "(c) the dealer browses a brand in its own language: tree + first page, then a category's page",
    pair: true,
    calls: (i) => {
      // The dealer's default brand (the first of the list) mostly, the others sometimes.
      const brand = i % 10 < 7 ? 'eurocomach' : i % 10 < 9 ? 'nordmak' : 'tracks';
      const tipoDocumento = i % 5 === 4 ? pick(['MAN', 'BOL', 'CAT', 'SCH'], i) : undefined;
      const [categoria1, categoria2, categoria3] = pick(CATEGORIES, i);
      return [
        { name: 'tree', login: 'dealer', url: treeUrl({ brand, tipoDocumento }) },
        { name: 'page', login: 'dealer', url: pageUrl({ brand, tipoDocumento }) },
        {
          name: 'category page',
          login: 'dealer',
          url: pageUrl({ brand, tipoDocumento, categoria1, categoria2, categoria3 }),
        },
      ];
    },
  },
  {
    key: 'manager',
    title: '(d) a manager: ALL brands, every language, internal and out-of-validity ones, a term: tree + first page',
    pair: true,
    calls: (i) => {
      const term = pick(MANAGER_TERMS, i);
      return [
        { name: 'tree', login: 'manager', url: treeUrl({ brand: 'ALL', term }) },
        { name: 'page', login: 'manager', url: pageUrl({ brand: 'ALL', term }) },
      ];
    },
  },
];

/** The library's searches (the arrival-rate mix): every kind but the reference call. */
const SEARCHES = KINDS.filter((k) => k.key !== 'baseline');

type Measured = Map<string, number[]>;
const record = (m: Measured, name: string, value: number) => {
  const list = m.get(name) ?? [];
  list.push(value);
  m.set(name, list);
};

/** One iteration of a kind: its calls one after the other, each timed, and the pair (tree + first page). */
const runIteration = async (clients: Record<Login, Get>, kind: Kind, i: number, into: Measured | null) => {
  let pair = 0;
  for (const call of kind.calls(i)) {
    const t0 = performance.now();
    await clients[call.login](call.url);
    const took = performance.now() - t0;
    if (call.name === 'tree' || call.name === 'page') pair += took;
    if (into) record(into, call.name, took);
  }
  if (into && kind.pair) record(into, 'tree + page', pair);
};

// ---- the server
const server = await startBenchServer(PORT, { DATA_DIR, DATABASE_URL, SMTP_URL: '', ERP_EXPORT_URL: '' });
const loadBefore = os.loadavg()[0] ?? 0;
const single = new Map<string, Measured>(KINDS.map((k) => [k.key, new Map()]));
type Arrival = { kind: string; call: string; latency: number; service: number; error?: string };
const arrivals: Arrival[] = [];
let lagMax = 0;
let arrivalSeconds = 0;
let loadMiddle = 0;
try {
  const clients: Record<Login, Get> = {
    dealer: await signIn('dealer'),
    superdealer: await signIn('superdealer'),
    internal: await signIn('internal'),
    manager: await signIn('manager'),
  };
  // Warm-up pass, not counted: every kind's first 40 inputs.
  for (const kind of KINDS) for (let i = 0; i < 40; i++) await runIteration(clients, kind, i + 100_000, null);

  // One client alone, one request after the other; the kinds interleaved so they share the same conditions.
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++)
    for (const kind of KINDS) await runIteration(clients, kind, i, single.get(kind.key) ?? null);
  console.info(`single client: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  loadMiddle = os.loadavg()[0] ?? 0;

  // Constant arrival rate (open model): request n starts at n / RATE s whatever the answers before it;
  // its latency runs from that scheduled start (a late start counts against the server, not hidden).
  const total = Math.round(RATE * SECONDS);
  // The kinds in turn; the j-th request of a kind is one call (in turn) of that kind's input j × 11 + 7.
  const mix = Array.from({ length: total }, (_, n) => {
    const kind = SEARCHES[n % SEARCHES.length] as Kind;
    const j = Math.floor(n / SEARCHES.length);
    const calls = kind.calls(j * 11 + 7);
    return { kind: kind.key, call: calls[j % calls.length] as Call };
  });
  const t0 = performance.now() + 100;
  const pending: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const at = t0 + (n * 1000) / RATE;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const { kind, call } = mix[n] as (typeof mix)[number];
    const sent = performance.now();
    lagMax = Math.max(lagMax, sent - at);
    pending.push(
      clients[call.login](call.url).then(
        () => {
          const end = performance.now();
          arrivals.push({ kind, call: call.name, latency: end - at, service: end - sent });
        },
        (error: Error) => {
          const end = performance.now();
          arrivals.push({ kind, call: call.name, latency: end - at, service: end - sent, error: error.message });
        },
      ),
    );
  }
  await Promise.all(pending);
  arrivalSeconds = (performance.now() - t0) / 1000;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
const loadAfter = os.loadavg()[0] ?? 0;

// ---------------------------------------------------------------------------------------------
// The report

const row = (name: string, values: number[]) => {
  const s = stats(values);
  return `| ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
};
const header = ['| call | count | p50 | p95 | p99 | max |', '|---|---|---|---|---|---|'];
const singleTables = KINDS.flatMap((kind) => {
  const measured = single.get(kind.key) ?? new Map<string, number[]>();
  return [
    `#### ${kind.title}`,
    '',
    ...header,
    ...[...measured].map(([name, values]) => row(name === 'tree + page' ? '**tree + page**' : name, values)),
    '',
  ];
});
const serialCalls = single.get('serial') ?? new Map<string, number[]>();
const serialTree = stats(serialCalls.get('tree') ?? []);
const serialPage = stats(serialCalls.get('page') ?? []);
const serialPair = stats(serialCalls.get('tree + page') ?? []);
const pass = serialTree.p95 <= TARGET_P95_MS && serialPage.p95 <= TARGET_P95_MS;
const verdict = pass ? 'PASS' : 'FAIL';

const errors = arrivals.filter((a) => a.error);
const arrivalRows = [
  row(
    '**all**',
    arrivals.map((a) => a.latency),
  ),
  ...SEARCHES.map((kind) =>
    row(
      kind.key,
      arrivals.filter((a) => a.kind === kind.key).map((a) => a.latency),
    ),
  ),
];
const cpus = os.cpus();
const lines = [
  '## PostgreSQL server',
  '',
  `Run ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${mib(os.totalmem())}, Node ${process.version};`,
  `PostgreSQL ${pgVersion} at ${new URL(DATABASE_URL).host}; one server process as \`npm start\` runs it; plain \`fetch\` clients on the same machine;`,
  `load average ${loadBefore.toFixed(1)} before, ${loadMiddle.toFixed(1)} after the single-client runs, ${loadAfter.toFixed(1)} after the arrival-rate run.`,
  '',
  `Data: ${int(sizes.documents)} documents (${int(sizes.internal)} internal, ${int(sizes.expired)} expired, ${int(sizes.notYet)} not yet valid),`,
  `${int(sizes.models)} model rows over ${sizes.modelli} models (${int(sizes.ranged)} with a serial range), ${int(sizes.files)} files`,
  `(${languages.map((l) => `${l.lingua} ${int(l.n)}`).join(', ')}) with ${int(sizes.stored)} stored files, ${int(sizes.log)} download-log rows;`,
  `${mib(Number(sizes.bytes))} with their indexes; ${int(sizes.machines)} machines. Searched serials: ${dealerSerials.length} of \`dealer\`,`,
  `${superSerials.length} of \`superdealer\`, ${otherSerials.length} of other dealers (as \`internal\`).`,
  '',
  `### One client alone, one request after the other (${ITERATIONS} iterations per kind after a warm-up of 40)`,
  '',
  'Each kind makes the calls its page makes: `GET /api/crDocumentistree` (tree) and `GET /api/documenti/search`',
  '(first page of 20); "tree + page" is their sum, one after the other (the page sends them together, so a user',
  'waits about the larger of the two).',
  '',
  ...singleTables,
  `Target ≤ ${TARGET_P95_MS} ms p95 for the search of a serial (each call): **${verdict}** (tree ${ms(serialTree.p95)},`,
  `page ${ms(serialPage.p95)}; both one after the other ${ms(serialPair.p95)}).`,
  '',
  `### Constant arrival rate: ${RATE} requests/s for ${SECONDS} s (open model)`,
  '',
  'The kinds above in turn, each request one of its calls; request n starts at n / rate whatever the answers',
  `before it, and its latency runs from that scheduled start. ${arrivals.length} requests in ${arrivalSeconds.toFixed(1)} s,`,
  `${errors.length} errors${errors[0] ? ` (first: ${errors[0].error})` : ''}; the latest start was ${ms(lagMax)} behind schedule.`,
  '',
  '| kind | count | p50 | p95 | p99 | max |',
  '|---|---|---|---|---|---|',
  ...arrivalRows,
];
const resultsFile = path.join(ROOT, 'bench', 'results', 'documents.md');
// Notes written by hand under "## Notes" (earlier runs, what changed) are kept.
const kept = await fs.readFile(resultsFile, 'utf8').then(
  (text) => {
    const at = text.indexOf('\n## Notes');
    return at === -1 ? '' : text.slice(at);
  },
  () => '',
);
const report = `# Technical documents benchmark\n\nWritten by \`npm run bench:documents\`.\n\n${lines.join('\n').trimEnd()}\n${kept}`;
await fs.mkdir(path.dirname(resultsFile), { recursive: true });
await fs.writeFile(resultsFile, report);
console.info(report);
