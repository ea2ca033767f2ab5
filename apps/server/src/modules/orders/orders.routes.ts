import fastifyMultipart from '@fastify/multipart';
import {
  businessToday,
  CART_ROLES,
  cartCheckSchema,
  checkoutSchema,
  comboVoceSchema,
  importQuerySchema,
  importResultSchema,
  langKeyQuerySchema,
  ORDER_IMPORT_ROLES,
  ORDER_REQUEST_ROLES,
  ORDER_SEND_ROLES,
  requestSchema,
  SHIPPING_CALCULATOR_ROLES,
  sendResultSchema,
  shippingCalculationSchema,
  shippingCalculatorQuerySchema,
  shippingCostSchema,
  shippingQuerySchema,
  TARIFF_LIMITS,
  TARIFF_ROLES,
  tariffApplyResultSchema,
  tariffPreviewSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { languageOf } from '../../platform/language.ts';
import { readUploadedFile } from '../../platform/uploads.ts';
import { countryCombos, provinceCombos } from './orders.mapper.ts';
import type { OrdersService } from './orders.service.ts';
import { applyTariff, previewTariff, TARIFF_MESSAGES, tariffWorkbook } from './orders.tariff.ts';

const CART = CART_ROLES;
/** Spec 1 §2.1 route table: checkout for ROLE_USER and ROLE_CR_USER (subdealers are refused inside). */
const SEND = ORDER_SEND_ROLES;
const REQUEST = ORDER_REQUEST_ROLES;
const IMPORT = ORDER_IMPORT_ROLES;
/** Spec 1 §6: the tariff importer is a manager's tool; administrators too (docs/decisions.md). */
const TARIFF = TARIFF_ROLES;
const tags = ['orders'];

/** Every send carries a UUID the page made once: a repeat with it answers the first result. */
const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.uuid('validation.invalid') });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type OrdersRoutesDeps = { db: Db; orders: OrdersService };

/**
 * Checkout and orders (spec 1 §4, §5, §7; issue 5 §3–5): send, request, check, import, shipping cost,
 * the country and province lists, and the shipping tariff.
 */
/** The shipping tariff belongs to the shipping calculator, a page of the tracks area (spec 2 §1). */
const tariffConfig = { access: TARIFF, area: 'tracks' as const };
/** Spec 2 §2, §6: the shipping calculator is internal staff's, blocked where the theme has no tracks. */
const calculatorConfig = { access: SHIPPING_CALCULATOR_ROLES, area: 'tracks' as const };

export const ordersRoutes = (deps: OrdersRoutesDeps) => async (app: FastifyInstance) => {
  const { db, orders } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, { limits: { fileSize: TARIFF_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 } });

  r.get(
    '/api/cart/spesespedizione',
    {
      config: { access: CART },
      schema: { tags, querystring: shippingQuerySchema, response: { 200: shippingCostSchema } },
    },
    async (request) => orders.shipping(requirePrincipal(request.principal), request.query),
  );

  r.post(
    '/api/cart/send',
    {
      config: { access: SEND },
      schema: {
        tags,
        querystring: langKeyQuerySchema,
        headers: idempotencyHeaders,
        body: checkoutSchema,
        response: { 200: sendResultSchema },
      },
    },
    async (request) =>
      orders.send(
        requirePrincipal(request.principal),
        request.body,
        request.headers['idempotency-key'],
        languageOf(request, request.query.langKey),
        request.hostname,
      ),
  );

  r.post(
    '/api/cart/sendrequest',
    {
      config: { access: REQUEST },
      schema: {
        tags,
        querystring: langKeyQuerySchema,
        headers: idempotencyHeaders,
        body: requestSchema,
        response: { 200: sendResultSchema },
      },
    },
    async (request) =>
      orders.send(
        requirePrincipal(request.principal),
        { ...request.body, tiporichiesta: 'REQ' },
        request.headers['idempotency-key'],
        languageOf(request, request.query.langKey),
        request.hostname,
      ),
  );

  r.put(
    '/api/cart/update',
    { config: { access: CART }, schema: { tags, querystring: langKeyQuerySchema, response: { 200: cartCheckSchema } } },
    async (request) => orders.check(requirePrincipal(request.principal), languageOf(request, request.query.langKey)),
  );

  r.get(
    '/api/cart/import',
    {
      config: { access: IMPORT },
      schema: {
        tags,
        querystring: importQuerySchema.extend(langKeyQuerySchema.shape),
        response: { 200: importResultSchema },
      },
    },
    async (request) =>
      orders.importOrder(
        requirePrincipal(request.principal),
        request.query.nOrdine,
        languageOf(request, request.query.langKey),
      ),
  );

  r.get(
    '/api/combovoci/stati',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(comboVoceSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return countryCombos();
    },
  );

  r.get(
    '/api/combovoci/provincie/:c',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: z.object({ c: z.string().max(3) }), response: { 200: z.array(comboVoceSchema) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return provinceCombos(request.params.c);
    },
  );

  r.get(
    '/api/speseSpedizione',
    {
      config: calculatorConfig,
      schema: { tags, querystring: shippingCalculatorQuerySchema, response: { 200: shippingCalculationSchema } },
    },
    async (request) => orders.shippingCalculator(request.query),
  );

  r.get(
    '/api/speseSpedizione/tariffario',
    { config: tariffConfig, schema: { tags, produces: [XLSX_TYPE] } },
    async (_request, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="tariffario-${businessToday()}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(await tariffWorkbook(db)),
  );

  r.post(
    '/api/speseSpedizione/tariffario/preview',
    {
      config: tariffConfig,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: tariffPreviewSchema } },
    },
    async (request) => previewTariff(await readUploadedFile(request, `${TARIFF_MESSAGES}noFile`)),
  );

  r.post(
    '/api/speseSpedizione/tariffario',
    {
      config: tariffConfig,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: tariffApplyResultSchema } },
    },
    async (request) => {
      const result = await applyTariff(db, await readUploadedFile(request, `${TARIFF_MESSAGES}noFile`));
      request.log.info({ ...result, login: requirePrincipal(request.principal).login }, 'shipping tariff replaced');
      return result;
    },
  );
};
