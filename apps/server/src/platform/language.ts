import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ricambi/domain';
import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from './auth.ts';
import type { Principal } from './sessions.ts';

/** The principal's own language, else the default (it). */
export const languageOfPrincipal = (principal: Principal): Language =>
  isLanguage(principal.langKey) ? principal.langKey : DEFAULT_LANGUAGE;

/** The language asked for, else the account's. */
export const languageOf = (request: FastifyRequest, asked?: Language): Language =>
  asked ?? languageOfPrincipal(requirePrincipal(request.principal));
