import type { AuditEventType } from '@ricambi/domain';
import { and, count, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { auditEvent } from '../db/schema/index.ts';

/** The stable codes of packages/domain (the web translates them). */
export type AuditType = AuditEventType;

export const recordAudit = async (
  db: DbOrTx,
  event: {
    principal: string;
    type: AuditType;
    remoteAddress?: string;
    message?: string;
    /** Further details, e.g. the act-as target. */
    data?: Record<string, string>;
  },
) => {
  await db.insert(auditEvent).values({
    principal: event.principal.slice(0, 100),
    eventType: event.type,
    remoteAddress: event.remoteAddress?.slice(0, 64),
    data: {
      ...event.data,
      ...(event.message ? { message: event.message } : {}),
      ...(event.remoteAddress ? { remoteAddress: event.remoteAddress } : {}),
    },
  });
};

export const countAuditSince = async (
  db: DbOrTx,
  filter: { principal?: string; remoteAddress?: string; type: AuditType; since: Date },
) => {
  const [row] = await db
    .select({ n: count() })
    .from(auditEvent)
    .where(
      and(
        eq(auditEvent.eventType, filter.type),
        gte(auditEvent.eventDate, filter.since),
        filter.principal !== undefined ? eq(auditEvent.principal, filter.principal) : undefined,
        filter.remoteAddress !== undefined ? eq(auditEvent.remoteAddress, filter.remoteAddress) : undefined,
      ),
    );
  return row?.n ?? 0;
};
