import {
  bigint,
  bigserial,
  char,
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
import { auditFields } from './audit-fields.ts';
import type { LocalizedText } from './banners.schema.ts';
import { storedFile } from './files.schema.ts';

const score = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * Spec 3 §3 CrDarTemplateHeader: a versioned checklist template of one type (DAR or PDI), in force
 * from daData to aData. A template a checklist was compiled from is not changed: a new version is made.
 */
export const crDarTemplateHeader = pgTable(
  'cr_dar_template_header',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    daData: date('da_data', { mode: 'string' }),
    aData: date('a_data', { mode: 'string' }),
    fileLogo: varchar('file_logo', { length: 200 }),
    nome: varchar('nome', { length: 200 }).notNull(),
    nomeBreve: varchar('nome_breve', { length: 50 }),
    versione: varchar('versione', { length: 10 }).notNull(),
    darDescr: varchar('dar_descr', { length: 64 }),
    note: varchar('note', { length: 4000 }),
    tipoDocumento: varchar('tipo_documento', { length: 3 }).notNull(),
    ...auditFields(),
  },
  (t) => [index('cr_dar_template_header_tipo_idx').on(t.tipoDocumento, t.daData)],
);

/**
 * Spec 3 §3 CrDarTemplateLine: a row of the template, numbered progressivo1[.2[.3]]; tipoRiga D is a
 * question, other values are groups. Two description lines in the five languages.
 */
export const crDarTemplateLine = pgTable(
  'cr_dar_template_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateHeaderId: bigint('template_header_id', { mode: 'number' })
      .notNull()
      .references(() => crDarTemplateHeader.id, { onDelete: 'cascade' }),
    tipoRiga: char('tipo_riga', { length: 1 }).notNull(),
    progressivo1: integer('progressivo1').notNull(),
    progressivo2: integer('progressivo2'),
    progressivo3: integer('progressivo3'),
    darDescr1: jsonb('dar_descr1').$type<LocalizedText>().notNull().default({}),
    darDescr2: jsonb('dar_descr2').$type<LocalizedText>().notNull().default({}),
    fileImmagine: varchar('file_immagine', { length: 200 }),
    scoreOK: score('score_ok'),
    scoreKO: score('score_ko'),
    scoreNA: score('score_na'),
    note: varchar('note', { length: 4000 }),
    darNaFlag: char('dar_na_flag', { length: 1 }).notNull().default('N'),
    ...auditFields(),
  },
  (t) => [
    index('cr_dar_template_line_header_idx').on(t.templateHeaderId, t.progressivo1, t.progressivo2, t.progressivo3),
  ],
);

/** Spec 3 §3 CrDarHeader: one compiled checklist of a machine, owned by the dealer who created it. */
export const crDarHeader = pgTable(
  'cr_dar_header',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    matricola: varchar('matricola', { length: 20 }).notNull(),
    dataCompilazione: timestamp('data_compilazione', { withTimezone: true }),
    dataArrivoMacchina: date('data_arrivo_macchina', { mode: 'string' }),
    modello: varchar('modello', { length: 50 }).notNull(),
    userLogin: varchar('user_login', { length: 50 }).notNull(),
    userFirstName: varchar('user_first_name', { length: 50 }),
    userLastName: varchar('user_last_name', { length: 50 }),
    userEmail: varchar('user_email', { length: 100 }),
    dealerLogin: varchar('dealer_login', { length: 50 }).notNull(),
    userRagioneSociale: varchar('user_ragione_sociale', { length: 255 }),
    stato: varchar('stato', { length: 20 }).notNull().default('In Corso'),
    valutazioneUtente: integer('valutazione_utente'),
    valutazioneCalcolata: score('valutazione_calcolata'),
    note: varchar('note', { length: 4000 }),
    templateHeaderId: bigint('template_header_id', { mode: 'number' })
      .notNull()
      .references(() => crDarTemplateHeader.id),
    inviatoAt: timestamp('inviato_at', { withTimezone: true }),
    ...auditFields(),
  },
  (t) => [
    index('cr_dar_header_dealer_idx').on(t.dealerLogin, t.id),
    index('cr_dar_header_matricola_idx').on(t.matricola),
    index('cr_dar_header_template_idx').on(t.templateHeaderId),
  ],
);

/**
 * Spec 3 §3 CrDarLine: the answer to one template line (risposta OK, KO or '--'), with its detail, note
 * and up to two images (names per spec 3 §5, bytes on the attachment store).
 */
export const crDarLine = pgTable(
  'cr_dar_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    headerId: bigint('header_id', { mode: 'number' })
      .notNull()
      .references(() => crDarHeader.id, { onDelete: 'cascade' }),
    templateLineId: bigint('template_line_id', { mode: 'number' })
      .notNull()
      .references(() => crDarTemplateLine.id),
    risposta: varchar('risposta', { length: 2 }),
    rispostaDettaglio: varchar('risposta_dettaglio', { length: 4000 }),
    nomeImmagine1: varchar('nome_immagine1', { length: 100 }),
    immagine1FileId: uuid('immagine1_file_id').references(() => storedFile.id),
    nomeImmagine2: varchar('nome_immagine2', { length: 100 }),
    immagine2FileId: uuid('immagine2_file_id').references(() => storedFile.id),
    note: varchar('note', { length: 4000 }),
    ...auditFields(),
  },
  (t) => [
    uniqueIndex('cr_dar_line_header_template_uq').on(t.headerId, t.templateLineId),
    index('cr_dar_line_immagine1_idx').on(t.nomeImmagine1),
    index('cr_dar_line_immagine2_idx').on(t.nomeImmagine2),
  ],
);
