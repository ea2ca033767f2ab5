import fastifyMultipart from '@fastify/multipart';
import {
  CR_DOCUMENTI_FILE_SORT_FIELDS,
  CR_DOCUMENTI_LOG_SORT_FIELDS,
  CR_DOCUMENTI_MODELLI_SORT_FIELDS,
  CR_DOCUMENTI_SORT_FIELDS,
  crDocumentiFileCreateSchema,
  crDocumentiFileSchema,
  crDocumentiFileUpdateSchema,
  crDocumentiInputSchema,
  crDocumentiLogSchema,
  crDocumentiModelliInputSchema,
  crDocumentiModelliSchema,
  crDocumentiSchema,
  DOCUMENT_ADMIN_ROLES,
  DOCUMENT_LIBRARY_ROLES,
  DOCUMENT_LOG_ROLES,
  documentDownloadSchema,
  documentFiltersSchema,
  documentResultSchema,
  documentSearchSchema,
  documentTreeSchema,
  documentUploadSchema,
  LANGUAGES,
} from '@ricambi/domain';
import type { AnyColumn } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { crDocumenti, crDocumentiFile, crDocumentiLog, crDocumentiModelli } from '../../db/schema/index.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { registerCrud, registerReadOnlyCrud } from '../../platform/crud.ts';
import { sendStoredFile } from '../../platform/downloads.ts';
import type { Files } from '../../platform/files.ts';
import { languageOf } from '../../platform/language.ts';
import { sendPage } from '../../platform/paging.ts';
import { requestIp } from '../../platform/sessions.ts';
import { toCrDocumentiLog, toCrDocumentiModelli } from './documents.mapper.ts';
import {
  DOCUMENT_SORTABLE,
  documentSearch,
  FILE_SORTABLE,
  fileSearch,
  findDocumentRefs,
  LOG_SORTABLE,
  logSearch,
  MODEL_SORTABLE,
  modelSearch,
} from './documents.repository.ts';
import { createDocumentLibrary, type DocumentAdmin, documentColumns, modelRowColumns } from './documents.service.ts';

const tags = ['documenti'];
/** Spec 2 §1: a page of the machine area, blocked where the theme has no parts. */
const library = { access: DOCUMENT_LIBRARY_ROLES, area: 'parts' } as const;
const idSchema = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive()
  .max(Number.MAX_SAFE_INTEGER);
const ids = <T extends { id: AnyColumn }>(table: T) => [
  { param: 'id', key: 'id' as const, column: table.id, schema: idSchema },
];

export type DocumentsRoutesDeps = { db: Db; files: Files; admin: DocumentAdmin };

/** Technical documents (spec 2 §2–§7, spec 3 §5): the library, its administration and the download log. */
export const documentsRoutes = (deps: DocumentsRoutesDeps) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, admin } = deps;
  const lib = createDocumentLibrary({ db, files });
  // The PDF's own limit (100 MB) is enforced while streaming; this caps the parts and the JSON field.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 2, parts: 3, fieldSize: 64 * 1024 } });

  // --- The library ---------------------------------------------------------------------------

  for (const path of ['/api/crDocumentistree', '/api/documenti/albero']) {
    r.get(
      path,
      {
        config: library,
        schema: { tags, querystring: documentFiltersSchema, response: { 200: documentTreeSchema } },
      },
      async (request) => lib.tree(requirePrincipal(request.principal), request.query, languageOf(request)),
    );
  }

  r.get(
    '/api/documenti/search',
    {
      config: library,
      schema: { tags, querystring: documentSearchSchema, response: { 200: z.array(documentResultSchema) } },
    },
    async (request, reply) => {
      const { page, size, ...filters } = request.query;
      const found = await lib.search(requirePrincipal(request.principal), filters, { page, size }, languageOf(request));
      return sendPage(request, reply, { ...found, page, size });
    },
  );

  r.get(
    '/api/crDocumentiFilesByIdAndLingua',
    {
      config: library,
      schema: {
        tags,
        querystring: z.object({ id: idSchema, lingua: z.enum(LANGUAGES, 'validation.invalid').optional() }),
        response: { 200: z.array(documentResultSchema) },
      },
    },
    async (request) => lib.filesOf(requirePrincipal(request.principal), request.query.id, request.query.lingua),
  );

  r.get(
    '/api/geticon/:nomeFileFisico',
    {
      config: library,
      schema: {
        tags,
        params: z.object({
          nomeFileFisico: z
            .string()
            .max(60)
            .regex(/^[0-9a-f-]{36}\.pdf$/, 'validation.invalid'),
        }),
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, files, await lib.icon(requirePrincipal(request.principal), request.params.nomeFileFisico), {
        variant: 'thumbnail',
      }),
  );

  r.post(
    '/api/documenti/download/:id',
    {
      config: library,
      schema: { tags, params: z.object({ id: idSchema }), body: documentDownloadSchema },
    },
    async (request, reply) => {
      const stored = await lib.download(
        requirePrincipal(request.principal),
        request.params.id,
        request.body,
        requestIp(request),
      );
      return sendStoredFile(reply, files, stored);
    },
  );

  r.get(
    '/api/documenti/download',
    { config: library, schema: { tags, querystring: z.object({ id: idSchema }) } },
    async (request, reply) => {
      const stored = await lib.download(
        requirePrincipal(request.principal),
        request.query.id,
        documentDownloadSchema.parse({}),
        requestIp(request),
      );
      return sendStoredFile(reply, files, stored);
    },
  );

  // --- Administration (ROLE_MANAGER) and the log (ROLE_ADMIN) ----------------------------------

  const manager = { read: DOCUMENT_ADMIN_ROLES, write: DOCUMENT_ADMIN_ROLES };

  r.post(
    '/api/crDocumentiFiles/upload',
    {
      config: { access: DOCUMENT_ADMIN_ROLES },
      schema: {
        tags,
        description:
          'multipart/form-data: optional field `crDocumentiFile` (JSON: idCrDocumenti, codice, descrizioneFile, lingua, note) then `file` (one PDF ≤ 100 MB). Without idCrDocumenti the upload waits a day for a document save to name it in `nomefiles[].upload`.',
        response: { 201: documentUploadSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await admin.upload(request)),
  );

  registerCrud(app, {
    db,
    path: '/api/crDocumentis',
    entity: 'crDocumenti',
    table: crDocumenti,
    ids: ids(crDocumenti),
    access: manager,
    response: crDocumentiSchema,
    create: crDocumentiInputSchema,
    update: crDocumentiInputSchema,
    sortFields: CR_DOCUMENTI_SORT_FIELDS,
    sortable: DOCUMENT_SORTABLE,
    search: documentSearch,
    auditFields: true,
    toResponses: admin.responses,
    toInsert: (input, { tx }) => documentColumns(tx, input),
    toUpdate: (input, { tx }) => documentColumns(tx, input),
    afterInsert: ({ tx, row, input }) => admin.saveChildren(tx, row, input),
    afterUpdate: ({ tx, row, input }) => admin.saveChildren(tx, row, input),
    beforeDelete: ({ tx, existing }) => admin.beforeDelete(tx, existing),
    afterChange: () => files.purge(db).then(() => undefined),
  });

  registerCrud(app, {
    db,
    path: '/api/crDocumentiModellis',
    entity: 'crDocumentiModelli',
    table: crDocumentiModelli,
    ids: ids(crDocumentiModelli),
    access: manager,
    response: crDocumentiModelliSchema,
    create: crDocumentiModelliInputSchema,
    update: crDocumentiModelliInputSchema,
    sortFields: CR_DOCUMENTI_MODELLI_SORT_FIELDS,
    sortable: MODEL_SORTABLE,
    search: modelSearch,
    toResponses: async (tx, rows) => {
      const refs = new Map(
        (
          await findDocumentRefs(
            tx,
            rows.map((m) => m.idCrDocumenti),
          )
        ).map((d) => [d.id, d]),
      );
      return rows.map((m) => toCrDocumentiModelli(m, refs.get(m.idCrDocumenti) ?? { id: m.idCrDocumenti, nome: '' }));
    },
    toInsert: async (input, { tx }) => ({
      idCrDocumenti: (await admin.documentOf(tx, input.idCrDocumenti)).id,
      ...(await modelRowColumns(tx, input)),
    }),
    toUpdate: async (input, { tx }) => ({
      idCrDocumenti: (await admin.documentOf(tx, input.idCrDocumenti)).id,
      ...(await modelRowColumns(tx, input)),
    }),
  });

  registerCrud(app, {
    db,
    path: '/api/crDocumentiFiles',
    entity: 'crDocumentiFile',
    table: crDocumentiFile,
    ids: ids(crDocumentiFile),
    access: manager,
    response: crDocumentiFileSchema,
    create: crDocumentiFileCreateSchema,
    update: crDocumentiFileUpdateSchema,
    sortFields: CR_DOCUMENTI_FILE_SORT_FIELDS,
    sortable: FILE_SORTABLE,
    search: fileSearch,
    toResponses: admin.fileResponses,
    toInsert: (input, { tx }) => admin.newFileColumns(tx, input),
    toUpdate: (input, { tx, existing }) => admin.fileColumns(tx, existing, input),
    beforeDelete: ({ tx, existing }) => files.remove(tx, existing.fileId),
    afterChange: () => files.purge(db).then(() => undefined),
  });

  registerReadOnlyCrud(app, {
    db,
    path: '/api/crDocumentiLogs',
    entity: 'crDocumentiLog',
    table: crDocumentiLog,
    ids: ids(crDocumentiLog),
    access: { read: DOCUMENT_LOG_ROLES },
    response: crDocumentiLogSchema,
    sortFields: CR_DOCUMENTI_LOG_SORT_FIELDS,
    sortable: LOG_SORTABLE,
    search: logSearch,
    toResponse: toCrDocumentiLog,
  });
};
