import type { WhereUsedType } from '@ricambi/domain';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../platform/errors.ts';
import { languageOfPrincipal } from '../../platform/language.ts';
import type { Principal } from '../../platform/sessions.ts';
import { loadMachineScope, machineScopeCondition } from '../machines/machines.contract.ts';
import { toWhereUsedCsv } from './whereused.mapper.ts';
import { findWhereUsed, WHERE_USED_MAX_ROWS } from './whereused.repository.ts';

/** Spec 2 §5: the search needs a term (an empty one would list every machine). */
const requireTerm = (term: string) => {
  if (term.trim() === '') throw fieldError('term', 'validation.required');
  return term.trim();
};

/** Where used (spec 2 §2, §5, §7): which machines the user sees have a catalogue holding a plate, drawing or article. */
export const createWhereUsedService = (db: Db) => {
  const search = async (principal: Principal, term: string, type: WhereUsedType) =>
    findWhereUsed(
      db,
      requireTerm(term),
      type,
      WHERE_USED_MAX_ROWS,
      machineScopeCondition(await loadMachineScope(db, principal)),
    );

  return {
    search,
    csv: async (principal: Principal, term: string, type: WhereUsedType) =>
      toWhereUsedCsv((await search(principal, term, type)).rows, type, term.trim(), languageOfPrincipal(principal)),
  };
};
