import { cataloguePdfStatusSchema, MACHINE_LIMITS, pdfLanguageParamSchema } from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth.ts';
import { sendPdf } from '../../platform/downloads.ts';
import { languageOf } from '../../platform/language.ts';
import type { CataloguePdfService } from './catalogue-pdf.service.ts';
import { MACHINE_AREA, PARTS_AREA } from './machines.routes.ts';

/** Who opens a catalogue (spec 2 §2 catalogo_detail, plus internal staff and superdealers, as the tree routes). */
const config = { access: MACHINE_AREA, area: PARTS_AREA };
const tags = ['catalogue'];

/**
 * The router keeps one parameter name per path position (and the route list prints them so), so
 * the two download paths share theirs: /api/catalogo/{crId}/pdf/download/{rigItem}/{lang} and
 * /api/catalogo/{idMatricola}/pdf/download/{lang} are :id and :rigItemOrLang, as the other
 * /api/catalogo/:id routes.
 */
const id = z.coerce.number().int().positive();
const langQuery = z.object({ lang: pdfLanguageParamSchema.optional() });

const EXISTENCE_TEXT = { READY: 'OK PDF', FAILED: 'FAILED', NONE: 'NO' } as const;

/** Catalogue PDFs (spec 2 §2, §4, §7, §9; issue 6 §5): one assembly, and the full catalogue. */
export const cataloguePdfRoutes = (deps: { cataloguePdf: CataloguePdfService }) => async (app: FastifyInstance) => {
  const { cataloguePdf } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/catalogo/:id/pdf/download/:rigItemOrLang/:lang',
    {
      config,
      schema: {
        tags,
        params: z.object({ id, rigItemOrLang: z.coerce.number().int().min(0), lang: pdfLanguageParamSchema }),
        querystring: z.object({ matricola: z.string().trim().max(MACHINE_LIMITS.matricola).optional() }),
      },
    },
    async (request, reply) => {
      const { id: crId, rigItemOrLang: rigItem, lang } = request.params;
      const principal = requirePrincipal(request.principal);
      return sendPdf(reply, await cataloguePdf.assembly(principal, crId, rigItem, lang, request.query.matricola));
    },
  );

  r.get(
    '/api/catalogo/:id/pdf/download/:rigItemOrLang',
    {
      config,
      schema: {
        tags,
        params: z.object({ id, rigItemOrLang: pdfLanguageParamSchema }),
        response: { 202: cataloguePdfStatusSchema },
      },
    },
    async (request, reply) => {
      const { id: idMatricola, rigItemOrLang: lang } = request.params;
      const found = await cataloguePdf.full(requirePrincipal(request.principal), idMatricola, lang, request.hostname);
      return found.ready ? sendPdf(reply, found.ready) : reply.code(202).send(found.status);
    },
  );

  r.get(
    '/api/esisteCatalogo/:idMatricola',
    { config, schema: { tags, params: z.object({ idMatricola: id }), querystring: langQuery } },
    async (request, reply) => {
      const lang = languageOf(request, request.query.lang);
      const status = await cataloguePdf.stateOf(requirePrincipal(request.principal), request.params.idMatricola, lang);
      const text = status.state === 'GENERATING' ? `GENERATING ${status.progress}` : EXISTENCE_TEXT[status.state];
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
    },
  );

  r.get(
    '/api/catalogo/download/:idMatricola',
    { config, schema: { tags, params: z.object({ idMatricola: id }), querystring: langQuery } },
    async (request, reply) => {
      const lang = languageOf(request, request.query.lang);
      const principal = requirePrincipal(request.principal);
      return sendPdf(reply, await cataloguePdf.download(principal, request.params.idMatricola, lang, request.hostname));
    },
  );
};
