import { OUTBOX_FAILED_DEFAULT_SORT, type OutboxFailedSortField, type PageQuery } from '@ricambi/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outboxMessage } from '../../db/schema/index.ts';
import { orderBy, type SortColumns } from '../../platform/paging.ts';

const FAILED_SORTABLE: SortColumns<OutboxFailedSortField> = {
  failedAt: outboxMessage.processedAt,
  id: outboxMessage.id,
};

const failed = eq(outboxMessage.status, 'FAILED');

/** The dead-lettered messages (FAILED), a page of them; the partial index on FAILED serves it. */
export const findFailedPage = async (db: DbOrTx, page: PageQuery<OutboxFailedSortField>) => {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: outboxMessage.id,
        kind: outboxMessage.kind,
        // Only what names the message: a mail's body may hold an activation or reset link.
        recipient: sql<string | null>`${outboxMessage.payload}->>'to'`,
        subject: sql<string | null>`${outboxMessage.payload}->>'subject'`,
        orderNumber: sql<string | null>`${outboxMessage.payload}->>'numeroOrdine'`,
        orderingKey: outboxMessage.orderingKey,
        attempts: outboxMessage.attempts,
        lastError: outboxMessage.lastError,
        createdAt: outboxMessage.createdAt,
        failedAt: outboxMessage.processedAt,
      })
      .from(outboxMessage)
      .where(failed)
      .orderBy(...orderBy(page.sort, FAILED_SORTABLE, [outboxMessage.id], [OUTBOX_FAILED_DEFAULT_SORT]))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(outboxMessage).where(failed),
  ]);
  return { rows, total: total?.n ?? 0 };
};

export type FailedRow = Awaited<ReturnType<typeof findFailedPage>>['rows'][number];

/**
 * A FAILED message back to PENDING with its attempts counted from zero, due at once; answers what
 * identifies it (for the audit), nothing when it is not (or no longer) FAILED.
 */
export const requeueFailed = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .update(outboxMessage)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: sql`now()`, processedAt: null })
    .where(and(eq(outboxMessage.id, id), failed))
    .returning({ id: outboxMessage.id, kind: outboxMessage.kind, lastError: outboxMessage.lastError });
  return row;
};
