import type {
  CrDocumentiFileSortField,
  CrDocumentiLogSortField,
  CrDocumentiModelliSortField,
  CrDocumentiSortField,
} from '@ricambi/domain';
import { and, asc, eq, ilike, inArray, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  crDocumenti,
  crDocumentiFile,
  crDocumentiLog,
  crDocumentiModelli,
  crModelli,
  macchina,
  storedFile,
} from '../../db/schema/index.ts';
import { containsPattern, type SortColumns, totalOfPage } from '../../platform/paging.ts';

export type DocumentRow = typeof crDocumenti.$inferSelect;
export type DocumentFileRow = typeof crDocumentiFile.$inferSelect;
export type DocumentModelRow = typeof crDocumentiModelli.$inferSelect;
export type DocumentLogRow = typeof crDocumentiLog.$inferSelect;
export type DocumentFileWithBytes = DocumentFileRow & { sizeBytes: number; icona: boolean };

/** What a reader of the library may see: internal documents, documents out of validity. */
export type DocumentView = { internal: boolean; outOfValidity: boolean; today: string };

/** The library's filters once resolved: the serial is a machine's, its model read. */
export type DocumentQuery = {
  brand?: string;
  tipoDocumento?: string;
  lingua?: string;
  term?: string;
  machine?: { matricola: string; modello: string | null };
  categoria1?: string;
  categoria2?: string;
  categoria3?: string;
};

/** The one rule of who sees a document in the library (spec 2 §6). */
const viewCondition = (view: DocumentView): SQL | undefined =>
  and(
    view.internal ? undefined : eq(crDocumenti.interno, false),
    view.outOfValidity
      ? undefined
      : and(
          or(isNull(crDocumenti.daData), lte(crDocumenti.daData, view.today)),
          or(isNull(crDocumenti.aData), sql`${crDocumenti.aData} >= ${view.today}`),
        ),
  );

/** A document applies to a serial when one of its model rows names the machine's model and covers the serial. */
const machineCondition = (machine: { matricola: string; modello: string | null }): SQL =>
  machine.modello === null
    ? sql`false`
    : sql`exists (select 1 from ${crDocumentiModelli} where ${and(
        eq(crDocumentiModelli.idCrDocumenti, crDocumenti.id),
        eq(crDocumentiModelli.modello, machine.modello),
        sql`(${crDocumentiModelli.daMatricola} is null or ${crDocumentiModelli.daMatricola} <= ${machine.matricola} collate "C")`,
        sql`(${crDocumentiModelli.aMatricola} is null or ${machine.matricola} <= ${crDocumentiModelli.aMatricola} collate "C")`,
      )})`;

/** The files the library finds for a query (without the tree node: the tree counts them by node). */
const queryCondition = (view: DocumentView, q: DocumentQuery) =>
  and(
    viewCondition(view),
    q.brand ? eq(crDocumenti.brand, q.brand) : undefined,
    q.tipoDocumento ? eq(crDocumenti.tipoDocumento, q.tipoDocumento) : undefined,
    q.lingua ? eq(crDocumentiFile.lingua, q.lingua) : undefined,
    q.term ? ilike(crDocumentiFile.searchText, containsPattern(q.term.toLowerCase())) : undefined,
    q.machine ? machineCondition(q.machine) : undefined,
  );

const nodeCondition = (q: DocumentQuery) =>
  and(
    q.categoria1 ? eq(crDocumenti.categoria1, q.categoria1) : undefined,
    q.categoria2 ? eq(crDocumenti.categoria2, q.categoria2) : undefined,
    q.categoria3 ? eq(crDocumenti.categoria3, q.categoria3) : undefined,
  );

const fileWithBytes = {
  file: crDocumentiFile,
  sizeBytes: storedFile.sizeBytes,
  icona: sql<boolean>`${storedFile.thumbnailKey} is not null`,
};

/** A page of the library's results: ordered by daData (newest first), then code (spec 2 §2). */
export const searchDocumentFiles = async (
  db: DbOrTx,
  view: DocumentView,
  q: DocumentQuery,
  paging: { page: number; size: number },
) => {
  const where = and(queryCondition(view, q), nodeCondition(q));
  // The page is chosen and counted on its sort keys alone; only its own rows are then read whole,
  // with their stored file (every file row has one): the count no longer drags every matching row's
  // columns through the window and the sort (bench/results/documents.md).
  const page = db
    .select({
      id: crDocumentiFile.id,
      daData: crDocumenti.daData,
      codice: crDocumentiFile.codice,
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(crDocumentiFile)
    .innerJoin(crDocumenti, eq(crDocumenti.id, crDocumentiFile.idCrDocumenti))
    .where(where)
    .orderBy(sql`${crDocumenti.daData} desc nulls last`, asc(crDocumentiFile.codice), asc(crDocumentiFile.id))
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .as('page');
  const rows = await db
    .select({ ...fileWithBytes, document: crDocumenti, total: page.total })
    .from(page)
    .innerJoin(crDocumentiFile, eq(crDocumentiFile.id, page.id))
    .innerJoin(crDocumenti, eq(crDocumenti.id, crDocumentiFile.idCrDocumenti))
    .innerJoin(storedFile, eq(storedFile.id, crDocumentiFile.fileId))
    .orderBy(sql`${page.daData} desc nulls last`, asc(page.codice), asc(page.id));
  const total = await totalOfPage(rows, paging.page, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(crDocumentiFile)
      .innerJoin(crDocumenti, eq(crDocumenti.id, crDocumentiFile.idCrDocumenti))
      .where(where);
    return counted?.n ?? 0;
  });
  return { rows, total };
};

/** How many files each category path holds for a query: the tree's nodes. */
export const countByCategory = (db: DbOrTx, view: DocumentView, q: DocumentQuery) =>
  db
    .select({
      categoria1: crDocumenti.categoria1,
      categoria2: crDocumenti.categoria2,
      categoria3: crDocumenti.categoria3,
      count: sql<number>`count(*)::int`,
    })
    .from(crDocumentiFile)
    .innerJoin(crDocumenti, eq(crDocumenti.id, crDocumentiFile.idCrDocumenti))
    .where(queryCondition(view, q))
    .groupBy(crDocumenti.categoria1, crDocumenti.categoria2, crDocumenti.categoria3);

/** The model rows of documents, by document (one query for a page). */
export const modelRowsOf = async (db: DbOrTx, documentIds: readonly number[]) =>
  documentIds.length === 0
    ? []
    : db
        .select()
        .from(crDocumentiModelli)
        .where(inArray(crDocumentiModelli.idCrDocumenti, [...documentIds]))
        .orderBy(asc(crDocumentiModelli.modello), asc(crDocumentiModelli.id));

/** The files of documents with their size and picture, by document (one query for a page). */
export const fileRowsOf = async (db: DbOrTx, documentIds: readonly number[]): Promise<DocumentFileWithBytes[]> =>
  documentIds.length === 0
    ? []
    : (
        await db
          .select(fileWithBytes)
          .from(crDocumentiFile)
          .innerJoin(storedFile, eq(storedFile.id, crDocumentiFile.fileId))
          .where(inArray(crDocumentiFile.idCrDocumenti, [...documentIds]))
          .orderBy(asc(crDocumentiFile.lingua), asc(crDocumentiFile.codice), asc(crDocumentiFile.id))
      ).map((r) => ({ ...r.file, sizeBytes: r.sizeBytes, icona: r.icona }));

/** Size and picture of the stored files of some file rows (the kit's file list: one query for the page). */
export const storedFileFacts = async (db: DbOrTx, fileIds: readonly string[]) =>
  new Map(
    (fileIds.length === 0
      ? []
      : await db
          .select({ id: storedFile.id, sizeBytes: fileWithBytes.sizeBytes, icona: fileWithBytes.icona })
          .from(storedFile)
          .where(inArray(storedFile.id, [...fileIds]))
    ).map((f) => [f.id, { sizeBytes: f.sizeBytes, icona: f.icona }]),
  );

export const findDocument = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(crDocumenti).where(eq(crDocumenti.id, id));
  return row;
};

export const findDocumentRefs = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: crDocumenti.id, nome: crDocumenti.nome })
        .from(crDocumenti)
        .where(inArray(crDocumenti.id, [...ids]));

/** A file of the library, by its id or its physical name, with its document, if the reader may see it. */
export const findVisibleFile = async (
  db: DbOrTx,
  view: DocumentView,
  key: { id: number } | { nomeFileFisico: string },
) => {
  const [row] = await db
    .select({ file: crDocumentiFile, document: crDocumenti })
    .from(crDocumentiFile)
    .innerJoin(crDocumenti, eq(crDocumenti.id, crDocumentiFile.idCrDocumenti))
    .where(
      and(
        'id' in key ? eq(crDocumentiFile.id, key.id) : eq(crDocumentiFile.nomeFileFisico, key.nomeFileFisico),
        viewCondition(view),
      ),
    );
  return row;
};

/** The files of one document in one language that the reader may see. */
export const visibleFilesOf = async (db: DbOrTx, view: DocumentView, documentId: number, lingua?: string) =>
  db
    .select({ ...fileWithBytes, document: crDocumenti })
    .from(crDocumentiFile)
    .innerJoin(crDocumenti, eq(crDocumenti.id, crDocumentiFile.idCrDocumenti))
    .innerJoin(storedFile, eq(storedFile.id, crDocumentiFile.fileId))
    .where(
      and(
        eq(crDocumentiFile.idCrDocumenti, documentId),
        lingua ? eq(crDocumentiFile.lingua, lingua) : undefined,
        viewCondition(view),
      ),
    )
    .orderBy(asc(crDocumentiFile.codice), asc(crDocumentiFile.id));

/** The machine of a serial among the machines `scope` allows, with its model's name. */
export const findMachineModel = async (db: DbOrTx, matricola: string, scope: SQL | undefined) => {
  const [row] = await db
    .select({ matricola: macchina.mtMatricola, modello: crModelli.modello })
    .from(macchina)
    .leftJoin(crModelli, eq(crModelli.id, macchina.modelloId))
    .where(and(eq(macchina.mtMatricola, matricola), scope));
  return row;
};

export const insertDownloadLog = (db: DbOrTx, row: typeof crDocumentiLog.$inferInsert) =>
  db.insert(crDocumentiLog).values(row);

// ---------------------------------------------------------------------------------------------
// Administration

/** The names every model row may take (cr_modelli), of those asked. */
export const existingModelNames = async (db: DbOrTx, names: readonly string[]) =>
  names.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db
            .select({ modello: crModelli.modello })
            .from(crModelli)
            .where(inArray(crModelli.modello, [...names]))
        ).map((r) => r.modello),
      );

export const insertModelRows = (db: DbOrTx, rows: (typeof crDocumentiModelli.$inferInsert)[]) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insert(crDocumentiModelli)
        .values(rows)
        .then(() => undefined);

export const updateModelRow = (db: DbOrTx, id: number, documentId: number, values: Partial<DocumentModelRow>) =>
  db
    .update(crDocumentiModelli)
    .set(values)
    .where(and(eq(crDocumentiModelli.id, id), eq(crDocumentiModelli.idCrDocumenti, documentId)))
    .returning({ id: crDocumentiModelli.id });

/** Removes a document's model rows other than `keep`. */
export const deleteModelRowsExcept = (db: DbOrTx, documentId: number, keep: readonly number[]) =>
  db
    .delete(crDocumentiModelli)
    .where(
      and(
        eq(crDocumentiModelli.idCrDocumenti, documentId),
        keep.length ? notInArray(crDocumentiModelli.id, [...keep]) : undefined,
      ),
    );

export const insertFileRow = async (db: DbOrTx, row: typeof crDocumentiFile.$inferInsert) => {
  const [inserted] = await db.insert(crDocumentiFile).values(row).returning();
  if (!inserted) throw new Error('cr_documenti_file row not written');
  return inserted;
};

export const updateFileRow = (db: DbOrTx, id: number, documentId: number, values: Partial<DocumentFileRow>) =>
  db
    .update(crDocumentiFile)
    .set(values)
    .where(and(eq(crDocumentiFile.id, id), eq(crDocumentiFile.idCrDocumenti, documentId)))
    .returning({ id: crDocumentiFile.id });

/** A document's files other than `keep` (to be removed with their bytes). */
export const fileRowsExcept = (db: DbOrTx, documentId: number, keep: readonly number[]) =>
  db
    .select()
    .from(crDocumentiFile)
    .where(
      and(
        eq(crDocumentiFile.idCrDocumenti, documentId),
        keep.length ? notInArray(crDocumentiFile.id, [...keep]) : undefined,
      ),
    );

export const deleteFileRows = (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve() : db.delete(crDocumentiFile).where(inArray(crDocumentiFile.id, [...ids]));

/** A document's files' search text follows its name. */
export const refreshSearchText = (db: DbOrTx, documentId: number) =>
  db
    .update(crDocumentiFile)
    .set({ searchText: searchTextSql(crDocumenti.nome) })
    .from(crDocumenti)
    .where(and(eq(crDocumentiFile.idCrDocumenti, documentId), eq(crDocumenti.id, documentId)));

/** Code, description, original name and the document's name, lower-case: what the library's term finds. */
const searchTextSql = (nome: SQL | typeof crDocumenti.nome) =>
  sql`lower(concat_ws(' ', ${nome}, ${crDocumentiFile.codice}, ${crDocumentiFile.descrizioneFile}, ${crDocumentiFile.nomeFileOriginale}))`;
export const searchTextOf = (parts: {
  nome: string;
  codice: string;
  descrizioneFile: string;
  nomeFileOriginale: string;
}) => [parts.nome, parts.codice, parts.descrizioneFile, parts.nomeFileOriginale].join(' ').toLowerCase();

/**
 * Uploaded PDFs still waiting for a document (stored files of the area without a file row), older
 * than `before`: the sweep removes them.
 */
export const waitingUploadsBefore = (db: DbOrTx, before: Date) =>
  db
    .select({ id: storedFile.id })
    .from(storedFile)
    .where(
      and(
        eq(storedFile.area, 'document'),
        isNull(storedFile.deletedAt),
        sql`${storedFile.createdAt} < ${before.toISOString()}`,
        sql`not exists (select 1 from ${crDocumentiFile} where ${crDocumentiFile.fileId} = ${storedFile.id})`,
      ),
    )
    .limit(500);

/**
 * An uploaded PDF that no document has taken yet (or undefined), locked for the caller's transaction.
 * The lock comes first and the "taken?" look after it, in a statement of its own: a save that was
 * taking it meanwhile has committed by then and its file row is seen (one snapshot for both would
 * miss it, and the caller would take or sweep an upload that is no longer waiting).
 */
export const findWaitingUpload = async (db: DbOrTx, id: string) => {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, id), eq(storedFile.area, 'document'), isNull(storedFile.deletedAt)))
    .for('update');
  if (!row) return undefined;
  const [taken] = await db
    .select({ id: crDocumentiFile.id })
    .from(crDocumentiFile)
    .where(eq(crDocumentiFile.fileId, id))
    .limit(1);
  return taken ? undefined : row;
};

// The kit's search and sort allow-lists.

export const documentSearch = (term: string) =>
  /^\d{1,15}$/.test(term)
    ? or(eq(crDocumenti.id, Number(term)), ilike(crDocumenti.nome, containsPattern(term)))
    : ilike(crDocumenti.nome, containsPattern(term));
export const DOCUMENT_SORTABLE: SortColumns<CrDocumentiSortField> = {
  id: crDocumenti.id,
  nome: crDocumenti.nome,
  daData: crDocumenti.daData,
  aData: crDocumenti.aData,
  brand: crDocumenti.brand,
  interno: crDocumenti.interno,
};

export const fileSearch = (term: string) => ilike(crDocumentiFile.searchText, containsPattern(term.toLowerCase()));
export const FILE_SORTABLE: SortColumns<CrDocumentiFileSortField> = {
  id: crDocumentiFile.id,
  codice: crDocumentiFile.codice,
  descrizioneFile: crDocumentiFile.descrizioneFile,
  lingua: crDocumentiFile.lingua,
  idCrDocumenti: crDocumentiFile.idCrDocumenti,
};

export const modelSearch = (term: string) => ilike(crDocumentiModelli.modello, containsPattern(term));
export const MODEL_SORTABLE: SortColumns<CrDocumentiModelliSortField> = {
  id: crDocumentiModelli.id,
  modello: crDocumentiModelli.modello,
  daMatricola: crDocumentiModelli.daMatricola,
  aMatricola: crDocumentiModelli.aMatricola,
  idCrDocumenti: crDocumentiModelli.idCrDocumenti,
};

export const logSearch = (term: string) =>
  or(
    ilike(crDocumentiLog.login, containsPattern(term)),
    ilike(crDocumentiLog.nomeFileOriginale, containsPattern(term)),
  );
export const LOG_SORTABLE: SortColumns<CrDocumentiLogSortField> = {
  id: crDocumentiLog.id,
  data: crDocumentiLog.data,
  login: crDocumentiLog.login,
  idDocumento: crDocumentiLog.idDocumento,
};
