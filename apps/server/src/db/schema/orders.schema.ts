import { ADDRESS_LIMITS, CART_LIMITS } from '@ricambi/domain';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { articolo } from './catalogue.schema.ts';
import { appUser } from './users.schema.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const quantity = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

const addressColumns = () => ({
  ragsoc: varchar('ragsoc', { length: ADDRESS_LIMITS.RAGSOC }).notNull(),
  indirizzo: varchar('indirizzo', { length: ADDRESS_LIMITS.INDIRIZZO }).notNull(),
  cap: varchar('cap', { length: ADDRESS_LIMITS.CAP }).notNull().default(''),
  citta: varchar('citta', { length: ADDRESS_LIMITS.CITTA }).notNull(),
  prov: varchar('prov', { length: ADDRESS_LIMITS.PROV }),
  stato: varchar('stato', { length: ADDRESS_LIMITS.STATO }),
});

/** One cart per user (idTestata of spec 1 §3); the row is also the lock that serialises a user's sends. */
export const carrello = pgTable('carrello', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Cart lines (spec 1 §3 "Cart line"): prices are computed when read, never stored here. */
export const carrelloRiga = pgTable(
  'carrello_riga',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    carrelloId: bigint('carrello_id', { mode: 'number' })
      .notNull()
      .references(() => carrello.id, { onDelete: 'cascade' }),
    articoloId: bigint('articolo_id', { mode: 'number' })
      .notNull()
      .references(() => articolo.id),
    quantita: quantity('quantita').notNull(),
    dataRichiesta: date('data_richiesta', { mode: 'string' }),
    serialNumber: varchar('serial_number', { length: CART_LIMITS.serialNumber }),
    origine: varchar('origine', { length: 2 }).notNull().default('R'),
    confermaSuperamento: boolean('conferma_superamento').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('carrello_riga_carrello_idx').on(t.carrelloId, t.id),
    index('carrello_riga_articolo_idx').on(t.articoloId),
  ],
);

/** The user's shipping addresses (spec 1 §3: TIPO_INDIRIZZO 000 is the default). */
export const indirizzoCliente = pgTable(
  'indirizzo_cliente',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    tipoIndirizzo: varchar('tipo_indirizzo', { length: 3 }).notNull(),
    ...addressColumns(),
  },
  (t) => [uniqueIndex('indirizzo_cliente_user_tipo_uq').on(t.userId, t.tipoIndirizzo)],
);

/** A sent order, quote, warranty order or subdealer request, with the address and totals as sent. */
export const ordine = pgTable(
  'ordine',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The customer (the acted-as user when staff act as a dealer). */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id),
    /** Who pressed send (differs from the customer while acting as). */
    sentBy: varchar('sent_by', { length: 50 }).notNull(),
    tiporichiesta: varchar('tiporichiesta', { length: 5 }).notNull(),
    anno: integer('anno').notNull(),
    numero: integer('numero').notNull(),
    numeroOrdine: varchar('numero_ordine', { length: 40 }).notNull().unique(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    rifOrdine: varchar('rif_ordine', { length: CART_LIMITS.rifOrdine }),
    rifData: date('rif_data', { mode: 'string' }),
    dataRichiesta: date('data_richiesta', { mode: 'string' }),
    nota: varchar('nota', { length: CART_LIMITS.nota }),
    spedizione: varchar('spedizione', { length: 3 }).notNull(),
    speseSpedizione: money('spese_spedizione'),
    tipoIndirizzo: varchar('tipo_indirizzo', { length: 3 }),
    ...addressColumns(),
    /** The destination country (the address's STATO): the column "stato" is the order's status. */
    stato: varchar('paese', { length: ADDRESS_LIMITS.STATO }),
    langKey: varchar('lang_key', { length: 5 }).notNull(),
    totale: money('totale'),
    pesoTotale: quantity('peso_totale').notNull(),
    bannerId: bigint('banner_id', { mode: 'number' }),
    statoOrdine: varchar('stato', { length: 16 }).notNull().default('INVIATO'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ordine_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    uniqueIndex('ordine_anno_tipo_numero_uq').on(t.anno, t.tiporichiesta, t.numero),
    index('ordine_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Order lines with the code, description and prices as they were when sent. */
export const ordineRiga = pgTable(
  'ordine_riga',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ordineId: bigint('ordine_id', { mode: 'number' })
      .notNull()
      .references(() => ordine.id, { onDelete: 'cascade' }),
    riga: integer('riga').notNull(),
    articoloId: bigint('articolo_id', { mode: 'number' })
      .notNull()
      .references(() => articolo.id),
    articolo: varchar('articolo', { length: 40 }).notNull(),
    descrizione: varchar('descrizione', { length: 255 }).notNull(),
    unitaMisura: varchar('unita_misura', { length: 5 }).notNull(),
    tipoArticolo: varchar('tipo_articolo', { length: 1 }).notNull(),
    tipoArticoloOrig: varchar('tipo_articolo_orig', { length: 1 }).notNull(),
    quantita: quantity('quantita').notNull(),
    dataRichiesta: date('data_richiesta', { mode: 'string' }),
    serialNumber: varchar('serial_number', { length: CART_LIMITS.serialNumber }),
    origine: varchar('origine', { length: 2 }).notNull(),
    prezzo: money('prezzo'),
    netto: money('netto'),
    scontoPerc: numeric('sconto_perc', { precision: 6, scale: 2, mode: 'number' }),
    totale: money('totale'),
    peso: quantity('peso').notNull(),
    disponibile: varchar('disponibile', { length: 20 }).notNull(),
  },
  (t) => [uniqueIndex('ordine_riga_ordine_riga_uq').on(t.ordineId, t.riga)],
);

/** Shipping tariff (country, postcode range, weight band, cost); replaced whole by an upload. */
export const speseSpedizione = pgTable(
  'spese_spedizione',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stato: varchar('stato', { length: ADDRESS_LIMITS.STATO }).notNull(),
    capDa: varchar('cap_da', { length: ADDRESS_LIMITS.CAP }).notNull().default(''),
    capA: varchar('cap_a', { length: ADDRESS_LIMITS.CAP }).notNull().default(''),
    pesoDa: quantity('peso_da').notNull(),
    pesoA: quantity('peso_a').notNull(),
    costo: money('costo').notNull(),
  },
  (t) => [index('spese_spedizione_stato_idx').on(t.stato, t.pesoDa)],
);

/** A cart saved under a name: its lines as they were (article, quantity, date, serial). */
export type SavedCartLine = {
  articoloId: number;
  quantita: number;
  dataRichiesta: string | null;
  serialNumber: string | null;
};

export const carrelloSalvato = pgTable(
  'carrello_salvato',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: CART_LIMITS.savedCartName }).notNull(),
    righe: jsonb('righe').$type<SavedCartLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carrello_salvato_user_nome_uq').on(t.userId, t.nome)],
);
