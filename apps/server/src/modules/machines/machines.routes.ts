import {
  type Authority,
  fineGaranziaSchema,
  hasAnyAuthority,
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
import { fieldError, notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { sendPage } from '../../platform/paging.ts';
import { hidesMachineCodes } from './machines.access.ts';
import { createMachinesService, toMachine } from './machines.service.ts';

/** Spec 2 §2, §6: the machine area (machine search, catalogue) — dealers, subdealers, internal staff, superdealers. */
export const MACHINE_AREA: Authority[] = [
  'ROLE_CR_USER',
  'ROLE_CR_SUBDEALER',
  'ROLE_CR_INTERNAL',
  'ROLE_CR_SUPERDEALER',
];
/** Spec 2 §2 visibility screens: internal staff choose the dealer, a superdealer is its own dealer. */
export const DEALER_MACHINES: Authority[] = ['ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'];
const tags = ['machines'];

/** Machine search and lookups (spec 2 §2 homemachine, §7 Machines); every call sees only the user's machines. */
export const machinesRoutes = (db: Db) => async (app: FastifyInstance) => {
  const machines = createMachinesService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: MACHINE_AREA };

  r.get(
    '/api/machine/full',
    { config, schema: { tags, querystring: machineSearchQuerySchema, response: { 200: z.array(machineSchema) } } },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const page = await machines.search(principal, request.query, languageOf(request, undefined));
      return sendPage(request, reply, page);
    },
  );

  r.get(
    '/api/machine/dealer',
    {
      config: { access: DEALER_MACHINES },
      schema: { tags, querystring: machineDealerQuerySchema, response: { 200: z.array(machineSchema) } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const asked = request.query.login;
      let dealer: string;
      if (hasAnyAuthority(principal.authorities, ['ROLE_CR_INTERNAL'])) {
        const chosen =
          asked || (hasAnyAuthority(principal.authorities, ['ROLE_CR_SUPERDEALER']) ? principal.login : '');
        if (!chosen) throw fieldError('login', 'validation.required');
        dealer = chosen;
      } else {
        dealer = principal.login;
      }
      const page = await machines.ofDealer(dealer, request.query, languageOf(request, undefined));
      return sendPage(request, reply, page);
    },
  );

  r.get(
    '/api/machine/finegaranzia',
    { config, schema: { tags, querystring: machineFineGaranziaQuerySchema, response: { 200: fineGaranziaSchema } } },
    async (request) => {
      const found = await machines.bySerial(requirePrincipal(request.principal), request.query.matricola);
      if (!found) throw notFound();
      return { matricola: found.m.mtMatricola, dataFineGaranzia: found.m.dataFineGaranzia };
    },
  );

  r.get(
    '/api/machine/byId',
    { config, schema: { tags, querystring: machineByIdQuerySchema, response: { 200: machineSchema } } },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      const found = await machines.byId(principal, request.query.id);
      if (!found) throw notFound();
      return toMachine(found.m, found.catalogoId, languageOf(request, undefined), hidesMachineCodes(principal));
    },
  );
};
