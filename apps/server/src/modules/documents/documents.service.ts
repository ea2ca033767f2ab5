import {
  businessToday,
  COMBO_LISTS,
  type CrDocumenti,
  comboCategoryTipo,
  type crDocumentiFileCreateSchema,
  type crDocumentiFileUpdateSchema,
  crDocumentiFileUploadSchema,
  type crDocumentiInputSchema,
  DOCUMENT_BRAND_ALL,
  DOCUMENT_INTERNAL_ROLES,
  DOCUMENT_UPLOAD_MAX_AGE_HOURS,
  type DocumentTree,
  type DocumentTreeLeaf,
  type DocumentTreeNode,
  type DocumentUpload,
  type documentDownloadSchema,
  type documentFiltersSchema,
  hasAnyAuthority,
  type Language,
} from '@ricambi/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, fieldError, notFound } from '../../platform/errors.ts';
import type { Files, StoredFile } from '../../platform/files.ts';
import type { Principal } from '../../platform/sessions.ts';
import { comboValues, comboValuesOf } from '../combos/combos.contract.ts';
import { loadMachineScope, machineScopeCondition } from '../machines/machines.contract.ts';
import { type DocumentCombos, toCrDocumenti, toCrDocumentiFile, toDocumentResult } from './documents.mapper.ts';
import {
  countByCategory,
  type DocumentFileRow,
  type DocumentQuery,
  type DocumentRow,
  type DocumentView,
  deleteFileRows,
  deleteModelRowsExcept,
  existingModelNames,
  fileRowsExcept,
  fileRowsOf,
  findDocument,
  findDocumentRefs,
  findMachineModel,
  findVisibleFile,
  findWaitingUpload,
  insertDownloadLog,
  insertFileRow,
  insertModelRows,
  modelRowsOf,
  refreshSearchText,
  searchDocumentFiles,
  searchTextOf,
  storedFileFacts,
  updateFileRow,
  updateModelRow,
  visibleFilesOf,
  waitingUploadsBefore,
} from './documents.repository.ts';

const AREA = 'document';
type Input = z.output<typeof crDocumentiInputSchema>;
type Filters = z.output<typeof documentFiltersSchema>;

const isManager = (p: Principal) => hasAnyAuthority(p.authorities, ['ROLE_MANAGER']);
/** Spec 2 §6: internal staff pick any brand, ALL included; managers too (they publish for every brand). */
const picksAnyBrand = (p: Principal) => hasAnyAuthority(p.authorities, ['ROLE_CR_INTERNAL', 'ROLE_MANAGER']);
const isStaff = (p: Pick<Principal, 'authorities'>) =>
  hasAnyAuthority(p.authorities, [...DOCUMENT_INTERNAL_ROLES, 'ROLE_INTERNAL']);

export const loadDocumentCombos = async (db: DbOrTx): Promise<DocumentCombos> => {
  // The four lists in one query: every call of the library reads them (bench/results/documents.md).
  const types = ['tipodocumento', 'categoria1', 'categoria2', 'categoria3'] as const;
  const lists = await comboValuesOf(db, types.map(comboCategoryTipo));
  const list = (type: (typeof types)[number]) =>
    new Map((lists.get(comboCategoryTipo(type)) ?? []).map((v) => [v.id.chiave, v]));
  return {
    tipodocumento: list('tipodocumento'),
    categoria1: list('categoria1'),
    categoria2: list('categoria2'),
    categoria3: list('categoria3'),
  };
};

const brandKeys = async (db: DbOrTx) => new Set((await comboValues(db, COMBO_LISTS.marchi)).map((v) => v.id.chiave));

/** Which documents a reader may see (spec 2 §6): never internal ones for dealers, out-of-validity ones only for managers. */
export const documentView = (principal: Principal, today = businessToday()): DocumentView => ({
  internal: hasAnyAuthority(principal.authorities, DOCUMENT_INTERNAL_ROLES),
  outOfValidity: isManager(principal),
  today,
});

export type DocumentsDeps = { db: Db; files: Files };

/** The library (spec 2 §2–§7): filters resolved for the reader, the tree, the results, files, downloads. */
export const createDocumentLibrary = ({ db, files }: DocumentsDeps) => {
  /**
   * The reader's filters made a query: without a language the reader's own (a manager's: every
   * one); ALL or no brand only for staff; a serial must be a machine the reader sees, and then it
   * decides the documents whatever the brand.
   */
  const resolve = async (principal: Principal, filters: Filters, ownLanguage: Language): Promise<DocumentQuery> => {
    const lingua = filters.lingua === undefined ? (isManager(principal) ? undefined : ownLanguage) : filters.lingua;
    let machine: DocumentQuery['machine'];
    if (filters.serial) {
      // Managers publish for every machine: any serial; everyone else the machines they see.
      const scope = isManager(principal) ? undefined : machineScopeCondition(await loadMachineScope(db, principal));
      machine = await findMachineModel(db, filters.serial, scope);
      if (!machine) throw fieldError('serial', 'documenti.error.serialNotFound', { serial: filters.serial });
    }
    const brand = filters.brand === DOCUMENT_BRAND_ALL ? undefined : filters.brand;
    if (!brand && !machine && !picksAnyBrand(principal)) throw fieldError('brand', 'validation.required');
    return {
      brand: machine ? undefined : brand,
      tipoDocumento: filters.tipoDocumento,
      lingua: lingua || undefined,
      term: filters.term,
      machine,
    };
  };

  const tree = async (principal: Principal, filters: Filters, own: Language): Promise<DocumentTree> => {
    const query = await resolve(principal, filters, own);
    const view = documentView(principal);
    const [counts, combos] = await Promise.all([countByCategory(db, view, query), loadDocumentCombos(db)]);
    const roots = new Map<string, DocumentTreeNode>();
    const title = (map: Map<string, { descrizione: Record<string, string | undefined> }>, key: string) =>
      map.get(key)?.descrizione ?? { it: key };
    const child = <N extends { key: string; nodes: unknown[] }>(nodes: N[], make: () => N, key: string) => {
      const found = nodes.find((n) => n.key === key);
      if (found) return found;
      const made = make();
      nodes.push(made);
      return made;
    };
    let total = 0;
    for (const row of counts) {
      total += row.count;
      const k1 = row.categoria1;
      let n1 = roots.get(k1);
      if (!n1) {
        n1 = { key: k1, chiave: k1, titolo: title(combos.categoria1, k1), count: 0, nodes: [] };
        roots.set(k1, n1);
      }
      n1.count += row.count;
      if (!row.categoria2) continue;
      const k2 = `${k1}/${row.categoria2}`;
      const c2 = row.categoria2;
      const n2 = child(
        n1.nodes,
        () => ({ key: k2, chiave: c2, titolo: title(combos.categoria2, c2), count: 0, nodes: [] }),
        k2,
      );
      n2.count += row.count;
      if (!row.categoria3) continue;
      const k3 = `${k2}/${row.categoria3}`;
      const c3 = row.categoria3;
      const n3 = child<DocumentTreeLeaf>(
        n2.nodes,
        () => ({ key: k3, chiave: c3, titolo: title(combos.categoria3, c3), count: 0, nodes: [] }),
        k3,
      );
      n3.count += row.count;
    }
    // Categories in their lists' order (the manager's), unknown keys last.
    const order = (map: Map<string, unknown>) => {
      const keys = [...map.keys()];
      return (a: { chiave: string }, b: { chiave: string }) =>
        (keys.indexOf(a.chiave) + 1 || 1e9) - (keys.indexOf(b.chiave) + 1 || 1e9) || a.chiave.localeCompare(b.chiave);
    };
    const nodes = [...roots.values()].sort(order(combos.categoria1));
    for (const n1 of nodes) {
      n1.nodes.sort(order(combos.categoria2));
      for (const n2 of n1.nodes) n2.nodes.sort(order(combos.categoria3));
    }
    return {
      nodes,
      macchina: query.machine ? { matricola: query.machine.matricola, modello: query.machine.modello } : null,
      total,
    };
  };

  const search = async (
    principal: Principal,
    filters: Filters & { categoria1?: string; categoria2?: string; categoria3?: string },
    paging: { page: number; size: number },
    own: Language,
  ) => {
    const query = await resolve(principal, filters, own);
    const view = documentView(principal);
    const { rows, total } = await searchDocumentFiles(
      db,
      view,
      { ...query, categoria1: filters.categoria1, categoria2: filters.categoria2, categoria3: filters.categoria3 },
      paging,
    );
    const ids = [...new Set(rows.map((r) => r.document.id))];
    const [models, combos] = await Promise.all([modelRowsOf(db, ids), loadDocumentCombos(db)]);
    const items = rows.map((r) =>
      toDocumentResult(
        { file: { ...r.file, sizeBytes: r.sizeBytes, icona: r.icona }, document: r.document },
        models.filter((m) => m.idCrDocumenti === r.document.id),
        combos,
        view.today,
      ),
    );
    return { items, total };
  };

  /** GET /api/crDocumentiFilesByIdAndLingua: the files of one document the reader may see. */
  const filesOf = async (principal: Principal, documentId: number, lingua: string | undefined) => {
    const view = documentView(principal);
    const rows = await visibleFilesOf(db, view, documentId, lingua);
    if (rows.length === 0) return [];
    const [models, combos] = await Promise.all([modelRowsOf(db, [documentId]), loadDocumentCombos(db)]);
    return rows.map((r) =>
      toDocumentResult(
        { file: { ...r.file, sizeBytes: r.sizeBytes, icona: r.icona }, document: r.document },
        models,
        combos,
        view.today,
      ),
    );
  };

  /** The first-page picture of a file the reader may see. */
  const icon = async (principal: Principal, nomeFileFisico: string): Promise<StoredFile> => {
    const found = await findVisibleFile(db, documentView(principal), { nomeFileFisico });
    if (!found) throw notFound();
    const stored = await files.find(db, AREA, found.file.fileId);
    if (!stored.thumbnailKey) throw notFound();
    return stored;
  };

  /** A download: the file if the reader may see it, and its row in the log (spec 2 §7). */
  const download = async (
    principal: Principal,
    fileId: number,
    asked: z.output<typeof documentDownloadSchema>,
    ip: string,
  ): Promise<StoredFile> => {
    const found = await findVisibleFile(db, documentView(principal), { id: fileId });
    if (!found) throw notFound();
    if (asked.idDocumento && asked.idDocumento !== found.document.id) throw badRequest('validation.invalid');
    const stored = await files.find(db, AREA, found.file.fileId);
    await insertDownloadLog(db, {
      // The downloader: the staff member who signed in when acting as a dealer (login and flag agree).
      login: principal.actor?.login ?? principal.login,
      ipAddress: ip,
      interno: isStaff(principal.actor ?? principal),
      idDocumento: found.document.id,
      nomeFileOriginale: found.file.nomeFileOriginale,
      filtriRicercaApplicati: asked.filtriRicercaApplicati,
      linguaDocumento: found.file.lingua,
      alberoDocumento: asked.alberoDocumento,
    });
    return stored;
  };

  return { tree, search, filesOf, icon, download };
};
export type DocumentLibrary = ReturnType<typeof createDocumentLibrary>;

// ---------------------------------------------------------------------------------------------
// Administration (spec 2 §3, spec 3 §5)

/** The document's own columns, once its brand and lookup keys are known ones (field errors otherwise). */
export const documentColumns = async (tx: DbOrTx, input: Input) => {
  const [brands, combos] = await Promise.all([brandKeys(tx), loadDocumentCombos(tx)]);
  if (!brands.has(input.brand)) throw fieldError('brand', 'crDocumenti.validation.brand');
  const check = (field: string, map: Map<string, unknown>, value: string | null) => {
    if (value !== null && !map.has(value)) throw fieldError(field, 'validation.invalid');
  };
  check('tipoDocumento', combos.tipodocumento, input.tipoDocumento);
  check('categoria1', combos.categoria1, input.categoria1);
  check('categoria2', combos.categoria2, input.categoria2);
  check('categoria3', combos.categoria3, input.categoria3);
  return {
    nome: input.nome,
    daData: input.daData,
    aData: input.aData,
    interno: input.interno,
    brand: input.brand,
    tipoDocumento: input.tipoDocumento,
    categoria1: input.categoria1,
    categoria2: input.categoria2,
    categoria3: input.categoria3,
    note: input.note,
  };
};

/** Every model row names a model of cr_modelli. */
const checkModelNames = async (tx: DbOrTx, field: string, names: readonly string[]) => {
  const known = await existingModelNames(tx, [...new Set(names)]);
  const unknown = names.find((n) => !known.has(n));
  if (unknown !== undefined) throw fieldError(field, 'crDocumenti.validation.modelUnknown', { modello: unknown });
};
export const modelRowColumns = async (
  tx: DbOrTx,
  input: { modello: string; daMatricola: string | null; aMatricola: string | null; note: string | null },
) => {
  await checkModelNames(tx, 'modello', [input.modello]);
  return { modello: input.modello, daMatricola: input.daMatricola, aMatricola: input.aMatricola, note: input.note };
};

export const createDocumentAdmin = ({ db, files }: DocumentsDeps) => {
  /** The file row of an uploaded PDF that waits for a document (a field error when it is gone or taken). */
  const uploadedFileColumns = async (
    tx: DbOrTx,
    doc: Pick<DocumentRow, 'id' | 'nome'>,
    upload: string,
    meta: { codice: string; descrizioneFile: string; lingua: string; note: string | null },
    field: string,
  ) => {
    const stored = await findWaitingUpload(tx, upload);
    if (!stored) throw fieldError(field, 'crDocumenti.validation.uploadGone');
    return {
      idCrDocumenti: doc.id,
      ...meta,
      nomeFileFisico: `${stored.id}.pdf`,
      nomeFileOriginale: stored.originalName,
      fileId: stored.id,
      searchText: searchTextOf({ nome: doc.nome, ...meta, nomeFileOriginale: stored.originalName }),
    };
  };
  const takeUpload = async (...args: Parameters<typeof uploadedFileColumns>) =>
    insertFileRow(args[0], await uploadedFileColumns(...args));

  /**
   * A document's model rows and files as its dialog sent them, in the save's transaction: kept rows
   * updated, missing ones deleted (files with their bytes), new ones added (files from their uploads).
   */
  const saveChildren = async (tx: DbOrTx, doc: DocumentRow, input: Input) => {
    await checkModelNames(
      tx,
      'modellos',
      input.modellos.map((m) => m.modello),
    );
    const keptModels = input.modellos.filter((m) => m.id).map((m) => m.id as number);
    await deleteModelRowsExcept(tx, doc.id, keptModels);
    for (const m of input.modellos) {
      const values = { modello: m.modello, daMatricola: m.daMatricola, aMatricola: m.aMatricola, note: m.note };
      if (m.id) {
        const [updated] = await updateModelRow(tx, m.id, doc.id, values);
        if (!updated) throw fieldError('modellos', 'validation.invalid');
      }
    }
    await insertModelRows(
      tx,
      input.modellos
        .filter((m) => !m.id)
        .map((m) => ({
          idCrDocumenti: doc.id,
          modello: m.modello,
          daMatricola: m.daMatricola,
          aMatricola: m.aMatricola,
          note: m.note,
        })),
    );

    const keptFiles = input.nomefiles.filter((f) => f.id).map((f) => f.id as number);
    const gone = await fileRowsExcept(tx, doc.id, keptFiles);
    await deleteFileRows(
      tx,
      gone.map((f) => f.id),
    );
    for (const f of gone) await files.remove(tx, f.fileId);
    for (const [i, f] of input.nomefiles.entries()) {
      const meta = { codice: f.codice, descrizioneFile: f.descrizioneFile, lingua: f.lingua, note: f.note };
      if (f.id) {
        const [updated] = await updateFileRow(tx, f.id, doc.id, meta);
        if (!updated) throw fieldError('nomefiles', 'validation.invalid');
      } else if (f.upload) {
        await takeUpload(tx, doc, f.upload, meta, `nomefiles.${i}.upload`);
      }
    }
    await refreshSearchText(tx, doc.id);
  };

  /** Documents as the admin reads them: model rows, files and lookup values loaded once for the page. */
  const responses = async (tx: DbOrTx, docs: DocumentRow[]): Promise<CrDocumenti[]> => {
    const ids = docs.map((d) => d.id);
    const [models, fileRows, combos] = await Promise.all([
      modelRowsOf(tx, ids),
      fileRowsOf(tx, ids),
      loadDocumentCombos(tx),
    ]);
    const today = businessToday();
    return docs.map((d) =>
      toCrDocumenti(
        d,
        {
          models: models.filter((m) => m.idCrDocumenti === d.id),
          files: fileRows.filter((f) => f.idCrDocumenti === d.id),
        },
        combos,
        today,
      ),
    );
  };

  /** Before a document goes: its files' bytes are marked for removal (rows go by cascade). */
  const beforeDelete = async (tx: DbOrTx, doc: DocumentRow) => {
    const own = await fileRowsExcept(tx, doc.id, []);
    for (const f of own) await files.remove(tx, f.fileId);
  };

  /** File rows of the kit's list: with their document's reference and the stored file's size. */
  const fileResponses = async (tx: DbOrTx, rows: DocumentFileRow[]) => {
    const [facts, refs] = await Promise.all([
      storedFileFacts(
        tx,
        rows.map((r) => r.fileId),
      ),
      findDocumentRefs(tx, [...new Set(rows.map((r) => r.idCrDocumenti))]),
    ]);
    const refOf = new Map(refs.map((d) => [d.id, d]));
    return rows.map((row) =>
      toCrDocumentiFile(
        { ...row, ...(facts.get(row.fileId) ?? { sizeBytes: 0, icona: false }) },
        refOf.get(row.idCrDocumenti) ?? { id: row.idCrDocumenti, nome: '' },
      ),
    );
  };

  const documentOf = async (tx: DbOrTx, id: number, field = 'idCrDocumenti') => {
    const doc = await findDocument(tx, id);
    if (!doc) throw fieldError(field, 'crDocumenti.validation.documentUnknown');
    return doc;
  };

  /** /api/crDocumentiFiles create: the row of an uploaded PDF given to a document. */
  const newFileColumns = async (tx: DbOrTx, input: z.output<typeof crDocumentiFileCreateSchema>) => {
    const doc = await documentOf(tx, input.idCrDocumenti);
    const meta = {
      codice: input.codice,
      descrizioneFile: input.descrizioneFile,
      lingua: input.lingua,
      note: input.note,
    };
    return uploadedFileColumns(tx, doc, input.upload, meta, 'upload');
  };

  const fileColumns = async (
    tx: DbOrTx,
    existing: DocumentFileRow,
    input: z.output<typeof crDocumentiFileUpdateSchema>,
  ) => {
    const doc = await documentOf(tx, existing.idCrDocumenti);
    const meta = {
      codice: input.codice,
      descrizioneFile: input.descrizioneFile,
      lingua: input.lingua,
      note: input.note,
    };
    return {
      ...meta,
      searchText: searchTextOf({ nome: doc.nome, ...meta, nomeFileOriginale: existing.nomeFileOriginale }),
    };
  };

  /**
   * POST /api/crDocumentiFiles/upload: one PDF (≤ 100 MB, judged by content) with, before it, the
   * `crDocumentiFile` field. With a document id the file joins it at once (its code, description and
   * language then required); without, it waits for the document's save (DOCUMENT_UPLOAD_MAX_AGE_HOURS).
   */
  const upload = async (request: FastifyRequest): Promise<DocumentUpload> => {
    let meta: z.output<typeof crDocumentiFileUploadSchema> = {
      idCrDocumenti: null,
      codice: null,
      descrizioneFile: null,
      lingua: null,
      note: null,
    };
    const pending = await files.receive(request, AREA, {
      beforeFile: async (fields) => {
        const raw = fields.crDocumentiFile;
        if (raw === undefined) return;
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw badRequest('validation.invalid');
        }
        const parsed = crDocumentiFileUploadSchema.safeParse(json);
        if (!parsed.success) throw badRequest('validation.invalid');
        meta = parsed.data;
        if (meta.idCrDocumenti) {
          for (const field of ['codice', 'descrizioneFile', 'lingua'] as const)
            if (!meta[field]) throw fieldError(field, 'validation.required');
          await documentOf(db, meta.idCrDocumenti);
        }
      },
    });
    return files.commit(db, pending, async (tx, stored) => {
      let file: DocumentUpload['file'] = null;
      if (meta.idCrDocumenti) {
        const doc = await documentOf(tx, meta.idCrDocumenti);
        const row = await takeUpload(
          tx,
          doc,
          stored.id,
          {
            codice: meta.codice ?? '',
            descrizioneFile: meta.descrizioneFile ?? '',
            lingua: meta.lingua ?? 'it',
            note: meta.note,
          },
          'file',
        );
        file = toCrDocumentiFile({ ...row, sizeBytes: stored.sizeBytes, icona: stored.thumbnailKey !== null }, doc);
      }
      return {
        upload: stored.id,
        nomeFileOriginale: stored.originalName,
        sizeBytes: stored.sizeBytes,
        icona: stored.thumbnailKey !== null,
        file,
      };
    });
  };

  /** Uploads no document took within a day: removed with their bytes (run by the file sweep). */
  const sweepWaitingUploads = async (now = new Date()) => {
    const before = new Date(now.getTime() - DOCUMENT_UPLOAD_MAX_AGE_HOURS * 3_600_000);
    const waiting = await waitingUploadsBefore(db, before);
    if (waiting.length === 0) return 0;
    // Each one looked at again under its lock: a save may have taken it since the list was read.
    const gone = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const w of waiting) {
        if (!(await findWaitingUpload(tx, w.id))) continue;
        await files.remove(tx, w.id);
        ids.push(w.id);
      }
      return ids;
    });
    if (gone.length > 0) await files.purge(db, gone);
    return gone.length;
  };

  return {
    saveChildren,
    responses,
    beforeDelete,
    fileResponses,
    newFileColumns,
    fileColumns,
    upload,
    sweepWaitingUploads,
    documentOf,
  };
};
export type DocumentAdmin = ReturnType<typeof createDocumentAdmin>;
