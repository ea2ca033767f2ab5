import {
  I18N_TEXT_ACCESS,
  I18N_TEXT_SORT_FIELDS,
  i18nTextCreateSchema,
  i18nTextSchema,
  i18nTextUpdateSchema,
  LANGUAGES,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { i18nText } from '../../db/schema/index.ts';
import { registerCrud } from '../../platform/crud.ts';
import { toI18nText } from './i18n.mapper.ts';
import { textSearch } from './i18n.repository.ts';
import { createI18nService } from './i18n.service.ts';

/**
 * Translation texts (spec 2 §2, §7) on the kit. Reading follows the spec (ROLE_USER); changing the
 * portal's texts is for administrators and managers (docs/decisions.md).
 */
export const i18nRoutes = (db: Db) => async (app: FastifyInstance) => {
  const i18n = createI18nService(db);
  registerCrud(app, {
    db,
    path: '/api/i18ns',
    entity: 'i18ns',
    table: i18nText,
    ids: [
      { param: 'textId', key: 'textId', column: i18nText.textId, schema: z.string().max(200) },
      { param: 'localeId', key: 'localeId', column: i18nText.localeId, schema: z.enum(LANGUAGES) },
    ],
    access: I18N_TEXT_ACCESS,
    response: i18nTextSchema,
    create: i18nTextCreateSchema,
    update: i18nTextUpdateSchema,
    sortFields: I18N_TEXT_SORT_FIELDS,
    sortable: { textId: i18nText.textId, localeId: i18nText.localeId, text: i18nText.text },
    search: textSearch,
    toResponse: toI18nText,
    toInsert: (input) => ({ ...input }),
    toUpdate: (input) => ({ text: input.text }),
    auditFields: true,
  });

  // The overrides of one language, read by the web at start (before sign-in) and on every language change.
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
      reply.header('cache-control', 'no-cache');
      return i18n.overrides(request.params.localeId);
    },
  );
};
