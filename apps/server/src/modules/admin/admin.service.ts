import os from 'node:os';
import type { ChangeLoggerRequest } from '@ricambi/domain';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { LoggerRegistry } from '../../platform/logger.ts';
import type { MailSender } from '../../platform/mail.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { PageQuery } from '../../platform/paging.ts';
import { toAuditEvent, toConfigProperties } from './admin.mapper.ts';
import { type AuditFilter, findAuditPage } from './admin.repository.ts';

export type AdminDeps = {
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
  return {
    listAudits: async (filter: AuditFilter, page: PageQuery) => {
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
