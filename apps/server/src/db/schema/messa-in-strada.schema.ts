import { char, date, index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditFields } from './audit-fields.ts';
import { storedFile } from './files.schema.ts';

/**
 * The road registration of a machine (spec 2 §3 "Messa in strada"): one per serial, written when the
 * dealer first saves it. seEditable N (set by the back office) locks it; seAllegato follows its
 * attachments (messa_in_strada_allegato).
 */
export const messaInStrada = pgTable(
  'messa_in_strada',
  {
    matricola: varchar('matricola', { length: 15 }).primaryKey(),
    nomeCliente: varchar('nome_cliente', { length: 45 }).notNull(),
    via: varchar('via', { length: 45 }).notNull(),
    cap: varchar('cap', { length: 7 }).notNull(),
    loc: varchar('loc', { length: 30 }).notNull(),
    partitaIva: varchar('partita_iva', { length: 20 }).notNull(),
    geoLoc: varchar('geo_loc', { length: 100 }),
    stato: varchar('stato', { length: 3 }).notNull(),
    provincia: varchar('provincia', { length: 2 }),
    msSettore: varchar('ms_settore', { length: 50 }).notNull(),
    rif: varchar('rif', { length: 45 }),
    telefono: varchar('telefono', { length: 30 }),
    email: varchar('email', { length: 40 }),
    msData: date('ms_data', { mode: 'string' }).notNull(),
    seEditable: char('se_editable', { length: 1 }).notNull().default('Y'),
    ...auditFields(),
  },
  (t) => [index('messa_in_strada_ms_data_idx').on(t.msData), index('messa_in_strada_cliente_idx').on(t.nomeCliente)],
);

/** The attachments of a road registration (images or PDF, spec 2 §5): each points at its stored file. */
export const messaInStradaAllegato = pgTable(
  'messa_in_strada_allegato',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => storedFile.id),
    matricola: varchar('matricola', { length: 15 })
      .notNull()
      .references(() => messaInStrada.matricola),
    createdBy: varchar('created_by', { length: 50 }).notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messa_in_strada_allegato_matricola_idx').on(t.matricola)],
);
