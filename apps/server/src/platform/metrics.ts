import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  METRICS_SAMPLE_SECONDS,
  METRICS_WINDOW_SECONDS,
  type MetricsSample,
  type MetricsSummary,
  type RouteStats,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';

/** Node's own metrics (event loop, memory, GC, handles): once per process, whatever the apps. */
let processRegistry: Registry | undefined;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

const HISTORY_POINTS = 60;
const MAX_SAMPLES_PER_ROUTE = 5_000;
const WINDOW_MS = METRICS_WINDOW_SECONDS * 1000;

type Sample = { at: number; ms: number };
type RouteWindow = { method: string; route: string; count: number; errors: number; samples: Sample[] };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? null
    : round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
const round = (n: number) => Math.round(n * 10) / 10;

const stats = (samples: Sample[], count: number, errors: number, now: number) => {
  const recent = samples.filter((s) => s.at > now - WINDOW_MS).map((s) => s.ms);
  recent.sort((a, b) => a - b);
  return {
    count,
    errors,
    ratePerSecond: round(recent.length / METRICS_WINDOW_SECONDS),
    p50Ms: percentile(recent, 50),
    p95Ms: percentile(recent, 95),
    p99Ms: percentile(recent, 99),
    maxMs: recent.length ? round(recent[recent.length - 1] ?? 0) : null,
  };
};

export type MetricsDeps = {
  database: DatabaseHandle;
  /** Messages waiting in the outbox (and failed for good), for the gauge and the summary. */
  outbox: () => Promise<{ pending: number; failed: number }>;
};

/**
 * Metrics of one app: the Prometheus registry (HTTP requests by method, route pattern and status;
 * database pool; outbox), plus a one-minute window per route and a five-minute history of samples
 * for the metrics page. Routes are labelled by their pattern (`/api/users/:login`), never by the
 * raw URL, so the number of series stays bounded.
 */
export const createMetrics = (deps: MetricsDeps) => {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = deps.database.pool;
  if (pool) {
    new Gauge({
      name: 'ricambi_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = pool();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, p[state]);
      },
    });
  }
  new Gauge({
    name: 'ricambi_outbox_messages',
    help: 'Outbox messages not delivered, by status (PENDING, FAILED)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const o = await deps.outbox();
      this.set({ status: 'PENDING' }, o.pending);
      this.set({ status: 'FAILED' }, o.failed);
    },
  });

  const routes = new Map<string, RouteWindow>();
  let sinceSample: number[] = [];
  const history: MetricsSample[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const lagMs = () => (Number.isFinite(loop.mean) ? round(loop.mean / 1e6) : 0);

  const takeSample = () => {
    const durations = sinceSample.sort((a, b) => a - b);
    sinceSample = [];
    const memory = process.memoryUsage();
    history.push({
      at: new Date().toISOString(),
      ratePerSecond: round(durations.length / METRICS_SAMPLE_SECONDS),
      p95Ms: percentile(durations, 95),
      eventLoopLagMs: lagMs(),
      heapUsedBytes: memory.heapUsed,
      rssBytes: memory.rss,
    });
    if (history.length > HISTORY_POINTS) history.shift();
    loop.reset();
    const cutoff = Date.now() - WINDOW_MS;
    for (const window of routes.values()) {
      const keepFrom = window.samples.findIndex((s) => s.at > cutoff);
      window.samples.splice(0, keepFrom === -1 ? window.samples.length : keepFrom);
    }
  };
  const timer = setInterval(takeSample, METRICS_SAMPLE_SECONDS * 1000);
  timer.unref();

  return {
    registry,
    /** One answered request (the onResponse hook). */
    observe: (request: { method: string; route: string | undefined; status: number; ms: number }) => {
      const route = request.route ?? 'unmatched';
      const labels = { method: request.method, route, status: String(request.status) };
      requests.inc(labels);
      duration.observe(labels, request.ms / 1000);
      const key = `${request.method} ${route}`;
      let window = routes.get(key);
      if (!window) {
        window = { method: request.method, route, count: 0, errors: 0, samples: [] };
        routes.set(key, window);
      }
      window.count++;
      if (request.status >= 500) window.errors++;
      window.samples.push({ at: Date.now(), ms: request.ms });
      if (window.samples.length > MAX_SAMPLES_PER_ROUTE) window.samples.shift();
      sinceSample.push(request.ms);
    },
    /** The Prometheus text: Node's metrics and this app's. */
    prometheus: async () => ({
      contentType: registry.contentType,
      text: `${await processMetrics().metrics()}\n${await registry.metrics()}`,
    }),
    summary: async (): Promise<MetricsSummary> => {
      const now = Date.now();
      const all = [...routes.values()];
      const perRoute: RouteStats[] = all
        .map((w) => ({ method: w.method, route: w.route, ...stats(w.samples, w.count, w.errors, now) }))
        .sort((a, b) => b.ratePerSecond - a.ratePerSecond || b.count - a.count);
      const memory = process.memoryUsage();
      const p = pool?.();
      return {
        at: new Date(now).toISOString(),
        uptimeSeconds: Math.round(process.uptime()),
        node: process.version,
        http: {
          ...stats(
            all.flatMap((w) => w.samples),
            all.reduce((n, w) => n + w.count, 0),
            all.reduce((n, w) => n + w.errors, 0),
            now,
          ),
          routes: perRoute,
        },
        eventLoop: {
          lagMs: lagMs(),
          p50Ms: round(loop.percentile(50) / 1e6),
          p99Ms: round(loop.percentile(99) / 1e6),
          maxMs: round(loop.max / 1e6),
        },
        memory: {
          rssBytes: memory.rss,
          heapUsedBytes: memory.heapUsed,
          heapTotalBytes: memory.heapTotal,
          externalBytes: memory.external,
        },
        database: { kind: deps.database.kind, pool: p ?? null },
        outbox: await deps.outbox(),
        history: [...history],
      };
    },
    close: () => {
      clearInterval(timer);
      loop.disable();
    },
  };
};

export type Metrics = ReturnType<typeof createMetrics>;

/** Counts every answered request; registered on the root instance so it sees every route. */
export const registerMetrics = (app: FastifyInstance, metrics: Metrics) => {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: reply.elapsedTime,
    });
  });
  app.addHook('onClose', async () => metrics.close());
};
