import {
  ADMIN_ROLES,
  AUDIT_SORT_FIELDS,
  auditEventSchema,
  auditFilterSchema,
  changeLoggerSchema,
  configPropertySchema,
  healthReadinessSchema,
  healthSchema,
  loggerSchema,
  metricsSummarySchema,
  pageQuerySchema,
} from '@ricambi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth.ts';
import { sendPage } from '../../platform/paging.ts';
import { type AdminDeps, createAdminService } from './admin.service.ts';

const admin = { access: ADMIN_ROLES };
const tags = ['management'];

export const adminRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAdminService(deps);

    app.get(
      '/management/health',
      {
        config: { access: 'public' },
        schema: { tags, response: { 200: healthSchema, 503: healthSchema } },
      },
      async (_request, reply) => {
        const health = await service.health();
        return reply.code(health.status === 'UP' ? 200 : 503).send(health);
      },
    );

    app.get(
      '/management/health/readiness',
      {
        config: { access: 'public' },
        schema: { tags, response: { 200: healthReadinessSchema, 503: healthReadinessSchema } },
      },
      async (_request, reply) => {
        const readiness = await service.readiness();
        return reply.code(readiness.status === 'UP' ? 200 : 503).send(readiness);
      },
    );

    app.get(
      '/api/audits',
      {
        config: admin,
        schema: {
          tags,
          querystring: pageQuerySchema(AUDIT_SORT_FIELDS).extend(auditFilterSchema.shape),
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
