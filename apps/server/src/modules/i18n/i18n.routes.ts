import { i18nTextCreateSchema, i18nTextSchema, i18nTextUpdateSchema, LANGUAGES } from '@ricambi/domain';
import { eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { i18nText } from '../../db/schema/index.ts';
import { registerCrud } from '../../platform/crud.ts';
import { containsPattern } from '../../platform/paging.ts';

type Row = typeof i18nText.$inferSelect;

const toResponse = (row: Record<string, unknown>) => {
  const r = row as Row;
  return {
    textId: r.textId,
    localeId: r.localeId,
    text: r.text,
    createdBy: r.createdBy,
    createdDate: r.createdDate.toISOString(),
    lastModifiedBy: r.lastModifiedBy,
    lastModifiedDate: r.lastModifiedDate?.toISOString() ?? null,
  };
};

/**
 * Translation texts (spec 2 §2, §7) on the kit. Reading follows the spec (ROLE_USER); changing the
 * portal's texts is for administrators and managers (docs/decisions.md).
 */
export const i18nRoutes = (db: Db) => async (app: FastifyInstance) => {
  registerCrud(app, {
    db,
    path: '/api/i18ns',
    entity: 'i18ns',
    table: i18nText,
    ids: [
      { param: 'textId', key: 'textId', column: i18nText.textId, schema: z.string().max(200) },
      { param: 'localeId', key: 'localeId', column: i18nText.localeId, schema: z.enum(LANGUAGES) },
    ],
    access: { read: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_MANAGER'], write: ['ROLE_ADMIN', 'ROLE_MANAGER'] },
    response: i18nTextSchema,
    create: i18nTextCreateSchema,
    update: i18nTextUpdateSchema,
    sortable: { textId: i18nText.textId, localeId: i18nText.localeId, text: i18nText.text },
    search: (term) => or(ilike(i18nText.textId, containsPattern(term)), ilike(i18nText.text, containsPattern(term))),
    toResponse,
    toInsert: (input) => ({ ...input }),
    toUpdate: (input) => ({ text: input.text }),
    auditFields: true,
  });

  // The overrides of one language, read by the web at start and on every language change.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/i18n-texts/:localeId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['i18ns'],
        params: z.object({ localeId: z.enum(LANGUAGES) }),
        response: { 200: z.record(z.string(), z.string()) },
      },
    },
    async (request, reply) => {
      const rows = await db
        .select({ textId: i18nText.textId, text: i18nText.text })
        .from(i18nText)
        .where(eq(i18nText.localeId, request.params.localeId));
      reply.header('cache-control', 'no-cache');
      return Object.fromEntries(rows.map((r) => [r.textId, r.text]));
    },
  );
};
