import fs from 'node:fs';
import {
  type Authority,
  cataloguePdfFileName,
  cataloguePdfStatusSchema,
  MACHINE_LIMITS,
  pdfLanguageParamSchema,
} from '@ricambi/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { attachmentDisposition } from '../../platform/pdf.ts';
import {
  assemblySerial,
  type CataloguePdfService,
  findVisibleCatalogue,
  findVisibleMachine,
  fullPdfFileName,
  renderAssemblyPdf,
} from './catalogue-pdf.service.ts';

/** Who opens a catalogue (spec 2 §2 catalogo_detail, plus internal staff and superdealers, as the tree routes). */
const CATALOGUE: Authority[] = ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'];
const tags = ['catalogue'];

/**
 * The router keeps one parameter name per path position (and the route list prints them so), so
 * the two download paths share theirs: /api/catalogo/{crId}/pdf/download/{rigItem}/{lang} and
 * /api/catalogo/{idMatricola}/pdf/download/{lang} are :id and :rigItemOrLang, as the other
 * /api/catalogo/:id routes.
 */
const id = z.coerce.number().int().positive();
const langQuery = z.object({ lang: pdfLanguageParamSchema.optional() });

const sendPdf = (reply: FastifyReply, fileName: string, body: Buffer | fs.ReadStream, size: number) =>
  reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('content-length', size)
    .header('cache-control', 'private, no-cache')
    .send(body);

/**
 * Catalogue PDFs (spec 2 §2, §4, §7, §9; issue 6 §5): one assembly drawn on request, and the full
 * catalogue made by a background job (cataloguePdf service) and downloaded when ready.
 */
export const cataloguePdfRoutes =
  (deps: { db: Db; dataDir: string; cataloguePdf: CataloguePdfService }) => async (app: FastifyInstance) => {
    const { db, dataDir, cataloguePdf } = deps;
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/catalogo/:id/pdf/download/:rigItemOrLang/:lang',
      {
        config: { access: CATALOGUE },
        schema: {
          tags,
          params: z.object({ id, rigItemOrLang: z.coerce.number().int().min(0), lang: pdfLanguageParamSchema }),
          querystring: z.object({ matricola: z.string().trim().max(MACHINE_LIMITS.matricola).optional() }),
        },
      },
      async (request, reply) => {
        const principal = requirePrincipal(request.principal);
        const { id: crId, rigItemOrLang: rigItem, lang } = request.params;
        const { catalogue, machines } = await findVisibleCatalogue(db, principal, crId);
        const pdf = await renderAssemblyPdf(db, dataDir, catalogue, rigItem, lang);
        const serial = assemblySerial(principal, catalogue, machines, request.query.matricola);
        return sendPdf(reply, cataloguePdfFileName(pdf.descrizione, serial, pdf.rigItem), pdf.bytes, pdf.bytes.length);
      },
    );

    r.get(
      '/api/catalogo/:id/pdf/download/:rigItemOrLang',
      {
        config: { access: CATALOGUE },
        schema: {
          tags,
          params: z.object({ id, rigItemOrLang: pdfLanguageParamSchema }),
          response: { 202: cataloguePdfStatusSchema },
        },
      },
      async (request, reply) => {
        const { id: idMatricola, rigItemOrLang: lang } = request.params;
        const { machine, catalogue } = await findVisibleMachine(db, requirePrincipal(request.principal), idMatricola);
        const file = await cataloguePdf.readyFile(catalogue.id, lang);
        if (file) {
          const { size } = await fs.promises.stat(file);
          return sendPdf(reply, fullPdfFileName(catalogue, lang, machine.mtMatricola), fs.createReadStream(file), size);
        }
        return reply.code(202).send(await cataloguePdf.request(catalogue.id, lang));
      },
    );

    r.get(
      '/api/esisteCatalogo/:idMatricola',
      {
        config: { access: CATALOGUE },
        schema: { tags, params: z.object({ idMatricola: id }), querystring: langQuery },
      },
      async (request, reply) => {
        const lang = languageOf(request, request.query.lang);
        const { catalogue } = await findVisibleMachine(
          db,
          requirePrincipal(request.principal),
          request.params.idMatricola,
        );
        const status = await cataloguePdf.status(catalogue.id, lang);
        const text = {
          READY: 'OK PDF',
          GENERATING: `GENERATING ${status.progress}`,
          FAILED: 'FAILED',
          NONE: 'NO',
        }[status.state];
        return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
      },
    );

    r.get(
      '/api/catalogo/download/:idMatricola',
      {
        config: { access: CATALOGUE },
        schema: { tags, params: z.object({ idMatricola: id }), querystring: langQuery },
      },
      async (request, reply) => {
        const lang = languageOf(request, request.query.lang);
        const { machine, catalogue } = await findVisibleMachine(
          db,
          requirePrincipal(request.principal),
          request.params.idMatricola,
        );
        const file = await cataloguePdf.readyFile(catalogue.id, lang);
        if (!file) throw notFound();
        const { size } = await fs.promises.stat(file);
        return sendPdf(reply, fullPdfFileName(catalogue, lang, machine.mtMatricola), fs.createReadStream(file), size);
      },
    );
  };
