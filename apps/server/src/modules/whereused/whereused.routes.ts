import {
  WHERE_USED_ROLES,
  WHERE_USED_TRUNCATED_HEADER,
  WHERE_USED_TYPES,
  whereUsedQuerySchema,
  whereUsedResultRowSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { sendCsv } from '../../platform/csv.ts';
import { createWhereUsedService } from './whereused.service.ts';

/** Spec 2 §6: the where-used search is for internal staff, in the parts area (spec 2 §1). */
const config = { access: WHERE_USED_ROLES, area: 'parts' as const };
const tags = ['whereUsed'];

/** Where used (spec 2 §2, §5, §7): which machines' catalogues hold a plate, drawing or article. */
export const whereUsedRoutes = (db: Db) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const whereUsed = createWhereUsedService(db);

  r.get(
    '/api/whereused/search',
    {
      config,
      schema: { tags, querystring: whereUsedQuerySchema, response: { 200: z.array(whereUsedResultRowSchema) } },
    },
    async (request, reply) => {
      const { term, tiporicerca } = request.query;
      const { rows, truncated } = await whereUsed.search(requirePrincipal(request.principal), term, tiporicerca);
      if (truncated) reply.header(WHERE_USED_TRUNCATED_HEADER, 'true');
      reply.header('Access-Control-Expose-Headers', WHERE_USED_TRUNCATED_HEADER);
      return rows;
    },
  );

  r.get(
    '/api/whereused/download/csv/:term/:type',
    {
      config,
      schema: {
        tags,
        params: z.object({ term: whereUsedQuerySchema.shape.term, type: z.enum(WHERE_USED_TYPES) }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { term, type } = request.params;
      const csv = await whereUsed.csv(requirePrincipal(request.principal), term, type);
      return sendCsv(reply, csv.fileName, csv.body);
    },
  );
};
