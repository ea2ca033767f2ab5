import { BANNER_ALL_THEMES, type BannerInput, type BannerType, compactLocalized } from '@ricambi/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { refuseWhileActing } from '../../platform/auth.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/sessions.ts';
import type { ThemesService } from '../themes/themes.contract.ts';
import { toActiveBanner } from './banners.mapper.ts';
import { findActiveBanners, findBanner, insertChecked, themeExists } from './banners.repository.ts';

export const createBannersService = (db: Db, themes: ThemesService) => ({
  /** The columns of a banner from a validated input; the ambiente must be a theme or TUTTI. */
  toColumns: async (tx: DbOrTx, input: BannerInput) => {
    const ambiente = input.ambiente.trim();
    if (ambiente !== BANNER_ALL_THEMES && !(await themeExists(tx, ambiente))) {
      throw fieldError('ambiente', 'banner.error.unknownAmbiente');
    }
    return {
      startDate: new Date(input.startDate),
      endDate: new Date(input.endDate),
      headers: compactLocalized(input.headers),
      messages: compactLocalized(input.messages),
      type: input.type,
      ambiente,
    };
  },

  /** Without an ambiente, the caller's theme: by host name, else the user's tema, else the default. */
  active: async (principal: Principal, q: { ambiente?: string; type?: BannerType; hostName?: string }) => {
    const ambiente = q.ambiente ?? themes.resolve(q.hostName, principal.tema)?.name ?? BANNER_ALL_THEMES;
    const rows = await findActiveBanners(db, { userId: principal.userId, ambiente, type: q.type, now: new Date() });
    return rows.map(toActiveBanner);
  },

  /**
   * Records that the user closed (acknowledged) the banner. Someone acting as the user cannot: the
   * acknowledgement says the user read it.
   */
  acknowledge: async (principal: Principal, input: { id: number; text?: string | null }) => {
    refuseWhileActing(principal);
    await db.transaction(async (tx) => {
      if (!(await findBanner(tx, input.id))) throw notFound();
      await insertChecked(tx, { bannerId: input.id, userId: principal.userId, text: input.text?.trim() || null });
    });
  },
});

export type BannersService = ReturnType<typeof createBannersService>;
