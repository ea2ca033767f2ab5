import { z } from 'zod';
import { LANGUAGES } from './i18n.constants.ts';
import { LIMITS, REGISTER_LOGIN_PATTERN } from './limits.constants.ts';

const required = 'validation.required';
const trimmed = () => z.string().trim();

export const emailField = trimmed()
  .min(1, required)
  // Too short to be an address: "invalid e-mail" says what is wrong, "at least 5 characters" does not.
  .min(LIMITS.email.min, 'validation.email')
  .max(LIMITS.email.max)
  .pipe(z.email('validation.email'));

export const passwordField = z.string().min(1, required).min(LIMITS.password.min).max(LIMITS.password.max);

export const langKeyField = z.enum(LANGUAGES, 'validation.invalid');

/** GET /api/account (spec 1 §3 "Account"). */
export const accountSchema = z.object({
  login: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  langKey: z.string(),
  activated: z.boolean(),
  authorities: z.array(z.string()),
  tema: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** POST /api/authentication, form-encoded. */
export const loginFormSchema = z.object({
  username: trimmed()
    .min(1, required)
    .max(LIMITS.email.max)
    .transform((v) => v.toLowerCase()),
  password: z.string().min(1, required).max(LIMITS.password.max),
  'remember-me': z
    .union([z.boolean(), z.string().max(5)])
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1'),
});
export type LoginForm = z.input<typeof loginFormSchema>;

/** POST /api/register (spec 1 §5). */
export const registerSchema = z.object({
  login: trimmed().min(1, required).max(LIMITS.login.max).regex(REGISTER_LOGIN_PATTERN, 'validation.loginPattern'),
  email: emailField,
  password: passwordField,
  langKey: langKeyField.default('it'),
  firstName: trimmed().max(LIMITS.firstName.max).optional(),
  lastName: trimmed().max(LIMITS.lastName.max).optional(),
});
export type RegisterRequest = z.input<typeof registerSchema>;

/** POST /api/account: settings (spec 1 §5). */
export const settingsSchema = z.object({
  firstName: trimmed().min(1, required).max(LIMITS.firstName.max),
  lastName: trimmed().min(1, required).max(LIMITS.lastName.max),
  email: emailField,
  langKey: langKeyField,
});
export type SettingsRequest = z.input<typeof settingsSchema>;

/** POST /api/account/change_password. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, required).max(LIMITS.password.max),
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>;

/** POST /api/account/reset_password/init: the e-mail, as JSON {email} or as a plain-text body. */
export const resetInitSchema = z.preprocess(
  (body) => (typeof body === 'string' ? { email: body } : body),
  z.object({ email: emailField }),
);
export type ResetInitRequest = { email: string };

/** POST /api/account/reset_password/finish. */
export const resetFinishSchema = z.object({
  key: z.string().min(1, 'reset.finish.messages.keymissing').max(100),
  newPassword: passwordField,
});
export type ResetFinishRequest = z.input<typeof resetFinishSchema>;

export const activateQuerySchema = z.object({ key: z.string().min(1, required).max(100) });

/** GET /api/account/sessions (spec 1 §3 "Session"). */
export const sessionSchema = z.object({
  series: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  date: z.string(),
  rememberMe: z.boolean(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const seriesParamSchema = z.object({ series: z.string().min(1).max(64) });
