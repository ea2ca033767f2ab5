import type { OutboxFailedSortField, PageQuery } from '@ricambi/domain';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/sessions.ts';
import { toOutboxFailedMessage } from './outbox.mapper.ts';
import * as repo from './outbox.repository.ts';

export type OutboxDeps = { db: Db; kickOutbox: () => void };

/**
 * The outbox's dead letters for administrators (issue 18): the messages given up after their last
 * attempt, and one put back in the queue. Every route is ROLE_ADMIN, checked by the route's access.
 */
export const createOutboxService = ({ db, kickOutbox }: OutboxDeps) => ({
  listFailed: async (page: PageQuery<OutboxFailedSortField>) => {
    const { rows, total } = await repo.findFailedPage(db, page);
    return { items: rows.map(toOutboxFailedMessage), total };
  },

  /** The message is delivered again by the worker, its attempts from zero; the audit names who asked. */
  retry: async (principal: Principal, id: number, client: { ipAddress: string }) => {
    await db.transaction(async (tx) => {
      const message = await repo.requeueFailed(tx, id);
      if (!message) throw notFound();
      await recordAudit(tx, {
        principal: principal.actor?.login ?? principal.login,
        type: 'OUTBOX_RETRY',
        remoteAddress: client.ipAddress,
        message: `outbox message ${message.id} (${message.kind}) queued again`,
        data: { id: String(message.id), kind: message.kind, lastError: (message.lastError ?? '').slice(0, 500) },
      });
    });
    kickOutbox();
  },
});

export type OutboxService = ReturnType<typeof createOutboxService>;
