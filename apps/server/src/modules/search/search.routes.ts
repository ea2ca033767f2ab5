import { articoloHitSchema, byIdSearchQuerySchema, fullSearchQuerySchema, tracksQuerySchema } from '@ricambi/domain';
import { and, asc, count, countDistinct, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { articolo, articoloArticolo } from '../../db/schema/index.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { languageOf } from '../../platform/language.ts';
import { sendPage } from '../../platform/paging.ts';
import { CATALOGUE_READ, isCatalogueStaff, loadHits, loadPriceProfile } from '../articolo/articolo.contract.ts';
import type { SearchLog } from './search.log.ts';
import { fullSearch } from './search.repository.ts';

const tags = ['search'];
const hits = { 200: z.array(articoloHitSchema) };

/**
 * The searches of spec 1 §2.1, §2.3 and §7: free text (also the typeahead, size 10), by id (one
 * article, or the parts of a machine) and by track dimensions. Each one is written to searchLog.
 */
export const searchRoutes =
  ({ db, searchLog }: { db: Db; searchLog: SearchLog }) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const access = { access: CATALOGUE_READ };

    r.get(
      '/api/search/full',
      { config: access, schema: { tags, querystring: fullSearchQuerySchema, response: hits } },
      async (request, reply) => {
        const principal = requirePrincipal(request.principal);
        const { term, page, size } = request.query;
        const lang = languageOf(request, request.query.lang);
        const [result, profile] = await Promise.all([
          fullSearch(db, term, lang, page, size),
          loadPriceProfile(db, principal.userId),
        ]);
        searchLog.record(request, principal, 'FULL', result.total);
        reply.header('X-Search-Match', result.match);
        if (result.corrected) reply.header('X-Search-Corrected', encodeURIComponent(result.corrected.join(' ')));
        if (result.capped) reply.header('X-Total-Count-Capped', 'true');
        reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Link, X-Search-Match, X-Search-Corrected');
        return sendPage(request, reply, {
          items: await loadHits(db, result.ids, lang, profile),
          total: result.total,
          page,
          size,
        });
      },
    );

    r.get(
      '/api/search/byId',
      { config: access, schema: { tags, querystring: byIdSearchQuerySchema, response: hits } },
      async (request, reply) => {
        const principal = requirePrincipal(request.principal);
        const { id, tipoArticolo, page, size } = request.query;
        const lang = languageOf(request, request.query.lang);
        const visible = isCatalogueStaff(principal) ? undefined : eq(articolo.visibile, true);
        let ids: number[];
        let total: number;
        if (tipoArticolo === 'M') {
          // The parts of a machine: its bill of materials, by code.
          const where = and(eq(articoloArticolo.padreId, id), visible);
          const rows = await db
            .selectDistinct({ id: articolo.id, code: articolo.articolo })
            .from(articoloArticolo)
            .innerJoin(articolo, eq(articolo.id, articoloArticolo.figlioId))
            .where(where)
            .orderBy(asc(articolo.articolo), asc(articolo.id))
            .limit(size)
            .offset(page * size);
          const [n] = await db
            .select({ n: countDistinct(articoloArticolo.figlioId) })
            .from(articoloArticolo)
            .innerJoin(articolo, eq(articolo.id, articoloArticolo.figlioId))
            .where(where);
          ids = rows.map((row) => row.id);
          total = n?.n ?? 0;
        } else {
          const [row] = await db
            .select({ id: articolo.id })
            .from(articolo)
            .where(and(eq(articolo.id, id), visible));
          ids = row && page === 0 ? [row.id] : [];
          total = row ? 1 : 0;
        }
        searchLog.record(request, principal, 'BY_ID', total);
        const profile = await loadPriceProfile(db, principal.userId);
        return sendPage(request, reply, { items: await loadHits(db, ids, lang, profile), total, page, size });
      },
    );

    r.get(
      '/api/articolo/search/findByTag1AndTag2AndTag3AndTag6',
      { config: access, schema: { tags, querystring: tracksQuerySchema, response: hits } },
      async (request, reply) => {
        const principal = requirePrincipal(request.principal);
        const { tag1, tag2, tag3, tag6, page, size } = request.query;
        const where = and(
          eq(articolo.cingoloInGomma, true),
          eq(articolo.visibile, true),
          eq(articolo.tag1, tag1),
          eq(articolo.tag2, tag2),
          eq(articolo.tag3, tag3),
          eq(articolo.tag6, tag6),
        );
        const [rows, [n]] = await Promise.all([
          db
            .select({ id: articolo.id })
            .from(articolo)
            .where(where)
            .orderBy(asc(articolo.articolo), asc(articolo.id))
            .limit(size)
            .offset(page * size),
          db.select({ n: count() }).from(articolo).where(where),
        ]);
        const total = n?.n ?? 0;
        searchLog.record(request, principal, 'DIMENSIONS', total);
        const profile = await loadPriceProfile(db, principal.userId);
        const lang = languageOf(request, request.query.lang);
        return sendPage(request, reply, {
          items: await loadHits(
            db,
            rows.map((row) => row.id),
            lang,
            profile,
          ),
          total,
          page,
          size,
        });
      },
    );
  };
