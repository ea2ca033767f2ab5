import {
  userSummarySchema,
  VISIBILITY_ROLES,
  visibilitaInputSchema,
  visibilitaQuerySchema,
  visibilitaSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { sendCsv } from '../../platform/csv.ts';
import { withAlert } from '../../platform/errors.ts';
import { sendPage } from '../../platform/paging.ts';
import { createVisibilityService } from './visibility.service.ts';

/** Spec 2 §2, §6: the visibility screens are for superdealers and internal staff. */
const access = VISIBILITY_ROLES;
const tags = ['visibility'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * Sub-dealer visibility (spec 2 §2, §3, §5, §7): which of a dealer's machines each of its
 * subdealers sees. Internal staff work on any dealer; a superdealer only on its own rows.
 */
export const visibilityRoutes = (db: Db) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createVisibilityService(db);
  const config = { access, area: 'parts' as const };

  r.get(
    '/api/visibilitamacchine',
    { config, schema: { tags, querystring: visibilitaQuerySchema, response: { 200: z.array(visibilitaSchema) } } },
    async (request, reply) =>
      sendPage(request, reply, await service.list(requirePrincipal(request.principal), request.query)),
  );

  r.get(
    '/api/visibilitamacchine/download/csv',
    {
      config,
      schema: {
        tags,
        querystring: visibilitaQuerySchema.pick({ l1: true, l2: true, mt: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await service.csv(requirePrincipal(request.principal), request.query);
      return sendCsv(reply, csv.fileName, csv.body);
    },
  );

  r.get(
    '/api/visibilitamacchine/dealers',
    {
      config: { access: ['ROLE_CR_INTERNAL'], area: 'parts' },
      schema: {
        tags,
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
        response: { 200: z.array(userSummarySchema) },
      },
    },
    async (request) => service.dealers(request.query.search),
  );

  r.get(
    '/api/visibilitamacchine/:id',
    { config, schema: { tags, params: idParams, response: { 200: visibilitaSchema } } },
    async (request) => service.get(requirePrincipal(request.principal), request.params.id),
  );

  r.post(
    '/api/visibilitamacchine',
    { config, schema: { tags, body: visibilitaInputSchema, response: { 201: visibilitaSchema } } },
    async (request, reply) => {
      const created = await service.create(requirePrincipal(request.principal), request.body);
      withAlert(reply, 'visibility.created', { param: created.matricola });
      reply.header('Location', `/api/visibilitamacchine/${created.id}`);
      return reply.code(201).send(created);
    },
  );

  r.put(
    '/api/visibilitamacchine/:id',
    { config, schema: { tags, params: idParams, body: visibilitaInputSchema, response: { 200: visibilitaSchema } } },
    async (request, reply) => {
      const updated = await service.update(requirePrincipal(request.principal), request.params.id, request.body);
      withAlert(reply, 'visibility.updated', { param: updated.matricola });
      return updated;
    },
  );

  r.delete('/api/visibilitamacchine/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const matricola = await service.remove(requirePrincipal(request.principal), request.params.id);
    withAlert(reply, 'visibility.deleted', { param: matricola });
    return reply.code(204).send();
  });
};
