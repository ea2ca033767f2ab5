import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** Translation texts (spec 2 §2): the route side of the entity; its config spreads it. */
export const I18NS_META: EntityRouteMeta = {
  name: 'i18ns',
  listPath: '/i18ns',
  detailPath: '/i18n',
  idParams: ['textId', 'localeId'],
  access: { read: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_MANAGER'], write: ['ROLE_ADMIN', 'ROLE_MANAGER'] },
};
