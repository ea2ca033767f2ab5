import {
  ADMIN_ROLES,
  ERP_HISTORY_OUTCOMES,
  ERP_STORICO_LOG_SORT_FIELDS,
  type ErpHistoryOutcome,
  type ErpHistorySource,
  type ErpStoricoLogRow,
  type ErpStoricoLogSortField,
  erpStoricoLogRowSchema,
} from '@ricambi/domain';
import { eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { erpStoricoLog } from '../../db/schema/index.ts';
import { registerReadOnlyCrud } from '../../platform/crud.ts';
import { containsPattern, type SortColumns } from '../../platform/paging.ts';

type LogRow = typeof erpStoricoLog.$inferSelect;

const idSchema = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive()
  .max(Number.MAX_SAFE_INTEGER);

/**
 * The log is short (one row a document the ERP sends) and read now and then by an administrator:
 * received and document id have their indexes, the outcome is sorted without one.
 */
const SORTABLE: SortColumns<ErpStoricoLogSortField> = {
  id: erpStoricoLog.id,
  receivedAt: erpStoricoLog.receivedAt,
  outcome: erpStoricoLog.outcome,
  documentId: erpStoricoLog.documentId,
};

const isOutcome = (term: string): term is ErpHistoryOutcome =>
  (ERP_HISTORY_OUTCOMES as readonly string[]).includes(term);

/** `?search=`: the name, document id or reason holding the term; an outcome's name lists that outcome. */
const search = (term: string) =>
  or(
    ilike(erpStoricoLog.name, containsPattern(term)),
    ilike(erpStoricoLog.documentId, containsPattern(term)),
    ilike(erpStoricoLog.reason, containsPattern(term)),
    ...(isOutcome(term.toUpperCase()) ? [eq(erpStoricoLog.outcome, term.toUpperCase())] : []),
  );

const toRow = (row: LogRow): ErpStoricoLogRow => ({
  id: row.id,
  receivedAt: row.receivedAt.toISOString(),
  source: row.source as ErpHistorySource,
  name: row.name,
  documentId: row.documentId,
  generatedAt: row.generatedAt?.toISOString() ?? null,
  outcome: row.outcome as ErpHistoryOutcome,
  reason: row.reason,
  ordini: row.ordini,
  righe: row.righe,
});

/** Issue 16 §1: the log of the ERP's hand-back documents, each with its outcome (read-only, ROLE_ADMIN). */
export const orderHistoryAdminRoutes = (db: Db) => async (app: FastifyInstance) => {
  registerReadOnlyCrud(app, {
    db,
    path: '/api/erpStoricoLogs',
    entity: 'erpStoricoLog',
    table: erpStoricoLog,
    ids: [{ param: 'id', key: 'id', column: erpStoricoLog.id, schema: idSchema }],
    access: { read: ADMIN_ROLES },
    response: erpStoricoLogRowSchema,
    sortFields: ERP_STORICO_LOG_SORT_FIELDS,
    sortable: SORTABLE,
    search,
    toResponse: toRow,
  });
};
