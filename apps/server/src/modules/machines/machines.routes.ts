import {
  type Authority,
  fineGaranziaSchema,
  machineByIdQuerySchema,
  machineDealerQuerySchema,
  machineFineGaranziaQuerySchema,
  machineSchema,
  machineSearchQuerySchema,
} from '@ricambi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { languageOf } from '../../platform/language.ts';
import { sendPage } from '../../platform/paging.ts';
import { createMachinesService } from './machines.service.ts';

/** Spec 2 §2, §6: the machine area (machine search, catalogue) — dealers, subdealers, internal staff, superdealers. */
export const MACHINE_AREA: Authority[] = [
  'ROLE_CR_USER',
  'ROLE_CR_SUBDEALER',
  'ROLE_CR_INTERNAL',
  'ROLE_CR_SUPERDEALER',
];
/** Spec 2 §2 visibility screens: internal staff choose the dealer, a superdealer is its own dealer. */
export const DEALER_MACHINES: Authority[] = ['ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'];
/** Spec 2 §1: the pages of the machine area are blocked when the theme gives no parts access. */
export const PARTS_AREA = 'parts' as const;
const tags = ['machines'];

/** Machine search and lookups (spec 2 §2 homemachine, §7 Machines); every call sees only the user's machines. */
export const machinesRoutes = (db: Db) => async (app: FastifyInstance) => {
  const machines = createMachinesService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: MACHINE_AREA, area: PARTS_AREA };

  r.get(
    '/api/machine/full',
    { config, schema: { tags, querystring: machineSearchQuerySchema, response: { 200: z.array(machineSchema) } } },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await machines.search(requirePrincipal(request.principal), request.query, languageOf(request)),
      ),
  );

  r.get(
    '/api/machine/dealer',
    {
      config: { access: DEALER_MACHINES, area: PARTS_AREA },
      schema: { tags, querystring: machineDealerQuerySchema, response: { 200: z.array(machineSchema) } },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await machines.ofDealer(requirePrincipal(request.principal), request.query, languageOf(request)),
      ),
  );

  r.get(
    '/api/machine/finegaranzia',
    { config, schema: { tags, querystring: machineFineGaranziaQuerySchema, response: { 200: fineGaranziaSchema } } },
    async (request) => machines.fineGaranzia(requirePrincipal(request.principal), request.query.matricola),
  );

  r.get(
    '/api/machine/byId',
    { config, schema: { tags, querystring: machineByIdQuerySchema, response: { 200: machineSchema } } },
    async (request) => machines.get(requirePrincipal(request.principal), request.query.id, languageOf(request)),
  );
};
