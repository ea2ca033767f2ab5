import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ordine } from './orders.schema.ts';
import { appUser } from './users.schema.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const quantity = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

/**
 * Issue 16: an order of the history — sent through the portal (written with the order) or placed by
 * phone or mail and handed back by the ERP. `erpGeneratedAt` is the ERP document that last updated
 * it: an older document never overwrites a newer one.
 */
export const storicoOrdine = pgTable(
  'storico_ordine',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id),
    tiporichiesta: varchar('tiporichiesta', { length: 5 }).notNull(),
    nroOrdTxt: varchar('nro_ord_txt', { length: 40 }).notNull().unique(),
    ordineId: bigint('ordine_id', { mode: 'number' }).references(() => ordine.id, { onDelete: 'set null' }),
    rifVsNroOrd: varchar('rif_vs_nro_ord', { length: 100 }),
    portale: boolean('portale').notNull(),
    dataIns: timestamp('data_ins', { withTimezone: true }).notNull(),
    erpGeneratedAt: timestamp('erp_generated_at', { withTimezone: true }),
  },
  (t) => [index('storico_ordine_user_idx').on(t.userId, t.dataIns)],
);

/**
 * Spec 2 §3 "Order history line". The customer, type and date of its order are repeated on the line
 * so that a customer's page, its totals and its CSV are one index range (bench/history.ts).
 */
export const storicoOrdineRiga = pgTable(
  'storico_ordine_riga',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storicoId: bigint('storico_id', { mode: 'number' })
      .notNull()
      .references(() => storicoOrdine.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tiporichiesta: varchar('tiporichiesta', { length: 5 }).notNull(),
    dataIns: timestamp('data_ins', { withTimezone: true }).notNull(),
    riga: integer('riga').notNull(),
    articoloId: bigint('articolo_id', { mode: 'number' }),
    codArt: varchar('cod_art', { length: 40 }).notNull(),
    descRiga: varchar('desc_riga', { length: 255 }).notNull(),
    unitaMisura: varchar('unita_misura', { length: 5 }),
    matricola: varchar('matricola', { length: 30 }),
    qtaOrdinata: quantity('qta_ordinata').notNull(),
    qtaSpedita: quantity('qta_spedita').notNull().default(0),
    importo: money('importo'),
    seEvasa: boolean('se_evasa').notNull().default(false),
    dataSpediz: date('data_spediz', { mode: 'string' }),
    nroSpedTxt: varchar('nro_sped_txt', { length: 40 }),
    nroFattTxt: varchar('nro_fatt_txt', { length: 40 }),
    wayBill: varchar('way_bill', { length: 40 }),
    wayBillTxt: varchar('way_bill_txt', { length: 100 }),
    isAftership: boolean('is_aftership').notNull().default(false),
    codAftership: varchar('cod_aftership', { length: 40 }),
    /** Lower-case code, description, serial and order numbers: what the term filter looks in. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('storico_ordine_riga_uq').on(t.storicoId, t.riga),
    // DESC NULLS FIRST as `order by … desc` sorts (drizzle-kit writes NULLS LAST otherwise, an order
    // the planner cannot read a page in). A history of one request type in page order; with se_evasa
    // its totals (X-Total-Count, X-Total-DeEvadere) are read from the index alone.
    index('storico_ordine_riga_page_idx').on(
      t.userId,
      t.tiporichiesta,
      t.dataIns.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.seEvasa,
    ),
    // A history of several request types (ORD: ORD and ORDCG) in page order, and its CSV's keyset:
    // the page reads its 20 lines in order instead of sorting every line of the months asked.
    index('storico_ordine_riga_date_idx').on(t.userId, t.dataIns.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('storico_ordine_riga_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('storico_ordine_riga_waybill_idx').on(t.wayBill),
  ],
);

/** A carrier's event of a waybill as the ERP hand-back carries it (the default tracking adapter). */
/**
 * Lines, and lines still to fulfil, per customer, request type and day (UTC) of data_ins. Statement
 * triggers on storico_ordine_riga keep it in the writing transaction (migration 0019): the history's
 * totals over a year of lines are a sum of about 250 days, not a count of every line.
 */
export const storicoOrdineGiorno = pgTable(
  'storico_ordine_giorno',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tiporichiesta: varchar('tiporichiesta', { length: 5 }).notNull(),
    giorno: date('giorno', { mode: 'string' }).notNull(),
    righe: integer('righe').notNull(),
    daEvadere: integer('da_evadere').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tiporichiesta, t.giorno] })],
);

export const storicoTrackingEvento = pgTable(
  'storico_tracking_evento',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wayBill: varchar('way_bill', { length: 40 }).notNull(),
    corriere: varchar('corriere', { length: 40 }),
    data: timestamp('data', { withTimezone: true }).notNull(),
    luogo: varchar('luogo', { length: 255 }),
    stato: varchar('stato', { length: 20 }).notNull(),
    descrizione: varchar('descrizione', { length: 255 }).notNull(),
    /** The document that brought it: a waybill's events are replaced by a newer document's. */
    erpGeneratedAt: timestamp('erp_generated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('storico_tracking_evento_waybill_idx').on(t.wayBill, t.data)],
);

/** Issue 16 §1: every hand-back document received, with its outcome. */
export const erpStoricoLog = pgTable(
  'erp_storico_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** file or http */
    source: varchar('source', { length: 10 }).notNull(),
    /** The file's name, or the HTTP client's address. */
    name: varchar('name', { length: 255 }).notNull(),
    documentId: varchar('document_id', { length: 100 }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    outcome: varchar('outcome', { length: 10 }).notNull(),
    reason: text('reason'),
    ordini: integer('ordini').notNull().default(0),
    righe: integer('righe').notNull().default(0),
  },
  (t) => [
    index('erp_storico_log_document_idx').on(t.documentId),
    index('erp_storico_log_received_idx').on(t.receivedAt),
  ],
);
