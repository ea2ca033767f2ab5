import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditFields } from './audit-fields.ts';
import type { LocalizedText } from './banners.schema.ts';
import { articolo } from './catalogue.schema.ts';

/** Spec 2 §3 CrModelli: the machine models (admin on the kit, ROLE_MANAGER). */
export const crModelli = pgTable('cr_modelli', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  modello: varchar('modello', { length: 100 }).notNull().unique('cr_modelli_modello_uq'),
  note: varchar('note', { length: 4000 }),
});

/**
 * Spec 2 §3 Catalogo: the parts catalogue of one catalogue code (cr_codice; GENERIC for the generic
 * catalogue). Machines point at it through mt_cr_cod. `stale` is set by refreshall: the catalogue
 * is regenerated on its next query or by the nightly job.
 */
export const catalogo = pgTable('catalogo', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
  crCodice: varchar('cr_codice', { length: 30 }).notNull().unique('catalogo_cr_codice_uq'),
  crDescrizione: varchar('cr_descrizione', { length: 255 }).notNull(),
  localizedDescrizione: jsonb('localized_descrizione').$type<LocalizedText>().notNull().default({}),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  stale: boolean('stale').notNull().default(false),
  righe: integer('righe').notNull().default(0),
});

/**
 * Spec 2 §3 catalogue row. rigItem numbers the rows of a catalogue; rigItemPrec is the parent row
 * (null at level 1). rigIdTav / rigDisegno are the plate and drawing the row belongs to (for a
 * branch: the plate it opens); rigPos is the balloon label in that drawing. rigTipoNodo: 1 leaf,
 * 2 hidden, other values branches. rigTipoArt T: not orderable. The article's code, unit and
 * descriptions are copied in when the catalogue is generated (the catalogue is a snapshot).
 */
export const catalogoRiga = pgTable(
  'catalogo_riga',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    crId: bigint('cr_id', { mode: 'number' })
      .notNull()
      .references(() => catalogo.id, { onDelete: 'cascade' }),
    rigItem: integer('rig_item').notNull(),
    rigItemPrec: integer('rig_item_prec'),
    rigLivello: integer('rig_livello').notNull(),
    rigOrdine: integer('rig_ordine').notNull(),
    rigIdTav: varchar('rig_id_tav', { length: 30 }),
    rigDisegno: varchar('rig_disegno', { length: 60 }),
    rigPos: varchar('rig_pos', { length: 10 }),
    rigTipoArt: varchar('rig_tipo_art', { length: 1 }),
    rigTipoNodo: integer('rig_tipo_nodo').notNull(),
    rigQta: numeric('rig_qta', { precision: 12, scale: 3, mode: 'number' }).notNull().default(1),
    rigNote: varchar('rig_note', { length: 500 }),
    articoloId: bigint('articolo_id', { mode: 'number' }).references(() => articolo.id),
    articoloCodice: varchar('articolo_codice', { length: 40 }),
    unitaMisura: varchar('unita_misura', { length: 5 }),
    localizedDescrizione: jsonb('localized_descrizione').$type<LocalizedText>().notNull().default({}),
    /** Code and descriptions in every language, lower-case without accents: the tree search. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('catalogo_riga_item_uq').on(t.crId, t.rigItem),
    index('catalogo_riga_level_idx').on(t.crId, t.rigLivello, t.rigOrdine),
    index('catalogo_riga_parent_idx').on(t.crId, t.rigItemPrec, t.rigOrdine),
    index('catalogo_riga_articolo_idx').on(t.articoloId),
    index('catalogo_riga_codice_idx').on(sql`${t.articoloCodice} text_pattern_ops`),
    index('catalogo_riga_tav_idx').on(sql`lower(${t.rigIdTav}) text_pattern_ops`),
    index('catalogo_riga_disegno_idx').on(sql`lower(${t.rigDisegno}) text_pattern_ops`),
  ],
);

/** Spec 2 §3 drawing data: the PNG is DATA_DIR/drawings/catalogue/{name}.png; labels are its balloons. */
export type DrawingLabel = { x: number; y: number; font: number; label: string; labelLength: number };
export const catalogoDisegno = pgTable('catalogo_disegno', {
  name: varchar('name', { length: 60 }).primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  labels: jsonb('labels').$type<DrawingLabel[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Spec 2 §3 Machine. dealerLogin is the dealer the machine was delivered through (its machines are
 * the dealer's); mtCliDescr `_ff_` means outside the fleet.
 */
export const macchina = pgTable(
  'macchina',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mtMatricola: varchar('mt_matricola', { length: 15 }).notNull(),
    localizedDescrizione: jsonb('localized_descrizione').$type<LocalizedText>().notNull().default({}),
    mtVersione: varchar('mt_versione', { length: 30 }),
    localizedVersione: jsonb('localized_versione').$type<LocalizedText>().notNull().default({}),
    mtCrCod: varchar('mt_cr_cod', { length: 30 }).notNull(),
    modelloId: bigint('modello_id', { mode: 'number' }).references(() => crModelli.id),
    dealerLogin: varchar('dealer_login', { length: 50 }),
    mtRivDescr: varchar('mt_riv_descr', { length: 100 }),
    mtCliDescr: varchar('mt_cli_descr', { length: 100 }),
    mtDtCons: date('mt_dt_cons', { mode: 'string' }),
    dataFineGaranzia: date('data_fine_garanzia', { mode: 'string' }),
    dataCreazione: timestamp('data_creazione', { withTimezone: true }).notNull().defaultNow(),
    dataUltimaModifica: timestamp('data_ultima_modifica', { withTimezone: true }).notNull().defaultNow(),
    dataFineValidita: date('data_fine_validita', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('macchina_matricola_uq').on(t.mtMatricola),
    index('macchina_matricola_trgm_idx').using('gin', sql`lower(${t.mtMatricola}) gin_trgm_ops`),
    index('macchina_dealer_idx').on(t.dealerLogin, t.mtMatricola),
    index('macchina_cr_cod_idx').on(t.mtCrCod),
  ],
);

/** Spec 2 §3 CrSubdealerVisibilita: a machine (matricola) a dealer lets one of its subdealers (login) see. */
export const crSubdealerVisibilita = pgTable(
  'cr_subdealer_visibilita',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dealerLogin: varchar('dealer_login', { length: 50 }).notNull(),
    login: varchar('login', { length: 50 }).notNull(),
    matricola: varchar('matricola', { length: 15 }).notNull(),
    note: varchar('note', { length: 400 }),
    ...auditFields(),
  },
  (t) => [
    uniqueIndex('cr_subdealer_visibilita_uq').on(t.login, t.matricola),
    index('cr_subdealer_visibilita_dealer_idx').on(t.dealerLogin, t.login),
    index('cr_subdealer_visibilita_matricola_idx').on(t.matricola),
  ],
);

/** The full-catalogue PDF of one catalogue and language (spec 2 §4: not requested → generating → ready). */
export const catalogoPdf = pgTable(
  'catalogo_pdf',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    crId: bigint('cr_id', { mode: 'number' })
      .notNull()
      .references(() => catalogo.id, { onDelete: 'cascade' }),
    lang: varchar('lang', { length: 2 }).notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    progress: integer('progress').notNull().default(0),
    /** The catalogue's generatedAt the file was made from: a newer catalogue makes the file old. */
    catalogoGeneratedAt: timestamp('catalogo_generated_at', { withTimezone: true }).notNull(),
    fileName: varchar('file_name', { length: 200 }),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written while the claiming process lives (catalogue-pdf.job.ts); a GENERATING row without one for long is dead. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('catalogo_pdf_uq').on(t.crId, t.lang),
    check('catalogo_pdf_state_ck', sql`${t.state} in ('GENERATING', 'READY', 'FAILED')`),
  ],
);
