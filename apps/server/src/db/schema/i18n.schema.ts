import { pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { auditFields } from './audit-fields.ts';

/** Translation texts that override the UI's for one locale at run time (spec 2 §2 i18n screens). */
export const i18nText = pgTable(
  'i18n_text',
  {
    textId: varchar('text_id', { length: 200 }).notNull(),
    localeId: varchar('locale_id', { length: 10 }).notNull(),
    text: text('text').notNull(),
    ...auditFields(),
  },
  (t) => [primaryKey({ columns: [t.textId, t.localeId] })],
);
