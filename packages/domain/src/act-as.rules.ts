import { type Authority, hasAnyAuthority } from './roles.constants.ts';

// Kept apart from the schemas: the web's shell reads these on every page and takes no zod with them.

/** Spec 1 §6: who may act on behalf of another user. */
export const ACT_AS_ROLES: readonly Authority[] = ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL'];
/** Holders of these are never acted as (issue 3 §4). */
export const ACT_AS_REFUSED_ROLES: readonly Authority[] = ['ROLE_ADMIN', 'ROLE_MANAGER'];
/** Spec 1 §4: the authority that marks an active act-as. */
export const ACT_AS_MARKER: Authority = 'ROLE_PREVIOUS_ADMINISTRATOR';

export const mayActAs = (authorities: readonly string[] | undefined) => hasAnyAuthority(authorities, ACT_AS_ROLES);

export const isRefusedActAsTarget = (authorities: readonly string[] | undefined) =>
  ACT_AS_REFUSED_ROLES.some((role) => authorities?.includes(role) === true);

export const isActingAs = (account: { authorities: readonly string[] } | null | undefined) =>
  account?.authorities.includes(ACT_AS_MARKER) === true;
