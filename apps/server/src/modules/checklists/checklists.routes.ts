import fastifyMultipart from '@fastify/multipart';
import {
  CHECKLIST_ROLES,
  checklistAnswerSchema,
  checklistCreateSchema,
  checklistFileNameSchema,
  checklistFileParamsSchema,
  checklistHeaderSchema,
  checklistHeaderUpdateSchema,
  checklistIdParamsSchema,
  checklistLangQuerySchema,
  checklistLineResultSchema,
  checklistLineSchema,
  checklistMachineSchema,
  checklistMachineSearchSchema,
  checklistNodeSchema,
  checklistPdfParamsSchema,
  checklistSearchSchema,
  checklistSerialParamsSchema,
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
import { createChecklistsService } from './checklists.service.ts';

const tags = ['crDar'];
/** Spec 3 §2, §6: the dealers' checklists, a page of the machine service (blocked where the theme has no parts). */
const config = { access: CHECKLIST_ROLES, area: 'parts' } as const;

export type ChecklistsRoutesDeps = {
  db: Db;
  files: Files;
  baseUrl: string;
  /** CHECKLIST_FACTORY_EMAIL. */
  factoryEmail: string;
  kickOutbox: () => void;
};

/**
 * Inspection checklists (issue 15; spec 3 §7): list, header, line tree, machine search, create,
 * answers, photos, header dialog and sending, PDF.
 */
export const checklistsRoutes = (deps: ChecklistsRoutesDeps) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createChecklistsService(deps);
  // The file's own limit (20 MB, images) is enforced while streaming (platform/uploads.ts).
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 2, parts: 3 } });

  r.get(
    '/api/crDars/headers',
    {
      config,
      schema: { tags, querystring: checklistSearchSchema, response: { 200: z.array(checklistHeaderSchema) } },
    },
    async (request, reply) => {
      const { term, rate, tipo, stato, ...paging } = request.query;
      const page = await service.search(requirePrincipal(request.principal), { term, rate, tipo, stato }, paging);
      return sendPage(request, reply, { ...page, page: paging.page, size: paging.size });
    },
  );

  r.get(
    '/api/crDars/search',
    {
      config,
      schema: {
        tags,
        description: 'Machines on the road the dealer may inspect, by serial (the sort asked is always serial asc).',
        querystring: checklistMachineSearchSchema,
        response: { 200: z.array(checklistMachineSchema) },
      },
    },
    async (request, reply) => {
      const { term, page, size } = request.query;
      const principal = requirePrincipal(request.principal);
      const result = await service.machines(principal, term, { page, size }, languageOf(request));
      return sendPage(request, reply, { ...result, page, size });
    },
  );

  r.get(
    '/api/crDars/:id',
    { config, schema: { tags, params: checklistIdParamsSchema, response: { 200: checklistHeaderSchema } } },
    async (request) => service.get(requirePrincipal(request.principal), request.params.id),
  );

  r.get(
    '/api/crDars/lines/:id',
    { config, schema: { tags, params: checklistIdParamsSchema, response: { 200: z.array(checklistNodeSchema) } } },
    async (request) => service.tree(requirePrincipal(request.principal), request.params.id),
  );

  r.get(
    '/api/crDarHeaders/active/:matricola',
    {
      config,
      schema: { tags, params: checklistSerialParamsSchema, response: { 200: z.array(checklistHeaderSchema) } },
    },
    async (request) => service.active(requirePrincipal(request.principal), request.params.matricola),
  );

  r.post(
    '/api/crDarHeadersLines',
    { config, schema: { tags, body: checklistCreateSchema, response: { 200: z.array(checklistHeaderSchema) } } },
    async (request) => service.create(requirePrincipal(request.principal), request.body),
  );

  r.put(
    '/api/crDars/lines/:id',
    {
      config,
      schema: {
        tags,
        params: checklistIdParamsSchema,
        body: checklistAnswerSchema,
        response: { 200: checklistLineResultSchema },
      },
    },
    async (request) => service.answer(requirePrincipal(request.principal), request.params.id, request.body),
  );

  r.post(
    '/api/crDars/uploadfile',
    {
      config,
      schema: {
        tags,
        description: 'multipart/form-data: field `id` (the line) before `file` (one image, 20 MB at most).',
        response: { 200: checklistLineSchema },
      },
    },
    async (request) => service.upload(requirePrincipal(request.principal), request),
  );

  r.get(
    '/api/crDars/scaricafile/:name/download',
    { config, schema: { tags, params: checklistFileParamsSchema } },
    async (request, reply) =>
      sendStoredFile(reply, deps.files, await service.image(requirePrincipal(request.principal), request.params.name)),
  );

  r.get(
    '/api/crDars/thumbnail/:name',
    { config, schema: { tags, params: checklistFileParamsSchema } },
    async (request, reply) =>
      sendStoredFile(reply, deps.files, await service.image(requirePrincipal(request.principal), request.params.name), {
        variant: 'thumbnail',
      }),
  );

  r.post(
    '/api/crDars/cancellafile',
    { config, schema: { tags, body: checklistFileNameSchema, response: { 200: checklistLineSchema } } },
    async (request) => service.removeImage(requirePrincipal(request.principal), request.body.nomeFile),
  );

  r.put(
    '/api/crDars',
    {
      config,
      schema: {
        tags,
        querystring: checklistLangQuerySchema,
        body: checklistHeaderUpdateSchema,
        response: { 200: checklistHeaderSchema },
      },
    },
    async (request) => service.updateHeader(requirePrincipal(request.principal), request.body, request.query.langKey),
  );

  r.get(
    '/api/crDars/downloadpdf/:id/:lang',
    { config, schema: { tags, params: checklistPdfParamsSchema } },
    async (request, reply) =>
      sendPdf(reply, await service.pdf(requirePrincipal(request.principal), request.params.id, request.params.lang)),
  );
};
