import { timestamp, varchar } from 'drizzle-orm/pg-core';

/** createdBy/Date and lastModifiedBy/Date, kept by the entity-administration kit. */
export const auditFields = () => ({
  createdBy: varchar('created_by', { length: 50 }).notNull().default('system'),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedBy: varchar('last_modified_by', { length: 50 }),
  lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }),
});
