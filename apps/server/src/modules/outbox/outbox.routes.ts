import { ADMIN_ROLES, OUTBOX_FAILED_SORT_FIELDS, outboxFailedMessageSchema, pageQuerySchema } from '@ricambi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth.ts';
import { sendPage } from '../../platform/paging.ts';
import { requestIp } from '../../platform/sessions.ts';
import { createOutboxService, type OutboxDeps } from './outbox.service.ts';

const admin = { access: ADMIN_ROLES };
const tags = ['management'];

export const outboxRoutes =
  (deps: OutboxDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createOutboxService(deps);

    app.get(
      '/api/outbox/failed',
      {
        config: admin,
        schema: {
          tags,
          querystring: pageQuerySchema(OUTBOX_FAILED_SORT_FIELDS),
          response: { 200: z.array(outboxFailedMessageSchema) },
        },
      },
      async (request, reply) => {
        const found = await service.listFailed(request.query);
        return sendPage(request, reply, { ...found, page: request.query.page, size: request.query.size });
      },
    );

    app.post(
      '/api/outbox/failed/:id/retry',
      {
        config: admin,
        schema: { tags, params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }) },
      },
      async (request, reply) => {
        await service.retry(requirePrincipal(request.principal), request.params.id, { ipAddress: requestIp(request) });
        return reply.code(204).send();
      },
    );
  };
