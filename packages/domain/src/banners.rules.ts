import type { ActiveBanner, LocalizedTexts } from './banners.schemas.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './i18n.constants.ts';

// Kept apart from the schemas: the web's shell reads these on every signed-in page and takes no zod
// with them.

/**
 * The banner kinds, served by GET /api/banners/types. CHECKOUT is the banner whose text the checkout
 * asks the user to acknowledge with a checkbox (spec 1 §2.3); it is not shown as a dialog.
 */
export const BANNER_TYPES = ['INFO', 'WARNING', 'CHECKOUT'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

/** Types shown to users as a dialog on any page (spec 1 §4 "Banners"). */
export const DIALOG_BANNER_TYPES: readonly BannerType[] = ['INFO', 'WARNING'];

/** The ambiente of a banner shown under every theme. */
export const BANNER_ALL_THEMES = 'TUTTI';

/** The text of a banner in `lang`, else Italian, else any language that has one. */
export const localizedText = (texts: LocalizedTexts | undefined, lang: string): string => {
  const pick = (l: string) => texts?.[l as keyof LocalizedTexts]?.trim();
  return pick(lang) || pick(DEFAULT_LANGUAGE) || LANGUAGES.map(pick).find(Boolean) || '';
};

/** Only the languages that have a text: an empty translation falls back to Italian when shown. */
export const compactLocalized = (texts: Record<string, string | null | undefined>): LocalizedTexts =>
  Object.fromEntries(
    LANGUAGES.flatMap((l) => {
      const v = texts[l]?.trim();
      return v ? [[l, v]] : [];
    }),
  );

/** Whether a banner is in its period at `now` (start inclusive, end exclusive). */
export const isBannerInPeriod = (b: Pick<ActiveBanner, 'startDate' | 'endDate'>, now = Date.now()) =>
  Date.parse(b.startDate) <= now && now < Date.parse(b.endDate);
