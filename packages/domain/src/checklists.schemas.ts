import { z } from 'zod';
import { localizedTextSchema } from './banners.schemas.ts';
import { LANGUAGES } from './i18n.constants.ts';
import { pageQuerySchema, pagingSchema, type SortParam } from './paging.schemas.ts';

/** Spec 3 §5, §9: the checklists' field limits. */
export const CHECKLIST_LIMITS = {
  matricola: 20,
  modello: 50,
  login: 50,
  name: 50,
  email: 100,
  ragioneSociale: 255,
  stato: 20,
  note: 4000,
  risposta: 2,
  /** The answer dialog's detail (4000); the administration's line form says 2000 (spec 3 §5: both stand). */
  rispostaDettaglio: 4000,
  rispostaDettaglioAdmin: 2000,
  templateNome: 200,
  nomeBreve: 50,
  versione: 10,
  darDescr: 64,
  fileName: 200,
  term: 100,
  /** Spec 3 §5, §9: at most two images per line. */
  imagesPerLine: 2,
  /** A template's lines (the demo's have about 60–70). */
  templateLines: 2000,
  score: 1_000_000,
} as const;

/** Spec 3 §9: 20 a page; 10 in the new-checklist machine search. */
export const CHECKLIST_PAGE_SIZE = 20;
export const CHECKLIST_SEARCH_PAGE_SIZE = 10;

/** Spec 3 §1, §9: the two document types. */
export const CHECKLIST_TYPES = ['DAR', 'PDI'] as const;
export type ChecklistType = (typeof CHECKLIST_TYPES)[number];

/** Spec 3 §4: the header's states. */
export const CHECKLIST_STATES = ['In Corso', 'Completato', 'Inviato'] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];
/** Spec 3 §2: the list's status filter offers only In Corso and Inviato. */
export const CHECKLIST_STATE_FILTERS = ['In Corso', 'Inviato'] as const;

/** Spec 3 §4, §5: OK, KO, and '--' (not applicable) where the template line's darNaFlag is Y. */
export const CHECKLIST_ANSWERS = ['OK', 'KO', '--'] as const;
export type ChecklistAnswer = (typeof CHECKLIST_ANSWERS)[number];
/** Spec 3 §3, §9: the row type of a question. */
export const CHECKLIST_QUESTION_ROW = 'D';
export const CHECKLIST_RATINGS = [1, 2, 3, 4, 5] as const;

export const isQuestionRow = (line: { tipoRiga: string }) => line.tipoRiga === CHECKLIST_QUESTION_ROW;
export const isAnswered = (risposta: string | null | undefined): risposta is ChecklistAnswer =>
  risposta === 'OK' || risposta === 'KO' || risposta === '--';
/** The answers a question offers (spec 3 §4). */
export const answersFor = (darNaFlag: string | null | undefined): ChecklistAnswer[] =>
  darNaFlag === 'Y' ? ['OK', 'KO', '--'] : ['OK', 'KO'];

/**
 * Spec 3 §4: the state a checklist not yet sent takes after a line change — Completato when every
 * question is answered, In Corso otherwise. A sent checklist stays Inviato.
 */
export const checklistStateOf = (
  current: ChecklistState,
  lines: readonly { tipoRiga: string; risposta: string | null }[],
): ChecklistState => {
  if (current === 'Inviato') return 'Inviato';
  const questions = lines.filter(isQuestionRow);
  return questions.length > 0 && questions.every((l) => isAnswered(l.risposta)) ? 'Completato' : 'In Corso';
};

/** The computed score (valutazioneCalcolata): each answered question adds its OK, KO or NA score. */
export const checklistScoreOf = (
  lines: readonly {
    tipoRiga: string;
    risposta: string | null;
    scoreOK: number | null;
    scoreKO: number | null;
    scoreNA: number | null;
  }[],
) =>
  lines.filter(isQuestionRow).reduce((sum, l) => {
    const score =
      l.risposta === 'OK' ? l.scoreOK : l.risposta === 'KO' ? l.scoreKO : l.risposta === '--' ? l.scoreNA : 0;
    return sum + (score ?? 0);
  }, 0);

/** The image file name of spec 3 §5: serial, type, line id, yyyyMMddHHmmss (Europe/Rome), _1 or _2, extension. */
export const checklistImageName = (p: {
  matricola: string;
  tipoDocumento: string;
  lineId: number;
  at: Date;
  slot: 1 | 2;
  extension: string;
}) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(p.at);
  const v = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  const stamp = `${v('year')}${v('month')}${v('day')}${v('hour')}${v('minute')}${v('second')}`;
  const safeSerial = p.matricola.replace(/[^A-Za-z0-9-]/g, '_');
  return `${safeSerial}_${p.tipoDocumento}_${p.lineId}_${stamp}_${p.slot}.${p.extension.toLowerCase()}`;
};
/** What a stored image name looks like (the download and delete calls take nothing else). */
export const CHECKLIST_IMAGE_NAME = /^[A-Za-z0-9_-]{1,40}_(DAR|PDI)_\d{1,15}_\d{14}_[12]\.[a-z0-9]{1,8}$/;

const optionalText = (max: number) =>
  z
    .string('validation.invalid')
    .trim()
    .max(max, 'validation.maxlength')
    .nullish()
    .transform((v) => (v ? v : null));
const requiredText = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.maxlength');
const isoDay = z.iso.date('validation.invalid');
const id = z
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(2 ** 53 - 1);
const idParam = z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid');

// ---------------------------------------------------------------------------------------------
// The dealer's screens (spec 3 §2, §4, §5, §7)

export const CHECKLIST_SORT_FIELDS = [
  'id',
  'modello',
  'matricola',
  'dataArrivoMacchina',
  'templateNome',
  'userLogin',
  'dataCompilazione',
  'valutazioneUtente',
  'tipoDocumento',
  'stato',
] as const;
export type ChecklistSortField = (typeof CHECKLIST_SORT_FIELDS)[number];
/** Spec 3 §2: default sort by id (the newest first on the dealer's list). */
export const CHECKLIST_DEFAULT_SORT: readonly SortParam<ChecklistSortField>[] = ['id,desc'];

/** GET api/crDars/headers?rate&stato&term&tipo&page&size&sort. */
export const checklistSearchSchema = pageQuerySchema(CHECKLIST_SORT_FIELDS, {
  defaultSize: CHECKLIST_PAGE_SIZE,
}).extend({
  term: z
    .string('validation.invalid')
    .trim()
    .max(CHECKLIST_LIMITS.term, 'validation.maxlength')
    .optional()
    .transform((v) => (v ? v : undefined)),
  rate: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.min')
    .max(5, 'validation.max')
    .optional(),
  tipo: z.enum(CHECKLIST_TYPES, 'validation.invalid').optional(),
  stato: z.enum(CHECKLIST_STATES, 'validation.invalid').optional(),
});
export type ChecklistSearch = z.output<typeof checklistSearchSchema>;

/** A checklist header as the list, the detail and the header dialog show it (spec 3 §3 CrDarHeader). */
export const checklistHeaderSchema = z.object({
  id: z.number(),
  matricola: z.string(),
  modello: z.string(),
  dataCompilazione: z.string().nullable(),
  dataArrivoMacchina: z.string().nullable(),
  userLogin: z.string(),
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
  userEmail: z.string().nullable(),
  dealerLogin: z.string(),
  userRagioneSociale: z.string().nullable(),
  stato: z.enum(CHECKLIST_STATES),
  valutazioneUtente: z.number().nullable(),
  valutazioneCalcolata: z.number().nullable(),
  note: z.string().nullable(),
  idCrDarTemplateHeader: z.object({ id: z.number(), nome: z.string(), tipoDocumento: z.enum(CHECKLIST_TYPES) }),
});
export type ChecklistHeader = z.infer<typeof checklistHeaderSchema>;

/** One line of a checklist with its template line's texts and rules (the tree's node "line"). */
export const checklistLineSchema = z.object({
  id: z.number(),
  idCrDarTemplateLine: z.number(),
  tipoRiga: z.string(),
  progressivo1: z.number(),
  progressivo2: z.number().nullable(),
  progressivo3: z.number().nullable(),
  darDescr1: localizedTextSchema,
  darDescr2: localizedTextSchema,
  darNaFlag: z.enum(['Y', 'N']),
  risposta: z.enum(CHECKLIST_ANSWERS).nullable(),
  rispostaDettaglio: z.string().nullable(),
  nomeImmagine1: z.string().nullable(),
  nomeImmagine2: z.string().nullable(),
  note: z.string().nullable(),
});
export type ChecklistLine = z.infer<typeof checklistLineSchema>;

/** GET api/crDars/lines/{id}: the numbered tree (spec 3 §3 "DAR line tree node": line, figli). */
export type ChecklistNode = { line: ChecklistLine; figli: ChecklistNode[] };
export const checklistNodeSchema: z.ZodType<ChecklistNode> = z.lazy(() =>
  z.object({ line: checklistLineSchema, figli: z.array(checklistNodeSchema) }),
);

/** GET /api/crDars/search?tipoDoc&term&page&size=10: machines on the road the dealer may inspect. */
export const checklistMachineSearchSchema = pagingSchema({
  defaultSize: CHECKLIST_SEARCH_PAGE_SIZE,
  maxSize: 50,
}).extend({
  tipoDoc: z.enum(CHECKLIST_TYPES, 'validation.invalid'),
  term: z
    .string('validation.invalid')
    .trim()
    .max(CHECKLIST_LIMITS.term, 'validation.maxlength')
    .optional()
    .transform((v) => (v ? v : undefined)),
  sort: z.string().max(50).optional(),
});
export const checklistMachineSchema = z.object({
  id: z.object({ matricola: z.string() }),
  descrizione: z.string().nullable(),
  nomeCliente: z.string(),
});
export type ChecklistMachine = z.infer<typeof checklistMachineSchema>;

/** POST api/crDarHeadersLines: a new checklist of a machine on the road, from the type's template in force. */
export const checklistCreateSchema = z.object({
  matricola: requiredText(CHECKLIST_LIMITS.matricola).transform((v) => v.toUpperCase()),
  tipo: z.enum(CHECKLIST_TYPES, 'validation.invalid'),
});

/** PUT api/crDars/lines/{id}: one answer (spec 3 §5 answer dialog). */
export const checklistAnswerSchema = z
  .object({
    risposta: z.enum(CHECKLIST_ANSWERS, 'validation.required').nullable(),
    rispostaDettaglio: optionalText(CHECKLIST_LIMITS.rispostaDettaglio),
    note: optionalText(CHECKLIST_LIMITS.note),
  })
  .superRefine((v, ctx) => {
    if (v.risposta === 'KO' && !v.rispostaDettaglio)
      ctx.addIssue({ code: 'custom', path: ['rispostaDettaglio'], message: 'validation.required' });
  });
export type ChecklistAnswerInput = z.input<typeof checklistAnswerSchema>;

/**
 * PUT api/crDars?langKey: the header dialog (arrival date, rating, note); `invia` sends a Completato
 * checklist (Finito). A rating is required when the checklist is Completato.
 */
export const checklistHeaderUpdateSchema = z.object({
  id,
  dataArrivoMacchina: isoDay,
  valutazioneUtente: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.min')
    .max(5, 'validation.max')
    .nullish()
    .transform((v) => v ?? null),
  note: optionalText(CHECKLIST_LIMITS.note),
  invia: z.boolean().default(false),
});
export type ChecklistHeaderUpdate = z.input<typeof checklistHeaderUpdateSchema>;
export const checklistLangQuerySchema = z.object({ langKey: z.enum(LANGUAGES).optional() });

/** The answer of a line change: the line and its header with the state recomputed. */
export const checklistLineResultSchema = z.object({ line: checklistLineSchema, header: checklistHeaderSchema });

/** POST /api/crDars/uploadfile: multipart `id` (the line) then `file` (one image ≤ 20 MB). */
export const checklistUploadFieldsSchema = z.object({ id: idParam });
/** POST api/crDars/cancellafile {nomeFile}. */
export const checklistFileNameSchema = z.object({
  nomeFile: z.string().regex(CHECKLIST_IMAGE_NAME, 'validation.invalid'),
});
export const checklistFileParamsSchema = z.object({
  name: z.string().regex(CHECKLIST_IMAGE_NAME, 'validation.invalid'),
});

export const checklistIdParamsSchema = z.object({ id: idParam });
export const checklistPdfParamsSchema = z.object({ id: idParam, lang: z.enum(LANGUAGES, 'validation.invalid') });
export const checklistSerialParamsSchema = z.object({
  matricola: z.string().trim().min(1).max(CHECKLIST_LIMITS.matricola, 'validation.maxlength'),
});

// ---------------------------------------------------------------------------------------------
// Administration (spec 3 §2, §5: ROLE_MANAGER, on the entity kit)

export const checklistTemplateHeaderInputSchema = z.object({
  daData: isoDay.nullish().transform((v) => v ?? null),
  aData: isoDay.nullish().transform((v) => v ?? null),
  fileLogo: optionalText(CHECKLIST_LIMITS.fileName),
  nome: requiredText(CHECKLIST_LIMITS.templateNome),
  nomeBreve: optionalText(CHECKLIST_LIMITS.nomeBreve),
  versione: requiredText(CHECKLIST_LIMITS.versione),
  darDescr: optionalText(CHECKLIST_LIMITS.darDescr),
  note: optionalText(CHECKLIST_LIMITS.note),
  tipoDocumento: z.enum(CHECKLIST_TYPES, 'validation.required'),
});

const localized = (max: number, required: boolean) =>
  z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(max, 'validation.maxlength')).superRefine((v, ctx) => {
    if (required && !v.it?.trim()) ctx.addIssue({ code: 'custom', path: ['it'], message: 'validation.required' });
  });
const score = z
  .number('validation.invalid')
  .min(-CHECKLIST_LIMITS.score, 'validation.min')
  .max(CHECKLIST_LIMITS.score, 'validation.max')
  .nullish()
  .transform((v) => v ?? null);

export const checklistTemplateLineInputSchema = z.object({
  idCrDarTemplateHeader: id,
  tipoRiga: requiredText(1),
  progressivo1: z
    .number('validation.required')
    .int('validation.invalid')
    .min(0, 'validation.min')
    .max(9999, 'validation.max'),
  progressivo2: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(0)
    .max(9999)
    .nullish()
    .transform((v) => v ?? null),
  progressivo3: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(0)
    .max(9999)
    .nullish()
    .transform((v) => v ?? null),
  darDescr1: localized(CHECKLIST_LIMITS.darDescr, true),
  darDescr2: localized(CHECKLIST_LIMITS.darDescr, false).default({}),
  fileImmagine: optionalText(CHECKLIST_LIMITS.fileName),
  scoreOK: score,
  scoreKO: score,
  scoreNA: score,
  note: optionalText(CHECKLIST_LIMITS.note),
  darNaFlag: z.enum(['Y', 'N'], 'validation.invalid').default('N'),
});

export const checklistHeaderAdminInputSchema = z.object({
  matricola: requiredText(CHECKLIST_LIMITS.matricola),
  modello: requiredText(CHECKLIST_LIMITS.modello),
  dataArrivoMacchina: isoDay,
  userLogin: optionalText(CHECKLIST_LIMITS.login),
  userFirstName: optionalText(CHECKLIST_LIMITS.name),
  userLastName: optionalText(CHECKLIST_LIMITS.name),
  userEmail: optionalText(CHECKLIST_LIMITS.email),
  dealerLogin: optionalText(CHECKLIST_LIMITS.login),
  userRagioneSociale: optionalText(CHECKLIST_LIMITS.ragioneSociale),
  stato: z.enum(CHECKLIST_STATES, 'validation.invalid'),
  valutazioneUtente: z
    .number()
    .int()
    .min(1)
    .max(5)
    .nullish()
    .transform((v) => v ?? null),
  note: optionalText(CHECKLIST_LIMITS.note),
  idCrDarTemplateHeader: id,
});

export const checklistLineAdminInputSchema = z.object({
  idCrDarHeader: id,
  idCrDarTemplateLine: id,
  risposta: z.enum(CHECKLIST_ANSWERS, 'validation.required'),
  rispostaDettaglio: optionalText(CHECKLIST_LIMITS.rispostaDettaglioAdmin),
  note: optionalText(CHECKLIST_LIMITS.note),
});
