import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditFields } from './audit-fields.ts';
import { storedFile } from './files.schema.ts';

/**
 * Spec 2 §3 CrDocumenti: a technical document. Its type and categories are keys of the lookup lists
 * CATEGORIE_TIPODOCUMENTO and CATEGORIE_CATEGORIA1–3 (combo_voci); brand is a key of MARCHI.
 */
export const crDocumenti = pgTable(
  'cr_documenti',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nome: varchar('nome', { length: 200 }).notNull(),
    daData: date('da_data', { mode: 'string' }),
    aData: date('a_data', { mode: 'string' }),
    interno: boolean('interno').notNull().default(false),
    brand: varchar('brand', { length: 50 }).notNull(),
    tipoDocumento: varchar('tipo_documento', { length: 50 }).notNull(),
    categoria1: varchar('categoria1', { length: 50 }).notNull(),
    categoria2: varchar('categoria2', { length: 50 }),
    categoria3: varchar('categoria3', { length: 50 }),
    note: varchar('note', { length: 4000 }),
    ...auditFields(),
  },
  (t) => [
    index('cr_documenti_brand_idx').on(t.brand, t.tipoDocumento),
    index('cr_documenti_da_data_idx').on(t.daData),
    index('cr_documenti_a_data_idx').on(t.aData),
    index('cr_documenti_nome_idx').on(t.nome),
    index('cr_documenti_interno_idx').on(t.interno),
  ],
);

/**
 * Spec 2 §3 CrDocumentiModelli: a document applies to the machines of a model (cr_modelli.modello),
 * within daMatricola–aMatricola when given (kept upper-case; compared byte by byte, "C" collation).
 */
export const crDocumentiModelli = pgTable(
  'cr_documenti_modelli',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idCrDocumenti: bigint('id_cr_documenti', { mode: 'number' })
      .notNull()
      .references(() => crDocumenti.id, { onDelete: 'cascade' }),
    modello: varchar('modello', { length: 200 }).notNull(),
    daMatricola: varchar('da_matricola', { length: 200 }),
    aMatricola: varchar('a_matricola', { length: 200 }),
    note: varchar('note', { length: 4000 }),
  },
  (t) => [
    // The library's search for a serial reads the model's rows from this index alone, range included.
    index('cr_documenti_modelli_modello_idx').on(t.modello, t.idCrDocumenti, t.daMatricola, t.aMatricola),
    index('cr_documenti_modelli_doc_idx').on(t.idCrDocumenti),
    index('cr_documenti_modelli_da_idx').on(t.daMatricola),
    index('cr_documenti_modelli_a_idx').on(t.aMatricola),
  ],
);

/**
 * Spec 2 §3 CrDocumentiFile: one PDF of a document in one language. nomeFileFisico is the server's
 * name of the bytes (`<stored file id>.pdf`); the bytes and the first-page picture are the stored
 * file's. search_text: code, description and original name, lower-case, for the library's term.
 */
export const crDocumentiFile = pgTable(
  'cr_documenti_file',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idCrDocumenti: bigint('id_cr_documenti', { mode: 'number' })
      .notNull()
      .references(() => crDocumenti.id, { onDelete: 'cascade' }),
    codice: varchar('codice', { length: 200 }).notNull(),
    descrizioneFile: varchar('descrizione_file', { length: 200 }).notNull(),
    lingua: varchar('lingua', { length: 2 }).notNull(),
    nomeFileFisico: varchar('nome_file_fisico', { length: 60 }).notNull().unique('cr_documenti_file_fisico_uq'),
    nomeFileOriginale: varchar('nome_file_originale', { length: 255 }).notNull(),
    note: varchar('note', { length: 4000 }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFile.id)
      .unique('cr_documenti_file_file_uq'),
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('cr_documenti_file_doc_idx').on(t.idCrDocumenti, t.lingua),
    index('cr_documenti_file_codice_idx').on(t.codice),
    index('cr_documenti_file_descr_idx').on(t.descrizioneFile),
    index('cr_documenti_file_lingua_idx').on(t.lingua),
    index('cr_documenti_file_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Spec 2 §3 CrDocumentiLog: every download from the library (read-only for ROLE_ADMIN). */
export const crDocumentiLog = pgTable(
  'cr_documenti_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: varchar('login', { length: 50 }).notNull(),
    ipAddress: varchar('ip_address', { length: 64 }),
    data: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
    interno: boolean('interno').notNull().default(false),
    idDocumento: bigint('id_documento', { mode: 'number' }).notNull(),
    nomeFileOriginale: varchar('nome_file_originale', { length: 255 }),
    filtriRicercaApplicati: varchar('filtri_ricerca_applicati', { length: 2000 }),
    linguaDocumento: varchar('lingua_documento', { length: 2 }),
    alberoDocumento: varchar('albero_documento', { length: 1000 }),
  },
  (t) => [
    index('cr_documenti_log_data_idx').on(t.data),
    index('cr_documenti_log_login_idx').on(t.login, t.data),
    index('cr_documenti_log_doc_idx').on(t.idDocumento, t.data),
  ],
);
