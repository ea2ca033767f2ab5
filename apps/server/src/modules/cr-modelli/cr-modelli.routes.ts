import { CR_MODELLI_ROLES, CR_MODELLI_SORT_FIELDS, crModelliInputSchema, crModelliSchema } from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { crModelli } from '../../db/schema/index.ts';
import { registerCrud } from '../../platform/crud.ts';
import { toCrModelli } from './cr-modelli.mapper.ts';
import { MODEL_SORTABLE, modelSearch } from './cr-modelli.repository.ts';
import { type CrModelliInput, crModelliColumns, crModelliNames } from './cr-modelli.service.ts';

/** Spec 2 §6: machine models are maintained by managers. */
const MANAGER = CR_MODELLI_ROLES;

/** Machine models (spec 2 §2, §3, §7) on the entity kit, and the list of their names. */
export const crModelliRoutes = (db: Db) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/crModellis/name',
    {
      config: { access: MANAGER, area: 'parts' },
      schema: { tags: ['crModelli'], response: { 200: z.array(z.string()) } },
    },
    async () => crModelliNames(db),
  );

  registerCrud(app, {
    db,
    path: '/api/crModellis',
    entity: 'crModelli',
    table: crModelli,
    ids: [
      {
        param: 'id',
        key: 'id',
        column: crModelli.id,
        schema: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      },
    ],
    access: { read: MANAGER, write: MANAGER },
    response: crModelliSchema,
    create: crModelliInputSchema,
    update: crModelliInputSchema,
    sortFields: CR_MODELLI_SORT_FIELDS,
    sortable: MODEL_SORTABLE,
    search: modelSearch,
    toResponse: toCrModelli,
    toInsert: (input: CrModelliInput, { tx }) => crModelliColumns(tx, input),
    toUpdate: (input: CrModelliInput, { tx, existing }) => crModelliColumns(tx, input, existing.id),
  });
};
