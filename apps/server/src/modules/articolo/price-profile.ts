import type { PriceProfile } from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { appUser } from '../../db/schema/index.ts';

const dealer = alias(appUser, 'dealer');

/** What decides the user's prices, with the dealer's discount for a subdealer (spec 1 §6). */
export const loadPriceProfile = async (db: DbOrTx, userId: number): Promise<PriceProfile> => {
  const [row] = await db
    .select({
      logica: appUser.logica,
      sconto: appUser.sconto,
      markup: appUser.markup,
      vedePrezzi: appUser.vedePrezzi,
      vedeSconto: appUser.vedeSconto,
      dealerSconto: dealer.sconto,
    })
    .from(appUser)
    .leftJoin(dealer, eq(dealer.login, appUser.dealerLogin))
    .where(eq(appUser.id, userId));
  if (!row) return { logica: 'dealer', sconto: 0, markup: 1, vedePrezzi: false, vedeSconto: false, dealerSconto: null };
  return {
    logica: row.logica,
    sconto: Number(row.sconto),
    markup: Number(row.markup),
    vedePrezzi: row.vedePrezzi,
    vedeSconto: row.vedeSconto,
    dealerSconto: row.dealerSconto === null ? null : Number(row.dealerSconto),
  };
};
