import { z } from 'zod';
import { ADDRESS_LIMITS, businessToday } from './cart.rules.ts';
import { checkoutSchema } from './cart.schemas.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { parseItalianDate, YES_NO } from './messa-in-strada.schemas.ts';
import { pageQuerySchema, type SortParam } from './paging.schemas.ts';
import { storedFileSchema } from './uploads.schemas.ts';

/** Spec 2 §3, §9: the warranty request's limits. */
export const WARRANTY_LIMITS = {
  matricola: 12,
  problemaNote: 500,
  soluzioneAdottataNote: 500,
  statoNota: 500,
  codiceComponente: 40,
  comboKey: 50,
  stato: ADDRESS_LIMITS.STATO,
  provincia: ADDRESS_LIMITS.PROV,
  /** Hours and kilometres: generous, but a number a person types. */
  maxHours: 999_999,
  maxKm: 9_999_999,
  maxCost: 9_999_999,
} as const;
/** Spec 2 §9: 10 requests a page. */
export const WARRANTY_PAGE_SIZE = 10;
/** Spec 2 §5: failure and repair dates at most this many days old unless the server says otherwise. */
export const WARRANTY_DEFAULT_MAX_AGE_DAYS = 90;
/** Spec 2 §5: the component search starts at 3 characters and answers 10 suggestions. */
export const WARRANTY_COMPONENT_MIN_CHARS = 3;
export const WARRANTY_COMPONENT_RESULTS = 10;

/**
 * Where a request is in the back office (statoAttivita). The dealer edits it while it is open or
 * while head office asks for more information; under review and once decided it is locked.
 */
export const WARRANTY_STATES = ['APERTA', 'IN_ESAME', 'INTEGRAZIONE', 'APPROVATA', 'RESPINTA'] as const;
export type WarrantyState = (typeof WARRANTY_STATES)[number];
export const WARRANTY_EDITABLE_STATES: readonly WarrantyState[] = ['APERTA', 'INTEGRAZIONE'];
export const WARRANTY_DONE_STATES: readonly WarrantyState[] = ['APPROVATA', 'RESPINTA'];
/** The moves the back office may make from each state. */
export const WARRANTY_TRANSITIONS: Record<WarrantyState, readonly WarrantyState[]> = {
  APERTA: ['IN_ESAME', 'RESPINTA'],
  IN_ESAME: ['INTEGRAZIONE', 'APPROVATA', 'RESPINTA'],
  INTEGRAZIONE: ['IN_ESAME', 'RESPINTA'],
  APPROVATA: [],
  RESPINTA: [],
};
export const isWarrantyEditable = (state: WarrantyState) => WARRANTY_EDITABLE_STATES.includes(state);

/** Spec 2 §2: the list shows the requests in progress (default), the finished ones, or all. */
export const WARRANTY_FILTERS = ['INCORSO', 'FATTE', 'TUTTE'] as const;
export type WarrantyFilter = (typeof WARRANTY_FILTERS)[number];

export const WARRANTY_SORT_FIELDS = ['numeroRichiesta', 'matricola', 'dataRichiesta', 'statoAttivita'] as const;
export type WarrantySortField = (typeof WARRANTY_SORT_FIELDS)[number];
export const WARRANTY_DEFAULT_SORT: readonly SortParam<WarrantySortField>[] = ['dataRichiesta,desc'];

/** GET /api/richiestagaranzias/search: term and stato; page, size (10) and sort as every list. */
export const warrantySearchSchema = pageQuerySchema(WARRANTY_SORT_FIELDS, {
  defaultSize: WARRANTY_PAGE_SIZE,
  maxSize: 100,
}).extend({
  lang: z.enum(LANGUAGES).optional(),
  term: z.string().trim().max(50, 'validation.maxlength').optional(),
  stato: z.enum(WARRANTY_FILTERS, 'validation.invalid').default('INCORSO'),
});

const matricolaSchema = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(WARRANTY_LIMITS.matricola, 'validation.maxlength')
  .transform((v) => v.toUpperCase());
export const warrantyKeySchema = z.object({
  matricola: matricolaSchema,
  numero: z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
});

/** One line of the list. */
export const warrantyRowSchema = z.object({
  id: z.object({ matricola: z.string(), numeroRichiesta: z.number().int() }),
  descrizione: z.string(),
  dealer: z.string().nullable(),
  /** yyyy-MM-dd: the date segment of the request's PDF and attachment paths. */
  dataRichiestaIso: z.string(),
  dataRichiesta: z.string(),
  dataGuasto: z.string().nullable(),
  problemaSegnalato: z.string().nullable(),
  statoAttivita: z.enum(WARRANTY_STATES),
  seEditable: z.enum(YES_NO),
  allegati: z.number().int(),
  numeroOrdine: z.string().nullable(),
});
export type WarrantyRow = z.infer<typeof warrantyRowSchema>;

export const warrantyEventSchema = z.object({
  statoAttivita: z.enum(WARRANTY_STATES),
  nota: z.string().nullable(),
  login: z.string(),
  data: z.string(),
});

/** GET /api/richiestagaranzia/get/{matricola}/{numero}: every field of spec 2 §3 (dates dd/MM/yyyy). */
export const warrantySchema = z.object({
  id: z.object({ matricola: z.string(), numeroRichiesta: z.number().int() }),
  descrizione: z.string(),
  dealer: z.string().nullable(),
  dataFineGaranzia: z.string().nullable(),
  /** The warranty had ended on the request's date: a warning, the request still goes (spec 2 §4). */
  garanziaScaduta: z.boolean(),
  dataRichiestaIso: z.string(),
  dataRichiesta: z.string(),
  dataGuasto: z.string().nullable(),
  dataRiparazione: z.string().nullable(),
  dataOrdine: z.string().nullable(),
  numeroOrdine: z.string().nullable(),
  oreLavoro: z.number().nullable(),
  oreIntervento: z.number().nullable(),
  oreViaggio: z.number().nullable(),
  chilometri: z.number().nullable(),
  costoTotaleIntervento: z.number().nullable(),
  problemaSegnalato: z.string().nullable(),
  problemaSegnalatoDescrizione: z.string().nullable(),
  problemaNote: z.string().nullable(),
  collocazioneProblema: z.string().nullable(),
  collocazioneProblemaDescrizione: z.string().nullable(),
  codiceComponente: z.string().nullable(),
  componenteDescrizione: z.string().nullable(),
  soluzioneAdottataNote: z.string().nullable(),
  statoAttivita: z.enum(WARRANTY_STATES),
  /** The states the back office may move it to (empty for dealers). */
  prossimiStati: z.array(z.enum(WARRANTY_STATES)),
  stato: z.string().nullable(),
  provincia: z.string().nullable(),
  allegati: z.array(storedFileSchema),
  /** The attachments' names joined by # (spec 2 §3). */
  nomeAllegato: z.string().nullable(),
  seEditable: z.enum(YES_NO),
  eventi: z.array(warrantyEventSchema),
});
export type Warranty = z.infer<typeof warrantySchema>;

const optionalNumber = (max: number, integer = false) =>
  z
    .union([z.number('validation.number'), z.null()])
    .optional()
    .refine((v) => v == null || (v >= 0 && v <= max && (!integer || Number.isInteger(v))), 'validation.invalid');

const italianDate = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .refine((v) => parseItalianDate(v) !== null, 'validation.invalid');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.maxlength').nullish();
const requiredText = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.maxlength');

/**
 * POST /api/richiestagaranzia: what the dealer fills in (spec 2 §3, §5). Serial, work hours, failure
 * date, reported problem, its description and location are required; repair date, intervention and
 * travel hours and km too when the total cost is above 0. The date limits depend on the server's
 * setting: `warrantyDateErrors`.
 */
export const warrantyInputSchema = z
  .object({
    id: z.object({
      matricola: matricolaSchema,
      numeroRichiesta: z.number().int().positive().nullish(),
    }),
    dataGuasto: italianDate,
    dataRiparazione: z
      .string()
      .trim()
      .refine((v) => v === '' || parseItalianDate(v) !== null, 'validation.invalid')
      .nullish(),
    oreLavoro: z
      .number('validation.required')
      .min(0, 'validation.invalid')
      .max(WARRANTY_LIMITS.maxHours, 'validation.invalid'),
    oreIntervento: optionalNumber(WARRANTY_LIMITS.maxHours),
    oreViaggio: optionalNumber(WARRANTY_LIMITS.maxHours),
    chilometri: optionalNumber(WARRANTY_LIMITS.maxKm, true),
    costoTotaleIntervento: optionalNumber(WARRANTY_LIMITS.maxCost),
    problemaSegnalato: requiredText(WARRANTY_LIMITS.comboKey),
    problemaNote: requiredText(WARRANTY_LIMITS.problemaNote),
    collocazioneProblema: requiredText(WARRANTY_LIMITS.comboKey),
    codiceComponente: optionalText(WARRANTY_LIMITS.codiceComponente),
    soluzioneAdottataNote: optionalText(WARRANTY_LIMITS.soluzioneAdottataNote),
    stato: optionalText(WARRANTY_LIMITS.stato),
    provincia: optionalText(WARRANTY_LIMITS.provincia),
    /** The terms and conditions accepted: required for a new request only. */
    terminiAccettati: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.costoTotaleIntervento ?? 0) > 0) {
      if (!v.dataRiparazione?.trim())
        ctx.addIssue({ code: 'custom', path: ['dataRiparazione'], message: 'validation.required' });
      for (const field of ['oreIntervento', 'oreViaggio', 'chilometri'] as const)
        if (v[field] == null) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
    if (v.stato === 'ITA' && !v.provincia?.trim())
      ctx.addIssue({ code: 'custom', path: ['provincia'], message: 'validation.required' });
  });
export type WarrantyInput = z.input<typeof warrantyInputSchema>;
export type WarrantyInputParsed = z.output<typeof warrantyInputSchema>;

/**
 * The order variant (spec 2 §4): the checkout body sent as ORDCG with its idempotency key, then the
 * request saved linked to that order, in one use case.
 */
export const warrantyOrderSchema = z.object({
  checkout: checkoutSchema,
  idempotencyKey: z.uuid('validation.invalid'),
});
export const warrantySaveSchema = warrantyInputSchema.and(z.object({ ordine: warrantyOrderSchema.optional() }));
export type WarrantySave = z.input<typeof warrantySaveSchema>;

/** POST /api/richiestagaranzia?lingua&nuova: the query. */
export const warrantySaveQuerySchema = z.object({
  lingua: z.enum(LANGUAGES).optional(),
  nuova: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** The answer of a save: the request, and for the order variant the order it sent. */
export const warrantySavedSchema = warrantySchema.extend({
  ordine: z.object({ numeroOrdine: z.string(), id: z.number().int() }).nullable(),
});
export type WarrantySaved = z.infer<typeof warrantySavedSchema>;

/** PUT /api/richiestagaranzia/{matricola}/{numero}/stato: the back office moves a request on. */
export const warrantyStateChangeSchema = z.object({
  statoAttivita: z.enum(WARRANTY_STATES, 'validation.invalid'),
  nota: z.string().trim().max(WARRANTY_LIMITS.statoNota, 'validation.maxlength').nullish(),
});
export type WarrantyStateChange = z.input<typeof warrantyStateChangeSchema>;

/** GET /api/richiestagaranzia/componenti?matricola&q: parts of the machine's own catalogue. */
export const warrantyComponentQuerySchema = z.object({
  matricola: matricolaSchema,
  q: z
    .string('validation.required')
    .trim()
    .min(WARRANTY_COMPONENT_MIN_CHARS, 'validation.minlength')
    .max(WARRANTY_LIMITS.codiceComponente, 'validation.maxlength'),
  lang: z.enum(LANGUAGES).optional(),
});
export const warrantyComponentSchema = z.object({ codice: z.string(), descrizione: z.string() });
export type WarrantyComponent = z.infer<typeof warrantyComponentSchema>;

/** GET /api/richiestagaranzia/gg: how many days old a failure or repair date may be. */
export const warrantyMaxAgeSchema = z.object({ gg: z.number().int() });

const minusDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/** The oldest failure or repair date allowed (yyyy-MM-dd): today minus `gg` days, at midnight. */
export const warrantyMinDate = (gg: number, today: string = businessToday()) => minusDays(today, gg);

/**
 * Spec 2 §5 date rules, shared by the form and the server: failure and repair dates not older than
 * `gg` days (key `richiestagaranzia.error.mindate` with {{gg}}), not in the future, and the repair
 * not before the failure. The age counts from the day the request was filed (`filedOn`; today for a
 * new one), so a request head office sends back for more information can still be completed. Dates
 * as dd/MM/yyyy; unparsable ones are the schema's to report.
 */
export const warrantyDateErrors = (
  input: { dataGuasto?: string | null; dataRiparazione?: string | null },
  gg: number,
  today: string = businessToday(),
  filedOn: string = today,
): { field: 'dataGuasto' | 'dataRiparazione'; message: string; params?: Record<string, number> }[] => {
  const min = warrantyMinDate(gg, filedOn);
  const errors: { field: 'dataGuasto' | 'dataRiparazione'; message: string; params?: Record<string, number> }[] = [];
  const guasto = input.dataGuasto ? parseItalianDate(input.dataGuasto) : null;
  const riparazione = input.dataRiparazione ? parseItalianDate(input.dataRiparazione) : null;
  for (const [field, iso] of [
    ['dataGuasto', guasto],
    ['dataRiparazione', riparazione],
  ] as const) {
    if (!iso) continue;
    if (iso < min) errors.push({ field, message: 'richiestagaranzia.error.mindate', params: { gg } });
    else if (iso > today) errors.push({ field, message: 'richiestagaranzia.error.future' });
  }
  if (guasto && riparazione && riparazione < guasto && !errors.some((e) => e.field === 'dataRiparazione'))
    errors.push({ field: 'dataRiparazione', message: 'richiestagaranzia.error.repairBeforeFailure' });
  return errors;
};

/** The warranty had ended before `on` (yyyy-MM-dd). */
export const isWarrantyExpiredOn = (dataFineGaranzia: string | null, on: string = businessToday()) =>
  dataFineGaranzia !== null && dataFineGaranzia < on;
