import {
  type FieldError,
  hasAnyAuthority,
  type Visibilita,
  type visibilitaInputSchema,
  type visibilitaQuerySchema,
} from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { crSubdealerVisibilita } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { languageOfPrincipal } from '../../platform/language.ts';
import type { Principal } from '../../platform/sessions.ts';
import { toVisibilita, toVisibilitaCsv } from './visibility.mapper.ts';
import {
  dealersMatching,
  isGranted,
  isMachineOf,
  isSubdealerOf,
  visibilitaById,
  visibilitaOrder,
  visibilitaPage,
  visibilitaWhere,
} from './visibility.repository.ts';

type VisibilitaQuery = z.output<typeof visibilitaQuerySchema>;
/** The CSV holds every row of the filter, up to this many. */
const CSV_MAX_ROWS = 20000;
const DEALER_LOOKUP_SIZE = 10;

export type VisibilitaValues = z.output<typeof visibilitaInputSchema>;

/** Internal staff pick the dealer; anyone else (a superdealer) is always its own dealer (spec 2 §6). */
export const isInternal = (principal: Principal) => hasAnyAuthority(principal.authorities, ['ROLE_CR_INTERNAL']);
export const dealerScopeOf = (principal: Principal, l1: string | undefined) =>
  isInternal(principal) ? l1 || undefined : principal.login;

/**
 * Spec 2 §5: the login must be a subdealer of the dealer, the serial a machine of the dealer, and
 * the pair not granted yet; every failing field is reported at once.
 */
const check = async (tx: DbOrTx, dealer: string, input: VisibilitaValues, exceptId?: number) => {
  const errors: FieldError[] = [];
  if (!(await isSubdealerOf(tx, input.login, dealer)))
    errors.push({ field: 'login', message: 'visibility.validation.notSubdealer', params: { dealer } });
  if (!(await isMachineOf(tx, input.matricola, dealer)))
    errors.push({ field: 'matricola', message: 'visibility.validation.notDealerMachine', params: { dealer } });
  else if (await isGranted(tx, input.login, input.matricola, exceptId))
    errors.push({ field: 'matricola', message: 'visibility.validation.alreadyGranted' });
  if (errors.length) throw new AppError(400, 'error.validation', undefined, errors);
};

export const createVisibilityService = (db: Db) => {
  /** A row this user may touch: a superdealer only its own dealer's rows (else 404). */
  const find = async (tx: DbOrTx, principal: Principal, id: number) => {
    const found = await visibilitaById(tx, id);
    if (!found) throw notFound();
    if (!isInternal(principal) && found.row.dealerLogin !== principal.login) throw notFound();
    return found;
  };

  return {
    /** The rows of the dealer in scope (internal staff: the chosen one, or all), one page. */
    list: async (principal: Principal, q: VisibilitaQuery) => {
      const where = visibilitaWhere({ dealer: dealerScopeOf(principal, q.l1), login: q.l2, mt: q.mt });
      const page = await visibilitaPage(db, where, visibilitaOrder(q.sort), { limit: q.size, offset: q.page * q.size });
      const lang = languageOfPrincipal(principal);
      return {
        items: page.items.map((j): Visibilita => toVisibilita(j, lang)),
        total: page.total,
        page: q.page,
        size: q.size,
      };
    },

    /** Every row of the filter as CSV (spec 2 §7). */
    csv: async (principal: Principal, q: Pick<VisibilitaQuery, 'l1' | 'l2' | 'mt'>) => {
      const dealer = dealerScopeOf(principal, q.l1);
      const where = visibilitaWhere({ dealer, login: q.l2, mt: q.mt });
      const { items } = await visibilitaPage(db, where, visibilitaOrder([]), { limit: CSV_MAX_ROWS, offset: 0 });
      return toVisibilitaCsv(items, dealer, languageOfPrincipal(principal));
    },

    /** The dealer picker of internal staff. */
    dealers: (search: string | undefined) => dealersMatching(db, search || undefined, DEALER_LOOKUP_SIZE),

    get: async (principal: Principal, id: number) =>
      toVisibilita(await find(db, principal, id), languageOfPrincipal(principal)),

    create: (principal: Principal, input: VisibilitaValues) =>
      db.transaction(async (tx) => {
        const dealer = isInternal(principal) ? input.dealerLogin?.trim() : principal.login;
        if (!dealer) throw fieldError('dealerLogin', 'validation.required');
        await check(tx, dealer, input);
        const [row] = await tx
          .insert(crSubdealerVisibilita)
          .values({
            dealerLogin: dealer,
            login: input.login,
            matricola: input.matricola,
            note: input.note ?? null,
            createdBy: principal.login,
            createdDate: new Date(),
          })
          .returning({ id: crSubdealerVisibilita.id });
        if (!row) throw new Error('visibility row not inserted');
        return toVisibilita(await find(tx, principal, row.id), languageOfPrincipal(principal));
      }),

    /** The dealer of a row never changes: the form edits the subdealer, serial and note. */
    update: (principal: Principal, id: number, input: VisibilitaValues) =>
      db.transaction(async (tx) => {
        const existing = await find(tx, principal, id);
        await check(tx, existing.row.dealerLogin, input, id);
        await tx
          .update(crSubdealerVisibilita)
          .set({
            login: input.login,
            matricola: input.matricola,
            note: input.note ?? null,
            lastModifiedBy: principal.login,
            lastModifiedDate: new Date(),
          })
          .where(eq(crSubdealerVisibilita.id, id));
        return toVisibilita(await find(tx, principal, id), languageOfPrincipal(principal));
      }),

    remove: (principal: Principal, id: number) =>
      db.transaction(async (tx) => {
        const existing = await find(tx, principal, id);
        await tx.delete(crSubdealerVisibilita).where(eq(crSubdealerVisibilita.id, id));
        return existing.row.matricola;
      }),
  };
};
