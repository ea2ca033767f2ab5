import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  articoloGestitoQuerySchema,
  articoloGestitoSchema,
  businessToday,
  erpHistoryResultSchema,
  LANGUAGES,
  ORDER_HISTORY_HEADERS,
  ORDER_HISTORY_LIMITS,
  ORDER_HISTORY_ROLES,
  orderAgainResultSchema,
  orderAgainSchema,
  orderHistoryFilterSchema,
  orderHistoryIdSchema,
  orderHistoryKindParamsSchema,
  orderHistoryLineSchema,
  orderHistoryQuerySchema,
  problemSchema,
  reorderRequestQuerySchema,
  reorderRequestResultSchema,
  reorderRequestSchema,
  trackingParamsSchema,
  trackingQuerySchema,
  trackingSchema,
} from '@ricambi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth.ts';
import { csvChunks, sendCsv } from '../../platform/csv.ts';
import { sendPdf } from '../../platform/downloads.ts';
import { unauthorized } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { sendPage } from '../../platform/paging.ts';
import type { Handback } from './order-history.handback.ts';
import { historyCsv } from './order-history.mapper.ts';
import type { OrderHistoryService } from './order-history.service.ts';

const tags = ['storicoordine'];
/** Spec 2 §2: ROLE_CR_USER and ROLE_USER (subdealers hold ROLE_USER); a page of the parts area. */
const config = { access: ORDER_HISTORY_ROLES, area: 'parts' } as const;

export type OrderHistoryRoutesDeps = {
  history: OrderHistoryService;
  handback: Handback;
  /** ERP_TOKEN: without it the ERP's HTTP hand-back is closed (the inbox folder still works). */
  erpToken: string | undefined;
};

const bearerMatches = (request: FastifyRequest, token: string | undefined) => {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** The order history (spec 2 §7 `/api/storicoordine/*`, issue 16) and the ERP's hand-back. */
export const orderHistoryRoutes =
  ({ history, handback, erpToken }: OrderHistoryRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/storicoordine/id',
      { config, schema: { tags, body: orderHistoryIdSchema, response: { 200: orderHistoryLineSchema } } },
      async (request) => history.line(requirePrincipal(request.principal), request.body.id),
    );

    r.get(
      '/api/storicoordine/tracking/:wayBill',
      {
        config,
        schema: {
          tags,
          params: trackingParamsSchema,
          querystring: trackingQuerySchema,
          response: { 200: trackingSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return history.tracking(requirePrincipal(request.principal), request.params.wayBill, request.query.slug);
      },
    );

    // Spec 2 §7 writes the path with its trailing slash; both spellings answer.
    for (const url of ['/api/storicoordine/isArticoloGestito/', '/api/storicoordine/isArticoloGestito']) {
      r.get(
        url,
        { config, schema: { tags, querystring: articoloGestitoQuerySchema, response: { 200: articoloGestitoSchema } } },
        async (request) => history.isArticoloGestito(requirePrincipal(request.principal), request.query.id),
      );
    }

    r.post(
      '/api/storicoordine/sendrequest',
      {
        config,
        schema: {
          tags,
          querystring: reorderRequestQuerySchema,
          body: reorderRequestSchema,
          response: { 200: reorderRequestResultSchema },
        },
      },
      async (request) =>
        history.sendRequest(
          requirePrincipal(request.principal),
          request.body,
          languageOf(request, request.query.langKey),
        ),
    );

    r.post(
      '/api/storicoordine/riordina',
      { config, schema: { tags, body: orderAgainSchema, response: { 200: orderAgainResultSchema } } },
      async (request) => history.orderAgain(requirePrincipal(request.principal), request.body),
    );

    r.get(
      '/api/storicoordine/download/csv/:idRichiesta',
      {
        config,
        schema: {
          tags,
          params: orderHistoryKindParamsSchema,
          querystring: orderHistoryFilterSchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const principal = requirePrincipal(request.principal);
        const kind = request.params.idRichiesta;
        const lang = languageOf(request);
        const { visible, batches } = await history.stream(principal, kind, request.query);
        const csv = historyCsv(lang, { pricesVisible: visible, withCustomer: kind === 'REQ' });
        const rows = (async function* () {
          for await (const batch of batches) yield batch.map(csv.row);
        })();
        return sendCsv(
          reply,
          csv.fileName(kind, businessToday()),
          Readable.from(csvChunks(csv.header, rows, csv.separator)),
        );
      },
    );

    r.get(
      '/api/storicoordine/pdf/:lang/:idRichiesta/:id',
      {
        config,
        schema: {
          tags,
          params: orderHistoryKindParamsSchema.extend({
            lang: z.enum(LANGUAGES, 'validation.invalid'),
            id: z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
          }),
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const { lang, idRichiesta, id } = request.params;
        return sendPdf(reply, await history.pdf(requirePrincipal(request.principal), idRichiesta, id, lang));
      },
    );

    r.get(
      '/api/storicoordine/:idRichiesta',
      {
        config,
        schema: {
          tags,
          params: orderHistoryKindParamsSchema,
          querystring: orderHistoryQuerySchema,
          response: { 200: z.array(orderHistoryLineSchema) },
        },
      },
      async (request, reply) => {
        const { page, size } = request.query;
        const result = await history.list(
          requirePrincipal(request.principal),
          request.params.idRichiesta,
          request.query,
        );
        reply.header(ORDER_HISTORY_HEADERS.totalDaEvadere, String(result.daEvadere));
        const items = sendPage(request, reply, { items: result.items, total: result.total, page, size });
        reply.header(
          'Access-Control-Expose-Headers',
          `${reply.getHeader('Access-Control-Expose-Headers')}, ${ORDER_HISTORY_HEADERS.totalDaEvadere}`,
        );
        return items;
      },
    );

    // Issue 16 §1: the ERP hands back what it shipped and invoiced (also DATA_DIR/erp/inbox/history).
    app.register(async (erp) => {
      erp.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: ORDER_HISTORY_LIMITS.erpBytes },
        (_req, body, done) => done(null, body),
      );
      erp.withTypeProvider<ZodTypeProvider>().post(
        '/api/erp/storicoordine',
        {
          config: { access: 'public', bearerOnly: true },
          bodyLimit: ORDER_HISTORY_LIMITS.erpBytes,
          schema: {
            tags,
            // REJECTED with its reason; a problem when refused before the document is read (input guard).
            response: { 200: erpHistoryResultSchema, 400: z.union([erpHistoryResultSchema, problemSchema]) },
          },
        },
        async (request, reply) => {
          if (!bearerMatches(request, erpToken)) throw unauthorized();
          const result = await handback.apply(typeof request.body === 'string' ? request.body : '', {
            source: 'http',
            name: request.ip,
          });
          return reply.code(result.outcome === 'REJECTED' ? 400 : 200).send(result);
        },
      );
    });
  };
