import {
  ADMIN_ONLY_AUTHORITY,
  ASSIGNABLE_AUTHORITIES,
  AUTOCOMPLETE_SIZE,
  type ErpTestResult,
  type FieldError,
  LOGICHE,
  type Logica,
  needsDealer,
  type PageQuery,
  SUBDEALER_FIELDS,
  toFieldErrors,
  USER_DEFAULTS,
  USER_LOOKUP_DEFAULT_SORT,
  type User,
  type UserCreateRequest,
  type UserImportPreview,
  type UserImportResult,
  type UserSortField,
  type UserUpdateRequest,
  userImportRowSchema,
} from '@ricambi/domain';
import { and, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appUser } from '../../db/schema/index.ts';
import { hashPassword, randomToken } from '../../platform/crypto.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { orderBy } from '../../platform/paging.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { Principal } from '../../platform/sessions.ts';
import { queueAccountCreatedMail } from '../account/account.contract.ts';
import type { ThemesService } from '../themes/themes.contract.ts';
import { readSheet, toCandidate } from './users.import.ts';
import { toSummary, toUser } from './users.mapper.ts';
import * as repo from './users.repository.ts';

export type UsersDeps = {
  db: Db;
  config: Config;
  themes: ThemesService;
  secrets: Secrets;
  kickOutbox: () => void;
};

type Input = z.output<typeof userImportRowSchema>;
type UserInput = Partial<Omit<Input, 'login' | 'newPassword'>> & { newPassword?: string | null };

/** What the rules need to know of one user being created or changed. */
type Draft = {
  login: string;
  existing?: repo.UserRow;
  existingAuthorities: readonly string[];
  input: UserInput;
};

const ERP_TIMEOUT_MS = 5000;
const SUPERDEALER = 'ROLE_CR_SUPERDEALER';

/** A password hash that no password matches: an imported account gets its password by the creation mail. */
const unusablePasswordHash = () => `!unset:${randomToken()}`;

const fieldErrors = (errors: FieldError[]) => new AppError(400, 'error.validation', undefined, errors);

const isAdmin = (principal: Principal) => principal.authorities.includes(ADMIN_ONLY_AUTHORITY);

/** `''` and null clear a text; undefined keeps it (an import's empty cell, a field not sent). */
const textValue = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

export const createUsersService = ({ db, config, themes, secrets, kickOutbox }: UsersDeps) => {
  const knownTheme = (name: string) => themes.list().some((t) => t.name === name);
  /** Spec 1 §3: new users get the machine-parts theme. */
  const defaultTheme = () => {
    const all = themes.list();
    return (
      (all.find((t) => t.isDefault && t.canAccessParts) ?? all.find((t) => t.canAccessParts) ?? all[0])?.name ?? null
    );
  };

  const page = async (where: SQL | undefined, query: PageQuery<UserSortField>) => {
    const { items, total } = await repo.pageSummaries(db, {
      where,
      orderBy: orderBy(query.sort, repo.USER_SORT_COLUMNS, [appUser.id], [USER_LOOKUP_DEFAULT_SORT]),
      limit: query.size,
      offset: query.page * query.size,
    });
    return { items: items.map(toSummary), total };
  };

  const respond = async (tx: DbOrTx, rows: repo.UserRow[]): Promise<User[]> => {
    const authorities = await repo.authoritiesByUserIds(
      tx,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toUser(row, authorities.get(row.id) ?? [], secrets));
  };

  /**
   * The rules beyond one field's schema, for a batch of users at once (one query per kind of check):
   * unique login and e-mail (in the database and within the batch), the subdealer's dealer, known
   * themes, ROLE_ADMIN changed only by administrators, no self-deactivation.
   */
  const checkRules = async (tx: DbOrTx, principal: Principal, drafts: readonly Draft[]) => {
    const errors = drafts.map((): FieldError[] => []);
    const emails = drafts.map((d) => d.input.email?.toLowerCase()).filter((e): e is string => Boolean(e));
    const owners = await repo.findUsersByEmails(tx, emails);
    const logicaOf = (d: Draft) => d.input.logica ?? d.existing?.logica ?? USER_DEFAULTS.logica;
    const dealerOf = (d: Draft) =>
      d.input.dealerLogin === undefined ? (d.existing?.dealerLogin ?? null) : textValue(d.input.dealerLogin);
    const wantedDealers = drafts.flatMap((d) => (logicaOf(d) === 'subdealer' ? [dealerOf(d) ?? ''] : []));
    const dealers = await repo.findDealerLogins(tx, [...new Set(wantedDealers.filter(Boolean))]);
    // A dealer created in the same import counts.
    for (const d of drafts) if (logicaOf(d) === 'dealer') dealers.add(d.login);
    const seenLogins = new Map<string, number>();
    const seenEmails = new Map<string, number>();

    drafts.forEach((d, i) => {
      const add = (field: string, message: string, params?: Record<string, string | number>) =>
        errors[i]?.push({ field, message, ...(params ? { params } : {}) });
      const email = d.input.email?.toLowerCase();
      if (email) {
        const owner = owners.find((o) => o.email?.toLowerCase() === email);
        if (owner && owner.login !== d.login) add('email', 'error.emailexists');
        if (seenEmails.has(email)) add('email', 'userManagement.import.duplicateEmail');
        else seenEmails.set(email, i);
      }
      if (seenLogins.has(d.login)) add('login', 'userManagement.import.duplicateLogin');
      else seenLogins.set(d.login, i);

      if (logicaOf(d) === 'subdealer') {
        const dealer = dealerOf(d);
        if (needsDealer({ logica: 'subdealer', dealerLogin: dealer })) add('dealerLogin', 'validation.required');
        else if (!dealer || dealer === d.login || !dealers.has(dealer)) {
          add('dealerLogin', 'userManagement.validation.dealerUnknown');
        }
      }
      for (const field of ['tema', 'temaPdf'] as const) {
        const theme = textValue(d.input[field]);
        if (theme && !knownTheme(theme)) add(field, 'validation.invalid');
      }
      if (!isAdmin(principal)) {
        if (d.existingAuthorities.includes(ADMIN_ONLY_AUTHORITY)) add('login', 'userManagement.validation.adminOnly');
        else if ((d.input.authorities as readonly string[] | undefined)?.includes(ADMIN_ONLY_AUTHORITY)) {
          add('authorities', 'userManagement.validation.adminOnly');
        }
      }
      if (d.existing?.id === principal.userId && d.input.activated === false) {
        add('activated', 'userManagement.validation.notSelf');
      }
    });
    return errors;
  };

  /** The columns to write: undefined fields keep an existing user's value and take the defaults for a new one. */
  const toColumns = async (input: UserInput, existing?: repo.UserRow): Promise<Partial<repo.NewUserRow>> => {
    const pick = <T>(value: T | undefined, fallback: T) =>
      value !== undefined ? value : existing ? undefined : fallback;
    const text = (value: string | null | undefined) => {
      const v = textValue(value);
      return v === undefined && !existing ? null : v;
    };
    // A new user without a theme gets the default one.
    const theme = (value: string | null | undefined) =>
      existing ? textValue(value) : (textValue(value) ?? defaultTheme());
    const logica: Logica = input.logica ?? (existing?.logica as Logica | undefined) ?? USER_DEFAULTS.logica;
    const values: Partial<repo.NewUserRow> = {
      firstName: text(input.firstName),
      lastName: text(input.lastName),
      company: text(input.company),
      email: input.email?.toLowerCase(),
      activated: pick(input.activated, USER_DEFAULTS.activated),
      langKey: pick(input.langKey, USER_DEFAULTS.langKey),
      tema: theme(input.tema),
      temaPdf: theme(input.temaPdf),
      logica: pick(input.logica, USER_DEFAULTS.logica),
      vedeSconto: pick(input.vedeSconto, USER_DEFAULTS.vedeSconto),
      vedePrezzi: pick(input.vedePrezzi, USER_DEFAULTS.vedePrezzi),
      vedeTutteLeMatricole: pick(input.vedeTutteLeMatricole, USER_DEFAULTS.vedeTutteLeMatricole),
      markup: pick(input.markup, USER_DEFAULTS.markup)?.toFixed(2),
      sconto: pick(input.sconto, USER_DEFAULTS.sconto)?.toFixed(2),
    };
    if (logica === 'subdealer') {
      for (const field of SUBDEALER_FIELDS) values[field] = text(input[field]);
    } else {
      for (const field of SUBDEALER_FIELDS) values[field] = null;
    }
    if (input.newPassword) values.passwordHash = await hashPassword(input.newPassword);
    else if (!existing) values.passwordHash = unusablePasswordHash();
    // The external credentials are a pair: no user name, no password.
    const erpUser = textValue(input.erpUser);
    if (erpUser === null) {
      values.erpUserEnc = null;
      values.erpPasswordEnc = null;
    } else {
      if (erpUser !== undefined) values.erpUserEnc = secrets.encrypt(erpUser);
      if (input.erpPassword) values.erpPasswordEnc = secrets.encrypt(input.erpPassword);
    }
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  };

  const loadDraft = async (tx: DbOrTx, login: string, input: UserInput, existing?: repo.UserRow): Promise<Draft> => ({
    login,
    existing,
    existingAuthorities: existing ? ((await repo.authoritiesByUserIds(tx, [existing.id])).get(existing.id) ?? []) : [],
    input,
  });

  const refuseAdminTarget = (principal: Principal, draft: Draft) => {
    if (!isAdmin(principal) && draft.existingAuthorities.includes(ADMIN_ONLY_AUTHORITY)) {
      throw forbidden('userManagement.messages.adminOnly');
    }
  };

  const throwIfAny = (errors: FieldError[] | undefined) => {
    if (errors?.length) throw fieldErrors(errors);
  };

  /** Checks and applies a batch of import rows; the errors of every row, by the row's index. */
  const checkImport = async (tx: DbOrTx, principal: Principal, candidates: readonly Record<string, unknown>[]) => {
    const parsed = candidates.map((c) => userImportRowSchema.safeParse(c));
    const logins = parsed.flatMap((p) => (p.success ? [p.data.login] : []));
    const existing = new Map((await repo.findUsersByLogins(tx, [...new Set(logins)])).map((u) => [u.login, u]));
    const authorities = await repo.authoritiesByUserIds(
      tx,
      [...existing.values()].map((u) => u.id),
    );
    const valid = parsed.flatMap((p, index) => (p.success ? [{ index, data: p.data }] : []));
    const drafts = valid.map(({ data }): Draft => {
      const { login, ...input } = data;
      const user = existing.get(login);
      return { login, existing: user, existingAuthorities: user ? (authorities.get(user.id) ?? []) : [], input };
    });
    const ruleErrors = await checkRules(tx, principal, drafts);
    const rows = parsed.map((p) => ({
      errors: p.success ? [] : toFieldErrors(p.error.issues),
      draft: undefined as Draft | undefined,
    }));
    valid.forEach(({ index }, i) => {
      const row = rows[index];
      if (!row) return;
      row.draft = drafts[i];
      row.errors.push(...(ruleErrors[i] ?? []));
    });
    return rows;
  };

  return {
    respond,

    /** The kit's create: rules, then the columns. */
    toInsert: async (input: UserCreateRequest, { tx, principal }: { tx: DbOrTx; principal: Principal }) => {
      const data = input as Input & { newPassword: string };
      const existing = await repo.findUserByLogin(tx, data.login);
      const draft = await loadDraft(tx, data.login, data);
      const errors = (await checkRules(tx, principal, [draft]))[0] ?? [];
      if (existing) errors.unshift({ field: 'login', message: 'error.userexists' });
      throwIfAny(errors);
      return { passwordHash: unusablePasswordHash(), ...(await toColumns(data)), login: data.login };
    },

    /** In the create's transaction: the authorities and the "account created" mail. */
    afterInsert: async (tx: DbOrTx, row: repo.UserRow, input: UserCreateRequest) => {
      await repo.replaceAuthorities(tx, row.id, input.authorities ?? [...USER_DEFAULTS.authorities]);
      if (row.email) await queueAccountCreatedMail(tx, config, { ...row, email: row.email });
    },

    toUpdate: async (input: UserUpdateRequest, ctx: { tx: DbOrTx; principal: Principal; existing: repo.UserRow }) => {
      const data = input as UserInput;
      const draft = await loadDraft(ctx.tx, ctx.existing.login, data, ctx.existing);
      refuseAdminTarget(ctx.principal, draft);
      throwIfAny((await checkRules(ctx.tx, ctx.principal, [draft]))[0]);
      return toColumns(data, ctx.existing);
    },

    afterUpdate: async (tx: DbOrTx, row: repo.UserRow, input: UserUpdateRequest) => {
      if (input.authorities) await repo.replaceAuthorities(tx, row.id, input.authorities);
    },

    /** The current account is never deleted (spec 1 §2.3), nor a dealer that still has subdealers. */
    beforeDelete: async ({ tx, principal, existing }: { tx: DbOrTx; principal: Principal; existing: repo.UserRow }) => {
      if (existing.id === principal.userId) throw badRequest('userManagement.messages.deleteSelf');
      refuseAdminTarget(principal, await loadDraft(tx, existing.login, {}, existing));
      const subdealers = await repo.countSubdealersOf(tx, existing.login);
      if (subdealers > 0) throw badRequest('userManagement.messages.hasSubdealers', { count: subdealers });
    },

    kickOutbox,

    /** The list's activation toggle (spec 1 §4). */
    setActivated: async (principal: Principal, login: string, activated: boolean): Promise<User> =>
      db.transaction(async (tx) => {
        const existing = await repo.findUserByLogin(tx, login);
        if (!existing) throw notFound();
        const draft = await loadDraft(tx, login, { activated }, existing);
        refuseAdminTarget(principal, draft);
        throwIfAny((await checkRules(tx, principal, [draft]))[0]);
        const row = await repo.updateUser(tx, existing.id, {
          activated,
          lastModifiedBy: principal.login,
          lastModifiedDate: new Date(),
        });
        return (await respond(tx, [row]))[0] as User;
      }),

    search: async (term: string, logica: string | undefined) =>
      (await repo.searchUsers(db, { term, logica, limit: AUTOCOMPLETE_SIZE })).map(toSummary),

    byLogin: async (login: string) => {
      const user = await repo.findSummaryByLogin(db, login);
      if (!user) throw notFound();
      return toSummary(user);
    },

    /** A page of user summaries: a filter, sorted by login then id. */
    /** GET /api/users/searchBasic/byLoginOrEmailOrCompany. */
    searchBasic: (term: string | undefined, query: PageQuery<UserSortField>) =>
      page(term ? repo.userMatches(term) : undefined, query),

    /** GET /api/users/searchSuperdealers. */
    superdealers: (term: string | undefined, query: PageQuery<UserSortField>) =>
      page(and(repo.holdsAuthority(SUPERDEALER), term ? repo.userMatches(term) : undefined), query),

    /**
     * GET /api/users/subdealers. A superdealer sees only their own subdealers (spec 2: "its login is
     * used as the dealer").
     */
    subdealers: (principal: Principal, dealer: string | undefined, query: PageQuery<UserSortField>) => {
      const manages = principal.authorities.some((a) => ['ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_CR_INTERNAL'].includes(a));
      if (!manages && dealer && dealer !== principal.login) throw forbidden();
      return page(repo.subdealersOf(manages ? dealer : principal.login), query);
    },

    authorities: async () => {
      const stored = new Set(await repo.listAuthorityNames(db));
      return ASSIGNABLE_AUTHORITIES.filter((a) => stored.has(a));
    },

    logiche: () => [...LOGICHE],

    /**
     * The external-system credential test (spec 1 §7 GET /api/users/login): the given credentials,
     * else the stored ones of `login`, are posted to ERP_LOGIN_URL. Unconfigured is said as such.
     */
    testErp: async (
      query: { login?: string; erpUser?: string },
      password: string | undefined,
    ): Promise<ErpTestResult> => {
      if (!config.erpLoginUrl) return { status: 'NOT_CONFIGURED', message: 'userManagement.erp.notConfigured' };
      const stored = query.login ? await repo.findUserByLogin(db, query.login) : undefined;
      if (query.login && !stored) throw notFound();
      const reveal = (value: string | null | undefined) => {
        try {
          return value ? secrets.decrypt(value) : undefined;
        } catch {
          return undefined;
        }
      };
      const username = query.erpUser || reveal(stored?.erpUserEnc);
      const secret = password || reveal(stored?.erpPasswordEnc);
      if (!username || !secret) return { status: 'MISSING', message: 'userManagement.erp.missing' };
      try {
        const response = await fetch(config.erpLoginUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ username, password: secret }),
          redirect: 'manual',
          signal: AbortSignal.timeout(ERP_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) return { status: 'OK', message: 'userManagement.erp.ok' };
        if (response.status === 401 || response.status === 403) {
          return { status: 'REJECTED', message: 'userManagement.erp.rejected', httpStatus: response.status };
        }
        return { status: 'ERROR', message: 'userManagement.erp.error', httpStatus: response.status };
      } catch {
        return { status: 'UNREACHABLE', message: 'userManagement.erp.unreachable' };
      }
    },

    /** POST /api/users/import/preview: the file's rows with every error, nothing stored. */
    previewImport: async (
      principal: Principal,
      file: { filename: string; mimetype: string; data: Buffer },
    ): Promise<UserImportPreview> => {
      const sheet = await readSheet(file);
      const candidates = sheet.rows.map((r) => toCandidate(r.cells));
      const checked = await checkImport(db, principal, candidates);
      const rows = sheet.rows.map((r, i) => {
        const check = checked[i];
        return {
          line: r.line,
          action: check?.draft ? (check.draft.existing ? ('update' as const) : ('create' as const)) : null,
          cells: r.cells,
          values: check?.draft ? (candidates[i] ?? null) : null,
          errors: check?.errors ?? [],
        };
      });
      return {
        format: sheet.format,
        columns: sheet.columns,
        ignoredColumns: sheet.ignoredColumns,
        rows,
        errorCount: rows.filter((r) => r.errors.length > 0).length,
      };
    },

    /** POST /api/users/updateList: every row in one transaction, or none (400 with each row's errors). */
    applyImport: async (principal: Principal, list: readonly Input[]): Promise<UserImportResult> => {
      const result = await db.transaction(async (tx) => {
        const checked = await checkImport(tx, principal, list as readonly Record<string, unknown>[]);
        const errors = checked.flatMap((c, i) => c.errors.map((e) => ({ ...e, field: `${i}.${e.field}` })));
        if (errors.length > 0) {
          const rowsWithErrors = checked.filter((c) => c.errors.length > 0).length;
          throw new AppError(400, 'userManagement.import.invalid', { count: rowsWithErrors }, errors);
        }
        const counts = { created: 0, updated: 0 };
        const now = new Date();
        for (const { draft } of checked) {
          if (!draft) continue;
          const columns = await toColumns(draft.input, draft.existing);
          if (draft.existing) {
            const row = await repo.updateUser(tx, draft.existing.id, {
              ...columns,
              lastModifiedBy: principal.login,
              lastModifiedDate: now,
            });
            if (draft.input.authorities) await repo.replaceAuthorities(tx, row.id, draft.input.authorities);
            counts.updated++;
          } else {
            const row = await repo.insertUser(tx, {
              passwordHash: unusablePasswordHash(),
              ...columns,
              login: draft.login,
              createdBy: principal.login,
              createdDate: now,
            });
            await repo.replaceAuthorities(tx, row.id, draft.input.authorities ?? [...USER_DEFAULTS.authorities]);
            if (row.email) await queueAccountCreatedMail(tx, config, { ...row, email: row.email });
            counts.created++;
          }
        }
        return counts;
      });
      kickOutbox();
      return result;
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
