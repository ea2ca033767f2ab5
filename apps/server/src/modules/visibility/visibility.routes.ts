import {
  type Language,
  userSummarySchema,
  visibilitaInputSchema,
  visibilitaQuerySchema,
  visibilitaSchema,
} from '@ricambi/domain';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { crSubdealerVisibilita } from '../../db/schema/index.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { csvDocument, sendCsv } from '../../platform/csv.ts';
import { withAlert } from '../../platform/errors.ts';
import { languageOfPrincipal } from '../../platform/language.ts';
import { orderBy, sendPage } from '../../platform/paging.ts';
import { dealersMatching, toVisibilita, visibilitaPage, visibilitaWhere } from './visibility.repository.ts';
import { createVisibilityService, dealerScopeOf } from './visibility.service.ts';

/** Spec 2 §2, §6: the visibility screens are for superdealers and internal staff. */
const access = ['ROLE_CR_SUPERDEALER', 'ROLE_CR_INTERNAL'] as const;
const tags = ['visibility'];
const v = crSubdealerVisibilita;
/** Sortable fields (indexed: (dealer_login, login) and matricola). */
const SORTABLE = { id: v.id, login: v.login, matricola: v.matricola };
/** The CSV holds every row of the filter, up to this many. */
const CSV_MAX_ROWS = 20000;
const DEALER_LOOKUP_SIZE = 10;

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

type Column = 'dealer' | 'login' | 'name' | 'matricola' | 'descr' | 'note' | 'createdBy' | 'createdDate';
const COLUMNS: Column[] = ['dealer', 'login', 'name', 'matricola', 'descr', 'note', 'createdBy', 'createdDate'];
const TITLES: Record<Language, Record<Column, string>> = {
  it: {
    dealer: 'Dealer',
    login: 'Subdealer',
    name: 'Ragione sociale',
    matricola: 'Matricola',
    descr: 'Descrizione',
    note: 'Note',
    createdBy: 'Creato da',
    createdDate: 'Data creazione',
  },
  en: {
    dealer: 'Dealer',
    login: 'Subdealer',
    name: 'Company',
    matricola: 'Serial number',
    descr: 'Description',
    note: 'Note',
    createdBy: 'Created by',
    createdDate: 'Created on',
  },
  fr: {
    dealer: 'Concessionnaire',
    login: 'Sous-concessionnaire',
    name: 'Société',
    matricola: 'Numéro de série',
    descr: 'Description',
    note: 'Note',
    createdBy: 'Créé par',
    createdDate: 'Date de création',
  },
  de: {
    dealer: 'Händler',
    login: 'Unterhändler',
    name: 'Firma',
    matricola: 'Seriennummer',
    descr: 'Beschreibung',
    note: 'Notiz',
    createdBy: 'Erstellt von',
    createdDate: 'Erstellt am',
  },
  es: {
    dealer: 'Concesionario',
    login: 'Subconcesionario',
    name: 'Empresa',
    matricola: 'Número de serie',
    descr: 'Descripción',
    note: 'Nota',
    createdBy: 'Creado por',
    createdDate: 'Fecha de creación',
  },
};

/** yyyy-MM-dd HH:mm in the portal's time zone. */
const csvDate = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Rome',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));

/**
 * Sub-dealer visibility (spec 2 §2, §3, §5, §7): which of a dealer's machines each of its
 * subdealers sees. Internal staff work on any dealer; a superdealer only on its own rows.
 */
export const visibilityRoutes = (db: Db) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createVisibilityService(db);
  const config = { access };
  const defaultOrder = [asc(v.login), asc(v.matricola), asc(v.id)];

  r.get(
    '/api/visibilitamacchine',
    { config, schema: { tags, querystring: visibilitaQuerySchema, response: { 200: z.array(visibilitaSchema) } } },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const q = request.query;
      const where = visibilitaWhere({ dealer: dealerScopeOf(principal, q.l1), login: q.l2, mt: q.mt });
      const order = q.sort ? orderBy(q.sort, SORTABLE, [v.id]) : defaultOrder;
      const page = await visibilitaPage(db, where, order, { limit: q.size, offset: q.page * q.size });
      const lang = languageOfPrincipal(principal);
      return sendPage(request, reply, {
        items: page.items.map((j) => toVisibilita(j, lang)),
        total: page.total,
        page: q.page,
        size: q.size,
      });
    },
  );

  r.get(
    '/api/visibilitamacchine/download/csv',
    {
      config,
      schema: {
        tags,
        querystring: visibilitaQuerySchema.pick({ l1: true, l2: true, mt: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const q = request.query;
      const dealer = dealerScopeOf(principal, q.l1);
      const where = visibilitaWhere({ dealer, login: q.l2, mt: q.mt });
      const lang = languageOfPrincipal(principal);
      const { items } = await visibilitaPage(db, where, defaultOrder, { limit: CSV_MAX_ROWS, offset: 0 });
      const rows = items.map((j) => {
        const row = toVisibilita(j, lang);
        const values: Record<Column, string | null> = {
          dealer: row.dealerLogin,
          login: row.login,
          name: row.subdealerName,
          matricola: row.matricola,
          descr: row.mtDescr,
          note: row.note,
          createdBy: row.createdBy,
          createdDate: csvDate(row.createdDate),
        };
        return COLUMNS.map((c) => values[c]);
      });
      const body = csvDocument(
        COLUMNS.map((c) => TITLES[lang][c]),
        rows,
      );
      return sendCsv(reply, `visibilita-${dealer ?? 'all'}.csv`, body);
    },
  );

  r.get(
    '/api/visibilitamacchine/dealers',
    {
      config: { access: ['ROLE_CR_INTERNAL'] },
      schema: {
        tags,
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
        response: { 200: z.array(userSummarySchema) },
      },
    },
    async (request) => dealersMatching(db, request.query.search || undefined, DEALER_LOOKUP_SIZE),
  );

  r.get(
    '/api/visibilitamacchine/:id',
    { config, schema: { tags, params: idParams, response: { 200: visibilitaSchema } } },
    async (request) => service.get(requirePrincipal(request.principal), request.params.id),
  );

  r.post(
    '/api/visibilitamacchine',
    { config, schema: { tags, body: visibilitaInputSchema, response: { 201: visibilitaSchema } } },
    async (request, reply) => {
      const created = await service.create(requirePrincipal(request.principal), request.body);
      withAlert(reply, 'visibility.created', { param: created.matricola });
      reply.header('Location', `/api/visibilitamacchine/${created.id}`);
      return reply.code(201).send(created);
    },
  );

  r.put(
    '/api/visibilitamacchine/:id',
    { config, schema: { tags, params: idParams, body: visibilitaInputSchema, response: { 200: visibilitaSchema } } },
    async (request, reply) => {
      const updated = await service.update(requirePrincipal(request.principal), request.params.id, request.body);
      withAlert(reply, 'visibility.updated', { param: updated.matricola });
      return updated;
    },
  );

  r.delete('/api/visibilitamacchine/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const matricola = await service.remove(requirePrincipal(request.principal), request.params.id);
    withAlert(reply, 'visibility.deleted', { param: matricola });
    return reply.code(204).send();
  });
};
