import type { Account, Session } from '@ricambi/domain';
import type { userSession } from '../../db/schema/index.ts';
import type { UserRow } from './account.repository.ts';

export const toAccount = (user: UserRow, authorities: string[]): Account => ({
  login: user.login,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  langKey: user.langKey,
  activated: user.activated,
  authorities,
  tema: user.tema,
});

export const toSession = (row: typeof userSession.$inferSelect, currentSeries: string): Session => ({
  series: row.series,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  date: row.createdAt.toISOString(),
  rememberMe: row.rememberMe,
  current: row.series === currentSeries,
});
