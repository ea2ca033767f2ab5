import { z } from 'zod';
import { ADDRESS_LIMITS } from './cart.rules.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { pageQuerySchema, type SortParam } from './paging.schemas.ts';
import { storedFileSchema } from './uploads.schemas.ts';

/** Spec 2 §3, §9: the road registration (messa in strada) of a machine, one per serial. */
export const MESSA_IN_STRADA_LIMITS = {
  nomeCliente: 45,
  via: 45,
  cap: 7,
  loc: 30,
  partitaIva: 20,
  geoLoc: 100,
  rif: 45,
  telefono: 30,
  email: 40,
  stato: ADDRESS_LIMITS.STATO,
  provincia: ADDRESS_LIMITS.PROV,
  msSettore: 50,
} as const;
/** Spec 2 §9: lists of this area show 10 rows a page. */
export const MESSA_IN_STRADA_PAGE_SIZE = 10;

/** Spec 2 §2: the list shows the machines to register (default), the registered ones, or all. */
export const MESSA_IN_STRADA_STATI = ['DAFARE', 'FATTE', 'TUTTE'] as const;
export type MessaInStradaStato = (typeof MESSA_IN_STRADA_STATI)[number];

export const MESSA_IN_STRADA_SORT_FIELDS = ['matricola', 'nomeCliente', 'msData'] as const;
export type MessaInStradaSortField = (typeof MESSA_IN_STRADA_SORT_FIELDS)[number];
export const MESSA_IN_STRADA_DEFAULT_SORT: readonly SortParam<MessaInStradaSortField>[] = ['matricola,asc'];

/** GET /api/messainstradas/search: term and stato; page, size (10) and sort as every list. */
export const messaInStradaSearchSchema = pageQuerySchema(MESSA_IN_STRADA_SORT_FIELDS, {
  defaultSize: MESSA_IN_STRADA_PAGE_SIZE,
  maxSize: 100,
}).extend({
  lang: z.enum(LANGUAGES).optional(),
  term: z.string().trim().max(50, 'validation.maxlength').optional(),
  stato: z.enum(MESSA_IN_STRADA_STATI, 'validation.invalid').default('DAFARE'),
});
export type MessaInStradaSearch = z.infer<typeof messaInStradaSearchSchema>;

export const YES_NO = ['Y', 'N'] as const;
export type YesNo = (typeof YES_NO)[number];

/** One line of the list: the machine and, when registered, its customer and date. */
export const messaInStradaRowSchema = z.object({
  id: z.object({ matricola: z.string() }),
  descrizione: z.string(),
  nomeCliente: z.string().nullable(),
  loc: z.string().nullable(),
  stato: z.string().nullable(),
  msData: z.string().nullable(),
  fatta: z.boolean(),
  seEditable: z.enum(YES_NO),
  seAllegato: z.enum(YES_NO),
});
export type MessaInStradaRow = z.infer<typeof messaInStradaRowSchema>;

/** GET /api/messainstrada/get?matricola: every field of spec 2 §3 (msData as dd/MM/yyyy). */
export const messaInStradaSchema = z.object({
  id: z.object({ matricola: z.string() }),
  descrizione: z.string(),
  nomeCliente: z.string().nullable(),
  via: z.string().nullable(),
  cap: z.string().nullable(),
  loc: z.string().nullable(),
  partitaIva: z.string().nullable(),
  geoLoc: z.string().nullable(),
  stato: z.string().nullable(),
  provincia: z.string().nullable(),
  msSettore: z.string().nullable(),
  settore: z.string().nullable(),
  rif: z.string().nullable(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  msData: z.string().nullable(),
  seEditable: z.enum(YES_NO),
  seAllegato: z.enum(YES_NO),
  nomeAllegato: z.string().nullable(),
  allegati: z.array(storedFileSchema),
  /** False until the first save: attachments need a saved record. */
  registrata: z.boolean(),
});
export type MessaInStrada = z.infer<typeof messaInStradaSchema>;

const L = MESSA_IN_STRADA_LIMITS;
const required = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.maxlength');
const optional = (max: number) => z.string().trim().max(max, 'validation.maxlength').nullish();
/** dd/MM/yyyy as the spec's msData. */
const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** yyyy-MM-dd (or an ISO timestamp) → dd/MM/yyyy, the spec 2 §9 date as answers carry it. */
export const formatItalianDate = (iso: string | null | undefined) =>
  iso ? iso.slice(0, 10).split('-').reverse().join('/') : null;

export const parseItalianDate = (text: string) => {
  const m = DATE_PATTERN.exec(text);
  if (!m) return null;
  const [, d, mo, y] = m;
  const iso = `${y}-${mo}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
};

/**
 * POST /api/messainstrada: spec 2 §5 — cliente, via, cap, città, partita IVA, country, sector and
 * date required; the province too when the country has provinces (ITA); the e-mail checked.
 */
export const messaInStradaInputSchema = z
  .object({
    id: z.object({ matricola: z.string().trim().min(1, 'validation.required').max(15, 'validation.maxlength') }),
    nomeCliente: required(L.nomeCliente),
    via: required(L.via),
    cap: required(L.cap),
    loc: required(L.loc),
    partitaIva: required(L.partitaIva),
    geoLoc: optional(L.geoLoc),
    stato: required(L.stato),
    provincia: optional(L.provincia),
    msSettore: required(L.msSettore),
    rif: optional(L.rif),
    telefono: optional(L.telefono),
    email: z.union([z.literal(''), z.email('validation.email').max(L.email, 'validation.maxlength')]).nullish(),
    msData: z
      .string('validation.required')
      .trim()
      .min(1, 'validation.required')
      .max(10, 'validation.maxlength')
      .refine((v) => parseItalianDate(v) !== null, 'validation.invalid'),
  })
  .superRefine((v, ctx) => {
    if (v.stato === 'ITA' && !v.provincia?.trim())
      ctx.addIssue({ code: 'custom', path: ['provincia'], message: 'validation.required' });
  });
export type MessaInStradaInput = z.infer<typeof messaInStradaInputSchema>;
