import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditFields } from './audit-fields.ts';
import { storedFile } from './files.schema.ts';
import { ordine } from './orders.schema.ts';

/** The request numbers shown to dealers (id.numeroRichiesta): one series for every serial. */
export const richiestaGaranziaNumero = pgSequence('richiesta_garanzia_numero_seq', { startWith: 1000 });

/**
 * A warranty request (spec 2 §3): what failed on a machine, when and where, what the repair cost.
 * statoAttivita is the back office's state (domain WARRANTY_STATES); it decides seEditable. A request
 * of the order variant points at the ORDCG order it was sent with.
 */
export const richiestaGaranzia = pgTable(
  'richiesta_garanzia',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    numero: integer('numero').notNull().unique('richiesta_garanzia_numero_uq'),
    matricola: varchar('matricola', { length: 15 }).notNull(),
    /** The dealer the machine belongs to when the request was filed. */
    dealerLogin: varchar('dealer_login', { length: 50 }),
    dataRichiesta: date('data_richiesta', { mode: 'string' }).notNull(),
    dataFineGaranzia: date('data_fine_garanzia', { mode: 'string' }),
    dataGuasto: date('data_guasto', { mode: 'string' }).notNull(),
    dataRiparazione: date('data_riparazione', { mode: 'string' }),
    oreLavoro: numeric('ore_lavoro', { precision: 10, scale: 1, mode: 'number' }).notNull(),
    oreIntervento: numeric('ore_intervento', { precision: 10, scale: 1, mode: 'number' }),
    oreViaggio: numeric('ore_viaggio', { precision: 10, scale: 1, mode: 'number' }),
    chilometri: integer('chilometri'),
    costoTotaleIntervento: numeric('costo_totale_intervento', { precision: 12, scale: 2, mode: 'number' }),
    problemaSegnalato: varchar('problema_segnalato', { length: 50 }).notNull(),
    problemaNote: varchar('problema_note', { length: 500 }).notNull(),
    collocazioneProblema: varchar('collocazione_problema', { length: 50 }).notNull(),
    codiceComponente: varchar('codice_componente', { length: 40 }),
    soluzioneAdottataNote: varchar('soluzione_adottata_note', { length: 500 }),
    stato: varchar('stato', { length: 3 }),
    provincia: varchar('provincia', { length: 2 }),
    statoAttivita: varchar('stato_attivita', { length: 16 }).notNull().default('APERTA'),
    ordineId: bigint('ordine_id', { mode: 'number' }).references(() => ordine.id),
    lingua: varchar('lingua', { length: 5 }).notNull().default('it'),
    ...auditFields(),
  },
  (t) => [
    index('richiesta_garanzia_matricola_idx').on(t.matricola),
    index('richiesta_garanzia_dealer_idx').on(t.dealerLogin, t.statoAttivita),
    index('richiesta_garanzia_stato_data_idx').on(t.statoAttivita, t.dataRichiesta),
  ],
);

/** The attachments of a warranty request (image, video or PDF, spec 2 §5), each a stored file. */
export const richiestaGaranziaAllegato = pgTable(
  'richiesta_garanzia_allegato',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => storedFile.id),
    richiestaId: bigint('richiesta_id', { mode: 'number' })
      .notNull()
      .references(() => richiestaGaranzia.id),
    createdBy: varchar('created_by', { length: 50 }).notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('richiesta_garanzia_allegato_richiesta_idx').on(t.richiestaId)],
);

/** The history of a request's states: who moved it, when, and the note the dealer was mailed. */
export const richiestaGaranziaEvento = pgTable(
  'richiesta_garanzia_evento',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    richiestaId: bigint('richiesta_id', { mode: 'number' })
      .notNull()
      .references(() => richiestaGaranzia.id),
    statoAttivita: varchar('stato_attivita', { length: 16 }).notNull(),
    nota: varchar('nota', { length: 500 }),
    login: varchar('login', { length: 50 }).notNull(),
    data: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('richiesta_garanzia_evento_richiesta_idx').on(t.richiestaId, t.data)],
);
