import { z } from 'zod';
import { AVAILABILITY_LABELS, type AvailabilityLabel } from './availability.rules.ts';
import { localizedTextSchema } from './banners.schemas.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { LIMITS } from './limits.constants.ts';
import { pageQuerySchema, pagingSchema, type SortParam } from './paging.schemas.ts';
import { isCountUnit } from './units.rules.ts';

/** Spec 2 §3, §5, §9 limits of the machine area. */
export const MACHINE_LIMITS = {
  matricola: 15,
  visibilitaNote: 400,
  whereUsedTerm: 60,
  treeSearchTerm: 60,
  modello: 100,
  crModelliNote: 4000,
  /** Spec 2 §9: canvas zoom range and the drawing scale (300 dpi drawings shown at 72 dpi). */
  zoomMin: 0.1,
  zoomMax: 4,
  drawingScale: 300 / 72,
  canvasHeight: 500,
  balloonLineWidth: 6,
} as const;

/** Spec 2 §9: the generic catalogue's serial and catalogue code. */
export const GENERIC_SERIAL = 'GENERIC';
/** Spec 2 §2: mt_cli_descr `_ff_` = the machine is outside the fleet. */
export const OUTSIDE_FLEET = '_ff_';

/** The largest page of the machine lists. */
export const MACHINE_PAGE_MAX_SIZE = 200;
const paging = { maxSize: MACHINE_PAGE_MAX_SIZE };

// ---------------------------------------------------------------------------------------------
// Machines (spec 2 §2 homemachine, §7 Machines)

/** GET /api/machine/full (term, page, size): the machines the user may see whose serial contains term. */
export const machineSearchQuerySchema = z.object({
  term: z.string().trim().max(MACHINE_LIMITS.matricola).default(''),
  ...pagingSchema(paging).shape,
});
/** GET /api/machine/dealer (term, login, page, size): one dealer's machines (visibility form). */
export const machineDealerQuerySchema = machineSearchQuerySchema.extend({
  login: z.string().trim().max(LIMITS.login.max).optional(),
});
export const machineByIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const machineFineGaranziaQuerySchema = z.object({
  matricola: z.string().trim().min(1).max(MACHINE_LIMITS.matricola),
});

/**
 * A machine as users see it (spec 2 §2 fields). mt_versione and mt_cr_cod are null for
 * subdealers (spec 2 §2, §6). mt_dt_cons_txt is dd/MM/yyyy.
 */
export const machineSchema = z.object({
  id: z.number().int(),
  mtMatricola: z.string(),
  mtDescr: z.string(),
  localizedDescrizione: localizedTextSchema,
  mt_versione: z.string().nullable(),
  mt_cr_cod: z.string().nullable(),
  mt_dt_cons_txt: z.string().nullable(),
  mt_riv_descr: z.string().nullable(),
  mt_cli_descr: z.string().nullable(),
  /** ISO date (yyyy-MM-dd) or null. */
  dataFineGaranzia: z.string().nullable(),
  /** The catalogue this machine opens, null when its code has no catalogue yet. */
  catalogoId: z.number().int().nullable(),
});
export type Machine = z.infer<typeof machineSchema>;

/** GET /api/machine/finegaranzia: the warranty end date (ISO) of a serial the user may see. */
export const fineGaranziaSchema = z.object({ matricola: z.string(), dataFineGaranzia: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// Catalogue (spec 2 §2 catalogo_detail, §3, §4, §7 Catalogue)

/** GET api/catalogo/{idMatricola}/{matricola}: the catalogue of a machine (regenerated first when stale). */
export const catalogueHeaderSchema = z.object({
  id: z.number().int(),
  /** Null for subdealers (spec 2 §2: code blanked). */
  crCodice: z.string().nullable(),
  crDescrizione: z.string(),
  descrizione: z.string(),
  generatedAt: z.string(),
  righe: z.number().int(),
  machine: machineSchema,
  /** The machine's PDF file name: catalogue description + serial (spec 2 §9). */
  pdfFileName: z.string(),
});
export type CatalogueHeader = z.infer<typeof catalogueHeaderSchema>;

/** Spec 2 §3 rigTipoNodo: 1 leaf, 2 hidden, anything else a branch. */
export const NODE_LEAF = 1;
export const NODE_HIDDEN = 2;
/** Spec 2 §3 rigTipoArt T: not orderable. */
export const NOT_ORDERABLE_TIPO_ART = 'T';

export const catalogueRowArticleSchema = z.object({
  id: z.number().int(),
  articolo: z.string(),
  unitaMisura: z.string(),
  descrizione: z.string(),
  /** Availability label for the row quantity (rigQta): DISPONIBILE if stock covers it, else TELEFONARE (spec 2 §5). */
  disponibiliLabel: z.enum(AVAILABILITY_LABELS),
  /** Net unit price for who may see prices (spec 1 §6), else null. */
  prezzo: z.number().nullable(),
  peso: z.number(),
  tipoArticolo: z.string(),
  tipoArticoloOrig: z.string(),
});

/** One row of the tree (spec 2 §3 riga). Rows the tree hides (type 2, no plate id) are never sent. */
export const catalogueRowSchema = z.object({
  crId: z.number().int(),
  rigItem: z.number().int(),
  rigItemPrec: z.number().int().nullable(),
  rigLivello: z.number().int(),
  rigIdTav: z.string(),
  /** Drawing file name; null for subdealers (spec 2 §2). */
  rigDisegno: z.string().nullable(),
  /** The drawing this row shows (a branch) or appears in (a leaf): the key for resource-dot. */
  drawing: z.string().nullable(),
  rigPos: z.string().nullable(),
  rigTipoArt: z.string().nullable(),
  rigTipoNodo: z.number().int(),
  rigQta: z.number(),
  rigNote: z.string().nullable(),
  descrizione: z.string(),
  hasChildren: z.boolean(),
  orderable: z.boolean(),
  articolo: catalogueRowArticleSchema.nullable(),
});
export type CatalogueRow = z.infer<typeof catalogueRowSchema>;

/** GET /api/righecatalogo/list (mt, q): the rows matching q in machine mt's catalogue, each with its path. */
export const catalogueTreeSearchQuerySchema = z.object({
  mt: z.coerce.number().int().positive(),
  q: z.string().trim().min(1).max(MACHINE_LIMITS.treeSearchTerm),
});
export const catalogueTreeMatchSchema = z.object({
  rigItem: z.number().int(),
  /** rigItem of every ancestor, from level 1 down to the parent. */
  path: z.array(z.number().int()),
});
export const catalogueTreeSearchSchema = z.object({
  matches: z.array(catalogueTreeMatchSchema),
  /** More matches exist than were sent (the list is capped). */
  truncated: z.boolean(),
});
export type CatalogueTreeSearch = z.infer<typeof catalogueTreeSearchSchema>;

/** GET /api/catalogo/resource-dot/{drawing}.json (spec 2 §3 drawing data). */
export const drawingLabelSchema = z.object({
  x: z.number(),
  y: z.number(),
  font: z.number(),
  label: z.string(),
  labelLength: z.number(),
});
export const drawingDataSchema = z.object({
  format: z.object({ width: z.number().int(), height: z.number().int() }),
  labels: z.array(drawingLabelSchema),
});
export type DrawingData = z.infer<typeof drawingDataSchema>;

export const pdfLanguageParamSchema = z.enum(LANGUAGES);

/** Spec 2 §4 full PDF: not requested → generating → ready (or failed). */
export const CATALOGUE_PDF_STATES = ['NONE', 'GENERATING', 'READY', 'FAILED'] as const;
export type CataloguePdfState = (typeof CATALOGUE_PDF_STATES)[number];
export const cataloguePdfStatusSchema = z.object({
  state: z.enum(CATALOGUE_PDF_STATES),
  progress: z.number().int().min(0).max(100),
});
export type CataloguePdfStatus = z.infer<typeof cataloguePdfStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Where used (spec 2 §2, §5, §7)

export const WHERE_USED_TYPES = ['tavCat', 'artCat', 'artTavola'] as const;
export type WhereUsedType = (typeof WHERE_USED_TYPES)[number];
export const DEFAULT_WHERE_USED_TYPE: WhereUsedType = 'tavCat';
export const whereUsedQuerySchema = z.object({
  term: z.string().trim().min(1, 'validation.required').max(MACHINE_LIMITS.whereUsedTerm, 'validation.maxlength'),
  tiporicerca: z.enum(WHERE_USED_TYPES).default(DEFAULT_WHERE_USED_TYPE),
});
export const whereUsedRowSchema = z.object({
  mtMatricola: z.string(),
  crCod: z.string(),
  /** The plate the match is on (artTavola), else null. */
  rigIdTav: z.string().nullable(),
});
export type WhereUsedRow = z.infer<typeof whereUsedRowSchema>;

// ---------------------------------------------------------------------------------------------
// Sub-dealer visibility (spec 2 §2, §3, §5, §7)

/** The sortable fields of the visibility list (by subdealer and serial unless asked). */
export const VISIBILITA_SORT_FIELDS = ['id', 'login', 'matricola'] as const;
export type VisibilitaSortField = (typeof VISIBILITA_SORT_FIELDS)[number];
export const VISIBILITA_DEFAULT_SORT: readonly SortParam<VisibilitaSortField>[] = ['login,asc', 'matricola,asc'];

/** List query: l1 dealer login (internal staff only; a superdealer is always its own dealer), l2 subdealer, mt serial. */
export const visibilitaQuerySchema = pageQuerySchema(VISIBILITA_SORT_FIELDS, paging).extend({
  l1: z.string().trim().max(LIMITS.login.max).optional(),
  l2: z.string().trim().max(LIMITS.login.max).optional(),
  mt: z.string().trim().max(MACHINE_LIMITS.matricola).optional(),
});
export const visibilitaInputSchema = z.object({
  login: z.string().trim().min(1, 'validation.required').max(LIMITS.login.max, 'validation.maxlength'),
  matricola: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(MACHINE_LIMITS.matricola, 'validation.maxlength')
    .transform((v) => v.toUpperCase()),
  note: z
    .string()
    .trim()
    .max(MACHINE_LIMITS.visibilitaNote, 'validation.maxlength')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Internal staff say whose machine it is; a superdealer's own login is used (spec 2 §6). */
  dealerLogin: z.string().trim().max(LIMITS.login.max).optional(),
});
export type VisibilitaInput = z.input<typeof visibilitaInputSchema>;
export const visibilitaSchema = z.object({
  id: z.number().int(),
  dealerLogin: z.string(),
  login: z.string(),
  /** The subdealer's company or name, for the list. */
  subdealerName: z.string().nullable(),
  matricola: z.string(),
  mtDescr: z.string().nullable(),
  note: z.string().nullable(),
  createdBy: z.string(),
  createdDate: z.string(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
});
export type Visibilita = z.infer<typeof visibilitaSchema>;

// ---------------------------------------------------------------------------------------------
// CrModelli (spec 2 §3; admin on the kit)

export const crModelliInputSchema = z.object({
  modello: z.string().trim().min(1, 'validation.required').max(MACHINE_LIMITS.modello, 'validation.maxlength'),
  note: z
    .string()
    .trim()
    .max(MACHINE_LIMITS.crModelliNote, 'validation.maxlength')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export const crModelliSchema = z.object({ id: z.number().int(), modello: z.string(), note: z.string().nullable() });
export type CrModelli = z.infer<typeof crModelliSchema>;
/** The sortable fields of the model list (the web offers none: spec 2 lists models unsorted). */
export const CR_MODELLI_SORT_FIELDS = ['id', 'modello'] as const;
export type CrModelliSortField = (typeof CR_MODELLI_SORT_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Rules shared by the server and the web

/** Spec 2 §3: the tree never shows type-2 rows nor rows without a plate id. */
export const isTreeRowVisible = (row: { rigTipoNodo: number; rigIdTav: string | null }) =>
  row.rigTipoNodo !== NODE_HIDDEN && row.rigIdTav !== null && row.rigIdTav.trim() !== '';

export const isTreeLeaf = (row: { rigTipoNodo: number }) => row.rigTipoNodo === NODE_LEAF;

/** Spec 2 §3: rigTipoArt T and rows without an article cannot be ordered. */
export const isRowOrderable = (row: { rigTipoArt: string | null; articoloId: number | null }) =>
  row.rigTipoArt !== NOT_ORDERABLE_TIPO_ART && row.articoloId !== null;

/**
 * Spec 2 §5 catalogue add to cart: the typed number when the unit is NR, otherwise rigQta times
 * the typed number. Returns 0 for anything that is not a positive number (nothing is sent).
 */
export const catalogueCartQuantity = (unitaMisura: string | null, rigQta: number, typed: number) => {
  if (!Number.isFinite(typed) || typed <= 0) return 0;
  const quantity = isCountUnit(unitaMisura) ? typed : Math.round(rigQta * typed * 1000) / 1000;
  return Math.max(quantity, 0);
};

/** Spec 2 §5 catalogue availability: DISPONIBILE when stock covers the quantity, else TELEFONARE. */
export const catalogueAvailability = (magazzino: number, quantita: number): AvailabilityLabel =>
  magazzino >= (quantita > 0 ? quantita : 1) ? 'DISPONIBILE' : 'TELEFONARE';

/** Spec 2 §9 / §2: the zoom is kept within 0.1–4. */
export const clampZoom = (zoom: number) => Math.min(MACHINE_LIMITS.zoomMax, Math.max(MACHINE_LIMITS.zoomMin, zoom));

/** Spec 2 §9: the full-PDF file name is the catalogue description plus the serial. */
export const cataloguePdfFileName = (descrizione: string, matricola: string, rigItem?: number) => {
  const base = `${descrizione} ${matricola}${rigItem === undefined ? '' : ` ${rigItem}`}`
    .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base}.pdf`;
};

// ---------------------------------------------------------------------------------------------
// Where used, as sent (helper "vis"): the result row plus the machine's id, so that the web can
// link each serial to its catalogue (/catalogo/{idMatricola}/{matricola}).

export const whereUsedResultRowSchema = whereUsedRowSchema.extend({ idMatricola: z.number().int() });
export type WhereUsedResultRow = z.infer<typeof whereUsedResultRowSchema>;
/** Header set when the where-used list was cut at its cap (spec 2 §2; docs/decisions.md). */
export const WHERE_USED_TRUNCATED_HEADER = 'X-Truncated';

// ---------------------------------------------------------------------------------------------
// Catalogue refresh and item page (issue 6, helper "tree")

/** GET /api/righecatalogo/list sends at most this many matches (then `truncated`). */
export const TREE_SEARCH_MAX_MATCHES = 200;

/** GET /api/catalogo/refreshall/{crCodice}: the catalogue is marked stale (regenerated on its next query or overnight). */
export const catalogueRefreshAllSchema = z.object({ crCodice: z.string(), stale: z.boolean() });
export type CatalogueRefreshAll = z.infer<typeof catalogueRefreshAllSchema>;

/** GET /api/crarticolo/?id (spec 2 §2 CrArticolo, §7 Item): the article of the item page. */
export const crArticoloQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  lang: z.enum(LANGUAGES).optional(),
});
export const crArticoloSchema = z.object({
  id: z.number().int(),
  articolo: z.string(),
  descrizione: z.string(),
  unitaMisura: z.string(),
  peso: z.number(),
  /** Net unit price for who may see prices (spec 1 §6), else null. */
  prezzo: z.number().nullable(),
  tipoArticolo: z.string(),
  tipoArticoloOrig: z.string(),
  ordinabile: z.boolean(),
  /** Availability label for one unit; the quantity's label comes from findInfoCliente. */
  disponibiliLabel: z.enum(AVAILABILITY_LABELS),
});
export type CrArticolo = z.infer<typeof crArticoloSchema>;
