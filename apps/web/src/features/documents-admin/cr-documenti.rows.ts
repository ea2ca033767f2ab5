import {
  type CrDocumentiFile,
  type CrDocumentiModelli,
  DOCUMENT_LIMITS,
  type DocumentFileRow,
  type DocumentModelRow,
  type DocumentUpload,
  documentFileRowSchema,
  documentModelRowSchema,
  type Language,
  toFieldErrors,
  UPLOAD_POLICIES,
} from '@ricambi/domain';

/**
 * The document dialog's model rows and files (spec 3 §5, spec 2 §4) as plain data: what the rows
 * hold, what each row lacks, when Save must wait, and the body they become.
 */

/** A message of a row's cell: an i18n key and its parameters. */
export type Problem = { key: string; params?: Record<string, string | number> };
export type RowProblems<F extends string> = Partial<Record<F, Problem>>;

let sequence = 0;
/** A React key for a row not saved yet. */
const newKey = () => `new-${++sequence}`;

// ---- Model rows --------------------------------------------------------------------------------

export type ModelFields = { modello: string | null; daMatricola: string; aMatricola: string; note: string };
export type ModelField = keyof ModelFields;
export type ModelRow = ModelFields & {
  key: string;
  /** Absent on a row added in the dialog (pending until Save). */
  id?: number;
  isNew: boolean;
};
/** The rows, and the add-row below them as typed. */
export type ModelRowsValue = { rows: ModelRow[]; draft: ModelFields };

export const emptyModelDraft = (): ModelFields => ({ modello: null, daMatricola: '', aMatricola: '', note: '' });
export const emptyModelRows = (): ModelRowsValue => ({ rows: [], draft: emptyModelDraft() });

/** The form's value, whatever it is before the dialog fills it. */
export const asModelRows = (value: unknown): ModelRowsValue => {
  const v = value as Partial<ModelRowsValue> | null | undefined;
  return { rows: v?.rows ?? [], draft: v?.draft ?? emptyModelDraft() };
};

/** Serials are compared and kept upper-case (the library's serial search compares them so). */
export const upperSerial = (text: string) => text.toUpperCase();

const modelBody = (row: ModelFields & { id?: number }): DocumentModelRow => ({
  ...(row.id ? { id: row.id } : {}),
  modello: row.modello ?? '',
  daMatricola: row.daMatricola.trim() ? upperSerial(row.daMatricola.trim()) : null,
  aMatricola: row.aMatricola.trim() ? upperSerial(row.aMatricola.trim()) : null,
  note: row.note.trim() ? row.note.trim() : null,
});

/** The first message per cell, from the domain's row schema (the server applies the same). */
const problemsOf = <F extends string>(result: {
  success: boolean;
  error?: { issues: Parameters<typeof toFieldErrors>[0] };
}): RowProblems<F> => {
  const out: RowProblems<F> = {};
  for (const e of toFieldErrors(result.error?.issues ?? [])) {
    const field = e.field.split('.')[0] as F;
    out[field] ??= { key: e.message, ...(e.params ? { params: e.params } : {}) };
  }
  return out;
};

/** What a model row lacks: a model (every row needs one), lengths, a from-serial after the to-serial. */
export const modelRowProblems = (row: ModelFields): RowProblems<ModelField> =>
  problemsOf<ModelField>(documentModelRowSchema.safeParse(modelBody(row)));

const serialTyped = (draft: ModelFields) => Boolean(draft.daMatricola.trim() || draft.aMatricola.trim());
/** Whether anything is typed in the add-row: Save waits until it is added or cleared. */
export const draftTyped = (draft: ModelFields) =>
  Boolean(draft.modello) || serialTyped(draft) || Boolean(draft.note.trim());

/** The add-row's messages: its model is required only once a from- or to-serial is typed. */
export const draftProblems = (draft: ModelFields): RowProblems<ModelField> => {
  const { modello, ...rest } = modelRowProblems(draft);
  return modello && serialTyped(draft) ? { modello, ...rest } : rest;
};

/** The Add button: a model chosen, the row valid, and room for one more row. */
export const canAddDraft = (value: ModelRowsValue) =>
  Boolean(value.draft.modello) &&
  Object.keys(draftProblems(value.draft)).length === 0 &&
  value.rows.length < DOCUMENT_LIMITS.modelRows;

/** The add-row becomes a pending row (marked new) and is cleared. */
export const addDraft = (value: ModelRowsValue): ModelRowsValue =>
  canAddDraft(value)
    ? {
        rows: [
          ...value.rows,
          {
            ...value.draft,
            daMatricola: upperSerial(value.draft.daMatricola.trim()),
            aMatricola: upperSerial(value.draft.aMatricola.trim()),
            key: newKey(),
            isNew: true,
          },
        ],
        draft: emptyModelDraft(),
      }
    : value;

export const updateModelRow = (value: ModelRowsValue, key: string, patch: Partial<ModelFields>): ModelRowsValue => ({
  ...value,
  rows: value.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)),
});

export const removeModelRow = (value: ModelRowsValue, key: string): ModelRowsValue => ({
  ...value,
  rows: value.rows.filter((r) => r.key !== key),
});

/** The field's message (i18n key) while Save must wait, or undefined. */
export const modelRowsError = (value: ModelRowsValue): string | undefined => {
  if (value.rows.some((r) => Object.keys(modelRowProblems(r)).length > 0)) return 'crDocumenti.validation.modelRows';
  if (draftTyped(value.draft)) return 'crDocumenti.validation.pendingModel';
  return undefined;
};

/** The dialog's rows from a saved document. */
export const modelRowsOf = (modellos: readonly CrDocumentiModelli[]): ModelRowsValue => ({
  rows: modellos.map((m) => ({
    key: `id-${m.id}`,
    id: m.id,
    modello: m.modello,
    daMatricola: m.daMatricola ?? '',
    aMatricola: m.aMatricola ?? '',
    note: m.note ?? '',
    isNew: false,
  })),
  draft: emptyModelDraft(),
});

/** `modellos` of the save: kept rows with their id, new rows without. */
export const modelRowsBody = (value: ModelRowsValue): DocumentModelRow[] => value.rows.map(modelBody);

// ---- Files -------------------------------------------------------------------------------------

export type FileFields = { codice: string; descrizioneFile: string; lingua: Language | null; note: string };
export type FileField = keyof FileFields;
export type FileRow = FileFields & {
  key: string;
  /** A saved file. */
  id?: number;
  /** A file uploaded in the dialog, waiting for the save to take it. */
  upload?: string;
  nomeFileOriginale: string;
  sizeBytes: number;
  isNew: boolean;
};
/** The rows, and how many uploads are under way (Save waits for them). */
export type FileRowsValue = { rows: FileRow[]; uploading: number };

export const emptyFileRows = (): FileRowsValue => ({ rows: [], uploading: 0 });

export const asFileRows = (value: unknown): FileRowsValue => {
  const v = value as Partial<FileRowsValue> | null | undefined;
  return { rows: v?.rows ?? [], uploading: v?.uploading ?? 0 };
};

/** A row of `nomefiles`; the language is missing only on a row the form does not let through. */
export type FileRowBody = Omit<DocumentFileRow, 'lingua'> & { lingua: Language | null };

const fileBody = (row: FileRow): FileRowBody => ({
  ...(row.id ? { id: row.id } : { upload: row.upload ?? null }),
  codice: row.codice.trim(),
  descrizioneFile: row.descrizioneFile.trim(),
  lingua: row.lingua,
  note: row.note.trim() ? row.note.trim() : null,
});

/** What a file row lacks: codice, description and language are required on every row. */
export const fileRowProblems = (row: FileRow): RowProblems<FileField> => {
  const problems = problemsOf<FileField>(documentFileRowSchema.safeParse(fileBody(row)));
  // The schema calls any missing or unknown language invalid: a missing one is a required field.
  return row.lingua === null ? { ...problems, lingua: { key: 'validation.required' } } : problems;
};

/** A file just uploaded: a pending row (marked new), its description taken from the file's name. */
export const newFileRow = (uploaded: Pick<DocumentUpload, 'upload' | 'nomeFileOriginale' | 'sizeBytes'>): FileRow => ({
  key: newKey(),
  upload: uploaded.upload,
  nomeFileOriginale: uploaded.nomeFileOriginale,
  sizeBytes: uploaded.sizeBytes,
  codice: '',
  descrizioneFile: uploaded.nomeFileOriginale.replace(/\.pdf$/i, '').slice(0, DOCUMENT_LIMITS.descrizioneFile),
  lingua: null,
  note: '',
  isNew: true,
});

export const addFileRow = (value: FileRowsValue, row: FileRow): FileRowsValue => ({
  ...value,
  rows: [...value.rows, row],
});

export const updateFileRow = (value: FileRowsValue, key: string, patch: Partial<FileFields>): FileRowsValue => ({
  ...value,
  rows: value.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)),
});

export const removeFileRow = (value: FileRowsValue, key: string): FileRowsValue => ({
  ...value,
  rows: value.rows.filter((r) => r.key !== key),
});

/** Room for one more file. */
export const canAddFile = (value: FileRowsValue) => value.rows.length + value.uploading < DOCUMENT_LIMITS.fileRows;

export const fileRowsError = (value: FileRowsValue): string | undefined => {
  if (value.rows.some((r) => Object.keys(fileRowProblems(r)).length > 0)) return 'crDocumenti.validation.fileRows';
  if (value.uploading > 0) return 'crDocumenti.validation.uploading';
  return undefined;
};

export const fileRowsOf = (files: readonly CrDocumentiFile[]): FileRowsValue => ({
  rows: files.map((f) => ({
    key: `id-${f.id}`,
    id: f.id,
    codice: f.codice,
    descrizioneFile: f.descrizioneFile,
    lingua: f.lingua as Language,
    note: f.note ?? '',
    nomeFileOriginale: f.nomeFileOriginale,
    sizeBytes: f.sizeBytes,
    isNew: false,
  })),
  uploading: 0,
});

/** `nomefiles` of the save: kept files by id (missing ones are deleted), new ones by their upload. */
export const fileRowsBody = (value: FileRowsValue): FileRowBody[] => value.rows.map(fileBody);

/** A saved file's bytes, as a plain link (the server logs the download). */
export const fileDownloadUrl = (id: number) => `/api/documenti/download?id=${id}`;

// ---- The PDF picker ----------------------------------------------------------------------------

const PDF_POLICY = UPLOAD_POLICIES.document;
export type PdfRefusal = 'crDocumenti.upload.tooLarge' | 'crDocumenti.upload.notPdf';

/** The first bytes of a file as text. */
const headOf = async (file: Blob, bytes: number) =>
  String.fromCharCode(...new Uint8Array(await file.slice(0, bytes).arrayBuffer()));

/**
 * Spec 3 §5: one PDF of at most 100 MB, told before any byte is sent: by size, by the type the
 * browser reports and by its first bytes (`%PDF`, as the server judges it).
 */
export const checkPdf = async (file: File): Promise<PdfRefusal | undefined> => {
  if (file.size > PDF_POLICY.maxBytes) return 'crDocumenti.upload.tooLarge';
  if (file.type && file.type !== 'application/pdf') return 'crDocumenti.upload.notPdf';
  return (await headOf(file, 4)) === '%PDF' ? undefined : 'crDocumenti.upload.notPdf';
};
