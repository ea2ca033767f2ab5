import { z } from 'zod';
import { localizedTextSchema } from './banners.schemas.ts';
import { CHECKLIST_ANSWERS, CHECKLIST_TYPES, checklistHeaderSchema } from './checklists.schemas.ts';

/**
 * The checklist administration (spec 3 §2, §3, §5, §7: ROLE_MANAGER) on the entity kit: what its
 * four generic resources answer and the fields their lists sort on. The inputs are in
 * checklists.schemas.ts (checklistTemplateHeaderInputSchema, ...).
 */

/** The message of a change refused because the template was compiled: it is versioned instead (409). */
export const CHECKLIST_TEMPLATE_IN_USE = 'crDarTemplate.error.inUse';

/** api/crDarTemplateHeaders: a template, and whether a checklist was compiled from it (then only versioned). */
export const checklistTemplateHeaderAdminSchema = z.object({
  id: z.number().int(),
  daData: z.string().nullable(),
  aData: z.string().nullable(),
  fileLogo: z.string().nullable(),
  nome: z.string(),
  nomeBreve: z.string().nullable(),
  versione: z.string(),
  darDescr: z.string().nullable(),
  note: z.string().nullable(),
  tipoDocumento: z.enum(CHECKLIST_TYPES),
  /** A checklist was compiled from it: it is not edited nor deleted, a new version is made. */
  inUso: z.boolean(),
  createdBy: z.string().nullable(),
  createdDate: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
});
export type ChecklistTemplateHeaderAdmin = z.infer<typeof checklistTemplateHeaderAdminSchema>;
export const CHECKLIST_TEMPLATE_HEADER_SORT_FIELDS = [
  'id',
  'nome',
  'nomeBreve',
  'versione',
  'tipoDocumento',
  'daData',
  'aData',
] as const;
export type ChecklistTemplateHeaderSortField = (typeof CHECKLIST_TEMPLATE_HEADER_SORT_FIELDS)[number];

/** A template as its lines name it; in use, its lines are not changed (a new version is made). */
export const checklistTemplateRefSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  versione: z.string(),
  tipoDocumento: z.enum(CHECKLIST_TYPES),
  inUso: z.boolean(),
});

/** api/crDarTemplateLines: one row of a template (spec 3 §3 CrDarTemplateLine). */
export const checklistTemplateLineAdminSchema = z.object({
  id: z.number().int(),
  idCrDarTemplateHeader: checklistTemplateRefSchema,
  tipoRiga: z.string(),
  progressivo1: z.number().int(),
  progressivo2: z.number().int().nullable(),
  progressivo3: z.number().int().nullable(),
  darDescr1: localizedTextSchema,
  darDescr2: localizedTextSchema,
  fileImmagine: z.string().nullable(),
  scoreOK: z.number().nullable(),
  scoreKO: z.number().nullable(),
  scoreNA: z.number().nullable(),
  note: z.string().nullable(),
  darNaFlag: z.enum(['Y', 'N']),
});
export type ChecklistTemplateLineAdmin = z.infer<typeof checklistTemplateLineAdminSchema>;
export const CHECKLIST_TEMPLATE_LINE_SORT_FIELDS = [
  'id',
  'idCrDarTemplateHeader',
  'progressivo1',
  'progressivo2',
  'progressivo3',
] as const;
export type ChecklistTemplateLineSortField = (typeof CHECKLIST_TEMPLATE_LINE_SORT_FIELDS)[number];

/** api/crDarHeaders: a compiled checklist as spec 3 §3 lists it (the dealer's header shape). */
export const checklistHeaderAdminSchema = checklistHeaderSchema;
export type ChecklistHeaderAdmin = z.infer<typeof checklistHeaderAdminSchema>;
export const CHECKLIST_HEADER_ADMIN_SORT_FIELDS = ['id', 'matricola', 'dealerLogin', 'idCrDarTemplateHeader'] as const;
export type ChecklistHeaderAdminSortField = (typeof CHECKLIST_HEADER_ADMIN_SORT_FIELDS)[number];

/** api/crDarLines: one answer, with its checklist and its template line (spec 3 §3 CrDarLine). */
export const checklistLineAdminSchema = z.object({
  id: z.number().int(),
  risposta: z.enum(CHECKLIST_ANSWERS).nullable(),
  rispostaDettaglio: z.string().nullable(),
  nomeImmagine1: z.string().nullable(),
  nomeImmagine2: z.string().nullable(),
  note: z.string().nullable(),
  idCrDarHeader: z.object({ id: z.number().int(), matricola: z.string(), stato: checklistHeaderSchema.shape.stato }),
  idCrDarTemplateLine: z.object({
    id: z.number().int(),
    tipoRiga: z.string(),
    progressivo1: z.number().int(),
    progressivo2: z.number().int().nullable(),
    progressivo3: z.number().int().nullable(),
    darDescr1: localizedTextSchema,
    darNaFlag: z.enum(['Y', 'N']),
  }),
});
export type ChecklistLineAdmin = z.infer<typeof checklistLineAdminSchema>;
export const CHECKLIST_LINE_ADMIN_SORT_FIELDS = ['id', 'idCrDarHeader'] as const;
export type ChecklistLineAdminSortField = (typeof CHECKLIST_LINE_ADMIN_SORT_FIELDS)[number];

/** The number of a template's next version: one past the largest leading number of its family's versions. */
export const nextChecklistVersion = (versions: readonly string[]): string => {
  const numbers = versions.map((v) => Number.parseInt(/^\s*(\d+)/.exec(v)?.[1] ?? '0', 10));
  return String(Math.max(0, ...numbers) + 1);
};
