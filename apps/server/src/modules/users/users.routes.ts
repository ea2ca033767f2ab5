import fastifyMultipart from '@fastify/multipart';
import {
  countrySchema,
  ERP_PASSWORD_HEADER,
  erpTestResultSchema,
  LIMITS,
  LOGICHE,
  pageQuerySchema,
  USER_IMPORT_LIMITS,
  USER_MANAGEMENT_ROLES,
  USER_SORT_FIELDS,
  userActivationSchema,
  userCreateSchema,
  userImportListSchema,
  userImportPreviewSchema,
  userImportResultSchema,
  userSchema,
  userSummarySchema,
  userThemeOptionSchema,
  userUpdateSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUser } from '../../db/schema/index.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { registerCrud } from '../../platform/crud.ts';
import { withAlert } from '../../platform/errors.ts';
import { sendPage } from '../../platform/paging.ts';
import { createSecrets, loadSecretKey } from '../../platform/secrets.ts';
import { readUploadedFile } from '../../platform/uploads.ts';
import { toCountries, toThemeOption } from './users.mapper.ts';
import * as repo from './users.repository.ts';
import { createUsersService, type UsersDeps } from './users.service.ts';

const tags = ['users'];
const userLookupQuery = pageQuerySchema(USER_SORT_FIELDS);
const term = z.string().trim().max(100).default('');
/** Superdealers' lists (spec 2 visibility screens) are also read by internal staff and superdealers. */
const SUBDEALER_READERS = [...USER_MANAGEMENT_ROLES, 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'] as const;
const SUPERDEALER_READERS = [...USER_MANAGEMENT_ROLES, 'ROLE_CR_INTERNAL'] as const;

/**
 * User management (spec 1 §2.3, §3, §5, §7): the users entity on the administration kit, its
 * lookups, the activation toggle, the external-system credential test and the import.
 */
export const usersRoutes = (deps: Omit<UsersDeps, 'secrets'>) => async (app: FastifyInstance) => {
  const users = createUsersService({ ...deps, secrets: createSecrets(loadSecretKey(deps.config)) });
  const access = USER_MANAGEMENT_ROLES;
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: USER_IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
  });

  registerCrud(app, {
    db: deps.db,
    path: '/api/users',
    entity: 'userManagement',
    table: appUser,
    ids: [{ param: 'login', key: 'login', column: appUser.login, schema: z.string().max(LIMITS.login.max) }],
    access: { read: access, write: access },
    response: userSchema,
    create: userCreateSchema,
    update: userUpdateSchema,
    sortFields: USER_SORT_FIELDS,
    sortable: repo.USER_SORT_COLUMNS,
    search: repo.userMatches,
    toResponses: users.respond,
    toInsert: (input, ctx) => users.toInsert(input, ctx),
    afterInsert: ({ tx, row, input }) => users.afterInsert(tx, row, input),
    toUpdate: (input, ctx) => users.toUpdate(input, ctx),
    afterUpdate: ({ tx, row, input }) => users.afterUpdate(tx, row, input),
    beforeDelete: (ctx) => users.beforeDelete(ctx),
    afterChange: users.kickOutbox,
    auditFields: true,
  });

  r.put(
    '/api/users/:login/activated',
    {
      config: { access },
      schema: {
        tags,
        params: z.object({ login: z.string().min(1).max(LIMITS.login.max) }),
        body: userActivationSchema,
        response: { 200: userSchema },
      },
    },
    async (request, reply) => {
      const user = await users.setActivated(
        requirePrincipal(request.principal),
        request.params.login,
        request.body.activated,
      );
      withAlert(reply, `userManagement.messages.${user.activated ? 'activated' : 'deactivated'}`, {
        login: user.login,
      });
      return user;
    },
  );

  r.get(
    '/api/users/search',
    {
      config: { access },
      schema: {
        tags,
        querystring: z.object({ term, logica: z.enum(LOGICHE).optional() }),
        response: { 200: z.array(userSummarySchema) },
      },
    },
    async (request) => users.search(request.query.term, request.query.logica),
  );

  r.get(
    '/api/users/search/byLogin',
    {
      config: { access },
      schema: {
        tags,
        querystring: z.object({ login: z.string().trim().min(1).max(LIMITS.login.max) }),
        response: { 200: userSummarySchema },
      },
    },
    async (request) => users.byLogin(request.query.login),
  );

  r.get(
    '/api/users/searchBasic/byLoginOrEmailOrCompany',
    {
      config: { access },
      schema: { tags, querystring: userLookupQuery.extend({ term }), response: { 200: z.array(userSummarySchema) } },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await users.searchBasic(q.term || undefined, q);
      return sendPage(request, reply, { ...result, page: q.page, size: q.size });
    },
  );

  r.get(
    '/api/users/searchSuperdealers',
    {
      config: { access: SUPERDEALER_READERS },
      schema: { tags, querystring: userLookupQuery.extend({ term }), response: { 200: z.array(userSummarySchema) } },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await users.superdealers(q.term || undefined, q);
      return sendPage(request, reply, { ...result, page: q.page, size: q.size });
    },
  );

  r.get(
    '/api/users/subdealers',
    {
      config: { access: SUBDEALER_READERS },
      schema: {
        tags,
        querystring: userLookupQuery.extend({ dealer: z.string().trim().max(LIMITS.login.max).optional() }),
        response: { 200: z.array(userSummarySchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await users.subdealers(requirePrincipal(request.principal), q.dealer || undefined, q);
      return sendPage(request, reply, { ...result, page: q.page, size: q.size });
    },
  );

  r.get(
    '/api/users/authorities',
    { config: { access }, schema: { tags, response: { 200: z.array(z.string()) } } },
    async () => users.authorities(),
  );

  const themeOptions = async () => deps.themes.list().map(toThemeOption);
  r.get(
    '/api/users/temi',
    { config: { access }, schema: { tags, response: { 200: z.array(userThemeOptionSchema) } } },
    themeOptions,
  );
  r.get(
    '/api/users/temipdf',
    { config: { access }, schema: { tags, response: { 200: z.array(userThemeOptionSchema) } } },
    themeOptions,
  );

  r.get(
    '/api/users/logiche',
    { config: { access }, schema: { tags, response: { 200: z.array(z.enum(LOGICHE)) } } },
    async () => users.logiche(),
  );

  r.get(
    '/api/users/getstato',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(countrySchema) } } },
    async () => toCountries(),
  );

  // The password travels in a header, never in the URL (URLs reach the request log).
  r.get(
    '/api/users/login',
    {
      config: { access },
      schema: {
        tags,
        querystring: z.object({
          login: z.string().trim().max(LIMITS.login.max).optional(),
          erpUser: z.string().trim().max(LIMITS.externalCredential.max).optional(),
        }),
        response: { 200: erpTestResultSchema },
      },
    },
    async (request) => {
      const header = request.headers[ERP_PASSWORD_HEADER];
      const password = typeof header === 'string' ? header.slice(0, LIMITS.externalCredential.max) : undefined;
      return users.testErp(request.query, password);
    },
  );

  r.post(
    '/api/users/import/preview',
    {
      config: { access },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: userImportPreviewSchema } },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      return users.previewImport(principal, await readUploadedFile(request, 'userManagement.import.noFile'));
    },
  );

  r.post(
    '/api/users/updateList',
    {
      config: { access },
      // A list of the largest size is well over the default 1 MB.
      bodyLimit: 20 * 1024 * 1024,
      schema: { tags, body: userImportListSchema, response: { 200: userImportResultSchema } },
    },
    async (request, reply) => {
      const result = await users.applyImport(requirePrincipal(request.principal), request.body);
      withAlert(reply, 'userManagement.imported', { created: result.created, updated: result.updated });
      return result;
    },
  );
};
