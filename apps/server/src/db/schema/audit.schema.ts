import { bigserial, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    principal: varchar('principal', { length: 100 }).notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull().defaultNow(),
    eventType: varchar('event_type', { length: 64 }).notNull(),
    remoteAddress: varchar('remote_address', { length: 64 }),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('audit_event_principal_idx').on(t.principal, t.eventType, t.eventDate),
    index('audit_event_address_idx').on(t.remoteAddress, t.eventType, t.eventDate),
    index('audit_event_date_idx').on(t.eventDate),
  ],
);
