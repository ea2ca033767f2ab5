import { z } from 'zod';
import { emailField, langKeyField, passwordField } from './account.schemas.ts';
import { isCountryCode } from './countries.constants.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { LIMITS, USER_IMPORT_LIMITS, USER_LOGIN_PATTERN } from './limits.constants.ts';
import type { SortParam } from './paging.schemas.ts';
import { fieldErrorSchema } from './problem.schemas.ts';
import { AUTHORITIES, type Authority } from './roles.constants.ts';

/** Only holders of ROLE_ADMIN grant or revoke it, and change accounts holding it. */
export const ADMIN_ONLY_AUTHORITY: Authority = 'ROLE_ADMIN';

/** Every authority but ROLE_PREVIOUS_ADMINISTRATOR, which only ever marks an act-as. */
export const ASSIGNABLE_AUTHORITIES = AUTHORITIES.filter(
  (a): a is Exclude<Authority, 'ROLE_PREVIOUS_ADMINISTRATOR'> => a !== 'ROLE_PREVIOUS_ADMINISTRATOR',
);

/** Spec 1 §3: logica dealer, subdealer, ... */
export const LOGICHE = ['dealer', 'subdealer', 'internal'] as const;
export type Logica = (typeof LOGICHE)[number];
export const SUBDEALER_FIELDS = ['indirizzo', 'cap', 'citta', 'stato', 'dealerLogin'] as const;

/** Spec 1 §3 new-user defaults (tema and temaPdf: the default machine-parts theme, chosen by the server). */
export const USER_DEFAULTS = {
  activated: true,
  langKey: 'it',
  logica: 'dealer',
  vedeSconto: true,
  vedePrezzi: true,
  markup: 1,
  vedeTutteLeMatricole: false,
  sconto: 0,
  authorities: ['ROLE_USER'],
} as const satisfies Record<string, unknown>;

const text = (max: number) => z.string().trim().max(max).nullish();
const step = (limits: { min: number; max: number; step: number }) =>
  z.number().min(limits.min).max(limits.max).multipleOf(limits.step, 'userManagement.validation.step');

/** Names of the api/users lookups (spec 1 §7): a user so named could not be read at api/users/{login}. */
export const RESERVED_LOGINS = [
  'search',
  'authorities',
  'temi',
  'temipdf',
  'logiche',
  'subdealers',
  'getstato',
  'login',
];

export const userLoginField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(LIMITS.login.max)
  .regex(USER_LOGIN_PATTERN, 'userManagement.validation.loginPattern')
  .refine((v) => !RESERVED_LOGINS.includes(v), 'userManagement.validation.reservedLogin');

/** One field schema per User field (spec 1 §3, §5): the form rules and the server's checks. */
export const userFields = {
  firstName: text(LIMITS.firstName.max),
  lastName: text(LIMITS.lastName.max),
  company: text(LIMITS.company.max),
  email: emailField,
  activated: z.boolean().optional(),
  langKey: langKeyField.optional(),
  authorities: z
    .array(z.enum(ASSIGNABLE_AUTHORITIES, 'userManagement.validation.authority'))
    .max(ASSIGNABLE_AUTHORITIES.length)
    .optional(),
  tema: text(LIMITS.theme.max),
  temaPdf: text(LIMITS.theme.max),
  logica: z.enum(LOGICHE, 'validation.invalid').optional(),
  vedeSconto: z.boolean().optional(),
  vedePrezzi: z.boolean().optional(),
  vedeTutteLeMatricole: z.boolean().optional(),
  markup: step(LIMITS.markup).optional(),
  sconto: step(LIMITS.sconto).optional(),
  indirizzo: text(LIMITS.subdealer.indirizzo),
  cap: text(LIMITS.subdealer.cap),
  citta: text(LIMITS.subdealer.citta),
  stato: z
    .string()
    .trim()
    .max(LIMITS.subdealer.stato)
    .refine((v) => v === '' || isCountryCode(v), 'validation.invalid')
    .nullish(),
  dealerLogin: text(LIMITS.login.max),
  erpUser: text(LIMITS.externalCredential.max),
  /** Write-only: empty or absent keeps the stored one; it is never sent back. */
  erpPassword: z.string().max(LIMITS.externalCredential.max).nullish(),
};

type SubdealerValues = { logica?: unknown; dealerLogin?: unknown };
/** Spec 1 §5: for logica subdealer the dealer is required. */
export const needsDealer = (v: SubdealerValues) =>
  v.logica === 'subdealer' && !(typeof v.dealerLogin === 'string' && v.dealerLogin.trim());

const dealerRequired = (v: SubdealerValues, ctx: z.RefinementCtx) => {
  if (needsDealer(v)) ctx.addIssue({ code: 'custom', path: ['dealerLogin'], message: 'validation.required' });
};

/** POST /api/users. */
export const userCreateSchema = z
  .object({ login: userLoginField, newPassword: passwordField, ...userFields })
  .superRefine(dealerRequired);
export type UserCreateRequest = z.input<typeof userCreateSchema>;

/** PUT /api/users/{login}: the login is the id and does not change; a password only when given. */
export const userUpdateSchema = z
  .object({ newPassword: passwordField.or(z.literal('')).nullish(), ...userFields })
  .superRefine(dealerRequired);
export type UserUpdateRequest = z.input<typeof userUpdateSchema>;

/** PUT /api/users/{login}/activated: the activation toggle of the list. */
export const userActivationSchema = z.object({ activated: z.boolean() });

/** A user as the API returns it: no password, no keys; of the external password only whether it is set. */
export const userSchema = z.object({
  id: z.number(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  activated: z.boolean(),
  langKey: z.string(),
  authorities: z.array(z.string()),
  tema: z.string().nullable(),
  temaPdf: z.string().nullable(),
  logica: z.string(),
  vedeSconto: z.boolean(),
  vedePrezzi: z.boolean(),
  vedeTutteLeMatricole: z.boolean(),
  markup: z.number(),
  sconto: z.number(),
  indirizzo: z.string().nullable(),
  cap: z.string().nullable(),
  citta: z.string().nullable(),
  stato: z.string().nullable(),
  dealerLogin: z.string().nullable(),
  erpUser: z.string().nullable(),
  erpPasswordSet: z.boolean(),
  createdBy: z.string(),
  createdDate: z.string(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
  resetDate: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** The sortable fields of the user list and lookups (spec 1 §2.3), each served by an index. */
export const USER_SORT_FIELDS = ['id', 'login', 'company', 'email', 'createdDate', 'lastModifiedBy'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
/** The lookups (typeahead, dealer and subdealer lists) unless asked otherwise. */
export const USER_LOOKUP_DEFAULT_SORT: SortParam<UserSortField> = 'login,asc';

/** Lookups (typeahead, dealer and subdealer lists). */
export const userSummarySchema = userSchema.pick({
  id: true,
  login: true,
  firstName: true,
  lastName: true,
  company: true,
  email: true,
  logica: true,
  activated: true,
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userThemeOptionSchema = z.object({
  name: z.string(),
  label: z.string(),
  title: z.string(),
  isDefault: z.boolean(),
});
export type UserThemeOption = z.infer<typeof userThemeOptionSchema>;

/** GET /api/users/getstato: spec 1 §3 "Countries: id.chiaveDue and a per-language description map". */
export const countrySchema = z.object({
  id: z.object({ chiaveDue: z.string() }),
  descrizioneMap: z.record(z.enum(LANGUAGES), z.string()),
  province: z.boolean(),
});
export type CountryOption = z.infer<typeof countrySchema>;

/** GET /api/users/login: the external-system credential test. Never a fake success. */
export const ERP_TEST_STATUSES = ['OK', 'REJECTED', 'UNREACHABLE', 'ERROR', 'NOT_CONFIGURED', 'MISSING'] as const;
export const erpTestResultSchema = z.object({
  status: z.enum(ERP_TEST_STATUSES),
  /** i18n key of the outcome. */
  message: z.string(),
  httpStatus: z.number().optional(),
});
export type ErpTestResult = z.infer<typeof erpTestResultSchema>;
export const ERP_PASSWORD_HEADER = 'x-erp-password';

/**
 * One row of a user import (spec 1 §7 api/users/updateList). Columns left out or empty keep the
 * stored value of an existing login, and take the new-user defaults for a new one.
 */
export const userImportRowSchema = z.object({
  login: userLoginField,
  newPassword: passwordField.optional(),
  ...userFields,
});
export type UserImportRow = z.input<typeof userImportRowSchema>;
export const USER_IMPORT_COLUMNS = Object.keys(userImportRowSchema.shape) as (keyof UserImportRow)[];

export const userImportListSchema = z.array(userImportRowSchema).min(1).max(USER_IMPORT_LIMITS.maxRows);

export const userImportPreviewRowSchema = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number(),
  action: z.enum(['create', 'update']).nullable(),
  cells: z.record(z.string(), z.string()),
  /** The row as updateList takes it; null when the row has errors of type. */
  values: z.record(z.string(), z.unknown()).nullable(),
  errors: z.array(fieldErrorSchema),
});
export type UserImportPreviewRow = z.infer<typeof userImportPreviewRowSchema>;

export const userImportPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
  rows: z.array(userImportPreviewRowSchema),
  errorCount: z.number(),
});
export type UserImportPreview = z.infer<typeof userImportPreviewSchema>;

export const userImportResultSchema = z.object({ created: z.number(), updated: z.number() });
export type UserImportResult = z.infer<typeof userImportResultSchema>;
