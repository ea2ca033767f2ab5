import { type Authority, hasAnyAuthority, type Theme, type ThemeArea, themeAllows } from '@ricambi/domain';
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
    /**
     * A machine-to-machine call that authenticates by its own bearer token, never by the session
     * cookie: no cookie, so no cross-site request to forge, and no CSRF token to ask for.
     */
    bearerOnly?: true;
  }
}

const GUARDED_PREFIXES = ['/api', '/management', '/v3'];

/**
 * The theme the portal uses for a request: host name first, then the user's tema, then the default
 * (the themes service's `resolve`, the same rule as the web's `currentTheme`).
 */
export type ThemeOf = (
  hostName: string | undefined,
  userTema: string | null | undefined,
) => Pick<Theme, 'canAccessParts' | 'canAccessTracks'> | undefined;

/** `METHOD url` of every route that declares a theme area, with that area (read by the role matrix). */
export type RouteAreas = ReadonlyMap<string, ThemeArea>;

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
export const registerAuth = (app: FastifyInstance, db: Db, config: Config, themeOf?: ThemeOf): RouteAreas => {
  const routeAreas = new Map<string, ThemeArea>();
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`));
    if (guarded && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
    const area = route.config?.area;
    if (area) {
      for (const method of [route.method].flat()) routeAreas.set(`${method} ${route.url}`, area);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (request.cookies[SESSION_COOKIE] || request.cookies[REMEMBER_COOKIE]) {
      request.principal = await resolvePrincipal(db, config, request, reply);
    }
    if (access !== undefined && access !== 'public') {
      if (!request.principal) throw unauthorized();
      if (access !== 'authenticated' && !hasAnyAuthority(request.principal.authorities, access)) throw forbidden();
    }
    const area = request.routeOptions.config?.area;
    if (area && themeOf) {
      // Spec 2 §1: the pages (and calls) of an area the theme does not give access to are refused.
      const theme = themeOf(request.hostname, request.principal?.tema);
      if (theme && !themeAllows(theme, area)) throw forbidden();
    }
  });
  return routeAreas;
};
