import { z } from 'zod';
import { localizedTextSchema } from './banners.schemas.ts';
import { comboValueSchema } from './combos.schemas.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { pageQuerySchema } from './paging.schemas.ts';

/** Spec 2 §3, spec 3 §5: the technical documents' field limits. */
export const DOCUMENT_LIMITS = {
  nome: 200,
  brand: 50,
  comboKey: 50,
  note: 4000,
  modello: 200,
  matricola: 200,
  codice: 200,
  descrizioneFile: 200,
  /** The library's serial box: a machine serial as typed. */
  serial: 20,
  term: 100,
  /** What the library sends with a download for the log (spec 2 §7). */
  filtri: 2000,
  albero: 1000,
  /** Rows of one document's edit dialog. */
  modelRows: 200,
  fileRows: 50,
} as const;

/** Spec 2 §9: 20 results a page in the library and in the admin lists. */
export const DOCUMENT_PAGE_SIZE = 20;
/** Spec 2 §6: ROLE_CR_INTERNAL may pick every brand at once. */
export const DOCUMENT_BRAND_ALL = 'ALL';
/** Spec 2 §3: a brand is a lower-case word (the key of the MARCHI lookup list). */
export const DOCUMENT_BRAND_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
/** The four lookup lists of a document (GET /api/combovoci/categorie/{type}). */
export const DOCUMENT_CATEGORY_TYPES = ['tipodocumento', 'categoria1', 'categoria2', 'categoria3'] as const;
export type DocumentCategoryType = (typeof DOCUMENT_CATEGORY_TYPES)[number];

const optionalText = (max: number) =>
  z
    .string('validation.invalid')
    .trim()
    .max(max, 'validation.maxlength')
    .nullish()
    .transform((v) => (v ? v : null));
const requiredText = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.maxlength');
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');
const optionalDay = isoDay.nullish().transform((v) => v ?? null);
const upperSerial = (max: number) => optionalText(max).transform((v) => (v ? v.toUpperCase() : null));
const comboKey = requiredText(DOCUMENT_LIMITS.comboKey);
const optionalComboKey = optionalText(DOCUMENT_LIMITS.comboKey);
const lingua = z.enum(LANGUAGES, 'validation.invalid');
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A document is in force from daData to aData, both included; a missing bound does not limit it. */
export const isDocumentInForce = (d: { daData: string | null; aData: string | null }, today: string) =>
  (d.daData === null || d.daData <= today) && (d.aData === null || d.aData >= today);

/** Whether a serial falls within a model row's bounds (upper-case, compared character by character). */
export const serialInRange = (serial: string, row: { daMatricola: string | null; aMatricola: string | null }) => {
  const s = serial.toUpperCase();
  return (!row.daMatricola || row.daMatricola <= s) && (!row.aMatricola || s <= row.aMatricola);
};

/** Spec 3 §5: a from-serial after the to-serial covers nothing. */
const rangeRule = (row: { daMatricola: string | null; aMatricola: string | null }, ctx: z.RefinementCtx) => {
  if (row.daMatricola && row.aMatricola && row.daMatricola > row.aMatricola)
    ctx.addIssue({ code: 'custom', path: ['aMatricola'], message: 'crDocumenti.validation.serialRange' });
};
const validityRule = (d: { daData: string | null; aData: string | null }, ctx: z.RefinementCtx) => {
  if (d.daData && d.aData && d.daData > d.aData)
    ctx.addIssue({ code: 'custom', path: ['aData'], message: 'crDocumenti.validation.validityRange' });
};

// ---------------------------------------------------------------------------------------------
// Administration (spec 2 §3, spec 3 §5): documents, their model rows, their files, the log

export const documentRefSchema = z.object({ id: z.number().int(), nome: z.string() });

/** A model row: the documents of a model, within a serial range when one is given. */
const modelRowFields = {
  modello: requiredText(DOCUMENT_LIMITS.modello),
  daMatricola: upperSerial(DOCUMENT_LIMITS.matricola),
  aMatricola: upperSerial(DOCUMENT_LIMITS.matricola),
  note: optionalText(DOCUMENT_LIMITS.note),
};
export const crDocumentiModelliSchema = z.object({
  id: z.number().int(),
  idCrDocumenti: documentRefSchema,
  modello: z.string(),
  daMatricola: z.string().nullable(),
  aMatricola: z.string().nullable(),
  note: z.string().nullable(),
});
export type CrDocumentiModelli = z.infer<typeof crDocumentiModelliSchema>;
/** /api/crDocumentiModellis (kit): one model row on its own. */
export const crDocumentiModelliInputSchema = z.object({ idCrDocumenti: id, ...modelRowFields }).superRefine(rangeRule);
export type CrDocumentiModelliInput = z.input<typeof crDocumentiModelliInputSchema>;
export const CR_DOCUMENTI_MODELLI_SORT_FIELDS = [
  'id',
  'modello',
  'daMatricola',
  'aMatricola',
  'idCrDocumenti',
] as const;
export type CrDocumentiModelliSortField = (typeof CR_DOCUMENTI_MODELLI_SORT_FIELDS)[number];

const fileFields = {
  codice: requiredText(DOCUMENT_LIMITS.codice),
  descrizioneFile: requiredText(DOCUMENT_LIMITS.descrizioneFile),
  lingua,
  note: optionalText(DOCUMENT_LIMITS.note),
};
/** A document's file: one PDF in one language. nomeFileFisico is the server's name for its bytes. */
export const crDocumentiFileSchema = z.object({
  id: z.number().int(),
  idCrDocumenti: documentRefSchema,
  codice: z.string(),
  descrizioneFile: z.string(),
  lingua: z.string(),
  nomeFileFisico: z.string(),
  nomeFileOriginale: z.string(),
  note: z.string().nullable(),
  sizeBytes: z.number().int(),
  /** A first-page picture exists (GET /api/geticon/{nomeFileFisico}). */
  icona: z.boolean(),
});
export type CrDocumentiFile = z.infer<typeof crDocumentiFileSchema>;
/** The id of an uploaded PDF not yet given to a document (POST /api/crDocumentiFiles/upload). */
export const uploadIdSchema = z.uuid('validation.invalid');
/** /api/crDocumentiFiles (kit) create: an uploaded PDF given to a document. */
export const crDocumentiFileCreateSchema = z.object({ idCrDocumenti: id, upload: uploadIdSchema, ...fileFields });
export type CrDocumentiFileCreate = z.input<typeof crDocumentiFileCreateSchema>;
/** Update: the file's description; its bytes and document stay. */
export const crDocumentiFileUpdateSchema = z.object(fileFields);
export type CrDocumentiFileUpdate = z.input<typeof crDocumentiFileUpdateSchema>;
export const CR_DOCUMENTI_FILE_SORT_FIELDS = ['id', 'codice', 'descrizioneFile', 'lingua', 'idCrDocumenti'] as const;
export type CrDocumentiFileSortField = (typeof CR_DOCUMENTI_FILE_SORT_FIELDS)[number];

/**
 * The multipart field sent before the file of POST /api/crDocumentiFiles/upload: with idCrDocumenti
 * the file is given to that document at once; without, it waits (a day at most) for the document's
 * save to take it by its upload id.
 */
export const crDocumentiFileUploadSchema = z.object({
  idCrDocumenti: id.nullish(),
  codice: optionalText(DOCUMENT_LIMITS.codice),
  descrizioneFile: optionalText(DOCUMENT_LIMITS.descrizioneFile),
  lingua: lingua.nullish(),
  note: optionalText(DOCUMENT_LIMITS.note),
});
export const documentUploadSchema = z.object({
  upload: z.string(),
  nomeFileOriginale: z.string(),
  sizeBytes: z.number().int(),
  icona: z.boolean(),
  /** Set when the upload was given to a document at once. */
  file: crDocumentiFileSchema.nullable(),
});
export type DocumentUpload = z.infer<typeof documentUploadSchema>;
/** How long an upload waits for its document's save before the sweep removes it. */
export const DOCUMENT_UPLOAD_MAX_AGE_HOURS = 24;

/** A document's model rows and files as its edit dialog sends them: rows with an id are kept rows. */
export const documentModelRowSchema = z.object({ id: id.nullish(), ...modelRowFields }).superRefine(rangeRule);
export type DocumentModelRow = z.input<typeof documentModelRowSchema>;
export const documentFileRowSchema = z
  .object({ id: id.nullish(), upload: uploadIdSchema.nullish(), ...fileFields })
  .superRefine((row, ctx) => {
    if (!row.id && !row.upload) ctx.addIssue({ code: 'custom', path: ['upload'], message: 'upload.missing' });
  });
export type DocumentFileRow = z.input<typeof documentFileRowSchema>;

export const crDocumentiInputSchema = z
  .object({
    nome: requiredText(DOCUMENT_LIMITS.nome),
    daData: optionalDay,
    aData: optionalDay,
    interno: z.boolean('validation.invalid').default(false),
    brand: requiredText(DOCUMENT_LIMITS.brand).regex(DOCUMENT_BRAND_PATTERN, 'crDocumenti.validation.brand'),
    tipoDocumento: comboKey,
    categoria1: comboKey,
    categoria2: optionalComboKey,
    categoria3: optionalComboKey,
    note: optionalText(DOCUMENT_LIMITS.note),
    modellos: z.array(documentModelRowSchema).max(DOCUMENT_LIMITS.modelRows, 'validation.invalid').default([]),
    nomefiles: z.array(documentFileRowSchema).max(DOCUMENT_LIMITS.fileRows, 'validation.invalid').default([]),
  })
  .superRefine(validityRule)
  .superRefine((d, ctx) => {
    if (d.categoria3 && !d.categoria2)
      ctx.addIssue({ code: 'custom', path: ['categoria2'], message: 'crDocumenti.validation.categoria2' });
  });
export type CrDocumentiInput = z.input<typeof crDocumentiInputSchema>;

export const crDocumentiSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  daData: z.string().nullable(),
  aData: z.string().nullable(),
  interno: z.boolean(),
  brand: z.string(),
  tipoDocumento: comboValueSchema.nullable(),
  categoria1: comboValueSchema.nullable(),
  categoria2: comboValueSchema.nullable(),
  categoria3: comboValueSchema.nullable(),
  note: z.string().nullable(),
  inVigore: z.boolean(),
  modellos: z.array(crDocumentiModelliSchema),
  nomefiles: z.array(crDocumentiFileSchema),
  createdBy: z.string().nullable(),
  createdDate: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
});
export type CrDocumenti = z.infer<typeof crDocumentiSchema>;
export const CR_DOCUMENTI_SORT_FIELDS = ['id', 'nome', 'daData', 'aData', 'brand', 'interno'] as const;
export type CrDocumentiSortField = (typeof CR_DOCUMENTI_SORT_FIELDS)[number];

/** Spec 2 §3: one download, as the log keeps it. */
export const crDocumentiLogSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  ipAddress: z.string().nullable(),
  data: z.string(),
  interno: z.boolean(),
  idDocumento: z.number().int(),
  nomeFileOriginale: z.string().nullable(),
  filtriRicercaApplicati: z.string().nullable(),
  linguaDocumento: z.string().nullable(),
  alberoDocumento: z.string().nullable(),
});
export type CrDocumentiLog = z.infer<typeof crDocumentiLogSchema>;
export const CR_DOCUMENTI_LOG_SORT_FIELDS = ['id', 'data', 'login', 'idDocumento'] as const;
export type CrDocumentiLogSortField = (typeof CR_DOCUMENTI_LOG_SORT_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// The library (spec 2 §2–§7)

/** The library's filters: the tree and the results take the same ones; the results also a tree node. */
export const documentFiltersSchema = z.object({
  brand: z
    .string()
    .trim()
    .max(DOCUMENT_LIMITS.brand, 'validation.maxlength')
    .optional()
    .transform((v) => v || undefined),
  tipoDocumento: z
    .string()
    .trim()
    .max(DOCUMENT_LIMITS.comboKey, 'validation.maxlength')
    .optional()
    .transform((v) => v || undefined),
  /** Empty: every language (a manager's default); absent: the user's own language. */
  lingua: z.union([lingua, z.literal('')]).optional(),
  serial: z
    .string()
    .trim()
    .max(DOCUMENT_LIMITS.serial, 'validation.maxlength')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  term: z
    .string()
    .trim()
    .max(DOCUMENT_LIMITS.term, 'validation.maxlength')
    .optional()
    .transform((v) => v || undefined),
});
export type DocumentFilters = z.input<typeof documentFiltersSchema>;

const nodeKey = z
  .string()
  .trim()
  .max(DOCUMENT_LIMITS.comboKey, 'validation.maxlength')
  .optional()
  .transform((v) => v || undefined);
export const documentSearchSchema = pageQuerySchema([] as const, { defaultSize: DOCUMENT_PAGE_SIZE, maxSize: 100 })
  .omit({ sort: true })
  .extend({ ...documentFiltersSchema.shape, categoria1: nodeKey, categoria2: nodeKey, categoria3: nodeKey });
export type DocumentSearch = z.input<typeof documentSearchSchema>;

/** One file of the results (spec 2 §3 "Document search result"), with what a manager sees of its document. */
export const documentResultSchema = z.object({
  id: z.number().int(),
  idDocumenti: z.number().int(),
  nome: z.string(),
  nomeFileFisico: z.string(),
  nomeFileOriginale: z.string(),
  descrizioneFile: z.string(),
  codice: z.string(),
  lingua: z.string(),
  brand: z.string(),
  tipoDocumento: localizedTextSchema,
  /** The document's categories from the top, as the tree names them. */
  categorie: z.array(localizedTextSchema),
  modelli: z.array(
    z.object({ modello: z.string(), daMatricola: z.string().nullable(), aMatricola: z.string().nullable() }),
  ),
  daData: z.string().nullable(),
  aData: z.string().nullable(),
  interno: z.boolean(),
  inVigore: z.boolean(),
  sizeBytes: z.number().int(),
  icona: z.boolean(),
});
export type DocumentResult = z.infer<typeof documentResultSchema>;

/**
 * Spec 2 §3 document tree node: a category of the documents found, with how many files it holds. The
 * documents themselves are the results' (paged), not repeated in the tree (docs/decisions.md).
 */
const treeNodeFields = {
  /** `categoria1[/categoria2[/categoria3]]`: the node's keys from the top. */
  key: z.string(),
  chiave: z.string(),
  titolo: localizedTextSchema,
  /** Files found under the node and every node below it. */
  count: z.number().int(),
};
const treeLevel3 = z.object({ ...treeNodeFields, nodes: z.array(z.never()) });
const treeLevel2 = z.object({ ...treeNodeFields, nodes: z.array(treeLevel3) });
export const documentTreeNodeSchema = z.object({ ...treeNodeFields, nodes: z.array(treeLevel2) });
export type DocumentTreeNode = z.infer<typeof documentTreeNodeSchema>;
export type DocumentTreeLeaf = z.infer<typeof treeLevel3>;
export const documentTreeSchema = z.object({
  nodes: z.array(documentTreeNodeSchema),
  /** The machine of the serial filter, when one is given. */
  macchina: z.object({ matricola: z.string(), modello: z.string().nullable() }).nullable(),
  total: z.number().int(),
});
export type DocumentTree = z.infer<typeof documentTreeSchema>;

/** POST /api/documenti/download/{id}: what the library knew when the file was asked for (the log's row). */
export const documentDownloadSchema = z.object({
  idDocumento: id.nullish(),
  nomeFileOriginale: optionalText(255),
  linguaDocumento: z.union([lingua, z.literal('')]).nullish(),
  filtriRicercaApplicati: optionalText(DOCUMENT_LIMITS.filtri),
  alberoDocumento: optionalText(DOCUMENT_LIMITS.albero),
});
export type DocumentDownload = z.input<typeof documentDownloadSchema>;
