import {
  businessToday,
  type FieldError,
  parseItalianDate,
  type Warranty,
  type WarrantyInput,
  type WarrantyState,
  warrantyDateErrors,
  warrantyMinDate,
} from '@ricambi/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiError } from '../../api/http.ts';

/** dd/MM/yyyy: the dates of the request on the wire and on screen (spec 2 §9). */
export const WARRANTY_DATE_FORMAT = 'DD/MM/YYYY';

/** The form of a warranty request (spec 2 §3): dates as pickers' values, numbers empty as null. */
export type WarrantyFormValues = {
  matricola: string;
  dataGuasto: Dayjs | null;
  dataRiparazione: Dayjs | null;
  oreLavoro: number | null;
  oreIntervento: number | null;
  oreViaggio: number | null;
  chilometri: number | null;
  costoTotaleIntervento: number | null;
  problemaSegnalato?: string;
  problemaNote: string;
  collocazioneProblema?: string;
  codiceComponente?: string;
  soluzioneAdottataNote: string;
  stato?: string;
  provincia?: string;
  terminiAccettati: boolean;
};

/**
 * What is known of the serial (spec 2 §5): nothing typed, being checked, the check failed, refused
 * (and why), or found with its machine's description and warranty end (yyyy-MM-dd).
 */
export type SerialView =
  | { status: 'idle' | 'checking' | 'error' }
  | { status: 'invalid'; reason: 'notFound' | 'serialNoCatalogue' }
  | { status: 'valid'; descrizione: string | null; dataFineGaranzia: string | null };

/** The fields that become required when the total cost is above 0 (spec 2 §5). */
export const COST_DEPENDENT_FIELDS = ['dataRiparazione', 'oreIntervento', 'oreViaggio', 'chilometri'] as const;
export const costRequiresDetails = (cost: number | null | undefined) => (cost ?? 0) > 0;

/** Spec 2 §5: the province exists (and is required) only for Italy. */
export const PROVINCE_COUNTRY = 'ITA';
export const hasProvince = (stato: string | null | undefined) => stato === PROVINCE_COUNTRY;

export const emptyWarrantyValues = (matricola = ''): WarrantyFormValues => ({
  matricola: matricola.trim().toUpperCase(),
  dataGuasto: null,
  dataRiparazione: null,
  oreLavoro: null,
  oreIntervento: null,
  oreViaggio: null,
  chilometri: null,
  costoTotaleIntervento: null,
  problemaSegnalato: undefined,
  problemaNote: '',
  collocazioneProblema: undefined,
  codiceComponente: undefined,
  soluzioneAdottataNote: '',
  stato: undefined,
  provincia: undefined,
  terminiAccettati: false,
});

const pickerDate = (text: string | null) => {
  const iso = text ? parseItalianDate(text) : null;
  return iso ? dayjs(iso) : null;
};

/** A saved request as the form shows it. */
export const toWarrantyFormValues = (w: Warranty): WarrantyFormValues => ({
  matricola: w.id.matricola,
  dataGuasto: pickerDate(w.dataGuasto),
  dataRiparazione: pickerDate(w.dataRiparazione),
  oreLavoro: w.oreLavoro,
  oreIntervento: w.oreIntervento,
  oreViaggio: w.oreViaggio,
  chilometri: w.chilometri,
  costoTotaleIntervento: w.costoTotaleIntervento,
  problemaSegnalato: w.problemaSegnalato ?? undefined,
  problemaNote: w.problemaNote ?? '',
  collocazioneProblema: w.collocazioneProblema ?? undefined,
  codiceComponente: w.codiceComponente ?? undefined,
  soluzioneAdottataNote: w.soluzioneAdottataNote ?? '',
  stato: w.stato ?? undefined,
  provincia: w.provincia ?? undefined,
  terminiAccettati: true,
});

const text = (v: string | null | undefined) => v?.trim() || null;
const number = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const dateText = (d: Dayjs | null | undefined) => (d ? d.format(WARRANTY_DATE_FORMAT) : null);

/**
 * What the form sends (WarrantyInput of the domain): a new request (no number) with the terms
 * accepted, or the changes of request `numeroRichiesta`. The province goes only with Italy.
 */
export const toWarrantyInput = (values: WarrantyFormValues, numeroRichiesta?: number): WarrantyInput => {
  const stato = text(values.stato);
  return {
    id: { matricola: values.matricola.trim().toUpperCase(), numeroRichiesta: numeroRichiesta ?? null },
    dataGuasto: dateText(values.dataGuasto) ?? '',
    dataRiparazione: dateText(values.dataRiparazione),
    // Required by the form's rules before this is called; were it missing, the server would say so.
    oreLavoro: number(values.oreLavoro) as number,
    oreIntervento: number(values.oreIntervento),
    oreViaggio: number(values.oreViaggio),
    chilometri: number(values.chilometri),
    costoTotaleIntervento: number(values.costoTotaleIntervento),
    problemaSegnalato: values.problemaSegnalato ?? '',
    problemaNote: values.problemaNote.trim(),
    collocazioneProblema: values.collocazioneProblema ?? '',
    codiceComponente: text(values.codiceComponente),
    soluzioneAdottataNote: text(values.soluzioneAdottataNote),
    stato,
    provincia: hasProvince(stato) ? text(values.provincia) : null,
    ...(numeroRichiesta === undefined ? { terminiAccettati: values.terminiAccettati === true } : {}),
  };
};

/**
 * The date rule of one field (spec 2 §5): not older than `gg` days, not in the future, the repair
 * not before the failure — the domain's `warrantyDateErrors`, as an i18n key and its parameters.
 * The age counts from the day the request was filed (`filedOn`, today for a new one), so a saved
 * request can still be completed later; "not in the future" counts from today.
 */
export const dateErrorOf = (
  field: 'dataGuasto' | 'dataRiparazione',
  values: { dataGuasto?: Dayjs | null; dataRiparazione?: Dayjs | null },
  gg: number,
  today: string = businessToday(),
  filedOn: string = today,
) => {
  const dates = { dataGuasto: dateText(values.dataGuasto), dataRiparazione: dateText(values.dataRiparazione) };
  return warrantyDateErrors(dates, gg, today, filedOn).find((e) => e.field === field);
};

/** The days a failure or repair date picker offers: from `filedOn` − gg (today for a new request) to today. */
export const isOutsideWarrantyDates = (day: Dayjs, gg: number, today: string = businessToday(), filedOn = today) => {
  const iso = day.format('YYYY-MM-DD');
  return iso < warrantyMinDate(gg, filedOn) || iso > today;
};

/** The colour of each state's tag: open blue, under review gold, more information asked purple, decided green or red. */
export const WARRANTY_STATE_COLORS: Record<WarrantyState, string> = {
  APERTA: 'blue',
  IN_ESAME: 'gold',
  INTEGRAZIONE: 'purple',
  APPROVATA: 'green',
  RESPINTA: 'red',
};

/** The form's field names, as the server names them in fieldErrors. */
const FORM_FIELDS = new Set<string>(Object.keys(emptyWarrantyValues()));
const ALIASES: Record<string, keyof WarrantyFormValues> = {
  'id.matricola': 'matricola',
  matricola: 'matricola',
};

/** The server's field errors split into those with a field of the form and the rest. */
export const splitWarrantyFieldErrors = (error: unknown) => {
  const onForm: { name: keyof WarrantyFormValues; error: FieldError }[] = [];
  const other: FieldError[] = [];
  if (!(error instanceof ApiError)) return { onForm, other };
  for (const e of error.problem?.fieldErrors ?? []) {
    const name = ALIASES[e.field] ?? (FORM_FIELDS.has(e.field) ? (e.field as keyof WarrantyFormValues) : undefined);
    if (name) onForm.push({ name, error: e });
    else other.push(e);
  }
  return { onForm, other };
};

/** The server could not be reached or failed: for the order variant, nothing was sent (spec 2 §8). */
export const isConnectionFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);
