import type { FieldError } from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * NUL, the other C0 control characters except tab, line feed and carriage return, DEL, and UTF-16
 * halves without their pair: PostgreSQL refuses NUL in text and JSON, and none of them belong in
 * a form field, a path or a query.
 */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

export const hasForbiddenCharacters = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControl(code)) return true;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return true;
      i++;
    } else if (isLowSurrogate(code)) return true;
  }
  return false;
};

const MAX_DEPTH = 32;

/** The dotted paths (as in field errors) of every string or key holding a forbidden character. */
export const forbiddenFields = (value: unknown, path: string[] = [], found: string[] = [], depth = 0): string[] => {
  if (typeof value === 'string') {
    if (hasForbiddenCharacters(value)) found.push(path.join('.') || '_');
  } else if (Array.isArray(value)) {
    if (depth < MAX_DEPTH) {
      for (const [i, item] of value.entries()) forbiddenFields(item, [...path, String(i)], found, depth + 1);
    }
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    if (depth < MAX_DEPTH) {
      for (const [key, item] of Object.entries(value)) {
        if (hasForbiddenCharacters(key)) found.push([...path, key].join('.'));
        else forbiddenFields(item, [...path, key], found, depth + 1);
      }
    }
  }
  return found;
};

/**
 * One guard for every route: a path parameter, query parameter or body field with a control
 * character answers 400 with a field error on that field, before validation and before any change.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    rejectForbiddenCharacters(
      forbiddenFields(request.params),
      forbiddenFields(request.query),
      forbiddenFields(request.body),
    );
  });
};

/** 400 with a field error on each field found to hold a forbidden character (also for multipart fields). */
export const rejectForbiddenCharacters = (...found: string[][]) => {
  const fields = found.flat();
  if (fields.length === 0) return;
  const fieldErrors: FieldError[] = [...new Set(fields)].map((field) => ({ field, message: 'validation.invalid' }));
  throw new AppError(400, 'error.validation', undefined, fieldErrors);
};
