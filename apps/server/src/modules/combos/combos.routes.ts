import { COMBO_CATEGORY_TYPE_PATTERN, COMBO_LISTS, type ComboList, comboValueSchema } from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createCombosService } from './combos.service.ts';

const tags = ['combos'];
const response = { 200: z.array(comboValueSchema) };
/** Lists change when a manager edits them: a short private cache. */
const CACHE = 'private, max-age=300';

/** The lookup lists of the after-sales forms (spec 2 §7): every signed-in user reads them. */
export const combosRoutes = (db: Db) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const combos = createCombosService(db);

  const paths = Object.keys(COMBO_LISTS).map((list) => [`/api/combovoci/${list}`, list as ComboList] as const);
  // The spec spells `/lingue/` with its trailing slash; both spellings answer.
  for (const [path, list] of [...paths, ['/api/combovoci/lingue/', 'lingue'] as const]) {
    r.get(path, { config: { access: 'authenticated' }, schema: { tags, response } }, async (_request, reply) => {
      reply.header('cache-control', CACHE);
      return combos.list(list);
    });
  }

  r.get(
    '/api/combovoci/categorie/:type',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: z.object({ type: z.string().regex(COMBO_CATEGORY_TYPE_PATTERN, 'validation.invalid') }),
        response,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return combos.categories(request.params.type);
    },
  );
};
