import { AUDIT_DEFAULT_SORT, type AuditSortField, type PageQuery } from '@ricambi/domain';
import { and, count, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvent } from '../../db/schema/index.ts';
import { orderBy, type SortColumns } from '../../platform/paging.ts';

/** Sortable fields of the audits list, by their response names (the id is always the last key). */
const AUDIT_SORTABLE: SortColumns<AuditSortField> = {
  timestamp: auditEvent.eventDate,
  principal: auditEvent.principal,
  type: auditEvent.eventType,
  id: auditEvent.id,
};

export type AuditFilter = { from?: Date; to?: Date };

/** `to` includes its whole second: 10:00:00 takes events up to 10:00:00.999. */
const endOfSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000 + 1000);

export const findAuditPage = async (db: DbOrTx, filter: AuditFilter, page: PageQuery<AuditSortField>) => {
  const where = and(
    filter.from ? gte(auditEvent.eventDate, filter.from) : undefined,
    filter.to ? lt(auditEvent.eventDate, endOfSecond(filter.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvent)
      .where(where)
      .orderBy(...orderBy(page.sort, AUDIT_SORTABLE, [auditEvent.id], [AUDIT_DEFAULT_SORT]))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(auditEvent).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

export type AuditRow = typeof auditEvent.$inferSelect;
