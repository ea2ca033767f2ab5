import type { ThemeTokens } from '@ricambi/domain';
import { boolean, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';

export const theme = pgTable('theme', {
  name: varchar('name', { length: 50 }).primaryKey(),
  label: varchar('label', { length: 50 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  logo: varchar('logo', { length: 200 }).notNull(),
  hostNames: jsonb('host_names').$type<string[]>().notNull().default([]),
  canAccessParts: boolean('can_access_parts').notNull().default(false),
  canAccessTracks: boolean('can_access_tracks').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  tokens: jsonb('tokens').$type<ThemeTokens>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
