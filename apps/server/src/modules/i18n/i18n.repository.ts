import type { Language } from '@ricambi/domain';
import { eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { i18nText } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/paging.ts';

export const textsOfLanguage = (db: DbOrTx, localeId: Language) =>
  db.select({ textId: i18nText.textId, text: i18nText.text }).from(i18nText).where(eq(i18nText.localeId, localeId));

/** The list's free-text filter: id or text containing the term. */
export const textSearch = (term: string) =>
  or(ilike(i18nText.textId, containsPattern(term)), ilike(i18nText.text, containsPattern(term)));
