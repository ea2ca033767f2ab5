import fastifyMultipart from '@fastify/multipart';
import {
  CART_ROLES,
  cartAddressSchema,
  cartAllSchema,
  cartItemAddSchema,
  cartItemUpdateSchema,
  cartKindSchema,
  cartViewSchema,
  LANGUAGES,
  langKeyQuerySchema,
  quickOrderRowSchema,
  quickOrderTextSchema,
  savedCartInputSchema,
  savedCartLoadSchema,
  savedCartSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { languageOf } from '../../platform/language.ts';
import { readUploadedFile } from '../../platform/uploads.ts';
import { QUICK_ORDER_FILE_ERROR, QUICK_ORDER_MAX_BYTES } from './cart.quick.ts';
import { createCartService } from './cart.service.ts';

/** Spec 1 §6: ROLE_CART may add to the cart and sees it. */
const CART_ACCESS = CART_ROLES;
const tags = ['cart'];
const config = { access: CART_ACCESS };
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * The cart (spec 1 §3, §5, §7): lines, kind, addresses, CSV export; quick order and saved carts
 * (issue 5 §6). Every call works on the effective user's cart (the dealer while staff act as one).
 */
export const cartRoutes = (db: Db) => async (app: FastifyInstance) => {
  const cart = createCartService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, { limits: { fileSize: QUICK_ORDER_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/api/cartitem',
    { config, schema: { tags, querystring: langKeyQuerySchema, response: { 200: cartViewSchema } } },
    async (request) => cart.get(requirePrincipal(request.principal), languageOf(request, request.query.langKey)),
  );

  r.post(
    '/api/cartitem',
    {
      config,
      schema: { tags, querystring: langKeyQuerySchema, body: cartItemAddSchema, response: { 201: cartViewSchema } },
    },
    async (request, reply) => {
      const view = await cart.add(
        requirePrincipal(request.principal),
        request.body,
        languageOf(request, request.query.langKey),
      );
      return reply.code(201).send(view);
    },
  );

  r.put(
    '/api/cartitem',
    {
      config,
      schema: { tags, querystring: langKeyQuerySchema, body: cartItemUpdateSchema, response: { 200: cartViewSchema } },
    },
    async (request) =>
      cart.update(requirePrincipal(request.principal), request.body, languageOf(request, request.query.langKey)),
  );

  r.delete(
    '/api/cartitem/:id',
    {
      config,
      schema: { tags, params: idParams, querystring: langKeyQuerySchema, response: { 200: cartViewSchema } },
    },
    async (request) =>
      cart.remove(requirePrincipal(request.principal), request.params.id, languageOf(request, request.query.langKey)),
  );

  r.get('/api/cartkind', { config, schema: { tags, response: { 200: cartKindSchema } } }, async (request) =>
    cart.kind(requirePrincipal(request.principal)),
  );

  r.get(
    '/api/cartaddress',
    { config, schema: { tags, response: { 200: z.array(cartAddressSchema) } } },
    async (request) => cart.addresses(requirePrincipal(request.principal)),
  );

  r.post(
    '/api/cartutil/cartall',
    {
      config,
      schema: { tags, querystring: langKeyQuerySchema, body: cartAllSchema, response: { 200: cartViewSchema } },
    },
    async (request) =>
      cart.addAll(requirePrincipal(request.principal), request.body.righe, languageOf(request, request.query.langKey)),
  );

  r.delete(
    '/api/cartutil/cartall',
    { config, schema: { tags, querystring: langKeyQuerySchema, response: { 200: cartViewSchema } } },
    async (request) => cart.clear(requirePrincipal(request.principal), languageOf(request, request.query.langKey)),
  );

  r.get(
    '/api/cart/download/csv/:lang',
    { config, schema: { tags, params: z.object({ lang: z.enum(LANGUAGES) }), produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await cart.csv(requirePrincipal(request.principal), request.params.lang);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .send(csv.body);
    },
  );

  r.post(
    '/api/cartutil/quick/preview',
    {
      config,
      schema: {
        tags,
        querystring: langKeyQuerySchema,
        body: quickOrderTextSchema,
        response: { 200: z.array(quickOrderRowSchema) },
      },
    },
    async (request) => cart.quickPreviewText(request.body.testo, languageOf(request, request.query.langKey)),
  );

  r.post(
    '/api/cartutil/quick/preview-file',
    {
      config,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: langKeyQuerySchema,
        response: { 200: z.array(quickOrderRowSchema) },
      },
    },
    async (request) => {
      return cart.quickPreviewFile(
        await readUploadedFile(request, QUICK_ORDER_FILE_ERROR),
        languageOf(request, request.query.langKey),
      );
    },
  );

  r.get('/api/savedcarts', { config, schema: { tags, response: { 200: z.array(savedCartSchema) } } }, async (request) =>
    cart.savedCarts(requirePrincipal(request.principal)),
  );

  r.post(
    '/api/savedcarts',
    { config, schema: { tags, body: savedCartInputSchema, response: { 201: savedCartSchema } } },
    async (request, reply) =>
      reply.code(201).send(await cart.saveCart(requirePrincipal(request.principal), request.body.nome)),
  );

  r.post(
    '/api/savedcarts/:id/load',
    {
      config,
      schema: {
        tags,
        params: idParams,
        querystring: langKeyQuerySchema,
        body: savedCartLoadSchema,
        response: { 200: cartViewSchema },
      },
    },
    async (request) =>
      cart.loadCart(
        requirePrincipal(request.principal),
        request.params.id,
        request.body.modo,
        languageOf(request, request.query.langKey),
      ),
  );

  r.delete('/api/savedcarts/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    await cart.deleteSavedCart(requirePrincipal(request.principal), request.params.id);
    return reply.code(204).send();
  });
};
