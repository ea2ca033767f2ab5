import { BANNER_ADMIN_ROLES } from '@ricambi/domain';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** Banners (spec 1 §2.1: ROLE_MANAGER): the route side of the entity; its config spreads it. */
export const BANNERS_META: EntityRouteMeta = {
  name: 'banner',
  listPath: '/banners',
  detailPath: '/banner',
  idParams: ['id'],
  access: { read: BANNER_ADMIN_ROLES, write: BANNER_ADMIN_ROLES },
};
