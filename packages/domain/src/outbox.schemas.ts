import { z } from 'zod';
import type { SortParam } from './paging.schemas.ts';

/* The outbox's undelivered messages (dead letters), for administrators (issue 18). */

/** Sort keys of the undelivered messages' list (GET /api/outbox/failed). */
export const OUTBOX_FAILED_SORT_FIELDS = ['failedAt', 'id'] as const;
export type OutboxFailedSortField = (typeof OUTBOX_FAILED_SORT_FIELDS)[number];
export const OUTBOX_FAILED_DEFAULT_SORT: SortParam<OutboxFailedSortField> = 'failedAt,desc';

/**
 * A message of the outbox given up after its last attempt (dead-lettered): who or what it was for,
 * never its body (a mail may carry an activation or reset link). `kind` is `mail` or `erp`.
 */
export const outboxFailedMessageSchema = z.object({
  id: z.number(),
  kind: z.string(),
  /** A mail's recipient. */
  recipient: z.string().nullable(),
  /** A mail's subject. */
  subject: z.string().nullable(),
  /** The order of an ERP document (or of a mail about it). */
  orderNumber: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type OutboxFailedMessage = z.infer<typeof outboxFailedMessageSchema>;
