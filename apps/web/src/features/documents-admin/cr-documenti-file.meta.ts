import { DOCUMENT_ADMIN_ROLES } from '@ricambi/domain';
import { DOCUMENT_ENTITIES } from '../../api/documents-admin.api.ts';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** The documents' files on their own (spec 2 §2, spec 3 §2: ROLE_MANAGER). */
export const CR_DOCUMENTI_FILE_META: EntityRouteMeta = {
  name: DOCUMENT_ENTITIES.files,
  listPath: '/crDocumentiFiles',
  detailPath: '/crDocumentiFile',
  idParams: ['id'],
  access: { read: DOCUMENT_ADMIN_ROLES, write: DOCUMENT_ADMIN_ROLES },
};
