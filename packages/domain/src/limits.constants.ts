/** Field limits and business constants of spec 1 §5 and §9, used by schemas, columns and forms. */
export const LIMITS = {
  login: { min: 1, max: 50 },
  password: { min: 5, max: 50 },
  firstName: { min: 1, max: 50 },
  lastName: { min: 1, max: 50 },
  email: { min: 5, max: 100 },
  company: { max: 40 },
  langKey: { max: 10 },
  externalCredential: { max: 20 },
  subdealer: { indirizzo: 45, cap: 7, citta: 30, stato: 10 },
  /** Spec 1 §5 user form: markup 0–10 and sconto 0–100, both in steps of 0.01. */
  markup: { min: 0, max: 10, step: 0.01 },
  sconto: { min: 0, max: 100, step: 0.01 },
  theme: { max: 50 },
} as const;

export const PAGE_SIZE = 20;
export const AUTOCOMPLETE_SIZE = 10;
export const ALERT_TIMEOUT_MS = 30_000;
export const BANNER_REFRESH_MS = 600_000;
export const ACT_AS_REDIRECT_MS = 1_000;
export const RESET_KEY_VALIDITY_HOURS = 24;
/** Spec 1 §9: typeaheads (dealer, article search) and the article quantity wait this long after typing. */
export const TYPING_WAIT_MS = 200;
/** User import (CSV or XLSX): file size and rows per file. */
export const USER_IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 5000 } as const;

/** Sign-in throttling: failures counted over a sliding window. */
export const LOGIN_THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;

/** Registration login: lower-case letters and digits only (spec 1 §5). */
export const REGISTER_LOGIN_PATTERN = /^[a-z0-9]+$/;
/** User form login: lower-case letters, digits, underscore or hyphen, or the anonymous user. */
export const USER_LOGIN_PATTERN = /^([a-z0-9_-]+|anonymoususer)$/;
