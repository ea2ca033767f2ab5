import { ACT_AS_MARKER, type Authority, isAuthority, isRefusedActAsTarget, mayActAs } from '@ricambi/domain';
import { type AnyColumn, and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { type Db, type DbOrTx, preparedOnce } from '../db/client.ts';
import { appUser, userAuthority, userSession } from '../db/schema/index.ts';
import { recordAudit } from './audit.ts';
import { randomToken, safeEqual, sha256 } from './crypto.ts';

/**
 * Who a request runs as. While acting (spec 1 §4) it is the target user, with ROLE_PREVIOUS_ADMINISTRATOR
 * added, and `actor` is the staff member who signed in and owns the session.
 */
export type Principal = {
  userId: number;
  login: string;
  authorities: Authority[];
  langKey: string;
  tema: string | null;
  series: string;
  actor?: { userId: number; login: string; authorities: Authority[] };
};

export const SESSION_COOKIE = 'RICAMBI_SESSION';
export const REMEMBER_COOKIE = 'remember-me';
/** A concurrent request may still carry the value that was just rotated away. */
const ROTATION_GRACE_MS = 30_000;
const TOUCH_AFTER_MS = 60_000;

const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 86_400_000;

export const requestIp = (request: FastifyRequest) => request.ip.slice(0, 64);
export const requestAgent = (request: FastifyRequest) => (request.headers['user-agent'] ?? '').slice(0, 255) || null;

type Issued = { series: string; secret: string; rememberValue?: string };

export const createSession = async (
  db: DbOrTx,
  config: Config,
  input: { userId: number; rememberMe: boolean; ipAddress: string; userAgent: string | null },
): Promise<Issued> => {
  const now = Date.now();
  const issued: Issued = {
    series: randomToken(16),
    secret: randomToken(),
    rememberValue: input.rememberMe ? randomToken() : undefined,
  };
  await db.insert(userSession).values({
    series: issued.series,
    userId: input.userId,
    sessionHash: sha256(issued.secret),
    sessionExpiresAt: new Date(now + minutes(config.sessionIdleMinutes)),
    rememberMe: input.rememberMe,
    tokenHash: issued.rememberValue ? sha256(issued.rememberValue) : null,
    tokenRotatedAt: issued.rememberValue ? new Date(now) : null,
    rememberExpiresAt: issued.rememberValue ? new Date(now + days(config.rememberMeDays)) : null,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
  });
  return issued;
};

const cookieBase = (config: Config) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure }) as const;

export const setSessionCookies = (reply: FastifyReply, config: Config, issued: Issued) => {
  reply.setCookie(SESSION_COOKIE, `${issued.series}.${issued.secret}`, cookieBase(config));
  if (issued.rememberValue) {
    reply.setCookie(REMEMBER_COOKIE, `${issued.series}:${issued.rememberValue}`, {
      ...cookieBase(config),
      maxAge: days(config.rememberMeDays) / 1000,
    });
  } else if (reply.request.cookies[REMEMBER_COOKIE]) {
    // The remember-me cookie of an earlier sign-in names a session that is no longer this one.
    reply.clearCookie(REMEMBER_COOKIE, cookieBase(config));
  }
};

export const clearSessionCookies = (reply: FastifyReply, config: Config) => {
  reply.clearCookie(SESSION_COOKIE, cookieBase(config));
  reply.clearCookie(REMEMBER_COOKIE, cookieBase(config));
};

const actAsUser = alias(appUser, 'act_as_user');

const authoritiesOf = (userId: AnyColumn) =>
  sql<
    string[]
  >`coalesce(array(select ${userAuthority.authorityName} from ${userAuthority} where ${userAuthority.userId} = ${userId} order by 1), '{}')`;

/** Every request with a session cookie reads its session: the statement is built once per database. */
const sessionQuery = preparedOnce((db: Db) =>
  db
    .select({
      session: userSession,
      login: appUser.login,
      activated: appUser.activated,
      langKey: appUser.langKey,
      tema: appUser.tema,
      authorities: authoritiesOf(appUser.id),
      actAsLogin: actAsUser.login,
      actAsActivated: actAsUser.activated,
      actAsLangKey: actAsUser.langKey,
      actAsTema: actAsUser.tema,
      actAsAuthorities: authoritiesOf(actAsUser.id),
    })
    .from(userSession)
    .innerJoin(appUser, eq(appUser.id, userSession.userId))
    .leftJoin(actAsUser, eq(actAsUser.id, userSession.actAsUserId))
    .where(eq(userSession.series, sql.placeholder('series')))
    .prepare('load_session'),
);

/** The session of a series with its user: the look-up every signed-in request makes first. */
export const loadSession = async (db: Db, series: string) => {
  const [row] = await sessionQuery(db).execute({ series });
  return row;
};

type Loaded = NonNullable<Awaited<ReturnType<typeof loadSession>>>;

// The marker means "acting" and nothing else: a stored grant of it is ignored.
const grantedAuthorities = (names: string[]) => names.filter(isAuthority).filter((a) => a !== ACT_AS_MARKER);

/**
 * The session's act-as is honoured only while it is still allowed: the actor still holds an act-as
 * role and the target is still active and neither administrator nor manager.
 */
const toPrincipal = (row: Loaded): Principal => {
  const own: Principal = {
    userId: row.session.userId,
    login: row.login,
    authorities: grantedAuthorities(row.authorities),
    langKey: row.langKey,
    tema: row.tema,
    series: row.session.series,
  };
  const targetId = row.session.actAsUserId;
  if (
    targetId === null ||
    !row.actAsLogin ||
    !row.actAsActivated ||
    !mayActAs(own.authorities) ||
    isRefusedActAsTarget(row.actAsAuthorities)
  ) {
    return own;
  }
  return {
    userId: targetId,
    login: row.actAsLogin,
    authorities: [...grantedAuthorities(row.actAsAuthorities), ACT_AS_MARKER],
    langKey: row.actAsLangKey ?? own.langKey,
    tema: row.actAsTema,
    series: own.series,
    actor: { userId: own.userId, login: own.login, authorities: own.authorities },
  };
};

/** The principal of a loaded session; an act-as no longer allowed is ended on the row too. */
const principalOf = async (db: Db, row: Loaded): Promise<Principal> => {
  const principal = toPrincipal(row);
  if (row.session.actAsUserId !== null && !principal.actor) {
    await db.update(userSession).set({ actAsUserId: null }).where(eq(userSession.series, row.session.series));
  }
  return principal;
};

const split = (value: string | undefined, sep: string) => {
  const at = value?.indexOf(sep) ?? -1;
  return value && at > 0 ? ([value.slice(0, at), value.slice(at + 1)] as const) : undefined;
};

/** Finds who is calling from the session cookie, else from the remember-me cookie. */
export const resolvePrincipal = async (
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal | null> => {
  const now = Date.now();
  const sessionCookie = split(request.cookies[SESSION_COOKIE], '.');
  if (sessionCookie) {
    const row = await loadSession(db, sessionCookie[0]);
    const s = row?.session;
    if (
      row?.activated &&
      s?.sessionHash &&
      s.sessionExpiresAt &&
      s.sessionExpiresAt.getTime() > now &&
      safeEqual(s.sessionHash, sha256(sessionCookie[1]))
    ) {
      if (now - s.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
        await db
          .update(userSession)
          .set({ lastUsedAt: new Date(now), sessionExpiresAt: new Date(now + minutes(config.sessionIdleMinutes)) })
          .where(eq(userSession.series, s.series));
      }
      return principalOf(db, row);
    }
  }

  const rememberCookie = split(request.cookies[REMEMBER_COOKIE], ':');
  if (!rememberCookie) {
    if (sessionCookie) reply.clearCookie(SESSION_COOKIE, cookieBase(config));
    return null;
  }
  const [series, value] = rememberCookie;
  const row = await loadSession(db, series);
  const s = row?.session;
  if (!row || !s?.tokenHash || !s.rememberExpiresAt || s.rememberExpiresAt.getTime() <= now || !row.activated) {
    if (s) await db.delete(userSession).where(eq(userSession.series, series));
    clearSessionCookies(reply, config);
    return null;
  }
  const presented = sha256(value);
  if (safeEqual(s.tokenHash, presented)) {
    const issued: Issued = { series, secret: randomToken(), rememberValue: randomToken() };
    await db
      .update(userSession)
      .set({
        sessionHash: sha256(issued.secret),
        sessionExpiresAt: new Date(now + minutes(config.sessionIdleMinutes)),
        previousTokenHash: s.tokenHash,
        tokenHash: sha256(issued.rememberValue ?? ''),
        tokenRotatedAt: new Date(now),
        lastUsedAt: new Date(now),
        rememberExpiresAt: new Date(now + days(config.rememberMeDays)),
      })
      .where(eq(userSession.series, series));
    setSessionCookies(reply, config, issued);
    return principalOf(db, row);
  }
  if (
    s.previousTokenHash &&
    safeEqual(s.previousTokenHash, presented) &&
    s.tokenRotatedAt &&
    now - s.tokenRotatedAt.getTime() < ROTATION_GRACE_MS
  ) {
    return principalOf(db, row);
  }
  // A known series with a wrong value: the cookie was copied and used elsewhere. End every session.
  await db.delete(userSession).where(eq(userSession.userId, s.userId));
  await recordAudit(db, {
    principal: row.login,
    type: 'REMEMBER_ME_THEFT',
    remoteAddress: requestIp(request),
    message: 'remember-me value reused; all sessions invalidated',
  });
  request.log.warn({ login: row.login }, 'remember-me theft detected; all sessions of the account invalidated');
  clearSessionCookies(reply, config);
  return null;
};

export const deleteSession = (db: DbOrTx, userId: number, series: string) =>
  db
    .delete(userSession)
    .where(and(eq(userSession.userId, userId), eq(userSession.series, series)))
    .returning({ series: userSession.series });

export const deleteOtherSessions = (db: DbOrTx, userId: number, keepSeries?: string) =>
  db
    .delete(userSession)
    .where(and(eq(userSession.userId, userId), keepSeries ? ne(userSession.series, keepSeries) : undefined));
