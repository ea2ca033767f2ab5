import type { Language } from '@ricambi/domain';
import type { Db } from '../../db/client.ts';
import { toOverrides } from './i18n.mapper.ts';
import { textsOfLanguage } from './i18n.repository.ts';

export const createI18nService = (db: Db) => ({
  /** Public (docs/decisions.md): the sign-in pages show these texts before anyone signs in. */
  overrides: async (localeId: Language) => toOverrides(await textsOfLanguage(db, localeId)),
});

export type I18nService = ReturnType<typeof createI18nService>;
