import { z } from 'zod';
import { BANNER_TYPES } from './banners.rules.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './i18n.constants.ts';

/** Spec 1 §5 "Banner": limits per language; type and ambiente as the columns allow. */
export const BANNER_LIMITS = { header: 256, message: 1024, type: 30, ambiente: 50, checkedText: 2000 } as const;

/** Per-language texts, e.g. { it: '...', en: '...' } (spec 1 §3 "Banner"). */
export const localizedTextSchema = z.partialRecord(z.enum(LANGUAGES), z.string());
export type LocalizedTexts = z.infer<typeof localizedTextSchema>;

const localizedInput = (max: number) =>
  z.object({
    it: z.string().trim().min(1, 'validation.required').max(max),
    ...Object.fromEntries(
      LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).map((l) => [l, z.string().trim().max(max).nullish()]),
    ),
  });

const dateTime = z.iso.datetime({
  offset: true,
  error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid'),
});

/** POST and PUT /api/banners: the five languages (Italian required), start before end. */
export const bannerInputSchema = z
  .object({
    startDate: dateTime,
    endDate: dateTime,
    headers: localizedInput(BANNER_LIMITS.header),
    messages: localizedInput(BANNER_LIMITS.message),
    type: z.enum(BANNER_TYPES, {
      error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid'),
    }),
    ambiente: z.string().trim().min(1, 'validation.required').max(BANNER_LIMITS.ambiente),
  })
  .refine((b) => Date.parse(b.endDate) > Date.parse(b.startDate), {
    path: ['endDate'],
    message: 'banner.error.endBeforeStart',
  });
export type BannerInput = z.infer<typeof bannerInputSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  headers: localizedTextSchema,
  messages: localizedTextSchema,
  type: z.string(),
  ambiente: z.string(),
  createdBy: z.string(),
  createdDate: z.string(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** The sortable fields of the banner list. */
export const BANNER_SORT_FIELDS = ['id', 'startDate', 'endDate', 'type', 'ambiente'] as const;
export type BannerSortField = (typeof BANNER_SORT_FIELDS)[number];

/** GET /api/banners/active: what a user is shown. */
export const activeBannerSchema = bannerSchema.pick({
  id: true,
  startDate: true,
  endDate: true,
  headers: true,
  messages: true,
  type: true,
  ambiente: true,
});
export type ActiveBanner = z.infer<typeof activeBannerSchema>;

export const activeBannersQuerySchema = z.object({
  /** A theme name; without it, the caller's theme (by host name, else the user's tema). */
  ambiente: z.string().trim().min(1).max(BANNER_LIMITS.ambiente).optional(),
  type: z.enum(BANNER_TYPES).optional(),
});

/** POST /api/banners/checked: the caller acknowledges (closes) a banner; `text` is what they read. */
export const bannerCheckedSchema = z.object({
  id: z.number().int().positive(),
  text: z.string().max(BANNER_LIMITS.checkedText).nullish(),
});
export type BannerChecked = z.infer<typeof bannerCheckedSchema>;
