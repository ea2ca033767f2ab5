import {
  COUNTRIES,
  type CountryOption,
  type Theme,
  type User,
  type UserSummary,
  type UserThemeOption,
} from '@ricambi/domain';
import type { Secrets } from '../../platform/secrets.ts';
import type { UserRow } from './users.repository.ts';

/** A stored secret that no longer decrypts (the key was changed) reads as absent. */
const reveal = (secrets: Secrets, stored: string | null) => {
  if (!stored) return null;
  try {
    return secrets.decrypt(stored);
  } catch {
    return null;
  }
};

/** Never the password hash, the keys or the external password: only whether that one is set. */
export const toUser = (row: UserRow, authorities: readonly string[], secrets: Secrets): User => ({
  id: row.id,
  login: row.login,
  firstName: row.firstName,
  lastName: row.lastName,
  company: row.company,
  email: row.email,
  activated: row.activated,
  langKey: row.langKey,
  authorities: [...authorities],
  tema: row.tema,
  temaPdf: row.temaPdf,
  logica: row.logica,
  vedeSconto: row.vedeSconto,
  vedePrezzi: row.vedePrezzi,
  vedeTutteLeMatricole: row.vedeTutteLeMatricole,
  // node-postgres returns numeric as strings.
  markup: Number(row.markup),
  sconto: Number(row.sconto),
  indirizzo: row.indirizzo,
  cap: row.cap,
  citta: row.citta,
  stato: row.stato,
  dealerLogin: row.dealerLogin,
  erpUser: reveal(secrets, row.erpUserEnc),
  erpPasswordSet: Boolean(row.erpPasswordEnc),
  createdBy: row.createdBy,
  createdDate: row.createdDate.toISOString(),
  lastModifiedBy: row.lastModifiedBy,
  lastModifiedDate: row.lastModifiedDate?.toISOString() ?? null,
  resetDate: row.resetDate?.toISOString() ?? null,
});

export const toSummary = (row: UserSummary): UserSummary => ({ ...row });

export const toThemeOption = (theme: Theme): UserThemeOption => ({
  name: theme.name,
  label: theme.label,
  title: theme.title,
  isDefault: theme.isDefault,
});

export const toCountries = (): CountryOption[] =>
  COUNTRIES.map((c) => ({ id: { chiaveDue: c.code }, descrizioneMap: { ...c.names }, province: c.provinces }));
