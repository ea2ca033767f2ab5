import {
  activeBannerSchema,
  activeBannersQuerySchema,
  BANNER_ADMIN_ROLES,
  BANNER_SORT_FIELDS,
  BANNER_TYPES,
  type BannerInput,
  bannerCheckedSchema,
  bannerInputSchema,
  bannerSchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { banner } from '../../db/schema/index.ts';
import type { Access } from '../../platform/auth.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { registerCrud } from '../../platform/crud.ts';
import type { ThemesService } from '../themes/themes.contract.ts';
import { toBanner } from './banners.mapper.ts';
import { createBannersService } from './banners.service.ts';

/** Spec 1 §2.1 and §6: banners are managed by managers. */
const BANNER_ADMIN: Access = BANNER_ADMIN_ROLES;
const tags = ['banners'];

/** Banners (spec 1 §3, §4, §7): administration on the kit; active banners and acknowledgements for users. */
export const bannersRoutes = (db: Db, themes: ThemesService) => async (app: FastifyInstance) => {
  const banners = createBannersService(db, themes);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/banners/types',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(z.enum(BANNER_TYPES)) } } },
    async () => [...BANNER_TYPES],
  );

  r.get(
    '/api/banners/active',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: activeBannersQuerySchema, response: { 200: z.array(activeBannerSchema) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return banners.active(requirePrincipal(request.principal), { ...request.query, hostName: request.hostname });
    },
  );

  r.post(
    '/api/banners/checked',
    { config: { access: 'authenticated' }, schema: { tags, body: bannerCheckedSchema } },
    async (request, reply) => {
      await banners.acknowledge(requirePrincipal(request.principal), request.body);
      return reply.code(204).send();
    },
  );

  registerCrud(app, {
    db,
    path: '/api/banners',
    entity: 'banners',
    table: banner,
    ids: [
      {
        param: 'id',
        key: 'id',
        column: banner.id,
        schema: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      },
    ],
    access: { read: BANNER_ADMIN, write: BANNER_ADMIN },
    response: bannerSchema,
    create: bannerInputSchema,
    update: bannerInputSchema,
    sortFields: BANNER_SORT_FIELDS,
    sortable: {
      id: banner.id,
      startDate: banner.startDate,
      endDate: banner.endDate,
      type: banner.type,
      ambiente: banner.ambiente,
    },
    toResponse: toBanner,
    toInsert: (input: BannerInput, { tx }) => banners.toColumns(tx, input),
    toUpdate: (input: BannerInput, { tx }) => banners.toColumns(tx, input),
    auditFields: true,
  });
};
