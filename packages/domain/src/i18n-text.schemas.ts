import { z } from 'zod';
import { LANGUAGES } from './i18n.constants.ts';

export const I18N_TEXT_LIMITS = { textId: 200, text: 2000 } as const;

/** A UI key: dot-separated words, e.g. login.title. */
export const TEXT_ID_PATTERN = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

export const i18nTextSchema = z.object({
  textId: z.string(),
  localeId: z.string(),
  text: z.string(),
  createdBy: z.string(),
  createdDate: z.string(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
});
export type I18nText = z.infer<typeof i18nTextSchema>;

/** The sortable fields of the translation-text list. */
export const I18N_TEXT_SORT_FIELDS = ['textId', 'localeId', 'text'] as const;
export type I18nTextSortField = (typeof I18N_TEXT_SORT_FIELDS)[number];

const text = z.string().trim().min(1, 'validation.required').max(I18N_TEXT_LIMITS.text);

export const i18nTextCreateSchema = z.object({
  textId: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(I18N_TEXT_LIMITS.textId)
    .regex(TEXT_ID_PATTERN, 'validation.pattern'),
  localeId: z.enum(LANGUAGES, 'validation.required'),
  text,
});
export const i18nTextUpdateSchema = z.object({ text });
