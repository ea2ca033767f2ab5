import type { UserSortField } from '@ricambi/domain';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appUser, authority, userAuthority } from '../../db/schema/index.ts';
import { containsPattern, escapeLike, type SortColumns } from '../../platform/paging.ts';

export type UserRow = typeof appUser.$inferSelect;
export type NewUserRow = typeof appUser.$inferInsert;

/** The sortable list fields (spec 1 §2.3), each served by an index (e-mail by the lower(email) one). */
export const USER_SORT_COLUMNS: SortColumns<UserSortField> = {
  id: appUser.id,
  login: appUser.login,
  company: appUser.company,
  email: sql`lower(${appUser.email})`,
  createdDate: appUser.createdDate,
  lastModifiedBy: appUser.lastModifiedBy,
};

/** Case-insensitive substring match on login, company, e-mail, first and last name. */
export const userMatches = (term: string): SQL | undefined => {
  const pattern = containsPattern(term);
  return or(
    ilike(appUser.login, pattern),
    ilike(appUser.company, pattern),
    ilike(appUser.email, pattern),
    ilike(appUser.firstName, pattern),
    ilike(appUser.lastName, pattern),
    sql`concat_ws(' ', ${appUser.firstName}, ${appUser.lastName}) ilike ${pattern}`,
  );
};

/** The authorities of a page of users in one query. */
export const authoritiesByUserIds = async (db: DbOrTx, userIds: readonly number[]) => {
  const byUser = new Map<number, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userAuthority.userId, name: userAuthority.authorityName })
    .from(userAuthority)
    .where(inArray(userAuthority.userId, [...userIds]))
    .orderBy(asc(userAuthority.userId), asc(userAuthority.authorityName));
  for (const row of rows) byUser.get(row.userId)?.push(row.name);
  return byUser;
};

export const replaceAuthorities = async (db: DbOrTx, userId: number, names: readonly string[]) => {
  await db.delete(userAuthority).where(eq(userAuthority.userId, userId));
  if (names.length > 0) {
    await db.insert(userAuthority).values([...new Set(names)].map((authorityName) => ({ userId, authorityName })));
  }
};

export const listAuthorityNames = async (db: DbOrTx) =>
  (await db.select({ name: authority.name }).from(authority).orderBy(asc(authority.name))).map((r) => r.name);

export const findUserByLogin = async (db: DbOrTx, login: string) =>
  (await db.select().from(appUser).where(eq(appUser.login, login)))[0];

export const findUsersByLogins = async (db: DbOrTx, logins: readonly string[]) =>
  logins.length === 0
    ? []
    : db
        .select()
        .from(appUser)
        .where(inArray(appUser.login, [...logins]));

/** Owners of these e-mails (compared lower-cased, as the unique index does). */
export const findUsersByEmails = async (db: DbOrTx, emails: readonly string[]) =>
  emails.length === 0
    ? []
    : db
        .select({ id: appUser.id, login: appUser.login, email: appUser.email })
        .from(appUser)
        .where(
          inArray(
            sql`lower(${appUser.email})`,
            emails.map((e) => e.toLowerCase()),
          ),
        );

/** Which of these logins are users with logica dealer. */
export const findDealerLogins = async (db: DbOrTx, logins: readonly string[]) =>
  logins.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db
            .select({ login: appUser.login })
            .from(appUser)
            .where(and(eq(appUser.logica, 'dealer'), inArray(appUser.login, [...logins])))
        ).map((r) => r.login),
      );

export const countSubdealersOf = async (db: DbOrTx, dealerLogin: string) =>
  (await db.select({ n: count() }).from(appUser).where(eq(appUser.dealerLogin, dealerLogin)))[0]?.n ?? 0;

export const insertUser = async (db: DbOrTx, values: NewUserRow) => {
  const [row] = await db.insert(appUser).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateUser = async (db: DbOrTx, id: number, values: Partial<NewUserRow>) => {
  const [row] = await db.update(appUser).set(values).where(eq(appUser.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
};

/** The columns of a user summary (typeaheads, pickers). */
export const userSummaryColumns = {
  id: appUser.id,
  login: appUser.login,
  firstName: appUser.firstName,
  lastName: appUser.lastName,
  company: appUser.company,
  email: appUser.email,
  logica: appUser.logica,
  activated: appUser.activated,
};

/** The typeahead: logins first that start with the term, then the other matches. */
export const searchUsers = (db: DbOrTx, query: { term: string; logica?: string; limit: number }) =>
  db
    .select(userSummaryColumns)
    .from(appUser)
    .where(and(userMatches(query.term), query.logica ? eq(appUser.logica, query.logica) : undefined))
    .orderBy(sql`${appUser.login} not ilike ${`${escapeLike(query.term)}%`}`, asc(appUser.login))
    .limit(query.limit);

export const findSummaryByLogin = async (db: DbOrTx, login: string) =>
  (await db.select(userSummaryColumns).from(appUser).where(eq(appUser.login, login)))[0];

/** One page of user summaries and the total. */
export const pageSummaries = async (
  db: DbOrTx,
  query: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number },
) => {
  const [items, [total]] = await Promise.all([
    db
      .select(userSummaryColumns)
      .from(appUser)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(appUser).where(query.where),
  ]);
  return { items, total: total?.n ?? 0 };
};

/** Holders of an authority (the superdealers). */
export const holdsAuthority = (name: string): SQL =>
  sql`exists (select 1 from ${userAuthority} where ${userAuthority.userId} = ${appUser.id} and ${userAuthority.authorityName} = ${name})`;

/** Subdealers, of one dealer when given. */
export const subdealersOf = (dealer: string | undefined) =>
  and(eq(appUser.logica, 'subdealer'), dealer ? eq(appUser.dealerLogin, dealer) : undefined);
