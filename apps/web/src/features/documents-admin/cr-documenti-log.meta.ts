import { DOCUMENT_LOG_ROLES } from '@ricambi/domain';
import { DOCUMENT_ENTITIES } from '../../api/documents-admin.api.ts';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** The download log (spec 3 §2: ROLE_ADMIN), read-only: nobody creates, edits or deletes its rows. */
export const CR_DOCUMENTI_LOG_META: EntityRouteMeta = {
  name: DOCUMENT_ENTITIES.log,
  listPath: '/crDocumentiLogs',
  detailPath: '/crDocumentiLog',
  idParams: ['id'],
  access: { read: DOCUMENT_LOG_ROLES, write: [] },
};
