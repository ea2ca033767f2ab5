import { BANNER_ALL_THEMES, type BannerType } from '@ricambi/domain';
import { and, asc, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { banner, bannerChecked, theme } from '../../db/schema/index.ts';

export type BannerRow = typeof banner.$inferSelect;

export const themeExists = async (db: DbOrTx, name: string) =>
  (await db.select({ name: theme.name }).from(theme).where(eq(theme.name, name)).limit(1)).length > 0;

export const findBanner = async (db: DbOrTx, id: number) =>
  (await db.select({ id: banner.id }).from(banner).where(eq(banner.id, id)).limit(1))[0];

/** Banners in their period at `now`, for the ambiente or every theme, not acknowledged by the user. */
export const findActiveBanners = (db: DbOrTx, q: { userId: number; ambiente: string; type?: BannerType; now: Date }) =>
  db
    .select()
    .from(banner)
    .where(
      and(
        q.type ? eq(banner.type, q.type) : undefined,
        lte(banner.startDate, q.now),
        gt(banner.endDate, q.now),
        inArray(banner.ambiente, [q.ambiente, BANNER_ALL_THEMES]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bannerChecked)
            .where(and(eq(bannerChecked.bannerId, banner.id), eq(bannerChecked.userId, q.userId))),
        ),
      ),
    )
    .orderBy(asc(banner.startDate), asc(banner.id));

/** Idempotent: the first acknowledgement (its time and text) is the one kept. */
export const insertChecked = (db: DbOrTx, row: { bannerId: number; userId: number; text: string | null }) =>
  db.insert(bannerChecked).values(row).onConflictDoNothing();
