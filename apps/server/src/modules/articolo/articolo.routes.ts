import fs from 'node:fs';
import path from 'node:path';
import {
  type Authority,
  articoloDescrizione,
  articoloDetailSchema,
  articoloHitSchema,
  articoloImageSchema,
  DEFAULT_LANGUAGE,
  infoClienteQuerySchema,
  infoClienteSchema,
  isLanguage,
  type Language,
  languageQuerySchema,
  localizedText,
  machineModelsQuerySchema,
  machinesQuerySchema,
  machineVariantsQuerySchema,
  marchioRefSchema,
  tagValueSchema,
} from '@ricambi/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { articolo, articoloCategoria, categoria, marchio } from '../../db/schema/index.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import type { Principal } from '../../platform/sessions.ts';
import type { SearchLog } from '../search/search.log.ts';
import { loadHits, tagsOf } from './articolo.hits.ts';
import { IMAGE_TYPES, type ImageIndex } from './articolo.images.ts';
import { findVisibleArticolo, infoCliente } from './articolo.info.ts';
import { loadPriceProfile } from './price-profile.ts';

/** Spec 1 §2.1: article pages and searches are for ROLE_USER. */
export const CATALOGUE_READ: Authority[] = ['ROLE_USER'];
const tags = ['articolo'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Numbers first in numeric order (track widths 180 < 230 < 1000), then the rest alphabetically. */
const naturalOrder = (column: SQL) =>
  sql`case when ${column} ~ '^[0-9]+([.,][0-9]+)?$' then replace(${column}, ',', '.')::numeric end nulls last, ${column}`;

type Deps = { db: Db; images: ImageIndex; searchLog: SearchLog };

/**
 * The article for users (spec 1 §2.3, §3, §6, §7): detail, images, price and availability for a
 * quantity, and the cascading lists of the machine and track-dimension searches.
 */
export const articoloRoutes =
  ({ db, images, searchLog }: Deps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const access = { access: CATALOGUE_READ };

    /** Visible articles for everyone; staff also open the hidden ones. */
    const findVisible = (principal: Principal, id: number) => findVisibleArticolo(db, principal, id);

    const imageList = async (id: number, codImmagine: string | null) =>
      (await images.imagesOf(codImmagine)).map((name) => ({
        name,
        url: `/api/articolo/${id}/images/${encodeURIComponent(name)}`,
      }));

    r.get(
      '/api/articolo/:id/detail',
      {
        config: access,
        schema: { tags, params: idParams, querystring: languageQuerySchema, response: { 200: articoloDetailSchema } },
      },
      async (request) => {
        const principal = requirePrincipal(request.principal);
        const lang = languageOf(request, request.query.lang);
        const { a, marchio: brand } = await findVisible(principal, request.params.id);
        const categorie = await db
          .select({ id: categoria.id, nome: categoria.nome })
          .from(articoloCategoria)
          .innerJoin(categoria, eq(categoria.id, articoloCategoria.categoriaId))
          .where(eq(articoloCategoria.articoloId, a.id))
          .orderBy(asc(categoria.nome));
        return {
          id: a.id,
          articolo: a.articolo,
          descrizione: articoloDescrizione(a, lang),
          descrizioneEstesa: localizedText(a.localizedDescrizioneEstesa, lang) || a.descrizioneEstesa || null,
          classeMercWeb: localizedText(a.localizedClasseMercWeb, lang) || a.classeMercWeb || null,
          note: a.note,
          tipoArticolo: a.tipoArticolo,
          tipoArticoloOrig: a.tipoArticoloOrig,
          unitaMisura: a.unitaMisura,
          peso: a.peso,
          gruppoMerceologico: a.gruppoMerceologico,
          ordinabile: a.ordinabile,
          cingoloInGomma: a.cingoloInGomma,
          datiTecnici: a.datiTecnici,
          marchio: brand,
          categorie,
          tags: tagsOf(a),
          images: await imageList(a.id, a.codImmagine),
        };
      },
    );

    r.get(
      '/api/articolo/:id/images',
      { config: access, schema: { tags, params: idParams, response: { 200: z.array(articoloImageSchema) } } },
      async (request) => {
        const { a } = await findVisible(requirePrincipal(request.principal), request.params.id);
        return imageList(a.id, a.codImmagine);
      },
    );

    r.get(
      '/api/articolo/:id/images/:name',
      {
        config: access,
        schema: { tags, params: idParams.extend({ name: z.string().min(1).max(200) }) },
      },
      async (request, reply) => {
        const { a } = await findVisible(requirePrincipal(request.principal), request.params.id);
        const name = request.params.name;
        if (!(await images.imagesOf(a.codImmagine)).includes(name)) throw notFound('articoloPage.imageNotFound');
        const file = images.pathOf(name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat?.isFile()) throw notFound('articoloPage.imageNotFound');
        reply
          .type(IMAGE_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream')
          .header('content-length', stat.size)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own must not run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        return reply.send(fs.createReadStream(file));
      },
    );

    r.get(
      '/api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita',
      { config: access, schema: { tags, querystring: infoClienteQuerySchema, response: { 200: infoClienteSchema } } },
      async (request, reply) => {
        const principal = requirePrincipal(request.principal);
        reply.header('cache-control', 'no-store');
        return infoCliente(db, principal, request.query.articoloId, request.query.quantita);
      },
    );

    // Machine search: brand → model (tag2) → variant (tag3) → machines (spec 1 §2.3).
    const machines = and(eq(articolo.tipoArticolo, 'M'), eq(articolo.visibile, true));

    r.get(
      '/api/marchio/search/findByModelloAndVariante',
      { config: access, schema: { tags, response: { 200: z.array(marchioRefSchema) } } },
      async () =>
        db
          .selectDistinct({ id: marchio.id, descrizione: marchio.descrizione })
          .from(marchio)
          .innerJoin(articolo, eq(articolo.marchioId, marchio.id))
          .where(and(machines, eq(marchio.visibile, true), sql`${articolo.tag2} is not null`))
          .orderBy(asc(marchio.descrizione)),
    );

    const distinctValues = async (column: AnyPgColumn, where: SQL | undefined) => {
      const rows = await db
        .select({ value: sql<string>`${column}`, count: sql<number>`count(*)::int` })
        .from(articolo)
        .where(and(where, sql`${column} is not null`))
        .groupBy(column)
        .orderBy(naturalOrder(sql`${column}`));
      return rows;
    };

    r.get(
      '/api/articolo/search/distinctTag2ByMarchioId',
      {
        config: access,
        schema: { tags, querystring: machineModelsQuerySchema, response: { 200: z.array(tagValueSchema) } },
      },
      async (request) => distinctValues(articolo.tag2, and(machines, eq(articolo.marchioId, request.query.marchioId))),
    );

    r.get(
      '/api/articolo/search/distinctTag3ByMarchioIdAndTag2',
      {
        config: access,
        schema: { tags, querystring: machineVariantsQuerySchema, response: { 200: z.array(tagValueSchema) } },
      },
      async (request) =>
        distinctValues(
          articolo.tag3,
          and(machines, eq(articolo.marchioId, request.query.marchioId), eq(articolo.tag2, request.query.tag2)),
        ),
    );

    r.get(
      '/api/articolo/search/findByMarchioIdAndTag2AndTag3',
      {
        config: access,
        schema: { tags, querystring: machinesQuerySchema, response: { 200: z.array(articoloHitSchema) } },
      },
      async (request) => {
        const principal = requirePrincipal(request.principal);
        const { marchioId, tag2, tag3 } = request.query;
        const found = await db
          .select({ id: articolo.id })
          .from(articolo)
          .where(and(machines, eq(articolo.marchioId, marchioId), eq(articolo.tag2, tag2), eq(articolo.tag3, tag3)))
          .orderBy(asc(articolo.articolo))
          .limit(50);
        const ids = found.map((f) => f.id);
        searchLog.record(request, principal, 'MACHINE', ids.length);
        return loadHits(db, ids, languageOf(request, request.query.lang), await loadPriceProfile(db, principal.userId));
      },
    );

    // Track dimensions: width (tag1) → pitch (tag2) → links (tag3) → shape (tag6).
    const tracks = and(eq(articolo.cingoloInGomma, true), eq(articolo.visibile, true));
    const dimensionFilter = (q: { tag1?: string; tag2?: string; tag3?: string }) =>
      and(
        tracks,
        q.tag1 ? eq(articolo.tag1, q.tag1) : undefined,
        q.tag2 ? eq(articolo.tag2, q.tag2) : undefined,
        q.tag3 ? eq(articolo.tag3, q.tag3) : undefined,
      );
    const dimension = z.string().trim().min(1).max(50);

    r.get(
      '/api/articolo/search/distinctTag1',
      { config: access, schema: { tags, response: { 200: z.array(tagValueSchema) } } },
      async () => distinctValues(articolo.tag1, tracks),
    );
    r.get(
      '/api/articolo/search/distinctTag2ByTag1',
      {
        config: access,
        schema: { tags, querystring: z.object({ tag1: dimension }), response: { 200: z.array(tagValueSchema) } },
      },
      async (request) => distinctValues(articolo.tag2, dimensionFilter(request.query)),
    );
    r.get(
      '/api/articolo/search/distinctTag3ByTag1AndTag2',
      {
        config: access,
        schema: {
          tags,
          querystring: z.object({ tag1: dimension, tag2: dimension }),
          response: { 200: z.array(tagValueSchema) },
        },
      },
      async (request) => distinctValues(articolo.tag3, dimensionFilter(request.query)),
    );
    r.get(
      '/api/articolo/search/distinctTag6ByTag1AndTag2AndTag3',
      {
        config: access,
        schema: {
          tags,
          querystring: z.object({ tag1: dimension, tag2: dimension, tag3: dimension }),
          response: { 200: z.array(tagValueSchema) },
        },
      },
      async (request) => distinctValues(articolo.tag6, dimensionFilter(request.query)),
    );
  };
