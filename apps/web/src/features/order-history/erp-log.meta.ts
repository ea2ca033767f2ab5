import { ADMIN_ROLES } from '@ricambi/domain';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/**
 * Issue 16 §1: the log of the ERP's hand-back documents (ROLE_ADMIN), read-only: the hand-back
 * writes its rows, nobody creates, edits or deletes them.
 */
export const ERP_STORICO_LOG_META: EntityRouteMeta = {
  name: 'erpStoricoLog',
  listPath: '/erpStoricoLogs',
  detailPath: '/erpStoricoLog',
  idParams: ['id'],
  access: { read: ADMIN_ROLES, write: [] },
};
