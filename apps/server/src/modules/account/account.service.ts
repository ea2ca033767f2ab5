import {
  type Account,
  type ChangePasswordRequest,
  changePasswordSchema,
  LOGIN_THROTTLE,
  RESET_KEY_VALIDITY_HOURS,
  type RegisterRequest,
  type ResetFinishRequest,
  registerSchema,
  resetFinishSchema,
  type Session,
  type SettingsRequest,
  settingsSchema,
} from '@ricambi/domain';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { countAuditSince, recordAudit } from '../../platform/audit.ts';
import { refuseWhileActing } from '../../platform/auth.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../platform/crypto.ts';
import { AppError, badRequest, fieldError, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { createSession, deleteOtherSessions, deleteSession, type Principal } from '../../platform/sessions.ts';
import { activationMail, creationMail, resetMail } from './account.mails.ts';
import { toAccount, toSession } from './account.mapper.ts';
import * as repo from './account.repository.ts';

export type AccountDeps = { db: Db; config: Config; kickOutbox: () => void };
type Client = { ipAddress: string; userAgent: string | null };

export const createAccountService = ({ db, config, kickOutbox }: AccountDeps) => {
  const throttle = async (login: string, ipAddress: string) => {
    const since = new Date(Date.now() - LOGIN_THROTTLE.windowMinutes * 60_000);
    const [byAccount, byAddress] = await Promise.all([
      // Per account and address together: failures from elsewhere must not lock the owner out.
      countAuditSince(db, { principal: login, remoteAddress: ipAddress, type: 'AUTHENTICATION_FAILURE', since }),
      countAuditSince(db, { remoteAddress: ipAddress, type: 'AUTHENTICATION_FAILURE', since }),
    ]);
    if (byAccount >= LOGIN_THROTTLE.maxFailuresPerAccount || byAddress >= LOGIN_THROTTLE.maxFailuresPerAddress) {
      throw tooManyRequests('error.login.throttled', { minutes: LOGIN_THROTTLE.windowMinutes });
    }
  };

  const loadAccount = async (userId: number): Promise<Account> => {
    const user = await repo.findUserById(db, userId);
    if (!user) throw unauthorized();
    return toAccount(user, await repo.authoritiesOf(db, userId));
  };

  return {
    /**
     * POST /api/authentication. Login lower-cased; throttled per account and address, and per address.
     * Always a new session; the one the browser held before (`previous`) is ended with it.
     */
    authenticate: async (
      input: { username: string; password: string; rememberMe: boolean },
      client: Client,
      previous: Principal | null,
    ) => {
      const login = input.username.toLowerCase();
      await throttle(login, client.ipAddress);
      const user = login.includes('@') ? await repo.findUserByEmail(db, login) : await repo.findUserByLogin(db, login);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await recordAudit(db, {
          principal: login,
          type: 'AUTHENTICATION_FAILURE',
          remoteAddress: client.ipAddress,
          message: 'Bad credentials',
        });
        throw unauthorized('error.login.failed');
      }
      if (!user.activated) {
        await recordAudit(db, {
          principal: user.login,
          type: 'AUTHENTICATION_FAILURE',
          remoteAddress: client.ipAddress,
          message: 'User not activated',
        });
        throw unauthorized('error.login.notActivated');
      }
      const issued = await db.transaction(async (tx) => {
        if (previous) await deleteSession(tx, (previous.actor ?? previous).userId, previous.series);
        const created = await createSession(tx, config, { userId: user.id, rememberMe: input.rememberMe, ...client });
        await recordAudit(tx, {
          principal: user.login,
          type: 'AUTHENTICATION_SUCCESS',
          remoteAddress: client.ipAddress,
        });
        return created;
      });
      return { issued, account: toAccount(user, await repo.authoritiesOf(db, user.id)) };
    },

    logout: async (principal: Principal | null, client: Client) => {
      if (!principal) return;
      // While acting, the session belongs to the actor.
      const owner = principal.actor ?? principal;
      await deleteSession(db, owner.userId, principal.series);
      await recordAudit(db, { principal: owner.login, type: 'LOGOUT', remoteAddress: client.ipAddress });
    },

    /** The principal's authorities: while acting, the target's plus ROLE_PREVIOUS_ADMINISTRATOR. */
    getAccount: async (principal: Principal): Promise<Account> => {
      const user = await repo.findUserById(db, principal.userId);
      if (!user) throw unauthorized();
      return toAccount(user, principal.authorities);
    },

    register: async (input: RegisterRequest, tema: string | null) => {
      const data = registerSchema.parse(input);
      const key = randomToken(20);
      await db.transaction(async (tx) => {
        for (const existing of await repo.findUsersByLoginOrEmail(tx, data.login, data.email)) {
          // An account never activated does not keep its login or e-mail from a new registration.
          if (!existing.activated) {
            await repo.deleteUserById(tx, existing.id);
            continue;
          }
          if (existing.login === data.login) throw fieldError('login', 'error.userexists');
          throw fieldError('email', 'error.emailexists');
        }
        const user = await repo.insertUser(tx, {
          login: data.login,
          email: data.email.toLowerCase(),
          firstName: data.firstName || null,
          lastName: data.lastName || null,
          passwordHash: await hashPassword(data.password),
          langKey: data.langKey,
          activated: false,
          activationKeyHash: sha256(key),
          tema,
          temaPdf: tema,
          createdBy: 'anonymoususer',
        });
        await repo.addAuthorities(tx, user.id, ['ROLE_USER']);
        await queueMail(tx, activationMail({ ...user, email: data.email }, config.baseUrl, key));
      });
      kickOutbox();
    },

    activate: async (key: string) => {
      const user = await repo.findUserByActivationKey(db, sha256(key));
      if (!user) throw badRequest('activate.messages.error');
      await repo.updateUser(db, user.id, {
        activated: true,
        activationKeyHash: null,
        lastModifiedBy: user.login,
        lastModifiedDate: new Date(),
      });
    },

    saveSettings: async (principal: Principal, input: SettingsRequest) => {
      refuseWhileActing(principal);
      const data = settingsSchema.parse(input);
      await db.transaction(async (tx) => {
        const other = await repo.findUserByEmail(tx, data.email);
        if (other && other.id !== principal.userId) throw fieldError('email', 'error.emailexists');
        await repo.updateUser(tx, principal.userId, {
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email.toLowerCase(),
          langKey: data.langKey,
          lastModifiedBy: principal.login,
          lastModifiedDate: new Date(),
        });
      });
      return loadAccount(principal.userId);
    },

    changePassword: async (principal: Principal, input: ChangePasswordRequest) => {
      refuseWhileActing(principal);
      const data = changePasswordSchema.parse(input);
      const user = await repo.findUserById(db, principal.userId);
      if (!user || !(await verifyPassword(user.passwordHash, data.currentPassword))) {
        throw fieldError('currentPassword', 'password.messages.wrongCurrent');
      }
      const passwordHash = await hashPassword(data.newPassword);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, {
          passwordHash,
          lastModifiedBy: principal.login,
          lastModifiedDate: new Date(),
        });
        await deleteOtherSessions(tx, user.id, principal.series);
      });
    },

    requestReset: async (email: string) => {
      const user = await repo.findUserByEmail(db, email);
      if (!user?.activated || !user.email) throw fieldError('email', 'error.email.notfound');
      const key = randomToken(20);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { resetKeyHash: sha256(key), resetDate: new Date() });
        await queueMail(tx, resetMail({ ...user, email: user.email as string }, config.baseUrl, key));
      });
      kickOutbox();
    },

    finishReset: async (input: ResetFinishRequest) => {
      const data = resetFinishSchema.parse(input);
      const notBefore = new Date(Date.now() - RESET_KEY_VALIDITY_HOURS * 3_600_000);
      const user = await repo.findUserByResetKey(db, sha256(data.key), notBefore);
      if (!user) throw badRequest('reset.finish.messages.error');
      const passwordHash = await hashPassword(data.newPassword);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, {
          passwordHash,
          resetKeyHash: null,
          resetDate: null,
          lastModifiedBy: user.login,
          lastModifiedDate: new Date(),
        });
        await deleteOtherSessions(tx, user.id);
      });
    },

    listSessions: async (principal: Principal): Promise<Session[]> => {
      refuseWhileActing(principal);
      return (await repo.listSessionsOf(db, principal.userId)).map((row) => toSession(row, principal.series));
    },

    invalidateSession: async (principal: Principal, series: string) => {
      refuseWhileActing(principal);
      const deleted = await deleteSession(db, principal.userId, series);
      if (deleted.length === 0) throw new AppError(404, 'sessions.messages.error');
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * "Account created" mail for an account made by a manager: a reset key lets the user choose a
 * password. Runs inside the caller's transaction (user management).
 */
export const queueAccountCreatedMail = async (
  tx: DbOrTx,
  config: Config,
  user: { id: number; email: string; login: string; firstName: string | null; langKey: string },
) => {
  const key = randomToken(20);
  await repo.updateUser(tx, user.id, { resetKeyHash: sha256(key), resetDate: new Date() });
  await queueMail(tx, creationMail(user, config.baseUrl, key));
};
