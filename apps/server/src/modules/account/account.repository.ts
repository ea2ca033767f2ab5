import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appUser, userAuthority, userSession } from '../../db/schema/index.ts';

export type UserRow = typeof appUser.$inferSelect;
export type NewUserRow = typeof appUser.$inferInsert;

export const findUserByLogin = async (db: DbOrTx, login: string) =>
  (await db.select().from(appUser).where(eq(appUser.login, login)))[0];

export const findUserByEmail = async (db: DbOrTx, email: string) =>
  (await db.select().from(appUser).where(sql`lower(${appUser.email}) = ${email.toLowerCase()}`))[0];

export const findUserById = async (db: DbOrTx, id: number) =>
  (await db.select().from(appUser).where(eq(appUser.id, id)))[0];

export const findUserByActivationKey = async (db: DbOrTx, keyHash: string) =>
  (await db.select().from(appUser).where(eq(appUser.activationKeyHash, keyHash)))[0];

export const findUserByResetKey = async (db: DbOrTx, keyHash: string, notBefore: Date) =>
  (
    await db
      .select()
      .from(appUser)
      .where(and(eq(appUser.resetKeyHash, keyHash), isNotNull(appUser.resetDate), gt(appUser.resetDate, notBefore)))
  )[0];

export const findUsersByLoginOrEmail = (db: DbOrTx, login: string, email: string) =>
  db
    .select()
    .from(appUser)
    .where(or(eq(appUser.login, login), sql`lower(${appUser.email}) = ${email.toLowerCase()}`));

export const insertUser = async (db: DbOrTx, values: NewUserRow) => {
  const [row] = await db.insert(appUser).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateUser = (db: DbOrTx, id: number, values: Partial<NewUserRow>) =>
  db.update(appUser).set(values).where(eq(appUser.id, id));

export const deleteUserById = (db: DbOrTx, id: number) => db.delete(appUser).where(eq(appUser.id, id));

export const addAuthorities = async (db: DbOrTx, userId: number, names: readonly string[]) => {
  if (names.length === 0) return;
  await db
    .insert(userAuthority)
    .values(names.map((authorityName) => ({ userId, authorityName })))
    .onConflictDoNothing();
};

export const authoritiesOf = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ name: userAuthority.authorityName })
      .from(userAuthority)
      .where(eq(userAuthority.userId, userId))
      .orderBy(asc(userAuthority.authorityName))
  ).map((r) => r.name);

export const listSessionsOf = (db: DbOrTx, userId: number) =>
  db
    .select()
    .from(userSession)
    .where(
      and(
        eq(userSession.userId, userId),
        or(gt(userSession.sessionExpiresAt, sql`now()`), gt(userSession.rememberExpiresAt, sql`now()`)),
      ),
    )
    .orderBy(sql`${userSession.lastUsedAt} desc`);
