import { CR_MODELLI_ROLES } from '@ricambi/domain';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** Machine models (spec 2 §2, §3: ROLE_MANAGER): the route side of the entity; its config spreads it. */
export const CR_MODELLI_META: EntityRouteMeta = {
  name: 'crModelli',
  listPath: '/crModellis',
  detailPath: '/crModelli',
  idParams: ['id'],
  access: { read: CR_MODELLI_ROLES, write: CR_MODELLI_ROLES },
};
