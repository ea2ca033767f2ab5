import {
  articoloHitSchema,
  byIdSearchQuerySchema,
  fullSearchQuerySchema,
  type Language,
  PAGE_HEADERS,
  SEARCH_HEADERS,
  tracksQuerySchema,
} from '@ricambi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth.ts';
import { languageOf } from '../../platform/language.ts';
import { sendPage } from '../../platform/paging.ts';
import { CATALOGUE_READ } from '../articolo/articolo.contract.ts';
import { searchOriginOf } from './search.log.ts';
import { createSearchService, type SearchDeps, type SearchRequest } from './search.service.ts';

const tags = ['search'];
const hits = { 200: z.array(articoloHitSchema) };

const searchRequest = (request: FastifyRequest, lang: Language | undefined): SearchRequest => ({
  origin: searchOriginOf(request),
  hostName: request.hostname,
  lang: languageOf(request, lang),
});

/** The searches of spec 1 §2.1, §2.3 and §7 (see search.service.ts). */
export const searchRoutes = (deps: SearchDeps) => async (app: FastifyInstance) => {
  const search = createSearchService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: CATALOGUE_READ };

  r.get(
    '/api/search/full',
    { config, schema: { tags, querystring: fullSearchQuerySchema, response: hits } },
    async (request, reply) => {
      const { page, size } = request.query;
      const found = await search.full(
        requirePrincipal(request.principal),
        request.query,
        searchRequest(request, request.query.lang),
      );
      reply.header(SEARCH_HEADERS.match, found.match);
      if (found.corrected) reply.header(SEARCH_HEADERS.corrected, encodeURIComponent(found.corrected.join(' ')));
      if (found.capped) reply.header(SEARCH_HEADERS.totalCapped, 'true');
      const items = sendPage(request, reply, { items: found.items, total: found.total, page, size });
      reply.header(
        'Access-Control-Expose-Headers',
        [
          PAGE_HEADERS.totalCount,
          PAGE_HEADERS.link,
          SEARCH_HEADERS.match,
          SEARCH_HEADERS.corrected,
          SEARCH_HEADERS.totalCapped,
        ].join(', '),
      );
      return items;
    },
  );

  r.get(
    '/api/search/byId',
    { config, schema: { tags, querystring: byIdSearchQuerySchema, response: hits } },
    async (request, reply) => {
      const { page, size } = request.query;
      const found = await search.byId(
        requirePrincipal(request.principal),
        request.query,
        searchRequest(request, request.query.lang),
      );
      return sendPage(request, reply, { items: found.items, total: found.total, page, size });
    },
  );

  r.get(
    '/api/articolo/search/findByTag1AndTag2AndTag3AndTag6',
    { config, schema: { tags, querystring: tracksQuerySchema, response: hits } },
    async (request, reply) => {
      const { page, size } = request.query;
      const found = await search.tracks(
        requirePrincipal(request.principal),
        request.query,
        searchRequest(request, request.query.lang),
      );
      return sendPage(request, reply, { items: found.items, total: found.total, page, size });
    },
  );
};
