import fs from 'node:fs/promises';
import {
  auditEventSchema,
  auditFilterSchema,
  changeLoggerSchema,
  configPropertySchema,
  healthSchema,
  loggerSchema,
  metricsSummarySchema,
} from '@ricambi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth.ts';
import { pageQuerySchema, sendPage } from '../../platform/paging.ts';
import { type AdminDeps, createAdminService } from './admin.service.ts';

const MIN_FREE_BYTES = 50 * 1024 * 1024;
const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

export type Readiness = { ready: boolean };

const admin = { access: ['ROLE_ADMIN'] as const };
const tags = ['management'];

export const adminRoutes =
  (deps: AdminDeps & { readiness: Readiness }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAdminService(deps);
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

    app.get(
      '/management/health',
      {
        config: { access: 'public' },
        schema: { tags, response: { 200: healthSchema, 503: healthSchema } },
      },
      async (_request, reply) => {
        const [db, mail, disk] = await Promise.all([
          withTimeout(deps.database.ping(), 3000).then(
            () => ({ status: 'UP' as const, details: { kind: deps.database.kind } }),
            () => ({ status: 'DOWN' as const, details: { kind: deps.database.kind } }),
          ),
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
        return reply.code(up ? 200 : 503).send({ status: up ? 'UP' : 'DOWN', components: { db, mail, disk } });
      },
    );

    app.get(
      '/api/audits',
      {
        config: admin,
        schema: {
          tags,
          querystring: pageQuerySchema.extend(auditFilterSchema.shape),
          response: { 200: z.array(auditEventSchema) },
        },
      },
      async (request, reply) => {
        const { fromDate, toDate, ...page } = request.query;
        const found = await service.listAudits({ from: fromDate, to: toDate }, page);
        return sendPage(request, reply, { ...found, page: page.page, size: page.size });
      },
    );

    app.get(
      '/management/configprops',
      { config: admin, schema: { tags, response: { 200: z.array(configPropertySchema) } } },
      async () => service.configuration(),
    );

    app.get('/api/logs', { config: admin, schema: { tags, response: { 200: z.array(loggerSchema) } } }, async () =>
      service.loggers(),
    );

    app.put(
      '/api/logs',
      { config: admin, schema: { tags, body: changeLoggerSchema, response: { 200: loggerSchema } } },
      async (request) => service.changeLogger(request.body, requirePrincipal(request.principal).login),
    );

    app.get('/api/metrics', { config: admin, schema: { tags, response: { 200: metricsSummarySchema } } }, async () =>
      service.metrics(),
    );

    // Prometheus text format for a scraper; ROLE_ADMIN like every monitoring route (docs/decisions.md).
    app.get(
      '/management/prometheus',
      { config: admin, schema: { tags, description: 'Prometheus text exposition format (text/plain)' } },
      async (_request, reply) => {
        const { contentType, text } = await service.prometheus();
        return reply.type(contentType).send(text);
      },
    );
  };
