import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

const MANAGER = ['ROLE_MANAGER'] as const;

/** Machine models (spec 2 §2, §3: ROLE_MANAGER): the route side of the entity; its config spreads it. */
export const CR_MODELLI_META: EntityRouteMeta = {
  name: 'crModelli',
  listPath: '/crModellis',
  detailPath: '/crModelli',
  idParams: ['id'],
  access: { read: MANAGER, write: MANAGER },
};
