import path from 'node:path';
import { z } from 'zod';

/** A 32-byte key written as 64 hex characters or as base64; undefined when it is neither. */
export const decodeSecretKey = (value: string): Buffer | undefined => {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, 'base64');
    return key.length === 32 ? key : undefined;
  }
  return undefined;
};

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const sizeInMb = (size: string) => {
  const n = Number.parseInt(size, 10);
  return size.endsWith('GB') ? n * 1024 : size.endsWith('MB') ? n : n / 1024;
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  BASE_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Ricambi <noreply@ricambi.local>'),
  DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(480),
  REMEMBER_ME_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  MAIL_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  /** 32 bytes, hex or base64: encrypts stored external-system credentials (platform/secrets.ts). */
  SECRET_KEY: z
    .string()
    .refine((v) => decodeSecretKey(v) !== undefined, 'must be 32 bytes, hex (64 characters) or base64')
    .optional(),
  /** The external system's sign-in endpoint that the user form's Test button checks credentials against. */
  ERP_LOGIN_URL: z.url().optional(),
  /** Where sent orders are POSTed as JSON; without it they are written under DATA_DIR/erp/outbox. */
  ERP_EXPORT_URL: z.url().optional(),
  /** Orders to import are read from `${ERP_IMPORT_URL}/<nOrdine>`; without it from DATA_DIR/erp/inbox. */
  ERP_IMPORT_URL: z.url().optional(),
  /** Bearer token the ERP sends with POST /api/erp/storicoordine; without it that call is closed. */
  ERP_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How often DATA_DIR/erp/inbox/history is read for the ERP's history documents. */
  ERP_HISTORY_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** A carrier tracking service (GET {TRACKING_URL}/{slug}/{wayBill}); without it the ERP's events. */
  TRACKING_URL: z.url().optional(),
  /** The back office's mailbox: reorder requests of parts that cannot be ordered from the cart. */
  BACKOFFICE_EMAIL: z.email().default('ricambi.backoffice@eurocomach.example'),
  /** The factory's mailbox: every checklist a dealer sends (issue 15) is mailed there. */
  CHECKLIST_FACTORY_EMAIL: z.email().default('qualita@eurocomach.example'),
  /** Local hour (0–23) of the nightly catalogue regeneration. */
  CATALOGUE_REGEN_HOUR: z.coerce.number().int().min(0).max(23).default(2),
  /** How often a process looks whether another one reloaded what all keep in memory (themes); 0: every request. */
  CACHE_CHECK_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Spec 2 §5 "gg blocco richiesta garanzia": how many days old a warranty failure or repair date may be. */
  WARRANTY_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  PGLITE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  // PGlite's memory is 32-bit WebAssembly: 2GB of buffers does not start, 1536MB does.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d{0,9}(kB|MB|GB)$/, 'a size such as 512MB or 1GB')
    .refine((v) => sizeInMb(v) >= 1 && sizeInMb(v) <= 1536, 'between 1MB and 1536MB')
    .optional(),
  /** Attachments go to this S3-compatible bucket instead of DATA_DIR/files. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  /** The S3 endpoint (MinIO, Ceph, another provider's); without it AWS's for S3_REGION. */
  S3_URL: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Without the key pair the AWS SDK's default credentials apply (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (endpoint/bucket/key), as most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Key prefix inside the bucket, when the bucket is shared with other data. */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'must be folder names separated by /')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: 'auto' | 'true' | 'false';
  sessionIdleMinutes: number;
  rememberMeDays: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  mailPollMs: number;
  /** SECRET_KEY as given; when absent, a key generated once under DATA_DIR is used. */
  secretKey: string | undefined;
  erpLoginUrl: string | undefined;
  erpExportUrl: string | undefined;
  erpImportUrl: string | undefined;
  erpToken: string | undefined;
  erpHistoryPollMs: number;
  trackingUrl: string | undefined;
  backOfficeEmail: string;
  checklistFactoryEmail: string;
  catalogueRegenHour: number;
  cacheCheckMs: number;
  warrantyMaxAgeDays: number;
  /** On the embedded database: how long an API request waits for its turn before a 503 (0: no limit). */
  pgliteMaxWaitMs: number;
  /** shared_buffers of the embedded database (PGlite's default, 128MB, when absent). */
  pgliteSharedBuffers: string | undefined;
  /** Where attachments live: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set. */
  files: FilesConfig;
};

export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  prefix: string;
};

export type FilesConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Config);

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The one place that reads the environment. A wrong value stops the start with its name. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    // A secret's value never reaches the output, not even a wrong one.
    const shown = (name: string) => (/SECRET/.test(name) ? '[hidden]' : JSON.stringify(cleaned[name]));
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${shown(String(i.path[0]))})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const issues: string[] = [];
  if (e.S3_URL && !e.S3_BUCKET) issues.push('  S3_BUCKET: required when S3_URL is set');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    issues.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither');
  }
  if (issues.length) throw new ConfigError(`Invalid configuration:\n${issues.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    baseUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoData: e.DEMO_DATA,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    rememberMeDays: e.REMEMBER_ME_DAYS,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? baseUrl.startsWith('https:') : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    mailPollMs: e.MAIL_POLL_MS,
    secretKey: e.SECRET_KEY,
    erpLoginUrl: e.ERP_LOGIN_URL,
    erpExportUrl: e.ERP_EXPORT_URL,
    erpImportUrl: e.ERP_IMPORT_URL?.replace(/\/$/, ''),
    erpToken: e.ERP_TOKEN,
    erpHistoryPollMs: e.ERP_HISTORY_POLL_MS,
    trackingUrl: e.TRACKING_URL,
    backOfficeEmail: e.BACKOFFICE_EMAIL,
    checklistFactoryEmail: e.CHECKLIST_FACTORY_EMAIL,
    catalogueRegenHour: e.CATALOGUE_REGEN_HOUR,
    cacheCheckMs: e.CACHE_CHECK_MS,
    warrantyMaxAgeDays: e.WARRANTY_MAX_AGE_DAYS,
    pgliteMaxWaitMs: e.PGLITE_MAX_WAIT_MS,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    files: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_URL,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX ?? '',
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
  };
};

export const REPO_ROOT = repoRoot;
