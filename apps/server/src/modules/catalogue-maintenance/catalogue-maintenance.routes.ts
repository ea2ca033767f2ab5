import fastifyMultipart from '@fastify/multipart';
import {
  ADMIN_ROLES,
  reindexResultSchema,
  STOCK_IMPORT_LIMITS,
  stockImportListSchema,
  stockImportPreviewSchema,
  stockImportResultSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { withAlert } from '../../platform/errors.ts';
import { readUploadedFile } from '../../platform/uploads.ts';
import { createCatalogueMaintenanceService, STOCK_MESSAGES } from './catalogue-maintenance.service.ts';

const access = ADMIN_ROLES;

/**
 * Catalogue maintenance (ROLE_ADMIN): the stock and price import from the ERP's CSV/XLSX (issue 4
 * §2) and the rebuild of the search data (spec 1 §7 /api/reindex, /api/reindex/all).
 */
export const catalogueMaintenanceRoutes = (db: Db) => async (app: FastifyInstance) => {
  const service = createCatalogueMaintenanceService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: STOCK_IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
  });

  r.post(
    '/api/articolo-stock/import/preview',
    {
      config: { access },
      schema: { tags: ['catalogue'], consumes: ['multipart/form-data'], response: { 200: stockImportPreviewSchema } },
    },
    async (request) => {
      return service.previewStockImport(await readUploadedFile(request, `${STOCK_MESSAGES}noFile`));
    },
  );

  r.post(
    '/api/articolo-stock/import',
    {
      config: { access },
      // A list of the largest size is well over the default 1 MB.
      bodyLimit: 20 * 1024 * 1024,
      schema: { tags: ['catalogue'], body: stockImportListSchema, response: { 200: stockImportResultSchema } },
    },
    async (request, reply) => {
      const result = await service.applyStockImport(request.body);
      request.log.info({ ...result, login: requirePrincipal(request.principal).login }, 'stock import applied');
      withAlert(reply, `${STOCK_MESSAGES}imported`, result);
      return result;
    },
  );

  r.get(
    '/api/articolo-stock/template.csv',
    { config: { access }, schema: { tags: ['catalogue'], produces: ['text/csv'] } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="giacenze-prezzi.csv"')
        .send(await service.stockTemplate()),
  );

  // Spec 1 §7 gives GET; both are idempotent and admin-only (docs/decisions.md).
  for (const [url, scope] of [
    ['/api/reindex', 'changed'],
    ['/api/reindex/all', 'all'],
  ] as const) {
    r.get(
      url,
      { config: { access }, schema: { tags: ['catalogue'], response: { 200: reindexResultSchema } } },
      async (request) => {
        const result = await service.reindex(scope);
        request.log.info({ ...result, scope, login: requirePrincipal(request.principal).login }, 'reindex');
        return result;
      },
    );
  }
};
