import {
  ACT_AS_ROLES,
  ACT_AS_SEARCH_MAX,
  ACT_AS_SORT_FIELDS,
  actAsSelectSchema,
  actAsTargetSchema,
  actAsUserSchema,
  pageQuerySchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { withAlert } from '../../platform/errors.ts';
import { sendPage } from '../../platform/paging.ts';
import { requestIp } from '../../platform/sessions.ts';
import { type ActAsService, createActAsService } from './act-as.service.ts';

const tags = ['act-as'];
const SELECT_PATH = '/api/cart/select';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const actAsRoutes =
  (actAs: ActAsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/act-as/users',
      {
        config: { access: ACT_AS_ROLES },
        schema: {
          tags,
          querystring: pageQuerySchema(ACT_AS_SORT_FIELDS).extend({
            search: z.string().max(ACT_AS_SEARCH_MAX).optional(),
          }),
          response: { 200: z.array(actAsUserSchema) },
        },
      },
      async (request, reply) => {
        const { page, size } = request.query;
        const result = await actAs.list(requirePrincipal(request.principal), request.query);
        return sendPage(request, reply, { ...result, page, size });
      },
    );

    // GET and DELETE work on the session, whoever it currently acts as: a signed-in user who is not
    // acting gets 204 from both. Only POST needs an act-as role, checked on the real identity.
    app.get(
      SELECT_PATH,
      {
        config: { access: 'authenticated' },
        schema: { tags, response: { 200: actAsTargetSchema, 204: z.undefined().describe('not acting') } },
      },
      async (request, reply) => {
        const target = await actAs.current(requirePrincipal(request.principal));
        return target ? target : reply.code(204).send();
      },
    );

    app.post(
      SELECT_PATH,
      {
        config: { access: ACT_AS_ROLES },
        schema: { tags, body: actAsSelectSchema, response: { 200: actAsTargetSchema } },
      },
      async (request, reply) => {
        const target = await actAs.start(requirePrincipal(request.principal), request.body, {
          ipAddress: requestIp(request),
        });
        withAlert(reply, 'actas.messages.started', { login: target.login });
        return target;
      },
    );

    app.delete(SELECT_PATH, { config: { access: 'authenticated' }, schema: { tags } }, async (request, reply) => {
      await actAs.stop(requirePrincipal(request.principal), { ipAddress: requestIp(request) });
      withAlert(reply, 'actas.messages.ended');
      return reply.code(204).send();
    });
  };

/**
 * Act-as routes, and the audit trail of every state-changing request made while acting. The hook
 * is added to the instance given (the root), so it sees every route; it runs before the handler and
 * a failed audit write stops the request.
 */
export const registerActAs = async (app: FastifyInstance, deps: { db: Db }) => {
  const actAs = createActAsService(deps.db);
  app.addHook('preHandler', async (request) => {
    const principal = request.principal;
    if (!principal?.actor || SAFE_METHODS.has(request.method)) return;
    // Starting and ending act-as write events of their own.
    if (request.routeOptions.url === SELECT_PATH) return;
    await actAs.recordRequest(principal, request, { ipAddress: requestIp(request) });
  });
  await app.register(actAsRoutes(actAs));
};
