import { CSRF } from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { randomToken, safeEqual } from './crypto.ts';
import { forbidden } from './errors.ts';

export const CSRF_COOKIE = CSRF.cookie;
/** Node gives header names in lower case. */
export const CSRF_HEADER = CSRF.header.toLowerCase();
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Double-submit cookie: set on any GET, echoed in X-XSRF-TOKEN on every other method. */
export const registerCsrf = (app: FastifyInstance, config: Config) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      if (!cookie) {
        reply.setCookie(CSRF_COOKIE, randomToken(), {
          path: '/',
          sameSite: 'lax',
          secure: config.cookieSecure,
          httpOnly: false,
        });
      }
      return;
    }
    if (request.routeOptions.config?.bearerOnly) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw forbidden('error.csrf');
    }
  });
};
