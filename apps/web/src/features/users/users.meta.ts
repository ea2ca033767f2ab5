import { USER_MANAGEMENT_ROLES } from '@ricambi/domain';
import { USERS_ENTITY } from '../../api/keys.ts';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** User management (spec 1 §2.1): the route side of the entity; its config spreads it. */
export const USERS_META: EntityRouteMeta = {
  name: USERS_ENTITY,
  listPath: '/user-management',
  detailPath: '/user',
  idParams: ['login'],
  access: { read: USER_MANAGEMENT_ROLES, write: USER_MANAGEMENT_ROLES },
};
