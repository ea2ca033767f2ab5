import { type Authority, hasAnyAuthority, type ThemeArea } from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { forbidden, unauthorized } from './errors.ts';
import { type Principal, REMEMBER_COOKIE, resolvePrincipal, SESSION_COOKIE } from './sessions.ts';

/** Who may call a route: anyone, any signed-in user, or a holder of one of the authorities. */
export type Access = 'public' | 'authenticated' | readonly Authority[];

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The theme flag the route needs (spec 2 §1): refused with 403 under a theme without it. */
    area?: ThemeArea;
  }
}

const GUARDED_PREFIXES = ['/api', '/management', '/v3'];

export const requirePrincipal = (principal: Principal | null): Principal => {
  if (!principal) throw unauthorized();
  return principal;
};

/** The account's own settings, password and sessions are never changed by someone acting as its owner. */
export const refuseWhileActing = (principal: Principal) => {
  if (principal.actor) throw forbidden('actas.messages.notWhileActing');
};

/**
 * Every API route must declare its access; a route without one stops the start. The check runs
 * on the server for every request; the web's guards only mirror it.
 */
export const registerAuth = (app: FastifyInstance, db: Db, config: Config) => {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`));
    if (guarded && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (request.cookies[SESSION_COOKIE] || request.cookies[REMEMBER_COOKIE]) {
      request.principal = await resolvePrincipal(db, config, request, reply);
    }
    if (access === undefined || access === 'public') return;
    if (!request.principal) throw unauthorized();
    if (access === 'authenticated') return;
    if (!hasAnyAuthority(request.principal.authorities, access)) throw forbidden();
  });
};
