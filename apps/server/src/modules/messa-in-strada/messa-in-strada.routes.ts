import fastifyMultipart from '@fastify/multipart';
import {
  LANGUAGES,
  messaInStradaInputSchema,
  messaInStradaRowSchema,
  messaInStradaSchema,
  messaInStradaSearchSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { sendPdf, sendStoredFile } from '../../platform/downloads.ts';
import type { Files } from '../../platform/files.ts';
import { languageOf } from '../../platform/language.ts';
import { sendPage } from '../../platform/paging.ts';
import { createMessaInStradaService } from './messa-in-strada.service.ts';

const tags = ['messaInStrada'];
/** Spec 2 §1: the dealers' area of the machine service; blocked where the theme has no parts. */
const config = { access: ['ROLE_CR_USER'], area: 'parts' } as const;
const matricola = z.string().trim().min(1, 'validation.required').max(15, 'validation.maxlength');
const fileId = z.uuid('validation.invalid');
const lingua = z.object({ lingua: z.enum(LANGUAGES).optional() });
const attachmentBody = z.object({ matricola, id: fileId });

/** Road registration (spec 2 §7): list, record, save, attachments and PDF. */
export const messaInStradaRoutes = (deps: { db: Db; files: Files }) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createMessaInStradaService(deps);
  // The file's own limit is enforced while streaming (platform/uploads.ts); this caps the parts.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });

  r.get(
    '/api/messainstradas/search',
    {
      config,
      schema: {
        tags,
        querystring: messaInStradaSearchSchema,
        response: { 200: z.array(messaInStradaRowSchema) },
      },
    },
    async (request, reply) => {
      const { term, stato, lang, ...paging } = request.query;
      const page = await service.search(
        requirePrincipal(request.principal),
        { term, stato },
        paging,
        languageOf(request, lang),
      );
      return sendPage(request, reply, { ...page, page: paging.page, size: paging.size });
    },
  );

  r.get(
    '/api/messainstrada/get',
    {
      config,
      schema: {
        tags,
        querystring: z.object({ matricola, lang: z.enum(LANGUAGES).optional() }),
        response: { 200: messaInStradaSchema },
      },
    },
    async (request) =>
      service.get(
        requirePrincipal(request.principal),
        request.query.matricola,
        languageOf(request, request.query.lang),
      ),
  );

  r.post(
    '/api/messainstrada',
    {
      config,
      schema: { tags, querystring: lingua, body: messaInStradaInputSchema, response: { 200: messaInStradaSchema } },
    },
    async (request) =>
      service.save(requirePrincipal(request.principal), request.body, languageOf(request, request.query.lingua)),
  );

  r.post(
    '/api/messainstrada/salvaallegato/:matricola',
    { config, schema: { tags, params: z.object({ matricola }), response: { 200: messaInStradaSchema } } },
    async (request) =>
      service.addAttachment(
        requirePrincipal(request.principal),
        request.params.matricola,
        request,
        languageOf(request),
      ),
  );

  r.post(
    '/api/messainstrada/cancellaallegato',
    { config, schema: { tags, body: attachmentBody, response: { 200: messaInStradaSchema } } },
    async (request) =>
      service.deleteAttachment(
        requirePrincipal(request.principal),
        request.body.matricola,
        request.body.id,
        languageOf(request),
      ),
  );

  r.post(
    '/api/messainstrada/scaricaallegato',
    { config, schema: { tags, body: attachmentBody } },
    async (request, reply) =>
      sendStoredFile(reply, deps.files, await service.attachment(requirePrincipal(request.principal), request.body.id)),
  );

  // GET …/{id}/download (the file) and …/{id}/thumbnail (the image's preview).
  for (const variant of ['file', 'thumbnail'] as const) {
    r.get(
      `/api/messainstrada/scaricaallegato/:name/${variant === 'file' ? 'download' : 'thumbnail'}`,
      { config, schema: { tags, params: z.object({ name: fileId }) } },
      async (request, reply) =>
        sendStoredFile(
          reply,
          deps.files,
          await service.attachment(requirePrincipal(request.principal), request.params.name),
          { variant },
        ),
    );
  }

  r.get(
    '/api/messainstrada/pdf/:matricola',
    { config, schema: { tags, params: z.object({ matricola }), querystring: lingua } },
    async (request, reply) => {
      const pdf = await service.pdf(
        requirePrincipal(request.principal),
        request.params.matricola,
        languageOf(request, request.query.lingua),
      );
      return sendPdf(reply, pdf);
    },
  );
};
