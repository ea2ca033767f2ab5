// Order history benchmark (issue 16 §8): a dealer with 200,000 order lines on PostgreSQL — the first
// page, a filtered page and the totals (each list call reads its page and its totals) ≤ 30 ms p95 for
// one client; the throughput of 20 clients and a constant arrival rate of the same mix; the CSV of
// 50,000 lines and more with the server's peak memory, against a CSV of about 1,000 lines.
//
//   npm run bench:history
//   npm run bench:history -- --database-url postgres://postgres@127.0.0.1:5432/ricambi_bench_history --iterations 200
//
// The database is created when missing, migrated and given the reference data, the demo users and the
// demo catalogue and machines; then, when the dealer `dealer` has fewer lines than asked, the history is
// generated from a fixed seed: 200,000 lines of `dealer` and 100,000 of 20 other customers over two
// years (orders, quotes and warranty orders; portal and ERP orders; old ones shipped, recent ones
// partly shipped or back-ordered; DDT, invoices and waybills), inserted in multi-row batches and
// analysed. The searched terms are drawn from the data. The server runs as `npm start` runs it.
// Figures are printed and written to bench/results/history.md.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { businessToday, ORDER_HISTORY_KIND_TYPES, orderHistoryQuerySchema } from '@ricambi/domain';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { historySearchText } from '../apps/server/src/modules/order-history/order-history.mapper.ts';
import {
  countHistory,
  findHistoryPage,
  type HistoryScope,
} from '../apps/server/src/modules/order-history/order-history.repository.ts';
import { createRng, hash32, type Rng } from '../apps/server/src/seed/catalogue-generator.ts';
import { loadDemoData } from '../apps/server/src/seed/demo.seed.ts';
import { loadDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.seed.ts';
import { loadDemoMachines } from '../apps/server/src/seed/demo-machines.seed.ts';
import { loadReferenceData } from '../apps/server/src/seed/reference.seed.ts';
import { ensureDatabase, ROOT, signInClient, startBenchServer, stats } from './bench.support.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/ricambi_bench_history' },
    /** The dealer's lines and the other customers' lines (over `customers` customers). */
    lines: { type: 'string', default: '200000' },
    'other-lines': { type: 'string', default: '100000' },
    customers: { type: 'string', default: '20' },
    /** Measured iterations per kind, one client alone (HTTP), and per kind for the SQL comparison. */
    iterations: { type: 'string', default: '200' },
    'sql-iterations': { type: 'string', default: '100' },
    /** Saturation: clients in a closed loop (no pause) and for how long. */
    clients: { type: 'string', default: '20' },
    'saturation-seconds': { type: 'string', default: '20' },
    /** Arrival-rate phases: requests per second (a comma-separated list: one run each) and seconds. */
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    /** CSV downloads per filter. */
    'csv-runs': { type: 'string', default: '3' },
    port: { type: 'string', default: '18994' },
    /** Drop the history and generate it again. */
    regenerate: { type: 'boolean', default: false },
  },
});
const DATABASE_URL = args['database-url'] as string;
const DEALER_LINES = Number(args.lines);
const OTHER_LINES = Number(args['other-lines']);
const OTHER_CUSTOMERS = Number(args.customers);
const ITERATIONS = Number(args.iterations);
const SQL_ITERATIONS = Number(args['sql-iterations']);
const CLIENTS = Number(args.clients);
const SATURATION_SECONDS = Number(args['saturation-seconds']);
const RATES = (args.rate as string).split(',').map(Number);
const SECONDS = Number(args.seconds);
const CSV_RUNS = Number(args['csv-runs']);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), 'ricambi-bench-history');
const TARGET_P95_MS = 30;
const CSV_LINES = 50_000;
const DEALER = 'dealer';
for (const [name, value] of [
  ['--lines', DEALER_LINES],
  ['--other-lines', OTHER_LINES + 1],
  ['--customers', OTHER_CUSTOMERS],
  ['--iterations', ITERATIONS],
  ['--sql-iterations', SQL_ITERATIONS],
  ['--clients', CLIENTS],
  ['--saturation-seconds', SATURATION_SECONDS],
  ...RATES.map((rate) => ['--rate', rate] as const),
  ['--seconds', SECONDS],
  ['--csv-runs', CSV_RUNS],
] as const) {
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number`);
    process.exit(2);
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const int = (n: number) => Math.round(n).toLocaleString('en');
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// The data: orders and their lines over two years, from a fixed seed

const SEED = 16_0008;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const HISTORY_DAYS = 730;
const BATCH = 10_000;

type Article = { id: number | null; code: string; desc: string; unit: string | null; price: number };
type Customer = { id: number; login: string; lines: number; sconto: number; portal: number; serials: string[] };
type Shipment = {
  userId: number;
  day: string;
  slug: string | null;
  wayBill: string | null;
  wayBillTxt: string;
  ddt: string;
  fatt: string | null;
};
type Line = { article: Article; qty: number; matricola: string | null; shipped: number; shipment: Shipment | null };
type Order = {
  id: number;
  customer: Customer;
  tipo: 'ORD' | 'ORDCG' | 'PREV';
  portale: boolean;
  at: number;
  rif: string | null;
  nro: string;
  lines: Line[];
};

const CARRIERS = [
  { slug: 'brt', prefix: 'BRT', digits: 12, weight: 55 },
  { slug: 'gls', prefix: 'GLS', digits: 10, weight: 25 },
  { slug: 'tnt', prefix: 'TNT', digits: 9, weight: 12 },
  { slug: 'dhl', prefix: 'DHL', digits: 10, weight: 8 },
] as const;
const UNTRACKED = ['Ritiro in sede', 'Vettore a cura del cliente', 'Consegna con automezzo proprio'] as const;
const OFF_CATALOGUE: Article[] = [
  { id: null, code: 'XZ-9999-99', desc: 'Articolo non codificato a catalogo', unit: 'NR', price: 42.5 },
  { id: null, code: 'SPEC-0417-K', desc: 'Kit guarnizioni speciale su disegno cliente', unit: 'NR', price: 186.4 },
  { id: null, code: 'FORN-22871', desc: 'Tubo idraulico fornitura esterna su misura', unit: 'NR', price: 64.9 },
];
const CLIENTS_OF_DEALERS = ['Ferrari Scavi', 'Gatti Costruzioni', 'Bassi Movimento Terra', 'Colombo Edilizia'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const isWeekend = (t: number) => [0, 6].includes(new Date(t).getUTCDay());
const addWorkingDays = (day: string, n: number) => {
  let t = Date.parse(`${day}T00:00:00Z`);
  for (let left = n; left > 0; ) {
    t += DAY;
    if (!isWeekend(t)) left--;
  }
  return dayOf(t);
};
const weighted = <T>(rng: Rng, items: readonly (readonly [T, number])[]): T => {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items.at(-1) as readonly [T, number])[0];
};
/** Popular parts first: a pool shuffled once, then picked with a skew towards its head. */
const popular = <T>(rng: Rng, pool: readonly T[]) => pool[Math.floor(pool.length * rng.next() ** 2.2)] as T;
const shuffled = <T>(rng: Rng, items: readonly T[]) => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};
const quantityOf = (rng: Rng, article: Article) => {
  const unit = article.unit ?? 'NR';
  if (unit === 'LT') return rng.pick([5, 10, 10, 20, 25]);
  if (unit === 'MT') return rng.pick([1, 2, 2.5, 5, 10]);
  if (unit === 'KG') return rng.pick([0.5, 1, 2, 5]);
  if (article.price > 800) return rng.chance(0.9) ? 1 : 2;
  return weighted(rng, [
    [1, 50],
    [2, 22],
    [rng.int(3, 4), 13],
    [rng.int(5, 10), 11],
    [rng.pick([12, 16, 20, 24]), 4],
  ]);
};

/** The customers: `dealer` and the other customers (bench users, created when missing), with serials. */
const prepareCustomers = async (client: pg.Client): Promise<Customer[]> => {
  const logins = Array.from({ length: OTHER_CUSTOMERS }, (_, i) => `bench-cliente-${pad(i + 1, 2)}`);
  await client.query(
    `insert into app_user (login, password_hash, first_name, company, activated, created_by)
     select l, '!', 'Bench', 'Cliente ' || l, true, 'bench' from unnest($1::text[]) l
     on conflict do nothing`,
    [logins],
  );
  const users = new Map(
    (
      await client.query<{ id: string; login: string }>('select id, login from app_user where login = any($1)', [
        [DEALER, ...logins],
      ])
    ).rows.map((u) => [u.login, Number(u.id)]),
  );
  const serialsOf = async (dealer: boolean) =>
    (
      await client.query<{ s: string }>(
        `select mt_matricola as s from macchina where (dealer_login = $1) = $2 order by mt_matricola`,
        [DEALER, dealer],
      )
    ).rows.map((r) => r.s);
  const dealerSerials = await serialsOf(true);
  const otherSerials = await serialsOf(false);
  const rng = createRng(hash32(SEED, 2));
  // The other customers' sizes fall off with their rank (a few large dealers, many small ones).
  const weights = logins.map((_, i) => 1 / (i + 1) ** 0.8);
  const total = weights.reduce((a, b) => a + b, 0);
  return [
    {
      id: users.get(DEALER) as number,
      login: DEALER,
      lines: DEALER_LINES,
      sconto: 35,
      portal: 0.65,
      serials: dealerSerials,
    },
    ...logins.map((login, i) => ({
      id: users.get(login) as number,
      login,
      lines: Math.round((OTHER_LINES * (weights[i] as number)) / total),
      sconto: rng.int(20, 40),
      portal: 0.3 + rng.next() * 0.5,
      serials: shuffled(rng, otherSerials).slice(0, rng.int(3, 40)),
    })),
  ];
};

/** Generates the orders (not yet written): lines, shipments, DDT and invoice numbers. */
const generateOrders = (customers: Customer[], articles: { parts: Article[]; notOrderable: Article[] }) => {
  const rng = createRng(hash32(SEED, 1));
  const pool = shuffled(rng, articles.parts);
  const now = Date.now();
  const todayMs = Date.parse(`${businessToday(new Date(now))}T00:00:00Z`);
  const orderTime = () => {
    // More orders lately (the business grows); weekdays, 6:30 to 16:30.
    let day = todayMs - Math.floor(HISTORY_DAYS * rng.next() ** 1.3) * DAY;
    while (isWeekend(day)) day -= DAY;
    const t = day + Math.round((6.5 + rng.next() * 10) * HOUR);
    return t < now - 5 * 60_000 ? t : now - rng.int(5, 240) * 60_000;
  };
  const lineCount = (tipo: Order['tipo']) =>
    tipo === 'PREV'
      ? rng.int(2, 8)
      : tipo === 'ORDCG'
        ? rng.int(1, 3)
        : weighted(rng, [
            [1, 28],
            [2, 20],
            [3, 14],
            [rng.int(4, 6), 22],
            [rng.int(7, 15), 16],
          ] as [number, number][]);
  const articleFor = () =>
    rng.chance(0.008)
      ? rng.pick(OFF_CATALOGUE)
      : articles.notOrderable.length > 0 && rng.chance(0.025)
        ? rng.pick(articles.notOrderable)
        : popular(rng, pool);
  const referenceOf = (tipo: Order['tipo'], at: number, matricola: string | null) => {
    if (tipo === 'PREV') return rng.chance(0.6) ? `Offerta cliente ${rng.pick(CLIENTS_OF_DEALERS)}` : null;
    if (!rng.chance(0.3)) return null;
    const yy = String(new Date(at).getUTCFullYear()).slice(2);
    return weighted(rng, [
      [`Rif. ${rng.int(100, 999)}/${yy}`, 3],
      [`Commessa ${rng.int(1000, 9999)}`, 2],
      [`Vs. ordine ${yy}-${pad(rng.int(1, 2500), 4)}`, 2],
      ['Scorta magazzino', 1],
      [matricola ? `Fermo macchina ${matricola}` : 'Urgente', 1],
    ]);
  };

  const orders: Order[] = [];
  for (const c of customers) {
    let lines = 0;
    while (lines < c.lines) {
      const tipo = weighted(rng, [
        ['ORD', 92],
        ['ORDCG', 3],
        ['PREV', 5],
      ] as const);
      const at = orderTime();
      const machine = c.serials.length > 0 && (tipo === 'ORDCG' || rng.chance(0.35)) ? rng.pick(c.serials) : null;
      const order: Order = {
        id: 0,
        customer: c,
        tipo,
        portale: tipo === 'ORD' ? rng.chance(c.portal) : true,
        at,
        rif: referenceOf(tipo, at, machine),
        nro: '',
        lines: [],
      };
      const n = Math.min(lineCount(tipo), c.lines - lines);
      const codes = new Set<string>();
      for (let i = 0; i < n; i++) {
        let article = articleFor();
        for (let retry = 0; retry < 4 && codes.has(article.code); retry++) article = articleFor();
        if (codes.has(article.code)) continue;
        codes.add(article.code);
        const matricola = machine && rng.chance(0.9) ? machine : null;
        order.lines.push({ article, qty: quantityOf(rng, article), matricola, shipped: 0, shipment: null });
      }
      if (order.lines.length === 0) continue;
      lines += order.lines.length;
      orders.push(order);
    }
  }
  orders.sort((a, b) => a.at - b.at);

  // Shipments: old orders shipped in full, recent ones partly shipped or waiting (back-orders).
  const shipments: Shipment[] = [];
  const today = dayOf(todayMs);
  for (const o of orders) {
    if (o.tipo === 'PREV') continue;
    const age = (todayMs - o.at) / DAY;
    const profile =
      age > 90
        ? weighted(rng, [
            ['full', 94],
            ['partial', 5],
            ['backorder', 1],
          ] as const)
        : age > 30
          ? weighted(rng, [
              ['full', 70],
              ['partial', 17],
              ['backorder', 13],
            ] as const)
          : weighted(rng, [
              ['full', 50],
              ['partial', 22],
              ['backorder', 28],
            ] as const);
    const firstDay = addWorkingDays(dayOf(o.at), rng.int(1, 6));
    const secondDay = addWorkingDays(firstDay, rng.int(2, 15));
    const split = o.lines.length >= 3 && rng.chance(0.15);
    const fates = o.lines.map(() => 'full' as 'full' | 'partial' | 'none');
    const pick = (k: number) => shuffled(rng, [...o.lines.keys()]).slice(0, Math.max(1, k));
    if (profile === 'partial') for (const i of pick(rng.int(1, 2))) fates[i] = 'partial';
    if (profile === 'backorder') for (const i of pick(rng.int(1, Math.ceil(o.lines.length / 3)))) fates[i] = 'none';
    const byDay = new Map<string, Shipment>();
    o.lines.forEach((line, i) => {
      const fate = fates[i];
      const day = fate === 'full' && split && rng.chance(0.4) ? secondDay : firstDay;
      if (fate === 'none' || day > today) return;
      let shipped = line.qty;
      if (fate === 'partial') {
        if (line.qty < 2) return;
        shipped = Number.isInteger(line.qty)
          ? Math.max(1, Math.floor(line.qty * (0.3 + rng.next() * 0.4)))
          : round(line.qty / 2, 3);
      }
      let shipment = byDay.get(day);
      if (!shipment) {
        const carrier = weighted(
          rng,
          CARRIERS.map((c) => [c, c.weight] as const),
        );
        const tracked = rng.chance(0.9);
        const number = Array.from({ length: carrier.digits }, () => rng.int(0, 9)).join('');
        shipment = {
          userId: o.customer.id,
          day,
          slug: tracked ? carrier.slug : null,
          wayBill: tracked ? `${carrier.prefix}${number}` : null,
          wayBillTxt: tracked ? `${carrier.prefix} ${number}` : rng.pick(UNTRACKED),
          ddt: '',
          fatt: null,
        };
        byDay.set(day, shipment);
        shipments.push(shipment);
      }
      line.shipped = shipped;
      line.shipment = shipment;
    });
  }
  // DDT numbered through each year; one invoice per customer and month (the month under way not yet).
  shipments.sort((a, b) => a.day.localeCompare(b.day) || a.userId - b.userId);
  const ddt = new Map<string, number>();
  const invoices = new Map<string, string>();
  const invoiceCounters = new Map<string, number>();
  const currentMonth = today.slice(0, 7);
  for (const s of shipments) {
    const year = s.day.slice(0, 4);
    const next = (ddt.get(year) ?? 0) + 1;
    ddt.set(year, next);
    s.ddt = `DDT ${year}/${pad(next, 6)}`;
    if (s.day.slice(0, 7) >= currentMonth) continue;
    const key = `${s.userId}|${s.day.slice(0, 7)}`;
    let fatt = invoices.get(key);
    if (!fatt) {
      const n = (invoiceCounters.get(year) ?? 0) + 1;
      invoiceCounters.set(year, n);
      fatt = `FT ${year}/${pad(n, 5)}`;
      invoices.set(key, fatt);
    }
    s.fatt = fatt;
  }
  // Order numbers: the portal's (as the portal numbers them) and the ERP's, each through the years.
  let portal = 0;
  let erp = 0;
  orders.forEach((o, i) => {
    o.id = i + 1;
    const year = new Date(o.at).getUTCFullYear();
    o.nro = o.portale ? `${o.tipo}§${year}§${pad(++portal, 6)}` : `ERP-${year}-${pad(++erp, 6)}`;
  });
  return { orders, shipments: shipments.length };
};

/** Writes the history: orders then lines, `BATCH` rows per multi-row insert (unnest of arrays). */
const writeHistory = async (client: pg.Client, orders: Order[]) => {
  const now = Date.now();
  await client.query('begin');
  await client.query('truncate storico_tracking_evento, storico_ordine_riga, storico_ordine restart identity');
  for (let i = 0; i < orders.length; i += BATCH) {
    const batch = orders.slice(i, i + BATCH);
    await client.query(
      `insert into storico_ordine (id, user_id, tiporichiesta, nro_ord_txt, rif_vs_nro_ord, portale, data_ins, erp_generated_at)
       select * from unnest($1::bigint[], $2::bigint[], $3::varchar[], $4::varchar[], $5::varchar[], $6::boolean[],
                            $7::timestamptz[], $8::timestamptz[])`,
      [
        batch.map((o) => o.id),
        batch.map((o) => o.customer.id),
        batch.map((o) => o.tipo),
        batch.map((o) => o.nro),
        batch.map((o) => o.rif),
        batch.map((o) => o.portale),
        batch.map((o) => new Date(o.at).toISOString()),
        batch.map((o) => {
          const days = o.lines.flatMap((l) => (l.shipment ? [Date.parse(`${l.shipment.day}T17:00:00Z`)] : []));
          return days.length > 0 ? new Date(Math.min(Math.max(...days), now)).toISOString() : null;
        }),
      ],
    );
  }
  const lines = orders.flatMap((o) => {
    const discount = 1 - o.customer.sconto / 100;
    const priceLevel = 1 - (0.04 * (now - o.at)) / (365 * DAY);
    return o.lines.map((l, i) => {
      const s = l.shipment;
      const values = {
        storicoId: o.id,
        userId: o.customer.id,
        tiporichiesta: o.tipo,
        dataIns: new Date(o.at).toISOString(),
        riga: i + 1,
        articoloId: l.article.id,
        codArt: l.article.code,
        descRiga: l.article.desc.slice(0, 255),
        unitaMisura: l.article.unit,
        matricola: l.matricola,
        qtaOrdinata: l.qty,
        qtaSpedita: s ? l.shipped : 0,
        importo: round(l.qty * round(l.article.price * discount * priceLevel, 2), 2),
        seEvasa: !!s && l.shipped >= l.qty,
        dataSpediz: s?.day ?? null,
        nroSpedTxt: s?.ddt ?? null,
        nroFattTxt: s?.fatt ?? null,
        wayBill: s?.wayBill ?? null,
        wayBillTxt: s?.wayBillTxt ?? null,
        isAftership: !!s?.wayBill,
        codAftership: s?.wayBill ? s.slug : null,
      };
      return { ...values, searchText: historySearchText({ ...values, nroOrdTxt: o.nro, rifVsNroOrd: o.rif }) };
    });
  });
  type Row = (typeof lines)[number];
  const columns: [string, string, (row: Row) => unknown][] = [
    ['storico_id', 'bigint', (r) => r.storicoId],
    ['user_id', 'bigint', (r) => r.userId],
    ['tiporichiesta', 'varchar', (r) => r.tiporichiesta],
    ['data_ins', 'timestamptz', (r) => r.dataIns],
    ['riga', 'int', (r) => r.riga],
    ['articolo_id', 'bigint', (r) => r.articoloId],
    ['cod_art', 'varchar', (r) => r.codArt],
    ['desc_riga', 'varchar', (r) => r.descRiga],
    ['unita_misura', 'varchar', (r) => r.unitaMisura],
    ['matricola', 'varchar', (r) => r.matricola],
    ['qta_ordinata', 'numeric', (r) => r.qtaOrdinata],
    ['qta_spedita', 'numeric', (r) => r.qtaSpedita],
    ['importo', 'numeric', (r) => r.importo],
    ['se_evasa', 'boolean', (r) => r.seEvasa],
    ['data_spediz', 'date', (r) => r.dataSpediz],
    ['nro_sped_txt', 'varchar', (r) => r.nroSpedTxt],
    ['nro_fatt_txt', 'varchar', (r) => r.nroFattTxt],
    ['way_bill', 'varchar', (r) => r.wayBill],
    ['way_bill_txt', 'varchar', (r) => r.wayBillTxt],
    ['is_aftership', 'boolean', (r) => r.isAftership],
    ['cod_aftership', 'varchar', (r) => r.codAftership],
    ['search_text', 'text', (r) => r.searchText],
  ];
  for (let i = 0; i < lines.length; i += BATCH) {
    const batch = lines.slice(i, i + BATCH);
    await client.query(
      `insert into storico_ordine_riga (${columns.map(([name]) => name).join(', ')})
       select * from unnest(${columns.map(([, type], j) => `$${j + 1}::${type}[]`).join(', ')})`,
      columns.map(([, , value]) => batch.map(value)),
    );
  }
  await client.query(`select setval(pg_get_serial_sequence('storico_ordine', 'id'), $1)`, [orders.length]);
  await client.query('commit');
  return lines.length;
};

// ---- set-up
await ensureDatabase(DATABASE_URL);
const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 4 });
await database.migrate();
await loadReferenceData(database.db);
await loadDemoData(database.db);
const catalogue = await loadDemoCatalogue(database.db, DATA_DIR);
if (catalogue.created) console.info(`demo catalogue loaded: ${catalogue.articles} articles`);
const machinesLoaded = await loadDemoMachines(database.db, DATA_DIR);
if (machinesLoaded.created) console.info('demo machines:', JSON.stringify(machinesLoaded));

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;
const all = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];

const dealerId = Number((await one<{ id: string }>('select id from app_user where login = $1', [DEALER])).id);
const { n: present } = await one<{ n: number }>(
  'select count(*)::int as n from storico_ordine_riga where user_id = $1',
  [dealerId],
);
if (args.regenerate || present < DEALER_LINES) {
  console.info(`generating the history (${int(present)} lines of ${DEALER}, ${int(DEALER_LINES)} asked)`);
  const t0 = performance.now();
  const customers = await prepareCustomers(client);
  const articleRows = async (where: string) =>
    (
      await all<{ id: string; code: string; desc: string; unit: string | null; price: string }>(
        `select id, articolo as code, coalesce(nullif(localized_descrizione->>'it', ''), descrizione, articolo) as desc,
                unita_misura as unit, prezzo as price
           from articolo where tipo_articolo = 'R' and ${where} order by id`,
      )
    ).map((a) => ({ ...a, id: Number(a.id), price: Number(a.price) }));
  const parts = await articleRows('ordinabile and visibile');
  const notOrderable = await articleRows('not ordinabile');
  if (parts.length === 0) throw new Error('the demo catalogue has no orderable parts');
  const { orders, shipments } = generateOrders(customers, { parts, notOrderable });
  console.info(`  ${int(orders.length)} orders, ${int(shipments)} shipments generated in ${seconds(t0)}`);
  const t1 = performance.now();
  const written = await writeHistory(client, orders);
  console.info(`  ${int(written)} lines written in ${seconds(t1)}`);
  const t2 = performance.now();
  await client.query('vacuum analyze storico_ordine, storico_ordine_riga, app_user');
  console.info(`  vacuum analyze in ${seconds(t2)}`);
}

const sizes = await one<{
  orders: number;
  lines: number;
  dealerLines: number;
  dealerYear: number;
  dealerOrd: number;
  customers: number;
  bytes: string;
  tableBytes: string;
}>(
  `select (select count(*)::int from storico_ordine) as orders,
          (select count(*)::int from storico_ordine_riga) as lines,
          (select count(*)::int from storico_ordine_riga where user_id = $1) as "dealerLines",
          (select count(*)::int from storico_ordine_riga where user_id = $1 and data_ins >= now() - interval '12 months') as "dealerYear",
          (select count(*)::int from storico_ordine_riga where user_id = $1 and tiporichiesta in ('ORD', 'ORDCG')) as "dealerOrd",
          (select count(distinct user_id)::int from storico_ordine_riga) as customers,
          (select sum(pg_total_relation_size(t))::text from unnest(array['storico_ordine', 'storico_ordine_riga']::regclass[]) t) as bytes,
          (select pg_relation_size('storico_ordine_riga')::text) as "tableBytes"`,
  [dealerId],
);
const states = await all<{ tipo: string; state: string; n: number }>(
  `select tiporichiesta as tipo,
          case when se_evasa then 'shipped' when qta_spedita > 0 then 'partly shipped' else 'to ship' end as state,
          count(*)::int as n
     from storico_ordine_riga where user_id = $1 group by 1, 2 order by 1, 2`,
  [dealerId],
);
const { version: pgVersion } = await one<{ version: string }>("select current_setting('server_version') as version");

// ---- the searched terms, drawn from the dealer's orders of the last 12 months (stable order)
const recent = `from (select * from storico_ordine_riga where user_id = ${dealerId} and tiporichiesta in ('ORD', 'ORDCG')
                         and data_ins >= now() - interval '12 months') r`;
const termsOf = async (select: string, limit = 40) =>
  (
    await all<{ t: string }>(`select t from (select distinct ${select} as t ${recent}) x where t is not null
                                order by md5(t) limit ${limit}`)
  ).map((r) => r.t);
const TERMS = {
  code: await termsOf('r.cod_art'),
  prefix: await termsOf(`left(r.cod_art, greatest(length(r.cod_art) / 2, 4))`),
  word: (
    await all<{ t: string }>(
      `select t from (select distinct lower(w) as t ${recent}
                        cross join lateral regexp_split_to_table(r.desc_riga, '\\s+') w) x
        where length(t) >= 5 and t ~ '^[[:alpha:]]+$' order by md5(t) limit 40`,
    )
  ).map((r) => r.t),
  serial: await termsOf('r.matricola'),
  order: (
    await all<{ t: string }>(
      `select t from (select distinct o.nro_ord_txt as t ${recent} join storico_ordine o on o.id = r.storico_id) x
        order by md5(t) limit 40`,
    )
  ).map((r) => r.t),
};
for (const [name, list] of Object.entries(TERMS))
  if (list.length === 0) throw new Error(`no ${name} terms in the data`);
console.info(
  `${int(sizes.lines)} lines (${int(sizes.dealerLines)} of ${DEALER}), ${int(sizes.orders)} orders; terms:`,
  Object.fromEntries(Object.entries(TERMS).map(([k, v]) => [k, v.slice(0, 3)])),
);

// ---------------------------------------------------------------------------------------------
// What is measured: the list's calls per kind of input

type Params = Record<string, string | number>;
type Kind = { key: string; title: string; params: (i: number) => Params };
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const query = (params: Params) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
const listUrl = (params: Params) => {
  const q = query(params);
  return `/api/storicoordine/ORD${q ? `?${q}` : ''}`;
};

const KINDS: Kind[] = [
  { key: 'first', title: 'first page (default: 12 months, every state, dataIns desc)', params: () => ({}) },
  { key: 'filtered', title: 'filtered: mese=3, stato=daEvadere', params: () => ({ mese: 3, stato: 'daEvadere' }) },
  { key: 'term:code', title: 'term: an article code', params: (i) => ({ term: pick(TERMS.code, i) }) },
  { key: 'term:prefix', title: 'term: a code prefix', params: (i) => ({ term: pick(TERMS.prefix, i) }) },
  { key: 'term:word', title: 'term: a word of the description', params: (i) => ({ term: pick(TERMS.word, i) }) },
  { key: 'term:serial', title: 'term: a machine serial', params: (i) => ({ term: pick(TERMS.serial, i) }) },
  { key: 'term:order', title: 'term: an order number', params: (i) => ({ term: pick(TERMS.order, i) }) },
  { key: 'sort:codArt', title: 'sorted: sort=codArt,asc', params: () => ({ sort: 'codArt,asc' }) },
  { key: 'sort:importo', title: 'sorted: sort=importo,desc', params: () => ({ sort: 'importo,desc' }) },
  { key: 'deep', title: 'a deep page: page=50', params: () => ({ page: 50 }) },
];
/** The arrival-rate and saturation mix: kinds by weight (the first page and the filters most often). */
const MIX: [string, number][] = [
  ['first', 4],
  ['filtered', 2],
  ['term:code', 1],
  ['term:prefix', 1],
  ['term:word', 1],
  ['term:serial', 1],
  ['term:order', 1],
  ['sort:codArt', 1],
  ['sort:importo', 1],
  ['deep', 1],
];
const MIX_KINDS = MIX.flatMap(([key, weight]) =>
  Array.from({ length: weight }, () => KINDS.find((k) => k.key === key) as Kind),
);
const mixAt = (n: number) => {
  const kind = MIX_KINDS[n % MIX_KINDS.length] as Kind;
  return { kind: kind.key, url: listUrl(kind.params(Math.floor(n / MIX_KINDS.length) * 7 + 3)) };
};

// ---- the same queries run directly by the repository (no HTTP, no session, no JSON)
const scope: HistoryScope = { userIds: [dealerId], tipi: ORDER_HISTORY_KIND_TYPES.ORD };
type SqlFigures = { page: number[]; count: number[]; both: number[]; totals: number[] };
const sqlFigures = new Map<string, SqlFigures>();
{
  const { db } = database;
  const run = async (kind: Kind, i: number, into: SqlFigures | null) => {
    const { page, size, sort, ...filter } = orderHistoryQuerySchema.parse(
      Object.fromEntries(Object.entries(kind.params(i)).map(([k, v]) => [k, String(v)])),
    );
    const t0 = performance.now();
    await findHistoryPage(db, scope, filter, { page, size, sort });
    const t1 = performance.now();
    const totals = await countHistory(db, scope, filter);
    const t2 = performance.now();
    // Both as the service runs them: at once, on two connections.
    await Promise.all([findHistoryPage(db, scope, filter, { page, size, sort }), countHistory(db, scope, filter)]);
    const t3 = performance.now();
    if (into) {
      into.page.push(t1 - t0);
      into.count.push(t2 - t1);
      into.both.push(t3 - t2);
      into.totals.push(totals.total);
    }
  };
  for (const kind of KINDS) for (let i = 0; i < 10; i++) await run(kind, i + 1000, null);
  const t0 = performance.now();
  for (let i = 0; i < SQL_ITERATIONS; i++)
    for (const kind of KINDS) {
      const into = sqlFigures.get(kind.key) ?? { page: [], count: [], both: [], totals: [] };
      sqlFigures.set(kind.key, into);
      await run(kind, i, into);
    }
  console.info(`SQL by the repository: ${seconds(t0)}`);
}

// ---- the CSV filters: the one nearest 1,000 lines, the smallest month range of ≥ 50,000, all 12 months
type CsvFilter = { name: string; params: Params; lines: number };
const csvFilters: CsvFilter[] = [];
{
  const { db } = database;
  const counted: CsvFilter[] = [];
  for (let mese = 1; mese <= 12; mese++)
    for (const stato of ['tutti', 'daEvadere'] as const) {
      const { total } = await countHistory(db, scope, { mese, stato, term: undefined });
      counted.push({ name: '', params: stato === 'tutti' ? { mese } : { mese, stato }, lines: total });
    }
  // The small one may also be a term over the 12 months (a word of the descriptions, a serial).
  const terms: CsvFilter[] = [];
  for (const term of [...TERMS.word, ...TERMS.serial]) {
    const { total } = await countHistory(db, scope, { mese: 12, stato: 'tutti', term });
    terms.push({ name: '', params: { term }, lines: total });
  }
  const small = [...counted, ...terms].sort((a, b) => Math.abs(a.lines - 1000) - Math.abs(b.lines - 1000))[0];
  const large = counted.filter((c) => !c.params.stato && c.lines >= CSV_LINES).sort((a, b) => a.lines - b.lines)[0];
  const full = counted.find((c) => !c.params.stato && c.params.mese === 12);
  if (!small || !large || !full) throw new Error(`no filter gives ${CSV_LINES} lines: ${JSON.stringify(counted)}`);
  csvFilters.push({ ...small, name: 'about 1,000 lines' }, { ...large, name: `≥ ${int(CSV_LINES)} lines` });
  if (full.lines !== large.lines) csvFilters.push({ ...full, name: '12 months' });
}
await database.close();
await client.end();

// ---------------------------------------------------------------------------------------------
// The server

type Get = Awaited<ReturnType<typeof signInClient>>;
type Measured = Map<string, number[]>;
const record = (m: Measured, name: string, value: number) => {
  const list = m.get(name) ?? [];
  list.push(value);
  m.set(name, list);
};

/** The server's resident memory now and its peak since the last reset (kB in /proc/<pid>/status). */
const memoryOf = async (pid: number) => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};
/** Resets the peak (VmHWM) to the current RSS (Linux: 5 into clear_refs). */
const resetPeak = (pid: number) =>
  fs.writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );

type CsvRun = {
  filter: string;
  lines: number;
  rows: number;
  bytes: number;
  wire: number;
  firstByte: number;
  total: number;
  rssBefore: number;
  rssPeak: number;
  hwm: number;
};

/** One CSV download as the browser makes it (gzip accepted), the server's memory sampled every 10 ms. */
const downloadCsv = async (get: Get, pid: number, filter: CsvFilter): Promise<CsvRun> => {
  const before = await memoryOf(pid);
  const peakReset = await resetPeak(pid);
  let rssPeak = before.rss;
  const sampler = setInterval(() => {
    memoryOf(pid).then(
      (m) => {
        rssPeak = Math.max(rssPeak, m.rss);
      },
      () => undefined,
    );
  }, 10);
  const t0 = performance.now();
  let firstByte = 0;
  let wire = 0;
  let bytes = 0;
  let rows = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        `${BASE}/api/storicoordine/download/csv/ORD?${query(filter.params)}`,
        { headers: { cookie: get.cookie(), 'accept-encoding': 'gzip' } },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`CSV: ${response.statusCode}`));
            response.resume();
            return;
          }
          response.on('data', (chunk: Buffer) => {
            if (firstByte === 0) firstByte = performance.now() - t0;
            wire += chunk.length;
          });
          const body = response.headers['content-encoding'] === 'gzip' ? response.pipe(zlib.createGunzip()) : response;
          body.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
          });
          body.on('end', resolve);
          body.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  } finally {
    clearInterval(sampler);
  }
  const total = performance.now() - t0;
  const after = await memoryOf(pid);
  rssPeak = Math.max(rssPeak, after.rss);
  return {
    filter: filter.name,
    lines: filter.lines,
    rows: rows - 1,
    bytes,
    wire,
    firstByte,
    total,
    rssBefore: before.rss,
    rssPeak,
    hwm: peakReset ? after.hwm : Number.NaN,
  };
};

const server: ChildProcess = await startBenchServer(PORT, {
  DATA_DIR,
  DATABASE_URL,
  SMTP_URL: '',
  ERP_EXPORT_URL: '',
});
const serverPid = server.pid as number;
const loadBefore = os.loadavg()[0] ?? 0;
const single = new Map<string, number[]>();
const csvRuns: CsvRun[] = [];
const saturation: { kind: string; latency: number; error?: string }[] = [];
let saturationSeconds = 0;
type Arrival = { kind: string; latency: number; service: number; error?: string };
type ArrivalRun = { rate: number; arrivals: Arrival[]; lagMax: number; seconds: number };
const arrivalRuns: ArrivalRun[] = [];
let loadMiddle = 0;
const rssAfterLoad = { rss: 0, hwm: 0 };
try {
  const get = await signInClient(BASE, DEALER);
  // Every kind answers a page of lines (a wrong URL or an empty term list would measure an error page).
  for (const kind of KINDS) {
    const lines = JSON.parse((await get(listUrl(kind.params(0)))).toString()) as unknown[];
    if (!Array.isArray(lines)) throw new Error(`${kind.key}: not a list`);
  }
  // Warm-up pass, not counted: every kind's first 20 inputs.
  for (const kind of KINDS) for (let i = 0; i < 20; i++) await get(listUrl(kind.params(i + 500)));

  // The CSV first, on a server that has served only the warm-up: small, large, 12 months, in turn.
  for (let run = 0; run < CSV_RUNS; run++)
    for (const filter of csvFilters) csvRuns.push(await downloadCsv(get, serverPid, filter));
  console.info('CSV done');

  // One client alone, one request after the other; the kinds interleaved so they share the same conditions.
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    for (const kind of [{ key: 'account', params: () => ({}) }, ...KINDS]) {
      const url = kind.key === 'account' ? '/api/account' : listUrl(kind.params(i));
      const t0 = performance.now();
      await get(url);
      record(single, kind.key, performance.now() - t0);
    }
  }
  console.info(`single client: ${seconds(started)}`);
  loadMiddle = os.loadavg()[0] ?? 0;

  // Saturation: CLIENTS clients (each its own session), each sending its next request as soon as
  // the previous one is answered, for SATURATION_SECONDS; what it measures is the server's capacity.
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => signInClient(BASE, DEALER)));
  let next = 0;
  const satStart = performance.now();
  const satEnd = satStart + SATURATION_SECONDS * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < satEnd) {
        const { kind, url } = mixAt(next++);
        const t0 = performance.now();
        try {
          await c(url);
          saturation.push({ kind, latency: performance.now() - t0 });
        } catch (error) {
          saturation.push({ kind, latency: performance.now() - t0, error: (error as Error).message });
        }
      }
    }),
  );
  saturationSeconds = (performance.now() - satStart) / 1000;
  console.info(`saturation: ${saturation.length} requests in ${saturationSeconds.toFixed(1)} s`);

  // Constant arrival rate (open model): request n starts at n / rate s whatever the answers before it;
  // its latency runs from that scheduled start (a late start counts against the server, not hidden).
  // The requests go out over the CLIENTS sessions in turn.
  for (const rate of RATES) {
    await new Promise((r) => setTimeout(r, 3000));
    const run: ArrivalRun = { rate, arrivals: [], lagMax: 0, seconds: 0 };
    const total = Math.round(rate * SECONDS);
    const t0 = performance.now() + 100;
    const pending: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const at = t0 + (n * 1000) / rate;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { kind, url } = mixAt(n + 1_000_000);
      const sent = performance.now();
      run.lagMax = Math.max(run.lagMax, sent - at);
      pending.push(
        (clients[n % clients.length] as Get)(url).then(
          () => {
            const end = performance.now();
            run.arrivals.push({ kind, latency: end - at, service: end - sent });
          },
          (error: Error) => {
            const end = performance.now();
            run.arrivals.push({ kind, latency: end - at, service: end - sent, error: error.message });
          },
        ),
      );
    }
    await Promise.all(pending);
    run.seconds = (performance.now() - t0) / 1000;
    arrivalRuns.push(run);
    console.info(`arrival rate ${rate}/s: ${run.arrivals.length} requests in ${run.seconds.toFixed(1)} s`);
  }
  Object.assign(rssAfterLoad, await memoryOf(serverPid));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
const loadAfter = os.loadavg()[0] ?? 0;

// ---------------------------------------------------------------------------------------------
// The report

const header = ['| kind | count | p50 | p95 | p99 | max |', '|---|---|---|---|---|---|'];
const row = (name: string, values: number[]) => {
  const s = stats(values);
  return `| ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
};
const median = (values: number[]) => stats(values).p50;

const p95Of = (key: string) => stats(single.get(key) ?? []).p95;
const targetKinds = ['first', 'filtered'];
const targetSql = targetKinds.map((k) => stats(sqlFigures.get(k)?.count ?? []).p95);
const pass = targetKinds.every((k) => p95Of(k) <= TARGET_P95_MS);
const over = KINDS.filter((k) => p95Of(k.key) > TARGET_P95_MS).map((k) => `\`${k.key}\` ${ms(p95Of(k.key))}`);

const satOk = saturation.filter((s) => !s.error);
const satErrors = saturation.filter((s) => s.error);
const csvRow = (r: CsvRun) =>
  `| ${r.filter} (\`${query(csvFilters.find((f) => f.name === r.filter)?.params ?? {})}\`) | ${int(r.rows)} | ${mib(r.bytes)} | ${mib(r.wire)} | ${ms(r.firstByte)} | ${(r.total / 1000).toFixed(2)} s | ${mib(r.rssBefore)} | ${mib(r.rssPeak)} (+${mib(r.rssPeak - r.rssBefore)}) | ${Number.isNaN(r.hwm) ? '—' : mib(r.hwm)} |`;
const csvMismatch = csvRuns.filter((r) => r.rows !== r.lines);

const cpus = os.cpus();
const lines = [
  '## PostgreSQL server',
  '',
  `Run ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${mib(os.totalmem())}, Node ${process.version};`,
  `PostgreSQL ${pgVersion} at ${new URL(DATABASE_URL).host} (shared with other work on this machine); one server process`,
  'as `npm start` runs it (pool of 10); plain `fetch` clients on the same machine; load average',
  `${loadBefore.toFixed(1)} before, ${loadMiddle.toFixed(1)} after the single-client run, ${loadAfter.toFixed(1)} at the end.`,
  '',
  `Data: ${int(sizes.lines)} order lines in ${int(sizes.orders)} orders of ${sizes.customers} customers over two years`,
  `(${mib(Number(sizes.bytes))} with indexes, the lines' table ${mib(Number(sizes.tableBytes))}): \`${DEALER}\` has`,
  `${int(sizes.dealerLines)} lines (${int(sizes.dealerOrd)} orders and warranty orders — the ORD history — the rest quotes),`,
  `${int(sizes.dealerYear)} of them in the last 12 months; the others ${int(sizes.lines - sizes.dealerLines)} lines over`,
  `${sizes.customers - 1} customers. \`${DEALER}\`'s lines by type and state:`,
  `${states.map((s) => `${s.tipo} ${s.state} ${int(s.n)}`).join(', ')}.`,
  '',
  `Terms (drawn from \`${DEALER}\`'s ORD lines of the last 12 months, ${TERMS.code.length} of each kind, e.g.):`,
  `${Object.entries(TERMS)
    .map(
      ([k, v]) =>
        `${k} ${v
          .slice(0, 3)
          .map((t) => `\`${t}\``)
          .join(', ')}`,
    )
    .join('; ')}.`,
  '',
  `### One client alone, one request after the other (${ITERATIONS} per kind after a warm-up of 20)`,
  '',
  '`GET /api/storicoordine/ORD?…` as the signed-in dealer: each call reads its page of 20 and its totals',
  '(`X-Total-Count`, `X-Total-DeEvadere`) at once on two connections, and the price visibility. "lines" is',
  'the median number of lines the filter finds.',
  '',
  '| kind | lines | count | p50 | p95 | p99 | max |',
  '|---|---|---|---|---|---|---|',
  (() => {
    const s = stats(single.get('account') ?? []);
    return `| reference: \`GET /api/account\` (the session read every call pays) | — | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  })(),
  ...KINDS.map((k) => {
    const s = stats(single.get(k.key) ?? []);
    const bold = targetKinds.includes(k.key) ? '**' : '';
    return `| ${bold}${k.title}${bold} | ${int(median(sqlFigures.get(k.key)?.totals ?? []))} | ${s.count} | ${ms(s.p50)} | ${bold}${ms(s.p95)}${bold} | ${ms(s.p99)} | ${ms(s.max)} |`;
  }),
  '',
  `Target ≤ ${TARGET_P95_MS} ms p95 for the first page, the filtered page and the totals (read within each call):`,
  `**${pass ? 'PASS' : 'FAIL'}** (first page ${ms(p95Of('first'))}, filtered ${ms(p95Of('filtered'))}; the totals' query alone`,
  `${targetSql.map(ms).join(' and ')} p95).${over.length > 0 ? ` Over ${TARGET_P95_MS} ms: ${over.join(', ')}.` : ''}`,
  '',
  `### The same queries by the repository, no HTTP (${SQL_ITERATIONS} per kind)`,
  '',
  '`findHistoryPage` (page), `countHistory` (totals) one after the other, then both at once as the service',
  "runs them; through the server's database client (node-postgres, `jit=off`).",
  '',
  '| kind | page p50 | page p95 | totals p50 | totals p95 | both at once p50 | both at once p95 |',
  '|---|---|---|---|---|---|---|',
  ...KINDS.map((k) => {
    const f = sqlFigures.get(k.key) ?? { page: [], count: [], both: [], totals: [] };
    const [p, c, b] = [stats(f.page), stats(f.count), stats(f.both)];
    return `| ${k.title} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(c.p50)} | ${ms(c.p95)} | ${ms(b.p50)} | ${ms(b.p95)} |`;
  }),
  '',
  `### Saturation: ${CLIENTS} clients, no pause, ${SATURATION_SECONDS} s (closed loop)`,
  '',
  `The mix (${MIX.map(([k, w]) => `${k} ×${w}`).join(', ')}) over ${CLIENTS} sessions of \`${DEALER}\`; each client`,
  'sends its next request when the previous one is answered, so this measures the capacity, not what a user feels:',
  `**${(satOk.length / saturationSeconds).toFixed(0)} requests/s** (${satOk.length} in ${saturationSeconds.toFixed(1)} s,`,
  `${satErrors.length} errors${satErrors[0] ? `, first: ${satErrors[0].error}` : ''}).`,
  '',
  ...header,
  row(
    '**all**',
    satOk.map((s) => s.latency),
  ),
  ...MIX.map(([key]) =>
    row(
      key,
      satOk.filter((s) => s.kind === key).map((s) => s.latency),
    ),
  ),
  '',
  ...arrivalRuns.flatMap((run) => {
    const errors = run.arrivals.filter((x) => x.error);
    const ok = run.arrivals.filter((x) => !x.error);
    const capacity = satOk.length / saturationSeconds;
    return [
      `### Constant arrival rate: ${run.rate} requests/s for ${SECONDS} s (open model)`,
      '',
      'The same mix; request n starts at n / rate whatever the answers before it, and its latency runs from that',
      `scheduled start. ${run.arrivals.length} requests answered in ${run.seconds.toFixed(1)} s, ${errors.length} errors${errors[0] ? ` (first: ${errors[0].error})` : ''};`,
      `the latest start was ${ms(run.lagMax)} behind schedule.`,
      ...(run.rate > capacity
        ? [
            `**Over the capacity measured above (${capacity.toFixed(0)} requests/s): the requests queue, and the latencies`,
            'grow with the time of the run rather than measure a request.**',
          ]
        : []),
      '',
      ...header,
      row(
        '**all**',
        ok.map((x) => x.latency),
      ),
      ...MIX.map(([key]) =>
        row(
          key,
          ok.filter((x) => x.kind === key).map((x) => x.latency),
        ),
      ),
      '',
    ];
  }),
  `### CSV: \`GET /api/storicoordine/download/csv/ORD\` (${CSV_RUNS} runs per filter, before the load runs)`,
  '',
  'Downloaded as a browser does (gzip accepted); "bytes" is the CSV, "on the wire" compressed. The server\'s',
  'resident memory (`/proc/<pid>/status`): VmRSS before, its peak sampled every 10 ms during the download, and',
  "VmHWM (the kernel's peak, reset before each download).",
  '',
  '| filter | lines | bytes | on the wire | first byte | total | RSS before | RSS peak | VmHWM |',
  '|---|---|---|---|---|---|---|---|---|',
  ...csvRuns.map(csvRow),
  '',
  csvMismatch.length > 0
    ? `**Line counts differ from the filter's total** in ${csvMismatch.length} runs.`
    : 'Every CSV held exactly the lines the filter counts.',
  `Server RSS after the load runs: ${mib(rssAfterLoad.rss)} (peak since the last reset ${mib(rssAfterLoad.hwm)}).`,
];
const resultsFile = path.join(ROOT, 'bench', 'results', 'history.md');
// Notes written by hand under "## Notes" (what was changed, earlier runs) are kept.
const kept = await fs.readFile(resultsFile, 'utf8').then(
  (text) => {
    const at = text.indexOf('\n## Notes');
    return at === -1 ? '' : text.slice(at);
  },
  () => '',
);
const report = `# Order history benchmark\n\nWritten by \`npm run bench:history\`.\n\n${lines.join('\n').trimEnd()}\n${kept}`;
await fs.mkdir(path.dirname(resultsFile), { recursive: true });
await fs.writeFile(resultsFile, report);
console.info(report);
