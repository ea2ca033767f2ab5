import type { fineGaranziaSchema, Language, Machine } from '@ricambi/domain';
import { and, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/sessions.ts';
import { dealerOfMachineList, hidesMachineCodes, loadMachineScope, machineScopeCondition } from './machines.access.ts';
import { toMachine } from './machines.mapper.ts';
import * as repo from './machines.repository.ts';

/** The serial as stored: upper-case, trimmed. */
export const normalizeSerial = (serial: string) => serial.trim().toUpperCase();

export type MachinePage = { items: Machine[]; total: number; page: number; size: number };
type MachineQuery = { term: string; page: number; size: number };

export const createMachinesService = (db: DbOrTx) => {
  const page = async (where: SQL | undefined, query: MachineQuery, lang: Language, hideCodes: boolean) => {
    const { rows, total } = await repo.pageOfMachines(db, where, query);
    return {
      items: rows.map((r) => toMachine(r.m, r.catalogoId, lang, hideCodes)),
      total,
      page: query.page,
      size: query.size,
    };
  };

  /** One machine the user may see, with its catalogue id, or undefined. */
  const findVisible = async (principal: Principal, where: SQL) =>
    repo.findMachine(db, and(where, machineScopeCondition(await loadMachineScope(db, principal))));

  const byId = (principal: Principal, id: number) => findVisible(principal, repo.machineIdIs(id));
  const bySerial = (principal: Principal, serial: string) =>
    findVisible(principal, repo.serialIs(normalizeSerial(serial)));

  return {
    byId,
    bySerial,

    /** GET /api/machine/full: the user's machines whose serial contains the term. */
    search: async (principal: Principal, query: MachineQuery, lang: Language): Promise<MachinePage> => {
      const scope = await loadMachineScope(db, principal);
      return page(
        and(machineScopeCondition(scope), repo.serialContains(query.term)),
        query,
        lang,
        hidesMachineCodes(principal),
      );
    },

    /**
     * GET /api/machine/dealer: the machines delivered through one dealer (GENERIC excluded:
     * everyone sees it). Internal staff choose the dealer; anyone else gets its own.
     */
    ofDealer: (
      principal: Principal,
      query: MachineQuery & { login?: string | undefined },
      lang: Language,
    ): Promise<MachinePage> => {
      const dealer = dealerOfMachineList(principal, query.login);
      if (!dealer) throw fieldError('login', 'validation.required');
      return page(and(repo.deliveredThrough(dealer), repo.serialContains(query.term)), query, lang, false);
    },

    /** GET /api/machine/finegaranzia: the warranty end of a machine the user sees; 404 otherwise. */
    fineGaranzia: async (principal: Principal, serial: string): Promise<z.output<typeof fineGaranziaSchema>> => {
      const found = await bySerial(principal, serial);
      if (!found) throw notFound();
      return { matricola: found.m.mtMatricola, dataFineGaranzia: found.m.dataFineGaranzia };
    },

    /** GET /api/machine/byId: one machine the user sees; 404 otherwise. */
    get: async (principal: Principal, id: number, lang: Language): Promise<Machine> => {
      const found = await byId(principal, id);
      if (!found) throw notFound();
      return toMachine(found.m, found.catalogoId, lang, hidesMachineCodes(principal));
    },
  };
};

export type MachinesService = ReturnType<typeof createMachinesService>;
