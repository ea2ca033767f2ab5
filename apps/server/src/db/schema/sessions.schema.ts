import { bigint, boolean, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { appUser } from './users.schema.ts';

/**
 * One row per signed-in browser. The session cookie carries `series.secret`; the remember-me cookie
 * carries `series:value`, whose value rotates on every use (theft detection, see account.service).
 * Only hashes of secrets are stored.
 */
export const userSession = pgTable(
  'user_session',
  {
    series: varchar('series', { length: 64 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    sessionHash: varchar('session_hash', { length: 64 }),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    rememberMe: boolean('remember_me').notNull().default(false),
    tokenHash: varchar('token_hash', { length: 64 }),
    previousTokenHash: varchar('previous_token_hash', { length: 64 }),
    tokenRotatedAt: timestamp('token_rotated_at', { withTimezone: true }),
    rememberExpiresAt: timestamp('remember_expires_at', { withTimezone: true }),
    /** Act-as: the user this session currently acts for (ROLE_INTERNAL / ROLE_CR_INTERNAL only). */
    actAsUserId: bigint('act_as_user_id', { mode: 'number' }).references(() => appUser.id, { onDelete: 'set null' }),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_session_user_idx').on(t.userId)],
);
