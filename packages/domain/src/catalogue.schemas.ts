import { z } from 'zod';
import { AVAILABILITY_LABELS } from './availability.rules.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { pagingSchema } from './paging.schemas.ts';

/** Spec 3 §3 Articolo tipoArticolo: R spare part, M machine, G (admin form). */
export const TIPI_ARTICOLO = ['G', 'M', 'R'] as const;
export type TipoArticolo = (typeof TIPI_ARTICOLO)[number];
/** tipoArticoloOrig: 0 is the special kind that asks before over-availability orders. */
export const TIPI_ARTICOLO_ORIG = ['0', 'T'] as const;

/** Spec 1 §9: where-used list on the article page. */
export const WHERE_USED_PAGE_SIZE = 10;

/** Totals of the free search are counted up to this many, 10 pages (a higher count reads "more than"). */
export const SEARCH_COUNT_LIMIT = 200;
export const SEARCH_TERM_MAX = 100;
/** The largest page of the article searches. */
export const SEARCH_PAGE_MAX_SIZE = 100;
const searchPaging = pagingSchema({ maxSize: SEARCH_PAGE_MAX_SIZE });

export const languageQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

/** GET /api/search/full: term, page, size (10 for the typeahead). */
export const fullSearchQuerySchema = z.object({
  term: z.string().trim().min(1, 'validation.required').max(SEARCH_TERM_MAX, 'validation.maxlength'),
  ...searchPaging.shape,
  lang: z.enum(LANGUAGES).optional(),
});

/** GET /api/search/byId: one article (R) or the parts of a machine (M). */
export const byIdSearchQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  tipoArticolo: z.enum(TIPI_ARTICOLO).default('R'),
  ...searchPaging.shape,
  lang: z.enum(LANGUAGES).optional(),
});

const money = z.number().nullable();

export const marchioRefSchema = z.object({ id: z.number().int(), descrizione: z.string() });
export type MarchioRef = z.infer<typeof marchioRefSchema>;

/** One line of a search result or typeahead: the article in the asked language with its price and label. */
export const articoloHitSchema = z.object({
  id: z.number().int(),
  articolo: z.string(),
  descrizione: z.string(),
  tipoArticolo: z.string(),
  tipoArticoloOrig: z.string(),
  unitaMisura: z.string(),
  peso: z.number(),
  marchio: marchioRefSchema.nullable(),
  hasImage: z.boolean(),
  ordinabile: z.boolean(),
  /** Tracks: width, pitch, links, shape; machines: model and variant in tag2/tag3. */
  tags: z.array(z.string().nullable()),
  prezzo: money,
  netto: money,
  scontoPerc: money,
  disponibiliLabel: z.enum(AVAILABILITY_LABELS),
});
export type ArticoloHit = z.infer<typeof articoloHitSchema>;

/** How the free search matched (the first page tells the user when typos were forgiven). */
export const SEARCH_MATCHES = ['exact', 'fuzzy', 'none'] as const;

/** GET /api/articolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita */
export const infoClienteQuerySchema = z.object({
  articoloId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  quantita: z.coerce.number().min(0, 'validation.min').max(1_000_000, 'validation.max').default(1),
});

/** Price and availability of an article for the signed-in customer and a quantity (spec 1 §3). */
export const infoClienteSchema = z.object({
  articoloId: z.number().int(),
  quantita: z.number(),
  /** Stock figures: only for ADMIN, MANAGER and INTERNAL (spec 1 §2.3, §6); null for customers. */
  disponibilita: z.number().nullable(),
  in5gg: z.number().nullable(),
  producibile: z.number().nullable(),
  inArrivo: z.number().nullable(),
  prezzo: money,
  netto: money,
  scontoPerc: money,
  totale: money,
  disponibiliLabel: z.enum(AVAILABILITY_LABELS),
  /** tipoArticoloOrig 0 and more than in stock: the add asks first (spec 1 §4). */
  confermaSuperamento: z.boolean(),
});
export type InfoCliente = z.infer<typeof infoClienteSchema>;

/** GET /api/articolo/{id}/detail: the article page (spec 1 §2.3, §3). */
export const articoloDetailSchema = z.object({
  id: z.number().int(),
  articolo: z.string(),
  descrizione: z.string(),
  descrizioneEstesa: z.string().nullable(),
  classeMercWeb: z.string().nullable(),
  note: z.string().nullable(),
  tipoArticolo: z.string(),
  tipoArticoloOrig: z.string(),
  unitaMisura: z.string(),
  peso: z.number(),
  gruppoMerceologico: z.string(),
  ordinabile: z.boolean(),
  cingoloInGomma: z.boolean(),
  datiTecnici: z.string().nullable(),
  marchio: marchioRefSchema.nullable(),
  categorie: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  tags: z.array(z.string().nullable()),
  images: z.array(z.object({ name: z.string(), url: z.string() })),
  /** Price and availability of one unit, as findInfoCliente… answers for quantita 1: the page needs no second call. */
  infoCliente: infoClienteSchema,
});
export type ArticoloDetail = z.infer<typeof articoloDetailSchema>;

export const articoloImageSchema = z.object({ name: z.string(), url: z.string() });

/** Cascading lists of the machine and dimension searches (spec 1 §2.3). */
export const machineModelsQuerySchema = z.object({ marchioId: z.coerce.number().int().positive() });
export const machineVariantsQuerySchema = machineModelsQuerySchema.extend({ tag2: z.string().min(1).max(50) });
export const machinesQuerySchema = machineVariantsQuerySchema.extend({
  tag3: z.string().min(1).max(50),
  lang: z.enum(LANGUAGES).optional(),
});

const dimension = z.string().trim().min(1, 'validation.required').max(50);
export const dimensionQuerySchema = z.object({
  tag1: dimension.optional(),
  tag2: dimension.optional(),
  tag3: dimension.optional(),
});
export const tracksQuerySchema = z.object({
  tag1: dimension,
  tag2: dimension,
  tag3: dimension,
  tag6: dimension,
  ...searchPaging.shape,
  lang: z.enum(LANGUAGES).optional(),
});

/** A dimension or model value in a cascading list, with how many articles carry it. */
export const tagValueSchema = z.object({ value: z.string(), count: z.number().int() });
