import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export type OutboxStatus = 'PENDING' | 'SENT' | 'FAILED';

/** Side effects outside the database, written in the use case's transaction (DESIGN.md). */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 16 }).$type<OutboxStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sent (SENT) or given up (FAILED). */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * Messages of one kind with the same key (`order:<number>`) are delivered in the order written:
     * one waits while an earlier one is PENDING (platform/jobs.ts).
     */
    orderingKey: varchar('ordering_key', { length: 200 }),
  },
  (t) => [
    index('outbox_message_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_message_ordering_idx')
      .on(t.orderingKey, t.id)
      .where(sql`${t.status} = 'PENDING' and ${t.orderingKey} is not null`),
    index('outbox_message_failed_idx').on(t.processedAt, t.id).where(sql`${t.status} = 'FAILED'`),
  ],
);
