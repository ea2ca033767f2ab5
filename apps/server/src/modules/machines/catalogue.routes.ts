import fs from 'node:fs';
import {
  CATALOGUE_REFRESH_ROLES,
  catalogueHeaderSchema,
  catalogueRefreshAllSchema,
  catalogueRowSchema,
  catalogueTreeSearchQuerySchema,
  catalogueTreeSearchSchema,
  crArticoloQuerySchema,
  crArticoloSchema,
  drawingDataSchema,
  ITEM_PAGE_ROLES,
  infoClienteQuerySchema,
  infoClienteSchema,
  languageQuerySchema,
  MACHINE_LIMITS,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { languageOf } from '../../platform/language.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { MACHINE_AREA, PARTS_AREA } from './machines.routes.ts';

/** Spec 2 §2: refresh is offered to ROLE_CR_INTERNAL. */
export const CATALOGUE_REFRESH = CATALOGUE_REFRESH_ROLES;
/** Spec 2 §2 CrArticolo: the item page. */
export const ITEM_ACCESS = ITEM_PAGE_ROLES;
const tags = ['catalogue'];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const intParam = z.coerce.number().int().min(0).max(2_147_483_647);
const drawingParams = z.object({ drawing: z.string().min(1).max(60) });
/** A day in the browser's cache: drawings change only when the catalogue data is reloaded. */
const DRAWING_CACHE = 'private, max-age=86400';

/**
 * The parts catalogue of a machine (spec 2 §2 catalogo_detail, §3, §7 Catalogue): header, tree
 * rows, tree search, drawings, refresh, serial check; and the item page's article (§7 Item).
 */
export const catalogueRoutes = (db: Db, config: Config) => async (app: FastifyInstance) => {
  const catalogue = createCatalogueService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const area = { access: MACHINE_AREA, area: PARTS_AREA };

  r.get(
    '/api/catalogo/:id/:matricola',
    {
      config: area,
      schema: {
        tags,
        params: z.object({ id, matricola: z.string().trim().min(1).max(MACHINE_LIMITS.matricola) }),
        querystring: languageQuerySchema,
        response: { 200: catalogueHeaderSchema },
      },
    },
    async (request) =>
      catalogue.open(
        requirePrincipal(request.principal),
        request.params.id,
        request.params.matricola,
        languageOf(request, request.query.lang),
      ),
  );

  r.put(
    '/api/catalogo/:id',
    {
      config: { access: CATALOGUE_REFRESH, area: PARTS_AREA },
      schema: {
        tags,
        params: z.object({ id }),
        querystring: languageQuerySchema,
        response: { 200: catalogueHeaderSchema },
      },
    },
    async (request) =>
      catalogue.refresh(
        requirePrincipal(request.principal),
        request.params.id,
        languageOf(request, request.query.lang),
      ),
  );

  r.get(
    '/api/catalogo/refreshall/:crCodice',
    {
      config: { access: CATALOGUE_REFRESH, area: PARTS_AREA },
      schema: {
        tags,
        params: z.object({ crCodice: z.string().trim().min(1).max(30) }),
        response: { 200: catalogueRefreshAllSchema },
      },
    },
    async (request) => catalogue.markStale(request.params.crCodice),
  );

  r.get(
    '/api/catalogo/estraiCatalogo/:serial',
    {
      config: area,
      schema: { tags, params: z.object({ serial: z.string().trim().min(1).max(MACHINE_LIMITS.matricola) }) },
    },
    async (request, reply) => {
      const answer = await catalogue.estrai(requirePrincipal(request.principal), request.params.serial);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(answer);
    },
  );

  r.get(
    '/api/righecatalogo/:crId/bylevel/:level',
    {
      config: area,
      schema: {
        tags,
        params: z.object({ crId: id, level: intParam }),
        querystring: languageQuerySchema,
        response: { 200: z.array(catalogueRowSchema) },
      },
    },
    async (request) =>
      catalogue.rows(
        requirePrincipal(request.principal),
        request.params.crId,
        { level: request.params.level },
        languageOf(request, request.query.lang),
      ),
  );

  r.get(
    '/api/righecatalogo/:crId/byitem/:itemPrec',
    {
      config: area,
      schema: {
        tags,
        params: z.object({ crId: id, itemPrec: intParam }),
        querystring: languageQuerySchema,
        response: { 200: z.array(catalogueRowSchema) },
      },
    },
    async (request) =>
      catalogue.rows(
        requirePrincipal(request.principal),
        request.params.crId,
        { itemPrec: request.params.itemPrec },
        languageOf(request, request.query.lang),
      ),
  );

  r.get(
    '/api/righecatalogo/list',
    {
      config: area,
      schema: { tags, querystring: catalogueTreeSearchQuerySchema, response: { 200: catalogueTreeSearchSchema } },
    },
    async (request) => catalogue.search(requirePrincipal(request.principal), request.query.mt, request.query.q),
  );

  r.get(
    '/api/catalogo/resource-dot/:drawing.png',
    { config: area, schema: { tags, params: drawingParams } },
    async (request, reply) => {
      const { file, stat } = await catalogue.drawingFile(
        requirePrincipal(request.principal),
        request.params.drawing,
        config.dataDir,
      );
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      reply.header('cache-control', DRAWING_CACHE).header('etag', etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').header('content-length', stat.size).send(fs.createReadStream(file));
    },
  );

  r.get(
    '/api/catalogo/resource-dot/:drawing.json',
    { config: area, schema: { tags, params: drawingParams, response: { 200: drawingDataSchema } } },
    async (request, reply) => {
      reply.header('cache-control', DRAWING_CACHE);
      return catalogue.drawingData(requirePrincipal(request.principal), request.params.drawing);
    },
  );

  r.get(
    '/api/crarticolo/',
    {
      config: { access: ITEM_ACCESS, area: PARTS_AREA },
      schema: { tags, querystring: crArticoloQuerySchema, response: { 200: crArticoloSchema } },
    },
    async (request) =>
      catalogue.item(requirePrincipal(request.principal), request.query.id, languageOf(request, request.query.lang)),
  );

  r.get(
    '/api/crarticolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita',
    {
      config: { access: ITEM_ACCESS, area: PARTS_AREA },
      schema: { tags, querystring: infoClienteQuerySchema, response: { 200: infoClienteSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return catalogue.infoCliente(
        requirePrincipal(request.principal),
        request.query.articoloId,
        request.query.quantita,
      );
    },
  );
};
