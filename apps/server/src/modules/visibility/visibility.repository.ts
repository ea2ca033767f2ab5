import { type LocalizedTexts, type SortKey, VISIBILITA_DEFAULT_SORT, type VisibilitaSortField } from '@ricambi/domain';
import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appUser, crSubdealerVisibilita, macchina } from '../../db/schema/index.ts';
import { containsPattern, orderBy, type SortColumns } from '../../platform/paging.ts';
import { holdsAuthority, userMatches, userSummaryColumns } from '../users/users.contract.ts';

const v = crSubdealerVisibilita;

/** Sortable fields (indexed: (dealer_login, login) and matricola); by subdealer and serial unless asked. */
const SORTABLE: SortColumns<VisibilitaSortField> = { id: v.id, login: v.login, matricola: v.matricola };
export const visibilitaOrder = (sort: readonly SortKey<VisibilitaSortField>[]): SQL[] =>
  orderBy(sort, SORTABLE, [v.id], VISIBILITA_DEFAULT_SORT);

/** Which rows a list shows: one dealer's (all dealers when undefined), one subdealer's, a serial part. */
export type VisibilitaFilter = { dealer?: string; login?: string; mt?: string };

export const visibilitaWhere = (f: VisibilitaFilter): SQL | undefined =>
  and(
    f.dealer ? eq(v.dealerLogin, f.dealer) : undefined,
    f.login ? eq(v.login, f.login) : undefined,
    f.mt ? ilike(v.matricola, containsPattern(f.mt)) : undefined,
  );

const columns = {
  row: v,
  company: appUser.company,
  firstName: appUser.firstName,
  lastName: appUser.lastName,
  descrizione: macchina.localizedDescrizione,
};
export type VisibilitaJoined = {
  row: typeof v.$inferSelect;
  company: string | null;
  firstName: string | null;
  lastName: string | null;
  descrizione: LocalizedTexts | null;
};

const joined = (db: DbOrTx) =>
  db
    .select(columns)
    .from(v)
    .leftJoin(appUser, eq(appUser.login, v.login))
    .leftJoin(macchina, eq(macchina.mtMatricola, v.matricola));

export const visibilitaPage = async (
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
) => {
  const [items, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(v).where(where),
  ]);
  return { items: items as VisibilitaJoined[], total: total?.n ?? 0 };
};

export const visibilitaById = async (db: DbOrTx, id: number) =>
  (await joined(db).where(eq(v.id, id)))[0] as VisibilitaJoined | undefined;

/** Login is a subdealer of that dealer (app_user.logica subdealer, dealer_login the dealer). */
export const isSubdealerOf = async (db: DbOrTx, login: string, dealer: string) =>
  (
    await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.login, login), eq(appUser.logica, 'subdealer'), eq(appUser.dealerLogin, dealer)))
  ).length > 0;

/** The serial is a machine delivered through that dealer. */
export const isMachineOf = async (db: DbOrTx, matricola: string, dealer: string) =>
  (
    await db
      .select({ id: macchina.id })
      .from(macchina)
      .where(and(eq(macchina.mtMatricola, matricola), eq(macchina.dealerLogin, dealer)))
  ).length > 0;

export const isGranted = async (db: DbOrTx, login: string, matricola: string, exceptId?: number) =>
  (
    await db
      .select({ id: v.id })
      .from(v)
      .where(
        and(eq(v.login, login), eq(v.matricola, matricola), exceptId === undefined ? undefined : ne(v.id, exceptId)),
      )
  ).length > 0;

/** Dealers internal staff can pick: holders of ROLE_CR_SUPERDEALER or ROLE_CR_USER (not subdealers). */
export const dealersMatching = (db: DbOrTx, term: string | undefined, limit: number) =>
  db
    .select(userSummaryColumns)
    .from(appUser)
    .where(
      and(
        or(holdsAuthority('ROLE_CR_SUPERDEALER'), holdsAuthority('ROLE_CR_USER')),
        ne(appUser.logica, 'subdealer'),
        term ? userMatches(term) : undefined,
      ),
    )
    .orderBy(asc(appUser.login))
    .limit(limit);
