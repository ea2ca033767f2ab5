import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditFields } from './audit-fields.ts';
import { appUser } from './users.schema.ts';

/** Per-language texts: { it: "...", en: "...", ... } (spec 1 §3 "Banner"). */
export type LocalizedText = Partial<Record<'it' | 'en' | 'fr' | 'de' | 'es', string>>;

export const banner = pgTable(
  'banner',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    headers: jsonb('headers').$type<LocalizedText>().notNull().default({}),
    messages: jsonb('messages').$type<LocalizedText>().notNull().default({}),
    type: varchar('type', { length: 30 }).notNull(),
    ambiente: varchar('ambiente', { length: 50 }).notNull().default('TUTTI'),
    ...auditFields(),
  },
  (t) => [index('banner_active_idx').on(t.type, t.startDate, t.endDate)],
);

/** A banner the user closed (acknowledged): never shown to that user again. */
export const bannerChecked = pgTable(
  'banner_checked',
  {
    bannerId: bigint('banner_id', { mode: 'number' })
      .notNull()
      .references(() => banner.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    text: text('text'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.userId] }), index('banner_checked_user_idx').on(t.userId)],
);
