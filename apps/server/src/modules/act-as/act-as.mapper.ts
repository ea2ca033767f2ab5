import type { ActAsTarget, ActAsUser } from '@ricambi/domain';
import type { ActAsUserRow } from './act-as.repository.ts';

type TargetRow = Pick<ActAsUserRow, 'login' | 'firstName' | 'lastName' | 'company'>;

export const toActAsTarget = (row: TargetRow): ActAsTarget => ({
  login: row.login,
  firstName: row.firstName,
  lastName: row.lastName,
  company: row.company,
});

export const toActAsUser = (row: ActAsUserRow): ActAsUser => ({
  ...toActAsTarget(row),
  email: row.email,
  selectable: !row.refused,
});
