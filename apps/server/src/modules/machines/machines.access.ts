import { GENERIC_SERIAL, hasAnyAuthority } from '@ricambi/domain';
import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogo, crSubdealerVisibilita, macchina } from '../../db/schema/index.ts';
import type { Principal } from '../../platform/sessions.ts';
import { seesAllSerials } from './machines.repository.ts';

/**
 * Which machines a user sees (spec 2 §3, issue 6): everything with vedeTutteLeMatricole or
 * ROLE_CR_INTERNAL; a subdealer only the serials granted to it; a dealer (ROLE_CR_USER,
 * ROLE_CR_SUPERDEALER) the machines delivered through it. The GENERIC catalogue's machine is seen
 * by every user of the machine area. The one rule of the area: machine lists, catalogues, tree
 * rows, drawings and PDFs all take their conditions from here.
 */
export type MachineScope =
  | { kind: 'all' }
  | { kind: 'dealer'; login: string }
  | { kind: 'subdealer'; login: string }
  | { kind: 'none' };

export const loadMachineScope = async (db: DbOrTx, principal: Principal): Promise<MachineScope> => {
  const roles = principal.authorities;
  if (hasAnyAuthority(roles, ['ROLE_CR_INTERNAL'])) return { kind: 'all' };
  const inArea = hasAnyAuthority(roles, ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_SUPERDEALER']);
  if (!inArea) return { kind: 'none' };
  if (await seesAllSerials(db, principal.userId)) return { kind: 'all' };
  if (hasAnyAuthority(roles, ['ROLE_CR_USER', 'ROLE_CR_SUPERDEALER']))
    return { kind: 'dealer', login: principal.login };
  return { kind: 'subdealer', login: principal.login };
};

/** The WHERE condition on `macchina` for a scope (undefined = no restriction). */
export const machineScopeCondition = (scope: MachineScope): SQL | undefined => {
  const generic = eq(macchina.mtMatricola, GENERIC_SERIAL);
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'dealer':
      return or(eq(macchina.dealerLogin, scope.login), generic);
    case 'subdealer':
      return or(
        generic,
        exists(
          sql`(select 1 from ${crSubdealerVisibilita} where ${and(
            eq(crSubdealerVisibilita.login, scope.login),
            eq(crSubdealerVisibilita.matricola, macchina.mtMatricola),
          )})`,
        ),
      );
    case 'none':
      return sql`false`;
  }
};

/**
 * Who may open a catalogue: everyone for GENERIC, otherwise whoever sees at least one machine
 * with that catalogue code. A condition on `catalogo`.
 */
export const catalogueAccessCondition = (scope: MachineScope): SQL => {
  const machines = machineScopeCondition(scope);
  if (machines === undefined) return sql`true`;
  return sql`(${catalogo.crCodice} = ${GENERIC_SERIAL} or exists (select 1 from ${macchina} where ${and(
    eq(macchina.mtCrCod, catalogo.crCodice),
    machines,
  )}))`;
};

/** Subdealers do not see machine version, catalogue code nor drawing file names (spec 2 §2, §6). */
export const hidesMachineCodes = (principal: Principal) =>
  hasAnyAuthority(principal.authorities, ['ROLE_CR_SUBDEALER']) &&
  !hasAnyAuthority(principal.authorities, ['ROLE_CR_USER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER']);

/** Internal staff pick any dealer's machines; a superdealer (without a choice) or a dealer gets its own. */
export const dealerOfMachineList = (principal: Principal, asked: string | undefined): string | undefined => {
  if (!hasAnyAuthority(principal.authorities, ['ROLE_CR_INTERNAL'])) return principal.login;
  return asked || (hasAnyAuthority(principal.authorities, ['ROLE_CR_SUPERDEALER']) ? principal.login : undefined);
};
