import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { storedFile } from './files.schema.ts';

/**
 * A support ticket (spec 2 §3) of the built-in help desk. `login` is the customer who opened it;
 * `attesa` says whose answer it waits for (STAFF, CUSTOMER; null once closed), which the badge counts.
 */
export const ticket = pgTable(
  'ticket',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: varchar('login', { length: 50 }).notNull(),
    nome: varchar('nome', { length: 50 }),
    cognome: varchar('cognome', { length: 50 }),
    title: varchar('title', { length: 200 }).notNull(),
    descrizione: varchar('descrizione', { length: 4000 }).notNull().default(''),
    tipologiaKey: integer('tipologia_key').notNull(),
    modello: varchar('modello', { length: 100 }),
    matricola: varchar('matricola', { length: 15 }).notNull(),
    oreUtilizzo: integer('ore_utilizzo').notNull(),
    collocazioneKey: integer('collocazione_key').notNull(),
    urgenzaClienteKey: integer('urgenza_cliente_key').notNull(),
    status: integer('status').notNull().default(1),
    lingua: varchar('lingua', { length: 5 }).notNull().default('it'),
    dataGaranzia: date('data_garanzia', { mode: 'string' }),
    attesa: varchar('attesa', { length: 8 }),
    assegnatario: varchar('assegnatario', { length: 50 }),
    insertTime: timestamp('insert_time', { withTimezone: true }).notNull().defaultNow(),
    closeTime: timestamp('close_time', { withTimezone: true }),
  },
  (t) => [
    index('ticket_login_idx').on(t.login, t.insertTime),
    index('ticket_status_idx').on(t.status, t.insertTime),
    index('ticket_attesa_idx').on(t.attesa, t.status),
  ],
);

/** A note on a ticket: the customer's or the help desk's. */
export const ticketNota = pgTable(
  'ticket_nota',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => ticket.id),
    author: varchar('author', { length: 50 }).notNull(),
    staff: boolean('staff').notNull(),
    text: varchar('text', { length: 4000 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_nota_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** A file of a ticket (image, video or PDF up to 100 MB, spec 2 §5), each a stored file. */
export const ticketFile = pgTable(
  'ticket_file',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => storedFile.id),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => ticket.id),
    createdBy: varchar('created_by', { length: 50 }).notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_file_ticket_idx').on(t.ticketId)],
);
