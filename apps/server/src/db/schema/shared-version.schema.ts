import { bigint, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One counter per thing processes keep in memory (`themes`): a process that changes it bumps the
 * counter, and every process reads it again when the counter moved (platform/shared-cache.ts).
 */
export const sharedVersion = pgTable('shared_version', {
  name: varchar('name', { length: 50 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
