import {
  isLanguage,
  type Language,
  WHERE_USED_TRUNCATED_HEADER,
  WHERE_USED_TYPES,
  type WhereUsedType,
  whereUsedQuerySchema,
  whereUsedResultRowSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { csvDocument, sendCsv } from '../../platform/csv.ts';
import { findWhereUsed, type WhereUsedMatch } from './whereused.repository.ts';

/** Spec 2 §6: the where-used search is for internal staff. */
const access = ['ROLE_CR_INTERNAL'] as const;
const tags = ['whereUsed'];

type Column = 'mtMatricola' | 'crCod' | 'rigIdTav';
const TITLES: Record<Language, Record<Column, string>> = {
  it: { mtMatricola: 'Matricola', crCod: 'Codice catalogo', rigIdTav: 'Tavola' },
  en: { mtMatricola: 'Serial number', crCod: 'Catalogue code', rigIdTav: 'Plate' },
  fr: { mtMatricola: 'Numéro de série', crCod: 'Code catalogue', rigIdTav: 'Planche' },
  de: { mtMatricola: 'Seriennummer', crCod: 'Katalogcode', rigIdTav: 'Tafel' },
  es: { mtMatricola: 'Número de serie', crCod: 'Código de catálogo', rigIdTav: 'Lámina' },
};

/** The rows as CSV: serial and catalogue code, and the plate for artTavola. */
export const whereUsedCsv = (rows: readonly WhereUsedMatch[], type: WhereUsedType, lang: Language) => {
  const columns: Column[] = type === 'artTavola' ? ['mtMatricola', 'crCod', 'rigIdTav'] : ['mtMatricola', 'crCod'];
  return csvDocument(
    columns.map((c) => TITLES[lang][c]),
    rows.map((row) => columns.map((c) => row[c])),
  );
};

/** Where used (spec 2 §2, §5, §7): which machines' catalogues hold a plate, drawing or article. */
export const whereUsedRoutes = (db: Db) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/whereused/search',
    {
      config: { access },
      schema: { tags, querystring: whereUsedQuerySchema, response: { 200: z.array(whereUsedResultRowSchema) } },
    },
    async (request, reply) => {
      const { term, tiporicerca } = request.query;
      const { rows, truncated } = await findWhereUsed(db, term, tiporicerca);
      if (truncated) reply.header(WHERE_USED_TRUNCATED_HEADER, 'true');
      reply.header('Access-Control-Expose-Headers', WHERE_USED_TRUNCATED_HEADER);
      return rows;
    },
  );

  r.get(
    '/api/whereused/download/csv/:term/:type',
    {
      config: { access },
      schema: {
        tags,
        params: z.object({ term: whereUsedQuerySchema.shape.term, type: z.enum(WHERE_USED_TYPES) }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { term, type } = request.params;
      const principal = requirePrincipal(request.principal);
      const lang = isLanguage(principal.langKey) ? principal.langKey : 'it';
      const { rows } = await findWhereUsed(db, term, type);
      return sendCsv(reply, `whereused-${type}-${term}.csv`, whereUsedCsv(rows, type, lang));
    },
  );
};
