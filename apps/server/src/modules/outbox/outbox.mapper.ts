import type { OutboxFailedMessage } from '@ricambi/domain';
import type { FailedRow } from './outbox.repository.ts';

/** The order a message is about: an ERP document's number, or the key `order:<number>` of a mail about it. */
const orderOf = (row: FailedRow) =>
  row.orderNumber ?? (row.orderingKey?.startsWith('order:') ? row.orderingKey.slice('order:'.length) : null);

export const toOutboxFailedMessage = (row: FailedRow): OutboxFailedMessage => ({
  id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  orderNumber: orderOf(row),
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  failedAt: row.failedAt?.toISOString() ?? null,
});
