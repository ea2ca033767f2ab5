import { GENERIC_SERIAL, hasAnyAuthority } from '@ricambi/domain';
import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appUser, crSubdealerVisibilita, macchina } from '../../db/schema/index.ts';
import type { Principal } from '../../platform/sessions.ts';

/**
 * Which machines a user sees (spec 2 §3, issue 6): everything with vedeTutteLeMatricole or
 * ROLE_CR_INTERNAL; a subdealer only the serials granted to it; a dealer (ROLE_CR_USER,
 * ROLE_CR_SUPERDEALER) the machines delivered through it. The GENERIC catalogue's machine is seen
 * by every user of the machine area.
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
  const [user] = await db
    .select({ all: appUser.vedeTutteLeMatricole })
    .from(appUser)
    .where(eq(appUser.id, principal.userId));
  if (user?.all) return { kind: 'all' };
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

/** Subdealers do not see machine version, catalogue code nor drawing file names (spec 2 §2, §6). */
export const hidesMachineCodes = (principal: Principal) =>
  hasAnyAuthority(principal.authorities, ['ROLE_CR_SUBDEALER']) &&
  !hasAnyAuthority(principal.authorities, ['ROLE_CR_USER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER']);
