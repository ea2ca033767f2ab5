import { DOCUMENT_ADMIN_ROLES } from '@ricambi/domain';
import { DOCUMENT_ENTITIES } from '../../api/documents-admin.api.ts';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** The documents' model rows on their own (spec 3 §2: ROLE_MANAGER). */
export const CR_DOCUMENTI_MODELLI_META: EntityRouteMeta = {
  name: DOCUMENT_ENTITIES.modelli,
  listPath: '/crDocumentiModellis',
  detailPath: '/crDocumentiModelli',
  idParams: ['id'],
  access: { read: DOCUMENT_ADMIN_ROLES, write: DOCUMENT_ADMIN_ROLES },
};
