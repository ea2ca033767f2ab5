import {
  type ComboValue,
  localizedText,
  TICKET_CLOSED,
  TICKET_DEFAULTS,
  TICKET_FILTERS,
  TICKET_LIMITS,
  TICKET_LOCATION_MAX,
  TICKET_REOPEN_DAYS,
  TICKET_TYPES,
  TICKET_URGENCIES,
  type Ticket,
  type TicketFilter,
  type TicketInput,
  type TicketRow,
  type TicketSerial,
  type TicketWaiting,
} from '@ricambi/domain';
import dayjs from 'dayjs';
import type { TicketListFilter } from '../../api/tickets.api.ts';

// ---------------------------------------------------------------------------------------------
// The list's filters in the address (/ticket?stato&dateFrom&dateTo&ricerca&soloMiei&…&page)
// ---------------------------------------------------------------------------------------------

/** The list as the address holds it: the filters and the page (zero-based). */
export type TicketAddress = TicketListFilter & { page: number };

/** Spec 2 §2: every state (ALL) on the first page, nothing else filtered. */
export const DEFAULT_TICKET_ADDRESS: TicketAddress = { stato: 'ALL', soloMiei: false, page: 0 };

const LOCATIONS = Array.from({ length: TICKET_LOCATION_MAX }, (_, i) => i + 1);
const KEYS = {
  tipologiaKey: TICKET_TYPES as readonly number[],
  collocazioneKey: LOCATIONS,
  urgenzaClienteKey: TICKET_URGENCIES as readonly number[],
} as const;
type KeyFilter = keyof typeof KEYS;

/** The router reads `?stato=46` as a number and `?soloMiei=true` as a boolean: every value is read as text. */
const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/** yyyy-MM-dd of a real day, else nothing. */
export const isoDayOf = (value: unknown) => {
  const text = textOf(value);
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format('YYYY-MM-DD') === text ? text : undefined;
};

const keyOf = (value: unknown, allowed: readonly number[]) => {
  const n = Number(textOf(value));
  return Number.isInteger(n) && allowed.includes(n) ? n : undefined;
};

/** The list's filters read from the address; anything unknown or malformed falls back to the default. */
export const parseTicketSearch = (search: Record<string, unknown>): TicketAddress => {
  const stato = textOf(search.stato);
  const page = Number(textOf(search.page));
  const ricerca = textOf(search.ricerca)?.trim().slice(0, TICKET_LIMITS.term);
  const address: TicketAddress = {
    stato: TICKET_FILTERS.includes(stato as TicketFilter) ? (stato as TicketFilter) : DEFAULT_TICKET_ADDRESS.stato,
    soloMiei: textOf(search.soloMiei) === 'true',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
  const dateFrom = isoDayOf(search.dateFrom);
  const dateTo = isoDayOf(search.dateTo);
  if (dateFrom) address.dateFrom = dateFrom;
  if (dateTo) address.dateTo = dateTo;
  if (ricerca) address.ricerca = ricerca;
  for (const key of Object.keys(KEYS) as KeyFilter[]) {
    const value = keyOf(search[key], KEYS[key]);
    if (value !== undefined) address[key] = value;
  }
  return address;
};

/**
 * The address of a list: only what differs from the default, so that /ticket is the default list.
 * A numeric state (46) goes as a number, which the router writes without quotes.
 */
export const toTicketSearch = (address: TicketAddress): Record<string, string | number | boolean> => {
  const search: Record<string, string | number | boolean> = {};
  if (address.stato !== DEFAULT_TICKET_ADDRESS.stato)
    search.stato = /^\d+$/.test(address.stato) ? Number(address.stato) : address.stato;
  if (address.dateFrom) search.dateFrom = address.dateFrom;
  if (address.dateTo) search.dateTo = address.dateTo;
  if (address.ricerca?.trim()) search.ricerca = address.ricerca.trim();
  if (address.soloMiei) search.soloMiei = true;
  for (const key of Object.keys(KEYS) as KeyFilter[]) {
    const value = address[key];
    if (value !== undefined) search[key] = value;
  }
  if (address.page > 0) search.page = address.page;
  return search;
};

/** The filters of an address, as the list's query takes them (the page apart). */
export const filterOf = ({ page: _page, ...filter }: TicketAddress): TicketListFilter => filter;

/** A change of filters goes back to the first page; a filter set to nothing is dropped. */
export const withFilter = (address: TicketAddress, change: Partial<TicketListFilter>): TicketAddress => {
  const next: TicketAddress = { ...address, ...change, page: 0 };
  for (const [key, value] of Object.entries(change))
    if (value === undefined || value === '' || value === null) delete next[key as keyof TicketListFilter];
  return next;
};

/** Whether any filter but the state is set (the list offers to clear them). */
export const hasExtraFilters = (address: TicketAddress) =>
  Boolean(
    address.dateFrom ||
      address.dateTo ||
      address.ricerca ||
      address.soloMiei ||
      address.tipologiaKey ||
      address.collocazioneKey ||
      address.urgenzaClienteKey,
  );

// ---------------------------------------------------------------------------------------------
// Who a ticket waits for, who opened it, how it looks
// ---------------------------------------------------------------------------------------------

/** The side whose answer a ticket waits for, seen from this user: the help desk or the customer. */
export const sideOf = (staff: boolean): TicketWaiting => (staff ? 'STAFF' : 'CUSTOMER');

/** The ticket waits for this user's answer (the list marks it; the badge counts it). */
export const waitsForMe = (ticket: Pick<TicketRow, 'attesa'>, staff: boolean) => ticket.attesa === sideOf(staff);

/** "Mario Rossi (dealer)": the customer who opened a ticket. */
export const customerOf = (t: Pick<TicketRow, 'nome' | 'cognome' | 'login'>) => {
  const name = [t.nome, t.cognome]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return name ? `${name} (${t.login})` : t.login;
};

/** The colour of each status's tag: new blue, in progress gold, waiting for the customer purple, closed grey. */
export const TICKET_STATUS_COLORS: Record<number, string> = { 1: 'blue', 2: 'gold', 46: 'purple', 3: 'default' };

/** Spec 2 §4: tickets waiting for the customer (46) stand out in the list. */
export const isHighlighted = (t: Pick<TicketRow, 'status'>) => t.status === 46;

/** The 13 locations (keys '1'..'13' of the combo list collocazioneProblema) as numbered options. */
export const locationOptions = (values: readonly ComboValue[], lang: string) =>
  values
    .map((v) => ({ value: Number(v.id.chiave), label: localizedText(v.descrizione, lang) || v.id.chiave }))
    .filter((o) => LOCATIONS.includes(o.value))
    .sort((a, b) => a.value - b.value);

/** A location's name, or its number while the list is not read (or for a key it lacks). */
export const locationLabel = (key: number, options: readonly { value: number; label: string }[]) =>
  options.find((o) => o.value === key)?.label ?? (key > 0 ? String(key) : '–');

// ---------------------------------------------------------------------------------------------
// A closed ticket's three days (spec 2 §4)
// ---------------------------------------------------------------------------------------------

/**
 * Whether a ticket is closed and until when it takes notes and files: closed `closedAt`, accepted
 * until `until` (3 days later); `open` as the server said (`aperto`). Nothing for an open ticket.
 */
export const closedWindowOf = (ticket: Pick<Ticket, 'status' | 'close_time' | 'aperto'>) => {
  if (ticket.status !== TICKET_CLOSED) return null;
  const closedAt = ticket.close_time;
  const until = closedAt ? dayjs(closedAt).add(TICKET_REOPEN_DAYS, 'day').toISOString() : null;
  return { closedAt, until, open: ticket.aperto };
};

// ---------------------------------------------------------------------------------------------
// The new ticket's form (spec 2 §3, §5)
// ---------------------------------------------------------------------------------------------

/** The new ticket's form. `collocazioneKey` undefined is the spec's 0: none chosen yet. */
export type TicketFormValues = {
  matricola: string;
  modello: string;
  /** dd-MM-yyyy HH:mm:ss, as found with the serial (shown only). */
  dataGaranzia: string;
  oreUtilizzo: number | null;
  tipologiaKey: number;
  collocazioneKey: number | undefined;
  urgenzaClienteKey: number;
  title: string;
  clientDescription: string;
};

/** Spec 2 §3: a new ticket starts as a technical problem (2), no location (0), low urgency (4). */
export const emptyTicketValues = (): TicketFormValues => ({
  matricola: '',
  modello: '',
  dataGaranzia: '',
  oreUtilizzo: null,
  tipologiaKey: TICKET_DEFAULTS.tipologiaKey,
  collocazioneKey: TICKET_DEFAULTS.collocazioneKey || undefined,
  urgenzaClienteKey: TICKET_DEFAULTS.urgenzaClienteKey,
  title: '',
  clientDescription: '',
});

/** Spec 2 §5: the serial is looked up lower-cased, a short while after the typing stops. */
export const SERIAL_LOOKUP_DELAY_MS = 200;
export const serialTerm = (typed: string) => typed.trim().toLowerCase().slice(0, TICKET_LIMITS.matricola);

/** A serial chosen from the lookup: upper-cased, with its model and warranty end. */
export const serialFields = (
  serial: TicketSerial,
): Pick<TicketFormValues, 'matricola' | 'modello' | 'dataGaranzia'> => ({
  matricola: serial.matricola.toUpperCase(),
  modello: serial.modello,
  dataGaranzia: serial.dataGaranzia ?? '',
});

/** The lookup's answer that is exactly the typed serial (whatever the case), if any. */
export const exactSerial = (typed: string, found: readonly TicketSerial[] | undefined) => {
  const wanted = typed.trim().toUpperCase();
  return wanted ? found?.find((s) => s.matricola.toUpperCase() === wanted) : undefined;
};

/**
 * Where the serial stands (spec 2 §5): nothing typed; being looked up; chosen (model and warranty
 * end filled); nothing found (the field is invalid); found but not chosen yet; the lookup failed.
 */
export type SerialStatus = 'idle' | 'searching' | 'found' | 'none' | 'choose' | 'error';

export const serialStatusOf = (state: {
  /** The field's value. */
  typed: string;
  /** The term last looked up (lower-cased). */
  looked: string;
  chosen: TicketSerial | undefined;
  results: readonly TicketSerial[] | undefined;
  fetching: boolean;
  failed: boolean;
}): SerialStatus => {
  const term = serialTerm(state.typed);
  if (!term) return 'idle';
  if (state.chosen && state.chosen.matricola.toUpperCase() === state.typed.trim().toUpperCase()) return 'found';
  if (term !== state.looked || state.fetching) return 'searching';
  if (state.failed) return 'error';
  return state.results?.length ? 'choose' : 'none';
};

/**
 * Spec 2 §5: why saving is refused now — location still 0, or the ticket already sent (a second
 * click, or the files of a created ticket still uploading); null when it may be saved.
 */
export const saveRefusal = (
  values: Pick<TicketFormValues, 'collocazioneKey'>,
  submitted: boolean,
): 'location' | 'submitted' | null => {
  if (submitted) return 'submitted';
  if (!values.collocazioneKey) return 'location';
  return null;
};

/** What the form sends (TicketInput): trimmed texts, the serial upper-cased, location 0 when none chosen. */
export const toTicketInput = (values: TicketFormValues, lingua: TicketInput['lingua']): TicketInput => ({
  title: values.title.trim(),
  clientDescription: values.clientDescription.trim() || null,
  tipologiaKey: values.tipologiaKey,
  matricola: values.matricola.trim().toUpperCase(),
  modello: values.modello.trim(),
  // Required by the form's rules before this is called; were it missing, the server would say so.
  oreUtilizzo: values.oreUtilizzo as number,
  collocazioneKey: values.collocazioneKey ?? TICKET_DEFAULTS.collocazioneKey,
  urgenzaClienteKey: values.urgenzaClienteKey,
  ...(lingua ? { lingua } : {}),
});

/** The form's fields the server may name in fieldErrors. */
export const TICKET_FORM_FIELDS: readonly (keyof TicketFormValues)[] = Object.keys(
  emptyTicketValues(),
) as (keyof TicketFormValues)[];
