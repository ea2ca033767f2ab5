import { ALERT_HEADERS, type FieldError, type Problem, toFieldErrors } from '@ricambi/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';

type Params = Record<string, string | number>;

/** A failure the user should see: `message` is an i18n key of the web's error catalogue. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly params?: Params,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (key: string, params?: Params) => new AppError(400, key, params);
export const fieldError = (field: string, key: string, params?: Params) =>
  new AppError(400, 'error.validation', undefined, [{ field, message: key, params }]);
export const unauthorized = (key = 'error.http.401') => new AppError(401, key);
export const forbidden = (key = 'error.http.403') => new AppError(403, key);
export const notFound = (key = 'error.http.404') => new AppError(404, key);
export const tooManyRequests = (key: string, params?: Params) => new AppError(429, key, params);
export const validationError = (error: ZodError) =>
  new AppError(400, 'error.validation', undefined, toFieldErrors(error.issues));

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const sendProblem = (
  reply: FastifyReply,
  status: number,
  message: string,
  extra: { params?: Params; fieldErrors?: FieldError[]; detail?: string } = {},
) => {
  const problem: Problem = {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    message,
    ...(extra.detail ? { detail: extra.detail } : {}),
    ...(extra.params ? { params: extra.params } : {}),
    ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}),
  };
  reply.header(ALERT_HEADERS.error, message);
  if (extra.params) reply.header(ALERT_HEADERS.params, encodeURIComponent(JSON.stringify(extra.params)));
  return reply.code(status).type('application/problem+json').send(problem);
};

/** Success alert headers, read by the web's alert mapper. */
export const withAlert = (reply: FastifyReply, key: string, params?: Params) => {
  reply.header(ALERT_HEADERS.alert, key);
  if (params) reply.header(ALERT_HEADERS.params, encodeURIComponent(JSON.stringify(params)));
};

const fromValidation = (error: {
  validation: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[];
}): FieldError[] =>
  toFieldErrors(
    error.validation.map((v) => ({
      code: v.keyword,
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? '',
      minimum: v.params.minimum as number | undefined,
      maximum: v.params.maximum as number | undefined,
      origin: v.params.origin as string | undefined,
      format: v.params.format as string | undefined,
      input: v.params.input,
    })),
  );

/** PostgreSQL SQLSTATE of a failed query (node-postgres and PGlite; drizzle wraps it in `cause`). */
export const databaseErrorCode = (error: unknown): string | undefined => {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};

// Class 08 (connection exception), the server shutting down or starting (57P01–57P03), out of
// connections (53300); and the driver's own words for a connection lost or not made in time.
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error/i;

/** The database did not answer (restarting, unreachable): the request may be repeated shortly. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
};

/** Seconds a client is told to wait before repeating a request the database could not serve. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, error.status, error.message, {
        params: error.params,
        fieldErrors: error.fieldErrors,
      });
    }
    const dbCode = databaseErrorCode(error);
    if (dbCode === '23505') return sendProblem(reply, 400, 'error.duplicate');
    if (dbCode === '23503') return sendProblem(reply, 400, 'error.inuse');
    // Class 22 (data exception: a value out of range, an invalid byte sequence or text form) and
    // 54000 (a value too large for an index) come from what the client sent that the schema let through.
    if (dbCode?.startsWith('22') || dbCode === '54000') {
      request.log.warn({ err: error, sqlState: dbCode }, 'database refused a value of the request');
      return sendProblem(reply, 400, 'error.validation');
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendProblem(reply, 400, 'error.validation', { fieldErrors: fromValidation(error) });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, status, `error.http.${status}`, { detail: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return sendProblem(reply, 503, 'error.http.503');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'error.internal');
  });
};
