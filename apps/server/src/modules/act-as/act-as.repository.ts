import { ACT_AS_REFUSED_ROLES, type ActAsSortField } from '@ricambi/domain';
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appUser, userAuthority, userSession } from '../../db/schema/index.ts';
import type { SortColumns } from '../../platform/paging.ts';
import { userMatches } from '../users/users.contract.ts';

export type ActAsUserRow = {
  id: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  email: string | null;
  refused: boolean;
};

/** Sort fields of the act-as list (each has an index on app_user). */
export const ACT_AS_ID_COLUMN = appUser.id;

export const ACT_AS_SORT_COLUMNS: SortColumns<ActAsSortField> = {
  login: appUser.login,
  company: appUser.company,
  email: appUser.email,
};

const refused = sql<boolean>`exists (select 1 from ${userAuthority} where ${userAuthority.userId} = ${appUser.id} and ${inArray(userAuthority.authorityName, [...ACT_AS_REFUSED_ROLES])})`;

/** Active users other than the caller: the people one may pick on the act-as page. */
export const listCandidates = async (
  db: DbOrTx,
  query: { excludeUserId: number; search?: string; orderBy: SQL[]; limit: number; offset: number },
) => {
  const where = and(
    eq(appUser.activated, true),
    ne(appUser.id, query.excludeUserId),
    query.search ? userMatches(query.search) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: appUser.id,
        login: appUser.login,
        firstName: appUser.firstName,
        lastName: appUser.lastName,
        company: appUser.company,
        email: appUser.email,
        refused,
      })
      .from(appUser)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(appUser).where(where),
  ]);
  return { items: items as ActAsUserRow[], total: total?.n ?? 0 };
};

export const findUserWithAuthorities = async (db: DbOrTx, where: SQL) => {
  const [row] = await db
    .select({
      id: appUser.id,
      login: appUser.login,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      company: appUser.company,
      activated: appUser.activated,
      authorities: sql<
        string[]
      >`coalesce(array(select ${userAuthority.authorityName} from ${userAuthority} where ${userAuthority.userId} = ${appUser.id}), '{}')`,
    })
    .from(appUser)
    .where(where);
  return row;
};

export const findByLogin = (db: DbOrTx, login: string) => findUserWithAuthorities(db, eq(appUser.login, login));

export const findById = (db: DbOrTx, id: number) => findUserWithAuthorities(db, eq(appUser.id, id));

/** Sets (or, with null, clears) the user a session acts as; only the session's owner's row. */
export const setActAs = (db: DbOrTx, session: { series: string; ownerId: number }, targetId: number | null) =>
  db
    .update(userSession)
    .set({ actAsUserId: targetId })
    .where(and(eq(userSession.series, session.series), eq(userSession.userId, session.ownerId)))
    .returning({ series: userSession.series });
