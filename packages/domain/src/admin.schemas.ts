import { z } from 'zod';
import type { SortParam } from './paging.schemas.ts';

/*
 * The administrator's monitoring pages (spec 1 §2.1, §2.3 "Admin pages", §7): audits,
 * configuration, health, logs and metrics.
 */

/**
 * A date of the audits filter: `yyyy-MM-ddTHH:mm:ss` (spec 1 §7), read as UTC; fractions of a second
 * and an explicit offset (`Z`, `+02:00`) are accepted too.
 */
export const AUDIT_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/;

const isCalendarDate = (value: string) => {
  const m = AUDIT_DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
};

export const auditDateField = z
  .string()
  .regex(AUDIT_DATE_PATTERN, 'validation.pattern')
  .refine(isCalendarDate, 'validation.invalid')
  .transform((value) => new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`));

/** GET /api/audits filter (with page, size, sort). `toDate` includes its whole second. */
export const auditFilterSchema = z.object({
  fromDate: auditDateField.optional(),
  toDate: auditDateField.optional(),
});

/** Sort keys of the audits list: the response's own field names. */
export const AUDIT_SORT_FIELDS = ['timestamp', 'principal', 'type', 'id'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];
export const AUDIT_DEFAULT_SORT: SortParam<AuditSortField> = 'timestamp,desc';

/**
 * The audit event types the server records: stable codes, translated by the web
 * (`audits.types.<code>`). A new type is added here first; the server's `recordAudit` takes only these.
 */
export const AUDIT_EVENT_TYPES = [
  'AUTHENTICATION_SUCCESS',
  'AUTHENTICATION_FAILURE',
  'REMEMBER_ME_THEFT',
  'LOGOUT',
  'ACT_AS_START',
  'ACT_AS_END',
  'ACT_AS_REQUEST',
  'OUTBOX_RETRY',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];
export const isAuditEventType = (value: string): value is AuditEventType =>
  (AUDIT_EVENT_TYPES as readonly string[]).includes(value);

/**
 * One audit event (spec 1 §3 "Audit"): what is stored, whatever its type. `type` is one of
 * AUDIT_EVENT_TYPES for every event this server writes; a stored row of an older code is still listed.
 */
export const auditEventSchema = z.object({
  id: z.number(),
  timestamp: z.string(),
  principal: z.string(),
  type: z.string(),
  data: z.record(z.string(), z.string()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /management/configprops: the effective configuration, secrets masked. */
export const configPropertySchema = z.object({
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  /** `config`: from the environment (or its default); `runtime`: a fact of the running process. */
  source: z.enum(['config', 'runtime']),
  masked: z.boolean(),
});
export type ConfigProperty = z.infer<typeof configPropertySchema>;
export const MASK = '******';

/** The levels an administrator may set (spec 1 §2.3: buttons TRACE, DEBUG, INFO, WARN, ERROR). */
export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** A logger may also read FATAL or OFF (set at start through LOG_LEVEL). */
export const loggerSchema = z.object({
  name: z.string(),
  level: z.enum([...LOG_LEVELS, 'FATAL', 'OFF']),
});
export type LoggerLevel = z.infer<typeof loggerSchema>;

/** PUT /api/logs. */
export const changeLoggerSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100),
  level: z.enum(LOG_LEVELS, 'validation.invalid'),
});
export type ChangeLoggerRequest = z.infer<typeof changeLoggerSchema>;

/** GET /management/health (spec 1 §7 "health"). */
export const healthStatusSchema = z.enum(['UP', 'DOWN']);
export const healthComponentSchema = z.object({
  status: healthStatusSchema,
  details: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export const healthSchema = z.object({
  status: healthStatusSchema,
  components: z.object({ db: healthComponentSchema, mail: healthComponentSchema, disk: healthComponentSchema }),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /management/health/readiness: whether this process can serve requests (started, database
 * reachable), for a load balancer. Mail and disk are left out: with the SMTP server down the portal
 * still takes orders (their mails wait in the outbox), so a balancer must not take every process out.
 */
export const healthReadinessSchema = z.object({
  status: healthStatusSchema,
  components: z.object({ db: healthComponentSchema }),
});
export type HealthReadiness = z.infer<typeof healthReadinessSchema>;

/** Request statistics over the last minute; `count` and `errors` since the start. */
const requestStatsSchema = z.object({
  count: z.number(),
  errors: z.number(),
  ratePerSecond: z.number(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
  maxMs: z.number().nullable(),
});
export const routeStatsSchema = requestStatsSchema.extend({ method: z.string(), route: z.string() });
export type RouteStats = z.infer<typeof routeStatsSchema>;

/** One point of the charts, taken every METRICS_SAMPLE_SECONDS. */
export const metricsSampleSchema = z.object({
  at: z.string(),
  ratePerSecond: z.number(),
  p95Ms: z.number().nullable(),
  eventLoopLagMs: z.number(),
  heapUsedBytes: z.number(),
  rssBytes: z.number(),
});
export type MetricsSample = z.infer<typeof metricsSampleSchema>;

export const METRICS_SAMPLE_SECONDS = 5;
export const METRICS_WINDOW_SECONDS = 60;

/** GET /api/metrics: the summary the metrics page shows (the full set is at /management/prometheus). */
export const metricsSummarySchema = z.object({
  at: z.string(),
  uptimeSeconds: z.number(),
  node: z.string(),
  http: requestStatsSchema.extend({ routes: z.array(routeStatsSchema) }),
  eventLoop: z.object({ lagMs: z.number(), p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  memory: z.object({
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
    externalBytes: z.number(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number(), max: z.number() }).nullable(),
  }),
  outbox: z.object({ pending: z.number(), failed: z.number() }),
  history: z.array(metricsSampleSchema),
});
export type MetricsSummary = z.infer<typeof metricsSummarySchema>;
