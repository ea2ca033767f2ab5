import fs from 'node:fs';
import {
  articoloDetailSchema,
  articoloHitSchema,
  articoloImageSchema,
  infoClienteQuerySchema,
  infoClienteSchema,
  languageQuerySchema,
  machineModelsQuerySchema,
  machinesQuerySchema,
  machineVariantsQuerySchema,
  marchioRefSchema,
  tagValueSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth.ts';
import { languageOf } from '../../platform/language.ts';
import { searchOriginOf } from '../search/search.contract.ts';
import { type ArticoloDeps, CATALOGUE_READ, createArticoloService } from './articolo.service.ts';

const tags = ['articolo'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const dimension = z.string().trim().min(1).max(50);
const tagValues = { 200: z.array(tagValueSchema) };

/**
 * The article for users (spec 1 §2.3, §3, §6, §7): detail, images, price and availability for a
 * quantity, and the cascading lists of the machine and track-dimension searches.
 */
export const articoloRoutes = (deps: ArticoloDeps) => async (app: FastifyInstance) => {
  const articoli = createArticoloService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: CATALOGUE_READ };
  /** The search by machine is for themes with parts (spec 2 §1). */
  const partsConfig = { access: CATALOGUE_READ, area: 'parts' as const };

  r.get(
    '/api/articolo/:id/detail',
    {
      config,
      schema: { tags, params: idParams, querystring: languageQuerySchema, response: { 200: articoloDetailSchema } },
    },
    async (request) =>
      articoli.detail(requirePrincipal(request.principal), request.params.id, languageOf(request, request.query.lang)),
  );

  r.get(
    '/api/articolo/:id/images',
    { config, schema: { tags, params: idParams, response: { 200: z.array(articoloImageSchema) } } },
    async (request) => articoli.images(requirePrincipal(request.principal), request.params.id),
  );

  r.get(
    '/api/articolo/:id/images/:name',
    { config, schema: { tags, params: idParams.extend({ name: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      const image = await articoli.imageFile(
        requirePrincipal(request.principal),
        request.params.id,
        request.params.name,
      );
      reply
        .type(image.type)
        .header('content-length', image.size)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.send(fs.createReadStream(image.file));
    },
  );

  r.get(
    '/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita',
    { config, schema: { tags, querystring: infoClienteQuerySchema, response: { 200: infoClienteSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return articoli.infoCliente(
        requirePrincipal(request.principal),
        request.query.articoloId,
        request.query.quantita,
      );
    },
  );

  r.get(
    '/api/marchio/search/findByModelloAndVariante',
    { config: partsConfig, schema: { tags, response: { 200: z.array(marchioRefSchema) } } },
    async () => articoli.machineBrands(),
  );

  r.get(
    '/api/articolo/search/distinctTag2ByMarchioId',
    { config: partsConfig, schema: { tags, querystring: machineModelsQuerySchema, response: tagValues } },
    async (request) => articoli.machineModels(request.query.marchioId),
  );

  r.get(
    '/api/articolo/search/distinctTag3ByMarchioIdAndTag2',
    { config: partsConfig, schema: { tags, querystring: machineVariantsQuerySchema, response: tagValues } },
    async (request) => articoli.machineVariants(request.query.marchioId, request.query.tag2),
  );

  r.get(
    '/api/articolo/search/findByMarchioIdAndTag2AndTag3',
    {
      config: partsConfig,
      schema: { tags, querystring: machinesQuerySchema, response: { 200: z.array(articoloHitSchema) } },
    },
    async (request) =>
      articoli.machines(
        requirePrincipal(request.principal),
        request.query,
        languageOf(request, request.query.lang),
        searchOriginOf(request),
      ),
  );

  // Track dimensions: width (tag1) → pitch (tag2) → links (tag3) → shape (tag6).
  r.get('/api/articolo/search/distinctTag1', { config, schema: { tags, response: tagValues } }, async () =>
    articoli.trackDimension('tag1', {}),
  );
  r.get(
    '/api/articolo/search/distinctTag2ByTag1',
    { config, schema: { tags, querystring: z.object({ tag1: dimension }), response: tagValues } },
    async (request) => articoli.trackDimension('tag2', request.query),
  );
  r.get(
    '/api/articolo/search/distinctTag3ByTag1AndTag2',
    { config, schema: { tags, querystring: z.object({ tag1: dimension, tag2: dimension }), response: tagValues } },
    async (request) => articoli.trackDimension('tag3', request.query),
  );
  r.get(
    '/api/articolo/search/distinctTag6ByTag1AndTag2AndTag3',
    {
      config,
      schema: {
        tags,
        querystring: z.object({ tag1: dimension, tag2: dimension, tag3: dimension }),
        response: tagValues,
      },
    },
    async (request) => articoli.trackDimension('tag6', request.query),
  );
};
