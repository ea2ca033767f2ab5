import {
  ARTICOLO_ARTICOLO_SORT_FIELDS,
  ARTICOLO_EQUIV_SORT_FIELDS,
  ARTICOLO_SORT_FIELDS,
  type ArticoloArticoloInput,
  type ArticoloCreateInput,
  type ArticoloEquivInput,
  type ArticoloUpdateInput,
  articoloAdminSchema,
  articoloArticoloAdminSchema,
  articoloArticoloInputSchema,
  articoloCreateSchema,
  articoloEquivAdminSchema,
  articoloEquivInputSchema,
  articoloUpdateSchema,
  bomChildSchema,
  bomInfoSchema,
  bomParentSchema,
  CATALOGUE_ADMIN_ROLES,
  CATALOGUE_STAFF_ROLES,
  CATEGORIA_SORT_FIELDS,
  type CategoriaInput,
  COMBO_VOCI_SORT_FIELDS,
  type ComboVociInput,
  categoriaAdminSchema,
  categoriaInputSchema,
  comboVociAdminSchema,
  comboVociInputSchema,
  equivalentSchema,
  MARCHIO_SORT_FIELDS,
  type MarchioInput,
  marchioAdminSchema,
  marchioInputSchema,
  PARTS_AREA_ROLES,
  relationQuerySchema,
  SEARCH_LOG_READ_ROLES,
  SEARCH_LOG_ROLES,
  SEARCH_LOG_SORT_FIELDS,
  type SearchLogInput,
  searchLogAdminSchema,
  searchLogInputSchema,
  TIPO_CATEGORIA_SORT_FIELDS,
  type TipoCategoriaInput,
  tipoCategoriaAdminSchema,
  tipoCategoriaInputSchema,
  whereUsedRelationQuerySchema,
} from '@ricambi/domain';
import { type AnyColumn, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  articolo,
  articoloArticolo,
  articoloEquiv,
  categoria,
  comboVoci,
  marchio,
  searchLog,
  tipoCategoria,
} from '../../db/schema/index.ts';
import { type Access, requirePrincipal } from '../../platform/auth.ts';
import { registerCrud } from '../../platform/crud.ts';
import { containsPattern, escapeLike, sendPage } from '../../platform/paging.ts';
import { reindexArticles } from '../search/search.contract.ts';
import {
  type ArticoloArticoloRow,
  toArticolo,
  toArticoloArticolo,
  toArticoloEquiv,
  toCategoria,
  toComboVoci,
  toMarchio,
  toSearchLog,
  toTipoCategoria,
} from './catalogue-admin.mapper.ts';
import {
  articoliMatching,
  articoloSummaries,
  categoriesOf,
  marchiById,
  namesById,
} from './catalogue-admin.repository.ts';
import {
  articoloArticoloColumns,
  articoloColumns,
  articoloEquivColumns,
  articoloInsert,
  articoloWritten,
  categoriaColumns,
  comboVociColumns,
  createCatalogueRelationsService,
  equivRemoved,
  marchioColumns,
  searchLogColumns,
  tipoCategoriaColumns,
} from './catalogue-admin.service.ts';

const numericId = (column: AnyColumn) => ({
  param: 'id',
  key: 'id' as const,
  column,
  schema: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
const ADMIN = { read: CATALOGUE_ADMIN_ROLES, write: CATALOGUE_ADMIN_ROLES };
const contains = (column: AnyColumn, term: string) => ilike(column, containsPattern(term));
const startsWith = (column: AnyColumn, term: string) => ilike(column, `${escapeLike(term)}%`);
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['catalogueAdmin'];

/**
 * Catalogue master data (spec 3 §2, §3, §5, §7) on the entity kit, and the relation calls the
 * article page reads (bill of materials, where-used, equivalents).
 */
export const catalogueAdminRoutes = (db: Db) => async (app: FastifyInstance) => {
  registerCrud(app, {
    db,
    path: '/api/tipoCategoria',
    entity: 'catalogueAdmin.tipoCategoria',
    table: tipoCategoria,
    ids: [numericId(tipoCategoria.id)],
    access: ADMIN,
    response: tipoCategoriaAdminSchema,
    create: tipoCategoriaInputSchema,
    update: tipoCategoriaInputSchema,
    sortFields: TIPO_CATEGORIA_SORT_FIELDS,
    sortable: { id: tipoCategoria.id, nome: tipoCategoria.nome },
    search: (term) => or(contains(tipoCategoria.nome, term), contains(tipoCategoria.descrizione, term)),
    toResponse: toTipoCategoria,
    toInsert: (input: TipoCategoriaInput) => tipoCategoriaColumns(input),
    toUpdate: (input: TipoCategoriaInput) => tipoCategoriaColumns(input),
    auditFields: true,
  });

  registerCrud(app, {
    db,
    path: '/api/categoria',
    entity: 'catalogueAdmin.categoria',
    table: categoria,
    ids: [numericId(categoria.id)],
    access: ADMIN,
    response: categoriaAdminSchema,
    create: categoriaInputSchema,
    update: categoriaInputSchema,
    sortFields: CATEGORIA_SORT_FIELDS,
    sortable: { id: categoria.id, nome: categoria.nome, slug: categoria.slug, ordine: categoria.ordine },
    search: (term) => or(contains(categoria.nome, term), contains(categoria.slug, term)),
    toResponses: async (tx, rows) => {
      const list = rows;
      const [categorie, tipi] = await Promise.all([
        namesById(
          tx,
          'categoria',
          list.map((r) => r.padreId),
        ),
        namesById(
          tx,
          'tipoCategoria',
          list.map((r) => r.tipoCategoriaId),
        ),
      ]);
      return list.map((r) => toCategoria(r, { categorie, tipi }));
    },
    toInsert: (input: CategoriaInput, { tx }) => categoriaColumns(tx, input),
    toUpdate: (input: CategoriaInput, { tx, existing }) => categoriaColumns(tx, input, existing.id),
    auditFields: true,
  });

  registerCrud(app, {
    db,
    path: '/api/marchio',
    entity: 'catalogueAdmin.marchio',
    table: marchio,
    ids: [numericId(marchio.id)],
    access: ADMIN,
    response: marchioAdminSchema,
    create: marchioInputSchema,
    update: marchioInputSchema,
    sortFields: MARCHIO_SORT_FIELDS,
    sortable: { id: marchio.id, descrizione: marchio.descrizione },
    search: (term) => contains(marchio.descrizione, term),
    toResponse: toMarchio,
    toInsert: (input: MarchioInput, { tx }) => marchioColumns(tx, input),
    toUpdate: (input: MarchioInput, { tx, existing }) => marchioColumns(tx, input, existing.id),
    auditFields: true,
  });

  registerCrud(app, {
    db,
    path: '/api/articolo',
    entity: 'catalogueAdmin.articolo',
    table: articolo,
    ids: [numericId(articolo.id)],
    access: ADMIN,
    response: articoloAdminSchema,
    create: articoloCreateSchema,
    update: articoloUpdateSchema,
    sortFields: ARTICOLO_SORT_FIELDS,
    sortable: {
      id: articolo.id,
      articolo: articolo.articolo,
      descrizione: articolo.descrizione,
      tipoArticolo: articolo.tipoArticolo,
      prezzo: articolo.prezzo,
      dataUltimaModifica: articolo.dataUltimaModifica,
    },
    search: (term) => inArray(articolo.id, articoliMatching(term)),
    toResponses: async (tx, rows) => {
      const list = rows;
      const [marchi, categorie] = await Promise.all([
        marchiById(
          tx,
          list.map((r) => r.marchioId),
        ),
        categoriesOf(
          tx,
          list.map((r) => r.id),
        ),
      ]);
      return list.map((r) => toArticolo(r, marchi, categorie));
    },
    toInsert: (input: ArticoloCreateInput, { tx }) => articoloInsert(tx, input),
    toUpdate: (input: ArticoloUpdateInput, { tx, existing }) => articoloColumns(tx, input, existing.id),
    afterInsert: ({ tx, row, input }) => articoloWritten(tx, row.id, input.categoriaIds ?? []),
    afterUpdate: ({ tx, row, input }) => articoloWritten(tx, row.id, input.categoriaIds),
  });

  const bomResponses = async (tx: DbOrTx, list: ArticoloArticoloRow[]) => {
    const articoli = await articoloSummaries(
      tx,
      list.flatMap((r) => [r.padreId, r.figlioId]),
    );
    return list.map((r) => toArticoloArticolo(r, articoli));
  };
  registerCrud(app, {
    db,
    path: '/api/articoloArticolo',
    entity: 'catalogueAdmin.articoloArticolo',
    table: articoloArticolo,
    ids: [numericId(articoloArticolo.id)],
    access: ADMIN,
    response: articoloArticoloAdminSchema,
    create: articoloArticoloInputSchema,
    update: articoloArticoloInputSchema,
    sortFields: ARTICOLO_ARTICOLO_SORT_FIELDS,
    sortable: {
      id: articoloArticolo.id,
      padreId: articoloArticolo.padreId,
      figlioId: articoloArticolo.figlioId,
      quantita: articoloArticolo.quantita,
      livelloImpiego: articoloArticolo.livelloImpiego,
    },
    search: (term) => {
      const matching = articoliMatching(term);
      return or(inArray(articoloArticolo.padreId, matching), inArray(articoloArticolo.figlioId, matching));
    },
    toResponses: bomResponses,
    toInsert: (input: ArticoloArticoloInput, { tx }) => articoloArticoloColumns(tx, input),
    toUpdate: (input: ArticoloArticoloInput, { tx }) => articoloArticoloColumns(tx, input),
  });

  registerCrud(app, {
    db,
    path: '/api/articoloEquiv',
    entity: 'catalogueAdmin.articoloEquiv',
    table: articoloEquiv,
    ids: [numericId(articoloEquiv.id)],
    access: ADMIN,
    response: articoloEquivAdminSchema,
    create: articoloEquivInputSchema,
    update: articoloEquivInputSchema,
    sortFields: ARTICOLO_EQUIV_SORT_FIELDS,
    sortable: {
      id: articoloEquiv.id,
      equiv: articoloEquiv.equiv,
      relazione: articoloEquiv.relazione,
      articoloId: articoloEquiv.articoloId,
    },
    search: (term): SQL | undefined =>
      or(startsWith(articoloEquiv.equiv, term), inArray(articoloEquiv.articoloId, articoliMatching(term))),
    toResponses: async (tx, rows) => {
      const list = rows;
      const [articoli, marchi] = await Promise.all([
        articoloSummaries(
          tx,
          list.map((r) => r.articoloId),
        ),
        marchiById(
          tx,
          list.map((r) => r.marchioId),
        ),
      ]);
      return list.map((r) => toArticoloEquiv(r, articoli, marchi));
    },
    toInsert: (input: ArticoloEquivInput, { tx }) => articoloEquivColumns(tx, input),
    toUpdate: (input: ArticoloEquivInput, { tx }) => articoloEquivColumns(tx, input),
    afterInsert: ({ tx, row }) => reindexArticles(tx, [row.articoloId]),
    afterUpdate: ({ tx, row, existing }) => reindexArticles(tx, [row.articoloId, existing.articoloId]),
    // Removed here so that the owner's search data no longer holds the code (the kit's delete then finds nothing).
    beforeDelete: ({ tx, existing }) => equivRemoved(tx, existing.id, existing.articoloId),
  });

  registerCrud(app, {
    db,
    path: '/api/searchLogs',
    entity: 'catalogueAdmin.searchLog',
    table: searchLog,
    ids: [numericId(searchLog.id)],
    access: { read: SEARCH_LOG_READ_ROLES, write: SEARCH_LOG_ROLES },
    response: searchLogAdminSchema,
    create: searchLogInputSchema,
    update: searchLogInputSchema,
    sortFields: SEARCH_LOG_SORT_FIELDS,
    sortable: {
      id: searchLog.id,
      dataRichiesta: searchLog.dataRichiesta,
      username: searchLog.username,
      tipo: searchLog.tipo,
      numRisultati: searchLog.numRisultati,
    },
    search: (term) => or(startsWith(searchLog.username, term), startsWith(searchLog.tipo, term)),
    toResponse: toSearchLog,
    toInsert: (input: SearchLogInput, { tx }) => searchLogColumns(tx, input),
    toUpdate: (input: SearchLogInput, { tx }) => searchLogColumns(tx, input),
  });

  registerCrud(app, {
    db,
    path: '/api/comboVoci',
    entity: 'catalogueAdmin.comboVoci',
    table: comboVoci,
    ids: [numericId(comboVoci.id)],
    access: ADMIN,
    response: comboVociAdminSchema,
    create: comboVociInputSchema,
    update: comboVociInputSchema,
    sortFields: COMBO_VOCI_SORT_FIELDS,
    sortable: { id: comboVoci.id, tipo: comboVoci.tipo },
    search: (term) => or(startsWith(comboVoci.tipo, term), contains(comboVoci.chiave, term)),
    toResponse: toComboVoci,
    toInsert: (input: ComboVociInput, { tx }) => comboVociColumns(tx, input),
    toUpdate: (input: ComboVociInput, { tx, existing }) => comboVociColumns(tx, input, existing.id),
  });

  registerRelations(app, db);
};

/** Spec 3 §7 relation calls, read by the article page. */
const registerRelations = (app: FastifyInstance, db: Db) => {
  const relations = createCatalogueRelationsService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers: Access = PARTS_AREA_ROLES;

  r.get(
    '/api/articoloArticolo/search/byPadreId/:id',
    {
      config: { access: readers },
      schema: { tags, params: idParams, querystring: relationQuerySchema, response: { 200: z.array(bomChildSchema) } },
    },
    async (request, reply) => {
      const { lang, page, size } = request.query;
      const found = await relations.children(requirePrincipal(request.principal), request.params.id, {
        lang,
        page,
        size,
      });
      return sendPage(request, reply, { ...found, page, size });
    },
  );

  r.get(
    '/api/articoloArticolo/search/byPadreIdAndOrigine/:id',
    {
      config: { access: readers },
      schema: {
        tags,
        params: idParams,
        querystring: relationQuerySchema.extend({ origine: z.string().trim().min(1).max(20) }),
        response: { 200: z.array(bomChildSchema) },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      const found = await relations.children(requirePrincipal(request.principal), request.params.id, request.query);
      return sendPage(request, reply, { ...found, page, size });
    },
  );

  r.get(
    '/api/articoloArticolo/search/byFiglioId/:id',
    {
      // Spec 1 §6: only administrators, managers and internal staff see where a part is used.
      config: { access: CATALOGUE_STAFF_ROLES },
      schema: {
        tags,
        params: idParams,
        querystring: whereUsedRelationQuerySchema,
        response: { 200: z.array(bomParentSchema) },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      const found = await relations.parents(requirePrincipal(request.principal), request.params.id, request.query);
      return sendPage(request, reply, { ...found, page, size });
    },
  );

  r.get(
    '/api/articoloArticolo/search/info/:id',
    {
      config: { access: readers },
      schema: {
        tags,
        params: idParams,
        querystring: relationQuerySchema.pick({ lang: true }),
        response: { 200: bomInfoSchema },
      },
    },
    async (request) => relations.info(requirePrincipal(request.principal), request.params.id, request.query.lang),
  );

  r.get(
    '/api/articoloEquiv/byArticoloId/:id',
    {
      config: { access: readers },
      schema: {
        tags,
        params: idParams,
        querystring: relationQuerySchema.pick({ lang: true }),
        response: { 200: z.array(equivalentSchema) },
      },
    },
    async (request) =>
      relations.equivalents(requirePrincipal(request.principal), request.params.id, request.query.lang),
  );
};
