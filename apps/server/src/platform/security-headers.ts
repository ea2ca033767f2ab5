import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Who may show a response in a frame: nobody, or the portal's own pages (the Swagger UI only). */
export type FrameAncestors = "'none'" | "'self'";

const DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // No inline script, no eval, no event-handler attributes: the built pages load their scripts by URL.
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // antd writes its styles at run time (CSS-in-JS) into <style> elements and style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
};

export const contentSecurityPolicy = (frameAncestors: FrameAncestors) =>
  [...Object.entries(DIRECTIVES), ['frame-ancestors', [frameAncestors]] as const]
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/** Every response but the Swagger UI's: framed by nobody. */
const DEFAULT_POLICY = contentSecurityPolicy("'none'");
/** The Swagger UI, which the admin "docs" page shows in an iframe (docs/decisions.md, "Security headers"). */
export const FRAMED_POLICY = contentSecurityPolicy("'self'");

/**
 * Helmet's headers on every response, with the Content-Security-Policy written once here (helmet
 * would build it again for each request) and Strict-Transport-Security only when the portal is
 * served over https (the cookies are Secure then too). A route may set its own, stricter policy
 * (a stored file, an article image).
 */
export const registerSecurityHeaders = async (app: FastifyInstance, config: Pick<Config, 'cookieSecure'>) => {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    hsts: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', DEFAULT_POLICY);
  });
};
