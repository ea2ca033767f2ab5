import { type CrModelli, crModelliInputSchema, crModelliSchema } from '@ricambi/domain';
import { and, asc, ilike, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { crModelli } from '../../db/schema/index.ts';
import { registerCrud } from '../../platform/crud.ts';
import { fieldError } from '../../platform/errors.ts';
import { containsPattern } from '../../platform/paging.ts';

/** Spec 2 §6: machine models are maintained by managers. */
const MANAGER = ['ROLE_MANAGER'] as const;
type Input = z.output<typeof crModelliInputSchema>;
type Row = typeof crModelli.$inferSelect;

/** A model name is unique regardless of case: a field error, not the database's. */
const columnsOf = async (tx: DbOrTx, input: Input, existingId?: number) => {
  const [taken] = await tx
    .select({ id: crModelli.id })
    .from(crModelli)
    .where(
      and(
        sql`lower(${crModelli.modello}) = lower(${input.modello})`,
        existingId === undefined ? undefined : ne(crModelli.id, existingId),
      ),
    )
    .limit(1);
  if (taken) throw fieldError('modello', 'crModelli.validation.modelloTaken');
  return { modello: input.modello, note: input.note ?? null };
};

const toCrModelli = (row: Row): CrModelli => ({ id: row.id, modello: row.modello, note: row.note });

/** Machine models (spec 2 §2, §3, §7) on the entity kit, and the list of their names. */
export const crModelliRoutes = (db: Db) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/crModellis/name',
    { config: { access: MANAGER }, schema: { tags: ['crModelli'], response: { 200: z.array(z.string()) } } },
    async () =>
      (await db.select({ modello: crModelli.modello }).from(crModelli).orderBy(asc(crModelli.modello))).map(
        (m) => m.modello,
      ),
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
    sortable: { id: crModelli.id, modello: crModelli.modello },
    search: (term) => ilike(crModelli.modello, containsPattern(term)),
    toResponse: (row) => toCrModelli(row as Row),
    toInsert: (input: Input, { tx }) => columnsOf(tx, input),
    toUpdate: (input: Input, { tx, existing }) => columnsOf(tx, input, (existing as Row).id),
  });
};
