import { z } from 'zod';
import { LANGUAGES } from './i18n.constants.ts';
import { pageQuerySchema, type SortParam } from './paging.schemas.ts';
import { TICKET_PAGE_SIZE } from './tickets.constants.ts';
import { storedFileSchema } from './uploads.schemas.ts';

/** Spec 2 §3, §5, §9: the support ticket's limits. */
export const TICKET_LIMITS = {
  title: 200,
  descrizione: 4000,
  note: 4000,
  matricola: 15,
  modello: 100,
  maxHours: 999_999,
  term: 100,
} as const;
/** Spec 2 §9: 10 serials in the lookup (20 tickets a page: tickets.constants.ts). */
export const TICKET_SERIAL_RESULTS = 10;
/** Spec 2 §4, §9: a closed ticket still takes notes and files this long after its close time. */
export const TICKET_REOPEN_DAYS = 3;

/**
 * Spec 2 §3, §4: a ticket's status. 1 new, 2 being handled, 46 waiting for the customer
 * (highlighted, its own filter), 3 closed.
 */
export const TICKET_STATUSES = [1, 2, 46, 3] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_CLOSED: TicketStatus = 3;
export const TICKET_WAITING_CUSTOMER: TicketStatus = 46;
/** Spec 2 §2: the list's state filter (default ALL). */
export const TICKET_FILTERS = ['OPEN', '46', 'CLOSE', 'ALL'] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];

/** Spec 2 §3, §9: type (2 values), location (13 values of the location list; 0 = not chosen), urgency 4 → 1. */
export const TICKET_TYPES = [1, 2] as const;
export const TICKET_URGENCIES = [4, 3, 2, 1] as const;
export const TICKET_LOCATION_MAX = 13;
/** Spec 2 §3: a new ticket starts as type 2, location 0 (to choose), urgency 4, status 1. */
export const TICKET_DEFAULTS = { tipologiaKey: 2, collocazioneKey: 0, urgenzaClienteKey: 4, status: 1 } as const;

/** Whose answer a ticket waits for: the help desk's or the customer's (none once closed). */
export const TICKET_WAITING = ['STAFF', 'CUSTOMER'] as const;
export type TicketWaiting = (typeof TICKET_WAITING)[number];

/**
 * Spec 2 §4: a ticket takes notes and files while open, and once closed only within
 * TICKET_REOPEN_DAYS of its close time.
 */
export const ticketAcceptsNotes = (ticket: { status: number; closeTime: string | null }, now: Date = new Date()) => {
  if (ticket.status !== TICKET_CLOSED) return true;
  if (!ticket.closeTime) return false;
  return now.getTime() - new Date(ticket.closeTime).getTime() <= TICKET_REOPEN_DAYS * 24 * 60 * 60 * 1000;
};

export const TICKET_SORT_FIELDS = ['id', 'insert_time', 'status', 'urgenzaClienteKey'] as const;
export type TicketSortField = (typeof TICKET_SORT_FIELDS)[number];
export const TICKET_DEFAULT_SORT: readonly SortParam<TicketSortField>[] = ['insert_time,desc'];

/** A yyyy-MM-dd that is a day of the calendar (2025-02-30 is none). */
const isCalendarDay = (iso: string) => {
  const day = new Date(`${iso}T00:00:00Z`);
  return iso >= '0001-01-01' && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso;
};
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
  .refine(isCalendarDay, 'validation.invalid');
const optionalKey = (values: readonly number[]) =>
  z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .refine((v) => values.includes(v), 'validation.invalid')
    .optional();

/** GET /api/sysaid: the list's filters (spec 2 §7), 20 a page. */
export const ticketSearchSchema = pageQuerySchema(TICKET_SORT_FIELDS, {
  defaultSize: TICKET_PAGE_SIZE,
  maxSize: 100,
}).extend({
  stato: z.enum(TICKET_FILTERS, 'validation.invalid').default('ALL'),
  dateFrom: isoDay.optional(),
  dateTo: isoDay.optional(),
  ricerca: z.string().trim().max(TICKET_LIMITS.term, 'validation.maxlength').optional(),
  soloMiei: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  tipologiaKey: optionalKey(TICKET_TYPES),
  collocazioneKey: optionalKey(Array.from({ length: TICKET_LOCATION_MAX }, (_, i) => i + 1)),
  urgenzaClienteKey: optionalKey(TICKET_URGENCIES),
});

export const ticketRowSchema = z.object({
  id: z.number().int(),
  insert_time: z.string(),
  title: z.string(),
  matricola: z.string(),
  modello: z.string().nullable(),
  /** The customer who opened it (staff see every customer's). */
  login: z.string(),
  nome: z.string().nullable(),
  cognome: z.string().nullable(),
  tipologiaKey: z.number().int(),
  collocazioneKey: z.number().int(),
  urgenzaClienteKey: z.number().int(),
  status: z.number().int(),
  attesa: z.enum(TICKET_WAITING).nullable(),
  close_time: z.string().nullable(),
  note: z.number().int(),
  file: z.number().int(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

export const ticketNoteSchema = z.object({
  author: z.string(),
  /** Written by the help desk (true) or the customer. */
  staff: z.boolean(),
  date: z.string(),
  text: z.string(),
});

export const ticketFileSchema = storedFileSchema.extend({ file_id: z.string(), file_name: z.string() });

/** GET /api/sysaid/{id}: every field of spec 2 §3. */
export const ticketSchema = z.object({
  id: z.number().int(),
  insert_time: z.string(),
  login: z.string(),
  nome: z.string().nullable(),
  cognome: z.string().nullable(),
  title: z.string(),
  clientDescription: z.string(),
  descrizione: z.string(),
  tipologiaKey: z.number().int(),
  modello: z.string().nullable(),
  matricola: z.string(),
  oreUtilizzo: z.number().int(),
  collocazioneKey: z.number().int(),
  urgenzaClienteKey: z.number().int(),
  status: z.number().int(),
  lingua: z.string(),
  /** Spec 2 §3, §9: the warranty end as text dd-MM-yyyy HH:mm:ss. */
  dataGaranzia: z.string().nullable(),
  notes: z.array(ticketNoteSchema),
  close_time: z.string().nullable(),
  files: z.array(ticketFileSchema),
  attesa: z.enum(TICKET_WAITING).nullable(),
  /** The help desk member answering it. */
  assegnatario: z.string().nullable(),
  /** Notes and files may be added now (open, or closed less than 3 days ago). */
  aperto: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

const requiredText = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.maxlength');

/**
 * POST /api/sysaid: a new ticket (spec 2 §5): serial, model, hours of use, type, location, urgency
 * and title required; location 0 (not chosen yet) refused.
 */
export const ticketInputSchema = z.object({
  title: requiredText(TICKET_LIMITS.title),
  clientDescription: z.string().trim().max(TICKET_LIMITS.descrizione, 'validation.maxlength').nullish(),
  tipologiaKey: z
    .number('validation.required')
    .int('validation.invalid')
    .refine((v) => (TICKET_TYPES as readonly number[]).includes(v), 'validation.invalid'),
  matricola: requiredText(TICKET_LIMITS.matricola).transform((v) => v.toUpperCase()),
  modello: requiredText(TICKET_LIMITS.modello),
  oreUtilizzo: z
    .number('validation.required')
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(TICKET_LIMITS.maxHours, 'validation.invalid'),
  collocazioneKey: z
    .number('validation.required')
    .int('validation.invalid')
    .min(1, 'ticket.error.location')
    .max(TICKET_LOCATION_MAX, 'validation.invalid'),
  urgenzaClienteKey: z
    .number('validation.required')
    .int('validation.invalid')
    .refine((v) => (TICKET_URGENCIES as readonly number[]).includes(v), 'validation.invalid'),
  lingua: z.enum(LANGUAGES).optional(),
});
export type TicketInput = z.input<typeof ticketInputSchema>;

/** POST /api/sysaid answers the new ticket's id (spec 2 §4: the page goes to it). */
export const ticketCreatedSchema = z.object({ newTicketId: z.number().int() });

/** PUT /api/sysaid: the help desk changes a ticket's status (46 waits for the customer, 3 closes). */
export const ticketUpdateSchema = z.object({
  id: z.number().int().positive(),
  status: z
    .number('validation.required')
    .int('validation.invalid')
    .refine((v) => (TICKET_STATUSES as readonly number[]).includes(v), 'validation.invalid'),
});

/** POST /api/sysaid/addticketnote: a note needs text (spec 2 §5). */
export const ticketNoteInputSchema = z.object({
  ticketId: z.number().int().positive(),
  note: requiredText(TICKET_LIMITS.note),
});
export const ticketNoteResultSchema = z.object({ success: z.boolean(), ticket: ticketSchema });

/** GET /api/sysaid/count: the tickets waiting for this user's answer. */
export const ticketCountSchema = z.object({ count: z.number().int() });

/** GET /api/sysaid/matricole?term: the serial lookup of the new-ticket form (lower-cased term, 10 results). */
export const ticketSerialQuerySchema = z.object({
  term: z.string().trim().min(1, 'validation.required').max(TICKET_LIMITS.matricola, 'validation.maxlength'),
  lang: z.enum(LANGUAGES).optional(),
});
export const ticketSerialSchema = z.object({
  matricola: z.string(),
  modello: z.string(),
  /** dd-MM-yyyy HH:mm:ss, as the ticket keeps it. */
  dataGaranzia: z.string().nullable(),
});
export type TicketSerial = z.infer<typeof ticketSerialSchema>;

/** The warranty end as the ticket shows it (spec 2 §3: dd-MM-yyyy HH:mm:ss). */
export const formatTicketDate = (iso: string | null | undefined) =>
  iso ? `${iso.slice(0, 10).split('-').reverse().join('-')} 00:00:00` : null;
