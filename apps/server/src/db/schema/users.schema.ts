import { LIMITS } from '@ricambi/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const authority = pgTable('authority', {
  name: varchar('name', { length: 50 }).primaryKey(),
});

export const appUser = pgTable(
  'app_user',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: varchar('login', { length: LIMITS.login.max }).notNull(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    firstName: varchar('first_name', { length: LIMITS.firstName.max }),
    lastName: varchar('last_name', { length: LIMITS.lastName.max }),
    company: varchar('company', { length: LIMITS.company.max }),
    email: varchar('email', { length: LIMITS.email.max }),
    activated: boolean('activated').notNull().default(false),
    langKey: varchar('lang_key', { length: LIMITS.langKey.max }).notNull().default('it'),
    activationKeyHash: varchar('activation_key_hash', { length: 64 }),
    resetKeyHash: varchar('reset_key_hash', { length: 64 }),
    resetDate: timestamp('reset_date', { withTimezone: true }),
    tema: varchar('tema', { length: 50 }),
    temaPdf: varchar('tema_pdf', { length: 50 }),
    logica: varchar('logica', { length: 30 }).notNull().default('dealer'),
    vedeSconto: boolean('vede_sconto').notNull().default(true),
    vedePrezzi: boolean('vede_prezzi').notNull().default(true),
    markup: numeric('markup', { precision: 6, scale: 2 }).notNull().default('1'),
    vedeTutteLeMatricole: boolean('vede_tutte_le_matricole').notNull().default(false),
    sconto: numeric('sconto', { precision: 5, scale: 2 }).notNull().default('0'),
    indirizzo: varchar('indirizzo', { length: LIMITS.subdealer.indirizzo }),
    cap: varchar('cap', { length: LIMITS.subdealer.cap }),
    citta: varchar('citta', { length: LIMITS.subdealer.citta }),
    stato: varchar('stato', { length: 10 }),
    dealerLogin: varchar('dealer_login', { length: LIMITS.login.max }),
    /** External-system credentials, AES-256-GCM encrypted at rest (platform/secrets). */
    erpUserEnc: text('erp_user_enc'),
    erpPasswordEnc: text('erp_password_enc'),
    createdBy: varchar('created_by', { length: LIMITS.login.max }).notNull().default('system'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: varchar('last_modified_by', { length: LIMITS.login.max }),
    lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('app_user_login_uq').on(t.login),
    index('app_user_created_date_idx').on(t.createdDate),
    index('app_user_company_idx').on(t.company),
    index('app_user_last_modified_by_idx').on(t.lastModifiedBy),
    index('app_user_dealer_login_idx').on(t.dealerLogin),
    uniqueIndex('app_user_email_uq').on(sql`lower(${t.email})`),
    index('app_user_activation_key_idx').on(t.activationKeyHash),
    index('app_user_reset_key_idx').on(t.resetKeyHash),
  ],
);

export const userAuthority = pgTable(
  'user_authority',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    authorityName: varchar('authority_name', { length: 50 })
      .notNull()
      .references(() => authority.name),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authorityName] })],
);
