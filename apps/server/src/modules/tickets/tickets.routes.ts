import fastifyMultipart from '@fastify/multipart';
import {
  LANGUAGES,
  TICKET_ROLES,
  TICKET_STAFF_ROLES,
  ticketCountSchema,
  ticketCreatedSchema,
  ticketInputSchema,
  ticketNoteInputSchema,
  ticketNoteResultSchema,
  ticketRowSchema,
  ticketSchema,
  ticketSearchSchema,
  ticketSerialQuerySchema,
  ticketSerialSchema,
  ticketUpdateSchema,
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
import { createTicketsService } from './tickets.service.ts';

const tags = ['ticket'];
/** Spec 2 §1, §2: a page of the machine service area, blocked where the theme has no parts. */
const config = { access: TICKET_ROLES, area: 'parts' } as const;
const staff = { access: TICKET_STAFF_ROLES, area: 'parts' } as const;
const id = z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid');
const lang = z.object({ lang: z.enum(LANGUAGES).optional() });

export type TicketsRoutesDeps = { db: Db; files: Files; baseUrl: string; kickOutbox: () => void };

/** Support tickets (spec 2 §7 `/api/sysaid/*`, issue 14): list, ticket, create, status, notes, files, PDF, count. */
export const ticketsRoutes = (deps: TicketsRoutesDeps) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createTicketsService(deps);
  // The file's own limit (100 MB) is enforced while streaming (platform/uploads.ts).
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 2, parts: 3 } });

  r.get(
    '/api/sysaid',
    { config, schema: { tags, querystring: ticketSearchSchema, response: { 200: z.array(ticketRowSchema) } } },
    async (request, reply) => {
      const { page, size, sort, ...filter } = request.query;
      const result = await service.search(requirePrincipal(request.principal), filter, { page, size, sort });
      return sendPage(request, reply, { ...result, page, size });
    },
  );

  r.get(
    '/api/sysaid/count',
    { config, schema: { tags, response: { 200: ticketCountSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.count(requirePrincipal(request.principal));
    },
  );

  r.get(
    '/api/sysaid/matricole',
    { config, schema: { tags, querystring: ticketSerialQuerySchema, response: { 200: z.array(ticketSerialSchema) } } },
    async (request) =>
      service.serials(requirePrincipal(request.principal), request.query.term, languageOf(request, request.query.lang)),
  );

  r.get(
    '/api/sysaid/:id',
    { config, schema: { tags, params: z.object({ id }), response: { 200: ticketSchema } } },
    async (request) => service.get(requirePrincipal(request.principal), request.params.id),
  );

  r.post(
    '/api/sysaid',
    { config, schema: { tags, body: ticketInputSchema, response: { 200: ticketCreatedSchema } } },
    async (request) =>
      service.create(requirePrincipal(request.principal), request.body, languageOf(request, request.body.lingua)),
  );

  r.put(
    '/api/sysaid',
    { config: staff, schema: { tags, body: ticketUpdateSchema, response: { 200: ticketSchema } } },
    async (request) =>
      service.setStatus(requirePrincipal(request.principal), request.body.id, request.body.status as 1 | 2 | 46 | 3),
  );

  r.post(
    '/api/sysaid/addticketnote',
    { config, schema: { tags, body: ticketNoteInputSchema, response: { 200: ticketNoteResultSchema } } },
    async (request) => service.addNote(requirePrincipal(request.principal), request.body.ticketId, request.body.note),
  );

  r.post(
    '/api/sysaid/addticketfile/:id',
    { config, schema: { tags, params: z.object({ id }), response: { 200: ticketSchema } } },
    async (request) => service.addFile(requirePrincipal(request.principal), request.params.id, request),
  );

  // GET …/download/{id}/{fileId} (the file) and …/thumbnail (an image's preview).
  for (const variant of ['file', 'thumbnail'] as const) {
    r.get(
      `/api/sysaid/download/:id/:fileId${variant === 'file' ? '' : '/thumbnail'}`,
      { config, schema: { tags, params: z.object({ id, fileId: z.uuid('validation.invalid') }) } },
      async (request, reply) =>
        sendStoredFile(
          reply,
          deps.files,
          await service.file(requirePrincipal(request.principal), request.params.id, request.params.fileId),
          { variant },
        ),
    );
  }

  r.get(
    '/api/sysaid/downloadpdf/:id/:lang',
    {
      config,
      schema: { tags, params: z.object({ id, lang: z.enum(LANGUAGES, 'validation.invalid') }), querystring: lang },
    },
    async (request, reply) =>
      sendPdf(reply, await service.pdf(requirePrincipal(request.principal), request.params.id, request.params.lang)),
  );
};
