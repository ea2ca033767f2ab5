import {
  ACT_AS_DEFAULT_SORT,
  type ActAsSortField,
  type ActAsTarget,
  type ActAsUser,
  actAsSelectSchema,
  isRefusedActAsTarget,
  mayActAs,
  type PageQuery,
} from '@ricambi/domain';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest, fieldError, forbidden, unauthorized } from '../../platform/errors.ts';
import { orderBy } from '../../platform/paging.ts';
import type { Principal } from '../../platform/sessions.ts';
import { toActAsTarget, toActAsUser } from './act-as.mapper.ts';
import * as repo from './act-as.repository.ts';

type Client = { ipAddress: string };

/** Act-as (spec 1 §2.3, §4): staff with an act-as role work in a session as another user. */
export const createActAsService = (db: Db) => {
  return {
    list: async (
      principal: Principal,
      query: PageQuery<ActAsSortField> & { search?: string },
    ): Promise<{ items: ActAsUser[]; total: number }> => {
      if (principal.actor || !mayActAs(principal.authorities)) throw forbidden();
      const page = await repo.listCandidates(db, {
        excludeUserId: principal.userId,
        search: query.search?.trim() || undefined,
        orderBy: orderBy(query.sort, repo.ACT_AS_SORT_COLUMNS, [repo.ACT_AS_ID_COLUMN], [ACT_AS_DEFAULT_SORT]),
        limit: query.size,
        offset: query.page * query.size,
      });
      return { items: page.items.map(toActAsUser), total: page.total };
    },

    /** GET /api/cart/select: whom this session acts as, or null. */
    current: async (principal: Principal): Promise<ActAsTarget | null> => {
      if (!principal.actor) return null;
      const target = await repo.findById(db, principal.userId);
      if (!target) throw unauthorized();
      return toActAsTarget(target);
    },

    /** POST /api/cart/select. */
    start: async (principal: Principal, input: { login: string }, client: Client): Promise<ActAsTarget> => {
      if (principal.actor) throw badRequest('actas.messages.alreadyActing');
      if (!mayActAs(principal.authorities)) throw forbidden();
      const { login } = actAsSelectSchema.parse(input);
      const target = await repo.findByLogin(db, login);
      if (!target?.activated) throw fieldError('login', 'actas.messages.notFound');
      if (target.id === principal.userId) throw fieldError('login', 'actas.messages.self');
      if (isRefusedActAsTarget(target.authorities)) throw fieldError('login', 'actas.messages.refused');
      await db.transaction(async (tx) => {
        const updated = await repo.setActAs(tx, { series: principal.series, ownerId: principal.userId }, target.id);
        if (updated.length === 0) throw unauthorized();
        await recordAudit(tx, {
          principal: principal.login,
          type: 'ACT_AS_START',
          remoteAddress: client.ipAddress,
          message: `acting as ${target.login}`,
          data: { target: target.login },
        });
      });
      return toActAsTarget(target);
    },

    /** DELETE /api/cart/select: back to the own identity; nothing to do when not acting. */
    stop: async (principal: Principal, client: Client): Promise<void> => {
      const actor = principal.actor;
      if (!actor) return;
      await db.transaction(async (tx) => {
        await repo.setActAs(tx, { series: principal.series, ownerId: actor.userId }, null);
        await recordAudit(tx, {
          principal: actor.login,
          type: 'ACT_AS_END',
          remoteAddress: client.ipAddress,
          message: `stopped acting as ${principal.login}`,
          data: { target: principal.login },
        });
      });
    },

    /** The audit trail of a state-changing request made while acting: both identities. */
    recordRequest: async (principal: Principal, request: { method: string; url: string }, client: Client) => {
      const actor = principal.actor;
      if (!actor) return;
      const url = request.url.slice(0, 500);
      await recordAudit(db, {
        principal: actor.login,
        type: 'ACT_AS_REQUEST',
        remoteAddress: client.ipAddress,
        message: `as ${principal.login}: ${request.method} ${url}`,
        data: { target: principal.login, method: request.method, url },
      });
    },
  };
};

export type ActAsService = ReturnType<typeof createActAsService>;
