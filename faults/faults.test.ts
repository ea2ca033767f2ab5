// Issue 18 §2: faults injected into a real deployment — two server processes behind HAProxy (the
// project's deploy/haproxy.cfg), a PostgreSQL server of the test's own, attachments on S3 (s3rver),
// a real SMTP server and an ERP endpoint on loopback. Each test writes its figures to
// bench/results/faults.md.

import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { earliestRequestDate } from '@ricambi/domain';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { type BrowserClient, browserClient, createDealers, withRetries } from './support/clients.ts';
import { type Cluster, freshDir, ROOT, startCluster, statusAt, until } from './support/cluster.ts';
import { repeats, startErpSink, startSmtpSink } from './support/partners.ts';
import { type PrivatePostgres, privatePostgresMissing, startPrivatePostgres } from './support/postgres.ts';

const BASE_PORT = Number(process.env.FAULTS_PORT ?? 18720);
const PORTS = {
  balancer: BASE_PORT,
  servers: [BASE_PORT + 1, BASE_PORT + 2],
  postgres: BASE_PORT + 3,
  smtp: BASE_PORT + 4,
  erp: BASE_PORT + 5,
};
const LINES_PER_ORDER = 2;

const missing =
  privatePostgresMissing() ??
  (spawnSync('haproxy', ['-v']).status === 0 ? undefined : 'no haproxy (Debian package haproxy)') ??
  (fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')) ? undefined : 'the web app is not built (npm run build)');
if (missing) console.warn(`NOTICE: the fault tests are skipped: ${missing}.`);

const report: string[] = [];

const sendBody = (cart: Record<string, unknown>, login: string) => ({
  privacy: true,
  linee: (cart.righe as { id: number }[]).map((l) => l.id),
  totaleVisto: cart.totale,
  rifOrdine: `FAULTS-${login}`,
  cartAddress: {
    RAGSOC: 'Faults Srl',
    INDIRIZZO: 'Via Roma 1',
    CAP: '20100',
    CITTA: 'Milano',
    PROV: 'MI',
    STATO: 'ITA',
  },
});

describe.skipIf(missing !== undefined)('faults in a two-process deployment', () => {
  let postgres: PrivatePostgres;
  let cluster: Cluster;
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let erp: Awaited<ReturnType<typeof startErpSink>>;
  let s3: S3rver;
  let articles: number[] = [];
  let dataDir = '';

  /** Signed-in dealers with their carts filled, ready to send. */
  const dealersWithCarts = async (prefix: string, count: number) => {
    const logins = await createDealers(database.db, prefix, count);
    return Promise.all(
      logins.map(async (login, i) => {
        const client = browserClient(cluster.url);
        // The set-up is not the fault under test: on a machine this busy, a call is repeated as a
        // user would (a repeated add only raises the line's quantity).
        const setup = { retries: 0 };
        await withRetries(() => client.signIn(login), setup);
        let cart: Record<string, unknown> = {};
        for (let line = 0; line < LINES_PER_ORDER; line++) {
          const idArticolo = articles[(i * LINES_PER_ORDER + line) % articles.length];
          const added = await withRetries(
            () =>
              client.call('POST', '/api/cartitem', {
                idArticolo,
                quantita: 1,
                dataRichiesta: earliestRequestDate(),
                // As a dealer answers "order more than is in stock?": the stock is not what is tested.
                confermaSuperamento: true,
              }),
            setup,
          );
          if (added.status !== 201) throw new Error(`${login} add: ${added.status} ${added.text.slice(0, 200)}`);
          cart = added.json();
        }
        return { login, client, cart };
      }),
    );
  };

  /** Sends the order with one key, repeating it on no answer or a 5xx; the order number answered. */
  const sendOrder = async (
    dealer: { login: string; client: BrowserClient; cart: Record<string, unknown> },
    counters: { retries: number },
  ) => {
    const key = randomUUID();
    const answer = await withRetries(
      () =>
        dealer.client.call('POST', '/api/cart/send', sendBody(dealer.cart, dealer.login), { 'idempotency-key': key }),
      counters,
    );
    if (answer.status !== 200) throw new Error(`${dealer.login} send: ${answer.status} ${answer.text.slice(0, 200)}`);
    return String(answer.json().numeroOrdine);
  };

  /** The stored orders of the dealers whose login starts with prefix. */
  const ordersOf = (prefix: string) =>
    queryRows<{ login: string; numero: string }>(
      database.db,
      sql`select u.login, o.numero_ordine as numero from ordine o join app_user u on u.id = o.user_id
           where u.login like ${`${prefix}%`} order by u.login`,
    );

  /** Waits until the outbox holds nothing pending (the workers delivered everything due). */
  const drained = async (timeoutMs: number) => {
    const started = Date.now();
    for (;;) {
      const [row] = await queryRows<{ n: string }>(
        database.db,
        sql`select count(*) as n from outbox_message where status = 'PENDING'`,
      );
      if (Number(row?.n) === 0) return (Date.now() - started) / 1000;
      if (Date.now() - started > timeoutMs) throw new Error(`outbox still has ${row?.n} pending`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  /** Mails and ERP documents of the orders: each delivered exactly once. */
  const deliveries = (logins: string[], numbers: string[]) => {
    const emails = new Set(logins.map((l) => `${l}@faults.example`));
    const mails = smtp.received.filter((m) => emails.has(m.to));
    const wanted = new Set(numbers);
    const documents = erp.received.filter((d) => wanted.has(d.numeroOrdine));
    return {
      mails: mails.length,
      mailRepeats: repeats(mails.map((m) => m.to)),
      mailIdRepeats: repeats(mails.map((m) => m.id)),
      documents: documents.length,
      documentRepeats: repeats(documents.map((d) => d.numeroOrdine)),
      keysMatch: documents.every((d) => d.key === d.numeroOrdine),
    };
  };

  beforeAll(async () => {
    const work = freshDir('faults');
    dataDir = path.join(work, 'data');
    postgres = startPrivatePostgres(PORTS.postgres);
    smtp = await startSmtpSink(PORTS.smtp);
    erp = await startErpSink(PORTS.erp);
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(work, 's3'),
      configureBuckets: [{ name: 'ricambi-faults', configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    cluster = await startCluster({
      port: PORTS.balancer,
      serverPorts: PORTS.servers,
      dataDir,
      env: {
        NODE_ENV: 'production',
        DEMO_DATA: 'true',
        DATABASE_URL: postgres.url,
        BASE_URL: `http://127.0.0.1:${PORTS.balancer}`,
        COOKIE_SECURE: 'false',
        SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
        ERP_EXPORT_URL: `http://127.0.0.1:${PORTS.erp}/orders`,
        S3_BUCKET: 'ricambi-faults',
        S3_URL: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        SECRET_KEY: 'a'.repeat(64),
        MAIL_POLL_MS: '250',
        ERP_HISTORY_POLL_MS: '500',
      },
    });
    database = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 2 });
    articles = (
      await queryRows<{ id: number | string }>(
        database.db,
        sql`select id from articolo where ordinabile and visibile and tipo_articolo = 'R' order by id limit 400`,
      )
    ).map((r) => Number(r.id));
    report.push(
      `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}:`,
      "two server processes (`npm start`'s server, production mode, demo data) behind HAProxy with",
      "`deploy/haproxy.cfg`, a PostgreSQL server of the test's own, attachments on S3 (s3rver), a real SMTP",
      'server and an HTTP ERP endpoint on loopback. Every client retries on no answer or a 5xx with the',
      `same Idempotency-Key. ${articles.length} orderable articles; ${LINES_PER_ORDER} lines an order.`,
      '',
    );
  }, 600_000);

  afterAll(async () => {
    for (const [i, member] of (cluster?.members ?? []).entries()) {
      const tail = member.stderr.join('').slice(-4000);
      if (tail) console.error(`server ${i + 1}, last of its stderr:\n${tail}`);
    }
    await database?.close();
    await cluster?.stop();
    await smtp?.down();
    await erp?.down();
    await s3?.close();
    postgres?.remove();
    if (report.length > 0) {
      const file = path.join(ROOT, 'bench', 'results', 'faults.md');
      fs.writeFileSync(
        file,
        `# Fault runs\n\nWritten by \`npm run test:faults\` (faults/faults.test.ts).\n\n${report.join('\n').trimEnd()}\n`,
      );
    }
  }, 120_000);

  it('kill -9 of one of two servers during 200 checkouts: every order stored once, its mail and ERP document delivered once', async () => {
    const dealers = await dealersWithCarts('kill', 200);
    const counters = { retries: 0 };
    const started = performance.now();
    const sending = Promise.all(dealers.map((dealer) => sendOrder(dealer, counters)));
    // Kill one process while the checkouts are in flight: some have reached it, some are on their way.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await cluster.kill(0, 'SIGKILL');
    const killedAt = performance.now();
    const numbers = await sending;
    const seconds = (performance.now() - started) / 1000;
    await cluster.start(0);
    const recovery = (performance.now() - killedAt) / 1000;
    const drainSeconds = await drained(120_000);

    const stored = await ordersOf('kill');
    const logins = dealers.map((d) => d.login);
    const delivered = deliveries(logins, numbers);
    report.push(
      '## kill -9 of one of two servers during 200 checkouts',
      '',
      `200 signed-in dealers send their order at once; 150 ms later server 1 is killed (SIGKILL) and`,
      `started again once every client had its answer.`,
      '',
      '| figure | value |',
      '|---|---|',
      `| checkouts sent | 200 |`,
      `| client retries (no answer or 5xx) | ${counters.retries} |`,
      `| all answered in | ${seconds.toFixed(1)} s |`,
      `| orders stored | ${stored.length} |`,
      `| duplicate orders | ${stored.length - new Set(stored.map((o) => o.login)).size} |`,
      `| answers naming another order than the stored one | ${numbers.filter((n, i) => stored.find((o) => o.login === logins[i])?.numero !== n).length} |`,
      `| order mails delivered / repeated | ${delivered.mails} / ${delivered.mailRepeats} |`,
      `| ERP documents delivered / repeated | ${delivered.documents} / ${delivered.documentRepeats} |`,
      `| killed server healthy again after | ${recovery.toFixed(1)} s |`,
      `| outbox drained after | ${drainSeconds.toFixed(1)} s |`,
      '',
    );
    expect(stored.map((o) => o.login)).toEqual([...logins].sort());
    expect(new Set(stored.map((o) => o.numero)).size).toBe(200);
    expect(stored.map((o) => o.numero).sort()).toEqual([...numbers].sort());
    expect(delivered).toEqual({
      mails: 200,
      mailRepeats: 0,
      mailIdRepeats: 0,
      documents: 200,
      documentRepeats: 0,
      keysMatch: true,
    });
  }, 600_000);

  it('PostgreSQL stopped (immediate) under load and started again: health DOWN while away, no request hangs, nothing lost', async () => {
    const dealers = await dealersWithCarts('pgre', 40);
    const counters = { retries: 0 };
    // Background load: the signed-in pages dealers poll, through the balancer, 20 a second.
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let loading = true;
    const reader = browserClient(cluster.url);
    await withRetries(() => reader.signIn(dealers[0]?.login ?? ''), { retries: 0 });
    const load = (async () => {
      const inFlight: Promise<void>[] = [];
      while (loading) {
        const t0 = performance.now();
        inFlight.push(
          reader.call('GET', '/api/account').then(
            (r) => {
              latencies.push(performance.now() - t0);
              statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            },
            () => {
              latencies.push(performance.now() - t0);
              statuses.set(0, (statuses.get(0) ?? 0) + 1);
            },
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(inFlight);
    })();
    // Dealers send one after another across the outage.
    const sending = Promise.all(
      dealers.map(async (dealer, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 150));
        return sendOrder(dealer, counters);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    postgres.stopImmediate();
    const stoppedAt = performance.now();
    // Health, asked of each server directly: DOWN (503, db DOWN) while the database is away.
    const downSeen = await Promise.all(
      PORTS.servers.map(async (port) => {
        for (let i = 0; i < 50; i++) {
          if ((await statusAt(port, '/management/health')) === 503) return (performance.now() - stoppedAt) / 1000;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return Number.NaN;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 5000 - (performance.now() - stoppedAt))));
    postgres.start();
    const startedAt = performance.now();
    await cluster.waitForHealth(200, 60_000);
    const upAfter = (performance.now() - startedAt) / 1000;
    const numbers = await sending;
    loading = false;
    await load;
    const drainSeconds = await drained(120_000);

    const stored = await ordersOf('pgre');
    const logins = dealers.map((d) => d.login);
    const delivered = deliveries(logins, numbers);
    const slowest = Math.max(...latencies) / 1000;
    report.push(
      '## PostgreSQL stopped for 5 s under load',
      '',
      '40 dealers send their orders one every 150 ms while one client reads its account 20 times a second;',
      '1 s in, PostgreSQL is stopped with `pg_ctl stop -m immediate` (every backend killed, crash recovery at',
      'start) and started again 5 s later. The servers are not restarted.',
      '',
      '| figure | value |',
      '|---|---|',
      `| health DOWN (503) seen after the stop, server 1 / 2 | ${downSeen.map((s) => `${s.toFixed(1)} s`).join(' / ')} |`,
      `| balancer ready again after the start | ${upAfter.toFixed(1)} s |`,
      `| background reads by status | ${[...statuses].map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`).join(', ')} |`,
      `| slowest background read | ${slowest.toFixed(1)} s (client timeout 30 s) |`,
      `| checkout retries | ${counters.retries} |`,
      `| orders stored / duplicates | ${stored.length} / ${stored.length - new Set(stored.map((o) => o.login)).size} |`,
      `| order mails delivered / repeated | ${delivered.mails} / ${delivered.mailRepeats} |`,
      `| ERP documents delivered / repeated | ${delivered.documents} / ${delivered.documentRepeats} |`,
      `| outbox drained after | ${drainSeconds.toFixed(1)} s |`,
      '',
    );
    expect(downSeen.every((s) => Number.isFinite(s))).toBe(true);
    expect(statuses.get(0) ?? 0).toBe(0);
    // A request the database could not serve is 503 with Retry-After, never a 500.
    expect(statuses.get(500) ?? 0).toBe(0);
    expect(slowest).toBeLessThan(30);
    expect(stored.map((o) => o.login)).toEqual([...logins].sort());
    expect(stored.map((o) => o.numero).sort()).toEqual([...numbers].sort());
    expect(delivered).toEqual({
      mails: 40,
      mailRepeats: 0,
      mailIdRepeats: 0,
      documents: 40,
      documentRepeats: 0,
      keysMatch: true,
    });
  }, 600_000);

  it('SMTP server and ERP endpoint down for a minute: orders go on, every mail and document delivered once when they are back', async () => {
    await smtp.down();
    await erp.down();
    const downAt = performance.now();
    const dealers = await dealersWithCarts('part', 20);
    const counters = { retries: 0 };
    const numbers = await Promise.all(dealers.map((dealer) => sendOrder(dealer, counters)));
    const ordersTook = (performance.now() - downAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 60_000 - (performance.now() - downAt))));
    await smtp.up();
    await erp.up();
    const upAt = performance.now();
    const drainSeconds = await drained(300_000);
    const logins = dealers.map((d) => d.login);
    const delivered = deliveries(logins, numbers);
    const stored = await ordersOf('part');
    report.push(
      '## SMTP server and ERP endpoint down for a minute',
      '',
      'Both partners close their ports; 20 dealers send their orders; a minute later both come back.',
      '',
      '| figure | value |',
      '|---|---|',
      `| orders taken while the partners were down | ${stored.length} of 20, in ${ordersTook.toFixed(1)} s, ${counters.retries} retries |`,
      `| every mail and document delivered after the partners came back | ${((performance.now() - upAt) / 1000).toFixed(1)} s (outbox back-off) |`,
      `| order mails delivered / repeated | ${delivered.mails} / ${delivered.mailRepeats} |`,
      `| ERP documents delivered / repeated | ${delivered.documents} / ${delivered.documentRepeats} |`,
      `| outbox drained after | ${drainSeconds.toFixed(1)} s |`,
      '',
    );
    expect(counters.retries).toBe(0);
    expect(stored).toHaveLength(20);
    expect(delivered).toEqual({
      mails: 20,
      mailRepeats: 0,
      mailIdRepeats: 0,
      documents: 20,
      documentRepeats: 0,
      keysMatch: true,
    });
  }, 600_000);

  it('an ERP document the ERP refuses is dead-lettered at once, shown to administrators, and delivered once when sent again', async () => {
    const [dealer] = await dealersWithCarts('dead', 1);
    if (!dealer) throw new Error('no dealer');
    const reference = `FAULTS-${dealer.login}`;
    erp.refusing.add(reference);
    const sentAt = performance.now();
    const number = await sendOrder(dealer, { retries: 0 });
    let dead = { id: 0, status: '', attempts: 0 };
    await until(`ERP document of ${number} dead-lettered`, 60_000, async () => {
      const [row] = await queryRows<{ id: number | string; status: string; attempts: number }>(
        database.db,
        sql`select id, status, attempts from outbox_message where kind = 'erp' and payload->>'numeroOrdine' = ${number}`,
      );
      if (row) dead = { ...row, id: Number(row.id) };
      return row?.status === 'FAILED';
    });
    const deadAfter = (performance.now() - sentAt) / 1000;

    // The administrator's page lists it (through the balancer), and sends it again once the ERP takes it.
    const admin = browserClient(cluster.url);
    await withRetries(() => admin.signIn('admin', 'admin'), { retries: 0 });
    const listed = await admin.call('GET', '/api/outbox/failed?size=100');
    expect(listed.status).toBe(200);
    const shown = (JSON.parse(listed.text) as { id: number; kind: string; orderNumber: string | null }[]).find(
      (m) => m.id === dead.id,
    );
    expect(shown).toMatchObject({ kind: 'erp', orderNumber: number });
    erp.refusing.delete(reference);
    const retried = await admin.call('POST', `/api/outbox/failed/${dead.id}/retry`);
    expect(retried.status).toBe(204);
    const drainSeconds = await drained(60_000);
    const delivered = deliveries([dealer.login], [number]);
    report.push(
      '## An ERP document the ERP refuses',
      '',
      'The ERP answers 422 to one order’s document; the order is taken, its mail goes out, the document is',
      'dead-lettered; the administrator finds it on the dead-letter list and sends it again once the ERP',
      'takes it.',
      '',
      '| figure | value |',
      '|---|---|',
      `| refusals by the ERP | ${erp.refusals.length} |`,
      `| dead-lettered after | ${deadAfter.toFixed(1)} s, ${dead.attempts} attempt(s) |`,
      `| on the administrators' list | ${shown ? 'yes' : 'no'} |`,
      `| delivered after the retry | ${drainSeconds.toFixed(1)} s |`,
      `| order mails delivered / repeated | ${delivered.mails} / ${delivered.mailRepeats} |`,
      `| ERP documents delivered / repeated | ${delivered.documents} / ${delivered.documentRepeats} |`,
      '',
    );
    expect(dead.attempts).toBe(1);
    expect(erp.refusals).toHaveLength(1);
    expect(delivered).toEqual({
      mails: 1,
      mailRepeats: 0,
      mailIdRepeats: 0,
      documents: 1,
      documentRepeats: 0,
      keysMatch: true,
    });
  }, 300_000);

  it('an ERP history import whose process is killed mid-way is applied whole, once, by the other process', async () => {
    const ORDERS = 2_000;
    const LINES = 5;
    const documentId = `FAULTS-HISTORY-${Date.now()}`;
    const document = {
      documentId,
      generatedAt: new Date().toISOString(),
      ordini: Array.from({ length: ORDERS }, (_, o) => ({
        nroOrdTxt: `FH-${documentId.slice(-6)}-${o + 1}`,
        cliente: 'dealer',
        dataIns: new Date(Date.now() - 86_400_000).toISOString(),
        righe: Array.from({ length: LINES }, (_, r) => ({
          riga: r + 1,
          codArt: `FH-PART-${r + 1}`,
          descRiga: `Filtro ${o + 1}/${r + 1}`,
          qtaOrdinata: 2,
          qtaSpedita: 1,
        })),
      })),
    };
    // Server 2 is stopped, so server 1 is the process that takes the document up.
    await cluster.kill(1, 'SIGKILL');
    const inbox = path.join(dataDir, 'erp', 'inbox', 'history');
    fs.mkdirSync(inbox, { recursive: true });
    const file = path.join(inbox, `${documentId}.json`);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(document));
    fs.renameSync(`${file}.tmp`, file);
    // Killed while its transaction has written and not yet committed.
    await until(
      'server 1 began the import',
      60_000,
      async () => {
        const [row] = await queryRows<{ n: string }>(
          database.db,
          sql`select count(*) as n from pg_stat_activity
               where backend_xid is not null and query ilike '%storico_ordine%' and pid <> pg_backend_pid()`,
        );
        return Number(row?.n) > 0;
      },
      20,
    );
    await cluster.kill(0, 'SIGKILL');
    const killedAt = performance.now();
    const historyOf = async () => {
      const [row] = await queryRows<{ orders: string; lines: string }>(
        database.db,
        sql`select count(distinct o.id) as orders, count(r.id) as lines from storico_ordine o
             left join storico_ordine_riga r on r.storico_id = o.id where o.nro_ord_txt like ${`FH-${documentId.slice(-6)}-%`}`,
      );
      return { orders: Number(row?.orders), lines: Number(row?.lines) };
    };
    const afterKill = await historyOf();
    await cluster.start(1);
    await until('the document taken up by server 2', 180_000, async () => !fs.existsSync(file), 250);
    const appliedAfter = (performance.now() - killedAt) / 1000;
    await cluster.start(0);
    const applied = await historyOf();
    const log = await queryRows<{ outcome: string }>(
      database.db,
      sql`select outcome from erp_storico_log where document_id = ${documentId}`,
    );
    const done = fs.readdirSync(path.join(inbox, 'done')).filter((name) => name.endsWith(`_${documentId}.json`));
    report.push(
      '## An ERP history import whose process is killed',
      '',
      `A history document of ${ORDERS} orders × ${LINES} lines is dropped into the shared inbox while only`,
      'server 1 runs; server 1 is killed (SIGKILL) once its import transaction has written; server 2 is',
      'started and takes the document up.',
      '',
      '| figure | value |',
      '|---|---|',
      `| history orders / lines stored right after the kill | ${afterKill.orders} / ${afterKill.lines} |`,
      `| applied by server 2 after the kill | ${appliedAfter.toFixed(1)} s (its start included) |`,
      `| history orders / lines stored | ${applied.orders} / ${applied.lines} |`,
      `| hand-back log of the document | ${log.map((l) => l.outcome).join(', ')} |`,
      `| copies in done/ | ${done.length} |`,
      '',
    );
    expect(afterKill).toEqual({ orders: 0, lines: 0 });
    expect(applied).toEqual({ orders: ORDERS, lines: ORDERS * LINES });
    expect(log.map((l) => l.outcome)).toEqual(['APPLIED']);
    expect(done).toHaveLength(1);
  }, 600_000);

  it('a full-catalogue PDF whose process is killed is made by the other process', async () => {
    // The demo dealer asks server 1 itself, so that server 1 holds the job.
    const [first, second] = PORTS.servers.map((port) => browserClient(`http://127.0.0.1:${port}`)) as [
      BrowserClient,
      BrowserClient,
    ];
    await withRetries(() => first.signIn('dealer', 'dealer'), { retries: 0 });
    await withRetries(() => second.signIn('dealer', 'dealer'), { retries: 0 });
    const machines = await first.call('GET', '/api/machine/full?term=ec35a00001&size=1');
    const machineId = (JSON.parse(machines.text) as { id: number }[])[0]?.id;
    expect(machineId).toBeTypeOf('number');
    const requested = await first.call('GET', `/api/catalogo/${machineId}/pdf/download/it`);
    expect(requested.status).toBe(202);
    expect(requested.json()).toMatchObject({ state: 'GENERATING' });
    await cluster.kill(0, 'SIGKILL');
    const killedAt = performance.now();
    const states: string[] = [];
    let ready = false;
    while (!ready && performance.now() - killedAt < 420_000) {
      const state = (await second.call('GET', `/api/esisteCatalogo/${machineId}`)).text;
      if (states.at(-1)?.split(' ')[0] !== state.split(' ')[0]) states.push(state);
      ready = state === 'OK PDF';
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const readyAfter = (performance.now() - killedAt) / 1000;
    const download = await second.call('GET', `/api/catalogo/download/${machineId}`);
    await cluster.start(0);
    report.push(
      '## A full-catalogue PDF whose process is killed',
      '',
      'The demo dealer asks server 1 for the full catalogue PDF of EC35A00001 (Italian); server 1 is',
      'killed (SIGKILL) at once; server 2 is asked for the state every second.',
      '',
      '| figure | value |',
      '|---|---|',
      `| states seen through server 2 | ${states.join(' → ')} |`,
      `| ready after the kill | ${readyAfter.toFixed(1)} s (a job is taken up 2 min after its last heartbeat) |`,
      `| download through server 2 | ${download.status}, ${download.text.length} characters |`,
      '',
    );
    expect(ready).toBe(true);
    expect(download.status).toBe(200);
    expect(download.text.startsWith('%PDF-')).toBe(true);
  }, 600_000);
});
