import { DOCUMENT_ADMIN_ROLES } from '@ricambi/domain';
import { DOCUMENT_ENTITIES } from '../../api/documents-admin.api.ts';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** Technical documents (spec 2 §2: ROLE_MANAGER): the route side of the entity; its config spreads it. */
export const CR_DOCUMENTI_META: EntityRouteMeta = {
  name: DOCUMENT_ENTITIES.documenti,
  listPath: '/crDocumentis',
  detailPath: '/crDocumenti',
  idParams: ['id'],
  access: { read: DOCUMENT_ADMIN_ROLES, write: DOCUMENT_ADMIN_ROLES },
};
