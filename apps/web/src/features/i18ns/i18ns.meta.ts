import { I18N_TEXT_ACCESS } from '@ricambi/domain';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** Translation texts (spec 2 §2): the route side of the entity; its config spreads it. */
export const I18NS_META: EntityRouteMeta = {
  name: 'i18ns',
  listPath: '/i18ns',
  detailPath: '/i18n',
  idParams: ['textId', 'localeId'],
  access: I18N_TEXT_ACCESS,
};
