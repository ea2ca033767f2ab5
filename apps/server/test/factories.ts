import type { Authority, Language } from '@ricambi/domain';
import { asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import { appUser, auditEvent, outboxMessage, userSession } from '../src/db/schema/index.ts';
import { addAuthorities, insertUser } from '../src/modules/account/account.repository.ts';
import type { AuditType } from '../src/platform/audit.ts';
import { hashPassword } from '../src/platform/crypto.ts';

let sequence = 0;

/** A login no other test uses (lower-case letters and digits, valid for registration too). */
export const uniqueLogin = (prefix = 'user') => `${prefix}${process.pid}n${++sequence}`;

export type UserInput = {
  login?: string;
  password?: string;
  authorities?: readonly Authority[];
  activated?: boolean;
  email?: string;
  langKey?: Language;
  firstName?: string;
  lastName?: string;
  tema?: string;
};

export type CreatedUser = { id: number; login: string; password: string; email: string };

/** A user stored through the real repository functions, with its authorities (default ROLE_USER). */
export const createUser = async (db: DbOrTx, input: UserInput = {}): Promise<CreatedUser> => {
  const login = input.login ?? uniqueLogin();
  const password = input.password ?? `${login}-pw`;
  const email = input.email ?? `${login}@test.example`;
  const user = await insertUser(db, {
    login,
    passwordHash: await hashPassword(password),
    email,
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? login,
    activated: input.activated ?? true,
    langKey: input.langKey ?? 'it',
    tema: input.tema ?? 'eurocomach',
    temaPdf: input.tema ?? 'eurocomach',
    createdBy: 'test',
  });
  await addAuthorities(db, user.id, input.authorities ?? ['ROLE_USER']);
  return { id: user.id, login, password, email };
};

export const countUsers = async (db: DbOrTx) => (await db.select({ n: count() }).from(appUser))[0]?.n ?? 0;

export const countOutbox = async (db: DbOrTx) => (await db.select({ n: count() }).from(outboxMessage))[0]?.n ?? 0;

export const auditEventsOf = (db: DbOrTx, principal: string, type?: AuditType) =>
  db
    .select()
    .from(auditEvent)
    .where(eq(auditEvent.principal, principal))
    .orderBy(asc(auditEvent.id))
    .then((rows) => (type ? rows.filter((r) => r.eventType === type) : rows));

export const sessionsOfUser = (db: DbOrTx, userId: number) =>
  db.select().from(userSession).where(eq(userSession.userId, userId));
