import { z } from 'zod';
import { type LocalizedTexts, localizedTextSchema } from './banners.schemas.ts';
import { TIPI_ARTICOLO, TIPI_ARTICOLO_ORIG, WHERE_USED_PAGE_SIZE } from './catalogue.schemas.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { pagingSchema } from './paging.schemas.ts';

/**
 * Catalogue master data (spec 3 §3, §5; spec 1 §3): field limits as the columns of
 * catalogue.schema.ts allow, used by the schemas below, the server and the web forms.
 */
export const CATALOGUE_ADMIN_LIMITS = {
  tipoCategoria: { nome: 100, descrizione: 255 },
  categoria: { nome: 100, descrizione: 255, descrizioneEstesa: 4000, codImmagine: 100, slug: 100 },
  marchio: { descrizione: 100, codImmagine: 100 },
  articolo: {
    articolo: 40,
    descrizione: 255,
    descrizioneEstesa: 4000,
    codImmagine: 100,
    keywords: 500,
    note: 4000,
    gruppoMerceologico: 20,
    unitaMisura: 5,
    tag: 50,
    classeMercWeb: 100,
    matricole: 4000,
    datiTecnici: 4000,
    /** numeric(12, 2) */
    prezzoMax: 9_999_999_999.99,
    /** numeric(12, 3) */
    pesoMax: 999_999_999.999,
  },
  articoloArticolo: { relazione: 20, origine: 20, quantitaMax: 999_999_999.999 },
  articoloEquiv: { equiv: 60, note: 255 },
  searchLog: { tipo: 30, url: 1000, params: 4000, username: 50, userAgent: 500, remoteIp: 64 },
  comboVoci: { tipo: 50, chiave: 50, descrizione: 255 },
  /** PostgreSQL integer. */
  intMax: 2_147_483_647,
} as const;

/** Spec 3 §5: a categoria slug is letters, digits, underscore and hyphen only. */
export const CATEGORIA_SLUG_PATTERN = /^[A-Za-z0-9_-]*$/;
/** Spec 1 §3: ALT is one of our articles (with its own price), OEM a manufacturer's code. */
export const EQUIV_RELAZIONI = ['ALT', 'OEM'] as const;
export type EquivRelazione = (typeof EQUIV_RELAZIONI)[number];

/** Page size of a bill of materials (spec 1 §9); where-used pages by WHERE_USED_PAGE_SIZE. */
export const BOM_PAGE_SIZE = 20;

const L = CATALOGUE_ADMIN_LIMITS;
const isEmpty = (input: unknown) => input === undefined || input === null || input === '';
const required = { error: (issue: { input?: unknown }) => (isEmpty(issue.input) ? 'validation.required' : undefined) };

const requiredText = (max: number) => z.string(required).trim().min(1, 'validation.required').max(max);
/** Optional text: empty means none (the server stores null). */
const optionalText = (max: number) => z.string().trim().max(max).nullish();
const optionalInt = z.number().int().min(-L.intMax).max(L.intMax).nullish();
const requiredInt = (min: number) => z.number(required).int().min(min).max(L.intMax);
/** An id chosen in a select or typeahead. */
const idRef = z.number(required).int().positive().max(Number.MAX_SAFE_INTEGER);
const requiredEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (isEmpty(issue.input) ? 'validation.required' : 'validation.invalid') });

/** Per-language texts; languages left empty are not stored. */
const localizedOptional = (max: number) => z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(max).nullish());
const localizedRequired = (max: number) =>
  z.object({
    it: requiredText(max),
    ...Object.fromEntries(LANGUAGES.filter((l) => l !== 'it').map((l) => [l, optionalText(max)])),
  });

const auditResponse = {
  createdBy: z.string(),
  createdDate: z.string(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
};
const nameRef = z.object({ id: z.number(), nome: z.string() });
const marchioRef = z.object({ id: z.number(), descrizione: z.string() });

// ---- TipoCategoria --------------------------------------------------------------------------

export const tipoCategoriaInputSchema = z.object({
  nome: requiredText(L.tipoCategoria.nome),
  descrizione: requiredText(L.tipoCategoria.descrizione),
});
export type TipoCategoriaInput = z.infer<typeof tipoCategoriaInputSchema>;
export const tipoCategoriaAdminSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descrizione: z.string(),
  ...auditResponse,
});
export type TipoCategoriaAdmin = z.infer<typeof tipoCategoriaAdminSchema>;
export const TIPO_CATEGORIA_SORT_FIELDS = ['id', 'nome'] as const;
export type TipoCategoriaSortField = (typeof TIPO_CATEGORIA_SORT_FIELDS)[number];

// ---- Categoria ------------------------------------------------------------------------------

export const categoriaInputSchema = z.object({
  nome: requiredText(L.categoria.nome),
  descrizione: requiredText(L.categoria.descrizione),
  descrizioneEstesa: optionalText(L.categoria.descrizioneEstesa),
  codImmagine: optionalText(L.categoria.codImmagine),
  slug: z
    .string()
    .trim()
    .max(L.categoria.slug)
    .regex(CATEGORIA_SLUG_PATTERN, 'catalogueAdmin.validation.slug')
    .nullish(),
  ordine: optionalInt,
  visibile: z.boolean().optional(),
  padreId: idRef.nullish(),
  tipoCategoriaId: idRef.nullish(),
  localizedNome: localizedOptional(L.categoria.nome).nullish(),
});
export type CategoriaInput = z.infer<typeof categoriaInputSchema>;
export const categoriaAdminSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descrizione: z.string(),
  descrizioneEstesa: z.string().nullable(),
  codImmagine: z.string().nullable(),
  slug: z.string().nullable(),
  ordine: z.number().nullable(),
  visibile: z.boolean(),
  padreId: z.number().nullable(),
  padre: nameRef.nullable(),
  tipoCategoriaId: z.number().nullable(),
  tipoCategoria: nameRef.nullable(),
  localizedNome: localizedTextSchema,
  ...auditResponse,
});
export type CategoriaAdmin = z.infer<typeof categoriaAdminSchema>;
export const CATEGORIA_SORT_FIELDS = ['id', 'nome', 'slug', 'ordine'] as const;
export type CategoriaSortField = (typeof CATEGORIA_SORT_FIELDS)[number];

// ---- Marchio --------------------------------------------------------------------------------

export const marchioInputSchema = z.object({
  descrizione: requiredText(L.marchio.descrizione),
  codImmagine: optionalText(L.marchio.codImmagine),
  visibile: z.boolean().optional(),
});
export type MarchioInput = z.infer<typeof marchioInputSchema>;
export const marchioAdminSchema = z.object({
  id: z.number(),
  descrizione: z.string(),
  codImmagine: z.string().nullable(),
  visibile: z.boolean(),
  ...auditResponse,
});
export type MarchioAdmin = z.infer<typeof marchioAdminSchema>;
export const MARCHIO_SORT_FIELDS = ['id', 'descrizione'] as const;
export type MarchioSortField = (typeof MARCHIO_SORT_FIELDS)[number];

// ---- Articolo -------------------------------------------------------------------------------

const tag = optionalText(L.articolo.tag);
const articoloFields = {
  articolo: requiredText(L.articolo.articolo),
  descrizione: optionalText(L.articolo.descrizione),
  descrizioneEstesa: optionalText(L.articolo.descrizioneEstesa),
  codImmagine: optionalText(L.articolo.codImmagine),
  keywords: optionalText(L.articolo.keywords),
  note: optionalText(L.articolo.note),
  ordine: optionalInt,
  prezzo: z.number(required).min(0).max(L.articolo.prezzoMax),
  tipoArticolo: requiredEnum(TIPI_ARTICOLO),
  tipoArticoloOrig: requiredEnum(TIPI_ARTICOLO_ORIG),
  gruppoMerceologico: requiredText(L.articolo.gruppoMerceologico),
  peso: z.number(required).min(0).max(L.articolo.pesoMax),
  /** Empty means NR, a count unit (spec 1 §3). */
  unitaMisura: optionalText(L.articolo.unitaMisura),
  tag1: tag,
  tag2: tag,
  tag3: tag,
  tag4: tag,
  tag5: tag,
  tag6: tag,
  ordinabile: z.boolean().optional(),
  visibile: z.boolean().optional(),
  dataFineValidita: z.iso.date('validation.invalid').nullish(),
  classeMercWeb: optionalText(L.articolo.classeMercWeb),
  classeMercWebSort: optionalInt,
  marchioId: idRef.nullish(),
  categoriaIds: z.array(idRef).max(200).optional(),
  localizedDescrizione: localizedOptional(L.articolo.descrizione).nullish(),
  localizedDescrizioneEstesa: localizedOptional(L.articolo.descrizioneEstesa).nullish(),
  localizedClasseMercWeb: localizedOptional(L.articolo.classeMercWeb).nullish(),
  matricole: optionalText(L.articolo.matricole),
  cingoloInGomma: z.boolean().optional(),
  datiTecnici: optionalText(L.articolo.datiTecnici),
  localizedDatiTecnici: localizedOptional(L.articolo.datiTecnici).nullish(),
};

/** POST /api/articolo: the id is the ERP's and is entered by the user (spec 3 §5: required). */
export const articoloCreateSchema = z.object({ id: idRef, ...articoloFields });
export type ArticoloCreateInput = z.infer<typeof articoloCreateSchema>;
/** PUT /api/articolo/{id}: ids are read-only (spec 3 §5). */
export const articoloUpdateSchema = z.object(articoloFields);
export type ArticoloUpdateInput = z.infer<typeof articoloUpdateSchema>;

export const articoloAdminSchema = z.object({
  id: z.number(),
  articolo: z.string(),
  descrizione: z.string().nullable(),
  descrizioneEstesa: z.string().nullable(),
  codImmagine: z.string().nullable(),
  keywords: z.string().nullable(),
  note: z.string().nullable(),
  ordine: z.number().nullable(),
  prezzo: z.number(),
  tipoArticolo: z.string(),
  tipoArticoloOrig: z.string(),
  gruppoMerceologico: z.string(),
  peso: z.number(),
  unitaMisura: z.string(),
  tag1: z.string().nullable(),
  tag2: z.string().nullable(),
  tag3: z.string().nullable(),
  tag4: z.string().nullable(),
  tag5: z.string().nullable(),
  tag6: z.string().nullable(),
  ordinabile: z.boolean(),
  visibile: z.boolean(),
  dataCreazione: z.string(),
  dataUltimaModifica: z.string(),
  dataFineValidita: z.string().nullable(),
  classeMercWeb: z.string().nullable(),
  classeMercWebSort: z.number().nullable(),
  marchioId: z.number().nullable(),
  marchio: marchioRef.nullable(),
  categoriaIds: z.array(z.number()),
  categoriaLists: z.array(nameRef),
  localizedDescrizione: localizedTextSchema,
  localizedDescrizioneEstesa: localizedTextSchema,
  localizedClasseMercWeb: localizedTextSchema,
  matricole: z.string().nullable(),
  cingoloInGomma: z.boolean(),
  datiTecnici: z.string().nullable(),
  localizedDatiTecnici: localizedTextSchema,
});
export type ArticoloAdmin = z.infer<typeof articoloAdminSchema>;
export const ARTICOLO_SORT_FIELDS = [
  'id',
  'articolo',
  'descrizione',
  'tipoArticolo',
  'prezzo',
  'dataUltimaModifica',
] as const;
export type ArticoloSortField = (typeof ARTICOLO_SORT_FIELDS)[number];

/** An article as the relation calls show it: code, description in the requested language. */
export const relationArticoloSchema = z.object({
  id: z.number(),
  articolo: z.string(),
  descrizione: z.string(),
  tipoArticolo: z.string(),
  tipoArticoloOrig: z.string(),
  unitaMisura: z.string(),
  codImmagine: z.string().nullable(),
  visibile: z.boolean(),
});
export type RelationArticolo = z.infer<typeof relationArticoloSchema>;

// ---- ArticoloArticolo (bill of materials) ---------------------------------------------------

export const articoloArticoloInputSchema = z.object({
  padreId: idRef,
  figlioId: idRef,
  quantita: z.number(required).min(1).max(L.articoloArticolo.quantitaMax),
  tipo: requiredInt(-L.intMax),
  livelloImpiego: requiredInt(1),
  relazione: optionalText(L.articoloArticolo.relazione),
  origine: optionalText(L.articoloArticolo.origine),
});
export type ArticoloArticoloInput = z.infer<typeof articoloArticoloInputSchema>;

const bomFields = {
  id: z.number(),
  quantita: z.number(),
  tipo: z.number(),
  livelloImpiego: z.number(),
  relazione: z.string().nullable(),
  origine: z.string().nullable(),
};
export const articoloArticoloAdminSchema = z.object({
  ...bomFields,
  padreId: z.number(),
  figlioId: z.number(),
  padre: relationArticoloSchema.nullable(),
  figlio: relationArticoloSchema.nullable(),
});
export type ArticoloArticoloAdmin = z.infer<typeof articoloArticoloAdminSchema>;
export const ARTICOLO_ARTICOLO_SORT_FIELDS = ['id', 'padreId', 'figlioId', 'quantita', 'livelloImpiego'] as const;
export type ArticoloArticoloSortField = (typeof ARTICOLO_ARTICOLO_SORT_FIELDS)[number];

/** GET /api/articoloArticolo/search/byPadreId/{id}: one row of a bill of materials. */
export const bomChildSchema = z.object({ ...bomFields, figlio: relationArticoloSchema });
export type BomChild = z.infer<typeof bomChildSchema>;
/** GET /api/articoloArticolo/search/byFiglioId/{id}: where the article is used. */
export const bomParentSchema = z.object({ ...bomFields, padre: relationArticoloSchema });
export type BomParent = z.infer<typeof bomParentSchema>;
/** GET /api/articoloArticolo/search/info/{id}: one relation with both articles. */
export const bomInfoSchema = z.object({ ...bomFields, padre: relationArticoloSchema, figlio: relationArticoloSchema });
export type BomInfo = z.infer<typeof bomInfoSchema>;

/** The largest page of a relation call. */
export const RELATION_PAGE_MAX_SIZE = 200;
const relationQuery = (defaultSize: number) =>
  pagingSchema({ maxSize: RELATION_PAGE_MAX_SIZE, defaultSize }).extend({
    lang: z.enum(LANGUAGES).optional(),
    origine: z.string().max(L.articoloArticolo.origine).optional(),
  });
/** Query of the bill-of-materials calls: the description language (default the user's) and the page. */
export const relationQuerySchema = relationQuery(BOM_PAGE_SIZE);
export type RelationQuery = z.infer<typeof relationQuerySchema>;
/** Query of the where-used call (pages of WHERE_USED_PAGE_SIZE). */
export const whereUsedRelationQuerySchema = relationQuery(WHERE_USED_PAGE_SIZE);

// ---- ArticoloEquiv --------------------------------------------------------------------------

export const articoloEquivInputSchema = z.object({
  articoloId: idRef,
  equiv: requiredText(L.articoloEquiv.equiv),
  relazione: requiredEnum(EQUIV_RELAZIONI),
  note: optionalText(L.articoloEquiv.note),
  ordine: optionalInt,
  marchioId: idRef.nullish(),
});
export type ArticoloEquivInput = z.infer<typeof articoloEquivInputSchema>;
export const articoloEquivAdminSchema = z.object({
  id: z.number(),
  articoloId: z.number(),
  articolo: relationArticoloSchema.nullable(),
  equiv: z.string(),
  relazione: z.string(),
  note: z.string().nullable(),
  ordine: z.number().nullable(),
  marchioId: z.number().nullable(),
  marchio: marchioRef.nullable(),
});
export type ArticoloEquivAdmin = z.infer<typeof articoloEquivAdminSchema>;
export const ARTICOLO_EQUIV_SORT_FIELDS = ['id', 'equiv', 'relazione', 'articoloId'] as const;
export type ArticoloEquivSortField = (typeof ARTICOLO_EQUIV_SORT_FIELDS)[number];

/**
 * GET /api/articoloEquiv/byArticoloId/{id}: the equivalents of an article. `articolo` is our article
 * whose code is the ALT code (null for OEM codes and ALT codes we do not sell).
 */
export const equivalentSchema = z.object({
  id: z.number(),
  equiv: z.string(),
  relazione: z.string(),
  note: z.string().nullable(),
  ordine: z.number().nullable(),
  marchio: marchioRef.nullable(),
  articolo: relationArticoloSchema.nullable(),
});
export type Equivalent = z.infer<typeof equivalentSchema>;

// ---- SearchLog ------------------------------------------------------------------------------

export const searchLogInputSchema = z.object({
  tipo: requiredText(L.searchLog.tipo),
  url: optionalText(L.searchLog.url),
  params: optionalText(L.searchLog.params),
  numRisultati: z.number().int().min(0).max(L.intMax).nullish(),
  username: optionalText(L.searchLog.username),
  dataRichiesta: z.iso.datetime({ offset: true, error: 'catalogueAdmin.validation.datetime' }).nullish(),
  userAgent: optionalText(L.searchLog.userAgent),
  remoteIp: optionalText(L.searchLog.remoteIp),
  userId: idRef.nullish(),
});
export type SearchLogInput = z.infer<typeof searchLogInputSchema>;
export const searchLogAdminSchema = z.object({
  id: z.number(),
  tipo: z.string(),
  url: z.string().nullable(),
  params: z.string().nullable(),
  numRisultati: z.number().nullable(),
  username: z.string().nullable(),
  dataRichiesta: z.string(),
  userAgent: z.string().nullable(),
  remoteIp: z.string().nullable(),
  userId: z.number().nullable(),
});
export type SearchLogAdmin = z.infer<typeof searchLogAdminSchema>;
export const SEARCH_LOG_SORT_FIELDS = ['id', 'dataRichiesta', 'username', 'tipo', 'numRisultati'] as const;
export type SearchLogSortField = (typeof SEARCH_LOG_SORT_FIELDS)[number];

// ---- ComboVoci ------------------------------------------------------------------------------

export const comboVociInputSchema = z.object({
  tipo: requiredText(L.comboVoci.tipo),
  chiave: requiredText(L.comboVoci.chiave),
  descrizione: localizedRequired(L.comboVoci.descrizione),
  ordine: optionalInt,
});
export type ComboVociInput = z.infer<typeof comboVociInputSchema>;
export const comboVociAdminSchema = z.object({
  id: z.number(),
  tipo: z.string(),
  chiave: z.string(),
  descrizione: localizedTextSchema,
  ordine: z.number().nullable(),
});
export type ComboVociAdmin = z.infer<typeof comboVociAdminSchema>;
export const COMBO_VOCI_SORT_FIELDS = ['id', 'tipo'] as const;
export type ComboVociSortField = (typeof COMBO_VOCI_SORT_FIELDS)[number];

/** The description of an article in `lang`: its translation, else Italian, else the plain description. */
export const articoloDescrizione = (
  a: { descrizione: string | null; localizedDescrizione?: LocalizedTexts | null },
  lang: string,
) => {
  const map = a.localizedDescrizione ?? {};
  const pick = (l: string) => map[l as keyof LocalizedTexts]?.trim();
  return pick(lang) || pick('it') || a.descrizione?.trim() || '';
};
