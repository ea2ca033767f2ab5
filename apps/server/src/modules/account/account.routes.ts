import {
  accountSchema,
  activateQuerySchema,
  changePasswordSchema,
  loginFormSchema,
  registerSchema,
  resetFinishSchema,
  resetInitSchema,
  seriesParamSchema,
  sessionSchema,
  settingsSchema,
} from '@ricambi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { withAlert } from '../../platform/errors.ts';
import { clearSessionCookies, requestAgent, requestIp, setSessionCookies } from '../../platform/sessions.ts';
import type { ThemesService } from '../themes/themes.contract.ts';
import type { AccountService } from './account.service.ts';

const tags = ['account'];
const empty = z.object({});

export const accountRoutes =
  (account: AccountService, themes: ThemesService, config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/authentication',
      { config: { access: 'public' }, schema: { tags, body: loginFormSchema, response: { 200: accountSchema } } },
      async (request, reply) => {
        const client = { ipAddress: requestIp(request), userAgent: requestAgent(request) };
        const body = request.body;
        const signedIn = await account.authenticate(
          { username: body.username, password: body.password, rememberMe: body['remember-me'] },
          client,
          request.principal,
        );
        setSessionCookies(reply, config, signedIn.issued);
        return signedIn.account;
      },
    );

    app.post('/api/logout', { config: { access: 'public' }, schema: { tags } }, async (request, reply) => {
      await account.logout(request.principal, { ipAddress: requestIp(request), userAgent: requestAgent(request) });
      clearSessionCookies(reply, config);
      return reply.code(204).send();
    });

    app.get(
      '/api/account',
      { config: { access: 'authenticated' }, schema: { tags, response: { 200: accountSchema } } },
      async (request) => account.getAccount(requirePrincipal(request.principal)),
    );

    app.post(
      '/api/account',
      { config: { access: 'authenticated' }, schema: { tags, body: settingsSchema, response: { 200: accountSchema } } },
      async (request, reply) => {
        const saved = await account.saveSettings(requirePrincipal(request.principal), request.body);
        withAlert(reply, 'settings.messages.success');
        return saved;
      },
    );

    app.post(
      '/api/account/change_password',
      { config: { access: 'authenticated' }, schema: { tags, body: changePasswordSchema, response: { 200: empty } } },
      async (request, reply) => {
        await account.changePassword(requirePrincipal(request.principal), request.body);
        withAlert(reply, 'password.messages.success');
        return {};
      },
    );

    app.post(
      '/api/register',
      { config: { access: 'public' }, schema: { tags, body: registerSchema, response: { 201: empty } } },
      async (request, reply) => {
        const tema = themes.resolve(request.hostname, undefined)?.name ?? null;
        await account.register(request.body, tema);
        return reply.code(201).send({});
      },
    );

    app.get(
      '/api/activate',
      { config: { access: 'public' }, schema: { tags, querystring: activateQuerySchema, response: { 200: empty } } },
      async (request) => {
        await account.activate(request.query.key);
        return {};
      },
    );

    app.post(
      '/api/account/reset_password/init',
      { config: { access: 'public' }, schema: { tags, body: resetInitSchema, response: { 200: empty } } },
      async (request) => {
        await account.requestReset(request.body.email);
        return {};
      },
    );

    app.post(
      '/api/account/reset_password/finish',
      { config: { access: 'public' }, schema: { tags, body: resetFinishSchema, response: { 200: empty } } },
      async (request) => {
        await account.finishReset(request.body);
        return {};
      },
    );

    app.get(
      '/api/account/sessions',
      { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(sessionSchema) } } },
      async (request) => account.listSessions(requirePrincipal(request.principal)),
    );

    app.delete(
      '/api/account/sessions/:series',
      { config: { access: 'authenticated' }, schema: { tags, params: seriesParamSchema } },
      async (request, reply) => {
        await account.invalidateSession(requirePrincipal(request.principal), request.params.series);
        return reply.code(204).send();
      },
    );
  };
