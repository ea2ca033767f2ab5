import fastifyMultipart from '@fastify/multipart';
import {
  LANGUAGES,
  WARRANTY_BACKOFFICE_ROLES,
  WARRANTY_READ_ROLES,
  WARRANTY_ROLES,
  warrantyComponentQuerySchema,
  warrantyComponentSchema,
  warrantyKeySchema,
  warrantyMaxAgeSchema,
  warrantyRowSchema,
  warrantySavedSchema,
  warrantySaveQuerySchema,
  warrantySchema,
  warrantySearchSchema,
  warrantyStateChangeSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { sendPdf, sendStoredFile } from '../../platform/downloads.ts';
import type { Files } from '../../platform/files.ts';
import { languageOf } from '../../platform/language.ts';
import { sendPage } from '../../platform/paging.ts';
import type { OrdersService } from '../orders/orders.contract.ts';
import { createWarrantyService } from './warranty.service.ts';

const tags = ['richiestaGaranzia'];
/** Spec 2 §1: a page of the machine area, blocked where the theme has no parts. */
const read = { access: WARRANTY_READ_ROLES, area: 'parts' } as const;
const write = { access: WARRANTY_ROLES, area: 'parts' } as const;
const backOffice = { access: WARRANTY_BACKOFFICE_ROLES, area: 'parts' } as const;
const fileId = z.uuid('validation.invalid');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');
const lingua = z.object({ lingua: z.enum(LANGUAGES).optional() });
const lang = z.object({ lang: z.enum(LANGUAGES).optional() });
const datedKey = warrantyKeySchema.extend({ date: isoDate });
const attachmentBody = warrantyKeySchema.extend({ allegato: fileId });

export type WarrantyRoutesDeps = {
  db: Db;
  files: Files;
  orders: OrdersService;
  config: Config;
  kickOutbox: () => void;
};

/** Warranty requests (spec 2 §7): list, request, save (with the order variant), attachments, PDF, state. */
export const warrantyRoutes = (deps: WarrantyRoutesDeps) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createWarrantyService({
    db: deps.db,
    files: deps.files,
    orders: deps.orders,
    maxAgeDays: deps.config.warrantyMaxAgeDays,
    baseUrl: deps.config.baseUrl,
    kickOutbox: deps.kickOutbox,
  });
  // The file's own limit is enforced while streaming (platform/uploads.ts); this caps the parts and
  // the `richiesta` field (the request's JSON, with the cart of the order variant).
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 3, parts: 4, fieldSize: 256 * 1024 } });

  r.get(
    '/api/richiestagaranzias/search',
    {
      config: read,
      schema: { tags, querystring: warrantySearchSchema, response: { 200: z.array(warrantyRowSchema) } },
    },
    async (request, reply) => {
      const { term, stato, lang: l, ...paging } = request.query;
      const page = await service.search(
        requirePrincipal(request.principal),
        { term, stato },
        paging,
        languageOf(request, l),
      );
      return sendPage(request, reply, { ...page, page: paging.page, size: paging.size });
    },
  );

  r.get(
    '/api/richiestagaranzia/get/:matricola/:numero',
    { config: read, schema: { tags, params: warrantyKeySchema, querystring: lang, response: { 200: warrantySchema } } },
    async (request) =>
      service.get(
        requirePrincipal(request.principal),
        request.params.matricola,
        request.params.numero,
        languageOf(request, request.query.lang),
      ),
  );

  r.get(
    '/api/richiestagaranzia/gg',
    { config: read, schema: { tags, response: { 200: warrantyMaxAgeSchema } } },
    async () => service.maxAge(),
  );

  r.get(
    '/api/richiestagaranzia/componenti',
    {
      config: write,
      schema: { tags, querystring: warrantyComponentQuerySchema, response: { 200: z.array(warrantyComponentSchema) } },
    },
    async (request) =>
      service.components(
        requirePrincipal(request.principal),
        request.query.matricola,
        request.query.q,
        languageOf(request, request.query.lang),
      ),
  );

  // nuova=true: multipart, the request's JSON in the `richiesta` field before its first `file`
  // (spec 2 §5: a request needs an attachment); nuova=false: the JSON body of an update.
  r.post(
    '/api/richiestagaranzia',
    {
      config: write,
      schema: {
        tags,
        description:
          'nuova=true: multipart/form-data, field `richiesta` (JSON of the request, optionally with `ordine` for the ORDCG order variant) then `file`; nuova=false: the JSON request.',
        querystring: warrantySaveQuerySchema,
        response: { 200: warrantySavedSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      const language = languageOf(request, request.query.lingua);
      return request.query.nuova
        ? service.create(principal, request, language, request.hostname)
        : service.update(principal, request.body, language);
    },
  );

  r.delete(
    '/api/richiestagaranzia/:matricola/:numero/:lang',
    {
      config: write,
      schema: { tags, params: warrantyKeySchema.extend({ lang: z.enum(LANGUAGES, 'validation.invalid') }) },
    },
    async (request, reply) => {
      await service.remove(requirePrincipal(request.principal), request.params.matricola, request.params.numero);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/richiestagaranzia/salvaallegato/:matricola/:date/:numero',
    { config: write, schema: { tags, params: datedKey, querystring: lang, response: { 200: warrantySchema } } },
    async (request) =>
      service.addAttachment(
        requirePrincipal(request.principal),
        request.params,
        request,
        languageOf(request, request.query.lang),
      ),
  );

  r.post(
    '/api/richiestagaranzia/cancellaallegato',
    { config: write, schema: { tags, body: attachmentBody, querystring: lang, response: { 200: warrantySchema } } },
    async (request) =>
      service.deleteAttachment(
        requirePrincipal(request.principal),
        request.body.matricola,
        request.body.numero,
        request.body.allegato,
        languageOf(request, request.query.lang),
      ),
  );

  r.post(
    '/api/richiestagaranzia/scaricaallegato',
    { config: read, schema: { tags, body: attachmentBody } },
    async (request, reply) =>
      sendStoredFile(
        reply,
        deps.files,
        await service.attachment(requirePrincipal(request.principal), request.body.allegato),
      ),
  );

  // GET …/{id}/download (the file) and …/{id}/thumbnail (the image's preview).
  for (const variant of ['file', 'thumbnail'] as const) {
    r.get(
      `/api/richiestagaranzia/scaricaallegato/:name/${variant === 'file' ? 'download' : 'thumbnail'}`,
      { config: read, schema: { tags, params: z.object({ name: fileId }) } },
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
    '/api/richiestagaranzia/pdf/:matricola/:date/:numero',
    { config: read, schema: { tags, params: datedKey, querystring: lingua } },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.pdf(
          requirePrincipal(request.principal),
          request.params,
          languageOf(request, request.query.lingua),
        ),
      ),
  );

  r.put(
    '/api/richiestagaranzia/:matricola/:numero/stato',
    {
      config: backOffice,
      schema: {
        tags,
        params: warrantyKeySchema,
        querystring: lang,
        body: warrantyStateChangeSchema,
        response: { 200: warrantySchema },
      },
    },
    async (request) =>
      service.changeState(
        requirePrincipal(request.principal),
        request.params.matricola,
        request.params.numero,
        request.body,
        languageOf(request, request.query.lang),
      ),
  );
};
