import fs from 'node:fs/promises';
import os from 'node:os';
import type { AuditSortField, ChangeLoggerRequest, Health, HealthReadiness, PageQuery } from '@ricambi/domain';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { LoggerRegistry } from '../../platform/logger.ts';
import type { MailSender } from '../../platform/mail.ts';
import type { Metrics } from '../../platform/metrics.ts';
import { toAuditEvent, toConfigProperties } from './admin.mapper.ts';
import { type AuditFilter, findAuditPage } from './admin.repository.ts';

const MIN_FREE_BYTES = 50 * 1024 * 1024;
const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

export type Readiness = { ready: boolean };

export type AdminDeps = {
  readiness: Readiness;
  config: Config;
  database: DatabaseHandle;
  mail: MailSender;
  loggers: LoggerRegistry;
  metrics: Metrics;
};

/**
 * The administrator's monitoring (spec 1 §2.3 "Admin pages"). Every route of it is ROLE_ADMIN,
 * checked by the route's access before the service is called.
 */
export const createAdminService = (deps: AdminDeps) => {
  const startedAt = new Date(Date.now() - process.uptime() * 1000);
  let mailCheck: { at: number; up: boolean; error?: string } | undefined;
  const checkMail = async () => {
    if (!mailCheck || Date.now() - mailCheck.at > 30_000) {
      try {
        await withTimeout(deps.mail.check(), 3000);
        mailCheck = { at: Date.now(), up: true };
      } catch (error) {
        mailCheck = { at: Date.now(), up: false, error: error instanceof Error ? error.message : 'unknown' };
      }
    }
    return mailCheck;
  };

  const checkDatabase = () =>
    withTimeout(deps.database.ping(), 3000).then(
      () => ({ status: 'UP' as const, details: { kind: deps.database.kind } }),
      () => ({ status: 'DOWN' as const, details: { kind: deps.database.kind } }),
    );

  return {
    /** GET /management/health (public): database, mail and disk, and whether the app is ready. */
    health: async (): Promise<Health> => {
      const [db, mail, disk] = await Promise.all([
        checkDatabase(),
        checkMail().then((m) => ({
          status: m.up ? ('UP' as const) : ('DOWN' as const),
          details: { transport: deps.mail.describe },
        })),
        fs.statfs(deps.config.dataDir).then(
          (s) => {
            const free = s.bavail * s.bsize;
            return {
              status: free > MIN_FREE_BYTES ? ('UP' as const) : ('DOWN' as const),
              details: { free, threshold: MIN_FREE_BYTES },
            };
          },
          () => ({ status: 'DOWN' as const }),
        ),
      ]);
      const up = deps.readiness.ready && db.status === 'UP' && mail.status === 'UP' && disk.status === 'UP';
      return { status: up ? 'UP' : 'DOWN', components: { db, mail, disk } };
    },

    /** GET /management/health/readiness (public): started and the database answers. */
    readiness: async (): Promise<HealthReadiness> => {
      const db = await checkDatabase();
      return { status: deps.readiness.ready && db.status === 'UP' ? 'UP' : 'DOWN', components: { db } };
    },

    listAudits: async (filter: AuditFilter, page: PageQuery<AuditSortField>) => {
      const { rows, total } = await findAuditPage(deps.database.db, filter, page);
      return { items: rows.map(toAuditEvent), total };
    },

    configuration: () =>
      toConfigProperties(deps.config, {
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        pid: process.pid,
        hostname: os.hostname(),
        cpus: os.availableParallelism(),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        startedAt: startedAt.toISOString(),
        database: {
          kind: deps.database.kind,
          ...(deps.database.pool ? { poolMax: deps.database.pool().max } : {}),
        },
        mail: { transport: deps.mail.describe },
      }),

    loggers: () => deps.loggers.list(),

    changeLogger: (change: ChangeLoggerRequest, by: string) => {
      const changed = deps.loggers.setLevel(change.name, change.level);
      if (!changed) throw notFound();
      deps.loggers.root.info({ logger: change.name, level: change.level, by }, 'log level changed');
      return changed;
    },

    metrics: () => deps.metrics.summary(),
    prometheus: () => deps.metrics.prometheus(),
  };
};

export type AdminService = ReturnType<typeof createAdminService>;
