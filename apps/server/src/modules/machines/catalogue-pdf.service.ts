import fs from 'node:fs';
import path from 'node:path';
import {
  type CataloguePdfStatus,
  cataloguePdfFileName,
  isTreeLeaf,
  isTreeRowVisible,
  type Language,
  localizedText,
} from '@ricambi/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PDFDocument } from 'pdf-lib';
import type { Logger } from 'pino';
import { createElement } from 'react';
import type { Db } from '../../db/client.ts';
import { catalogo, catalogoDisegno, catalogoPdf, catalogoRiga, crModelli, macchina } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import {
  appendPdf,
  newPdf,
  pdfDate,
  pdfImage,
  pdfPageCount,
  prependPdf,
  renderPdf,
  savePdf,
  stampFooters,
  writeFileAtomic,
} from '../../platform/pdf.ts';
import type { Principal } from '../../platform/sessions.ts';
import { catalogueDrawingPath, regenerateCatalogue } from './catalogue.generation.ts';
import {
  type CataloguePdfTexts,
  cataloguePdfTexts,
  FrontMatterDocument,
  type PdfCatalogue,
  type PdfContentsEntry,
  type PdfDrawing,
  type PdfPartRow,
  type PdfSection,
  PlatesDocument,
  pageLabel,
} from './catalogue.pdf.tsx';
import { hidesMachineCodes, loadMachineScope, machineScopeCondition } from './machines.access.ts';

/** Full-catalogue PDFs: DATA_DIR/pdf/catalogue/<crId>-<lang>-<claim time>.pdf. */
export const cataloguePdfDir = (dataDir: string) => path.join(dataDir, 'pdf', 'catalogue');
/** A GENERATING row not finished within this time is taken as dead (its process stopped) and restarted. */
export const CATALOGUE_PDF_DEAD_MS = 15 * 60_000;

type CatalogueRow = typeof catalogo.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Access: the user must see a machine of the catalogue (machines.access.ts).

/** A catalogue the user may see (a visible machine uses it), regenerated first when stale. */
export const findVisibleCatalogue = async (db: Db, principal: Principal, crId: number) => {
  const scope = await loadMachineScope(db, principal);
  const [found] = await db.select().from(catalogo).where(eq(catalogo.id, crId));
  if (!found) throw notFound();
  const machines = await db
    .select({ id: macchina.id, mtMatricola: macchina.mtMatricola, modelloId: macchina.modelloId })
    .from(macchina)
    .where(and(eq(macchina.mtCrCod, found.crCodice), machineScopeCondition(scope)))
    .orderBy(asc(macchina.mtMatricola))
    .limit(500);
  if (machines.length === 0) throw notFound();
  return { catalogue: await fresh(db, found), machines };
};

/** A machine the user may see and its catalogue (regenerated first when stale). */
export const findVisibleMachine = async (db: Db, principal: Principal, idMatricola: number) => {
  const scope = await loadMachineScope(db, principal);
  const [found] = await db
    .select({ machine: macchina, catalogue: catalogo })
    .from(macchina)
    .innerJoin(catalogo, eq(catalogo.crCodice, macchina.mtCrCod))
    .where(and(eq(macchina.id, idMatricola), machineScopeCondition(scope)));
  if (!found) throw notFound();
  return { machine: found.machine, catalogue: await fresh(db, found.catalogue) };
};

/** Spec 2 §2: a catalogue marked stale is regenerated when it is next asked for. */
const fresh = async (db: Db, catalogue: CatalogueRow) => {
  if (!catalogue.stale) return catalogue;
  await regenerateCatalogue(db, catalogue.id);
  const [again] = await db.select().from(catalogo).where(eq(catalogo.id, catalogue.id));
  return again ?? catalogue;
};

/**
 * The serial that names an assembly PDF: the one the page passed when the user sees it, else the
 * catalogue code (spec: catalogue-level route), for a subdealer (who must not see codes) its first
 * visible serial.
 */
export const assemblySerial = (
  principal: Principal,
  catalogue: CatalogueRow,
  machines: readonly { mtMatricola: string }[],
  asked: string | undefined,
) => {
  const wanted = asked?.trim().toUpperCase();
  const match = wanted ? machines.find((m) => m.mtMatricola.toUpperCase() === wanted) : undefined;
  if (match) return match.mtMatricola;
  return hidesMachineCodes(principal) ? (machines[0]?.mtMatricola ?? '') : catalogue.crCodice;
};

// ---------------------------------------------------------------------------------------------
// The plates of a catalogue, from its rows (one query) and drawings.

type TreeRow = {
  rigItem: number;
  rigItemPrec: number | null;
  rigLivello: number;
  rigIdTav: string | null;
  rigDisegno: string | null;
  rigPos: string | null;
  rigTipoNodo: number;
  rigQta: number;
  rigNote: string | null;
  articoloCodice: string | null;
  unitaMisura: string | null;
  localizedDescrizione: Record<string, string>;
};

type CatalogueTree = { byItem: Map<number, TreeRow>; children: Map<number | null, TreeRow[]> };

const loadTree = async (db: Db, crId: number): Promise<CatalogueTree> => {
  const rows = await db
    .select({
      rigItem: catalogoRiga.rigItem,
      rigItemPrec: catalogoRiga.rigItemPrec,
      rigLivello: catalogoRiga.rigLivello,
      rigIdTav: catalogoRiga.rigIdTav,
      rigDisegno: catalogoRiga.rigDisegno,
      rigPos: catalogoRiga.rigPos,
      rigTipoNodo: catalogoRiga.rigTipoNodo,
      rigQta: catalogoRiga.rigQta,
      rigNote: catalogoRiga.rigNote,
      articoloCodice: catalogoRiga.articoloCodice,
      unitaMisura: catalogoRiga.unitaMisura,
      localizedDescrizione: catalogoRiga.localizedDescrizione,
    })
    .from(catalogoRiga)
    .where(eq(catalogoRiga.crId, crId))
    .orderBy(asc(catalogoRiga.rigLivello), asc(catalogoRiga.rigOrdine), asc(catalogoRiga.rigItem));
  const byItem = new Map<number, TreeRow>();
  const children = new Map<number | null, TreeRow[]>();
  for (const row of rows as TreeRow[]) {
    byItem.set(row.rigItem, row);
    // Only rows the tree shows: a hidden row hides its whole branch, as in the tree.
    if (!isTreeRowVisible(row)) continue;
    const siblings = children.get(row.rigItemPrec) ?? [];
    siblings.push(row);
    children.set(row.rigItemPrec, siblings);
  }
  return { byItem, children };
};

const visibleChildren = (tree: CatalogueTree, row: TreeRow) => tree.children.get(row.rigItem) ?? [];

/** A branch gets plates of its own when it opens a drawing of its own; else its rows go under its parent's. */
const ownsPlate = (row: TreeRow, parent: TreeRow | undefined) =>
  !parent || (row.rigDisegno !== null && row.rigDisegno !== parent.rigDisegno);

const isBranch = (tree: CatalogueTree, row: TreeRow) => !isTreeLeaf(row) && visibleChildren(tree, row).length > 0;

/** The rows of a plate in tree order: children, and a sub-assembly's children under it. */
const plateRows = (tree: CatalogueTree, plate: TreeRow, lang: Language) => {
  const rows: PdfPartRow[] = [];
  const walk = (parent: TreeRow, depth: number) => {
    for (const child of visibleChildren(tree, parent)) {
      const branch = isBranch(tree, child);
      rows.push({
        rigItem: child.rigItem,
        depth,
        pos: child.rigPos,
        // A sub-assembly without an article shows its plate id: where to look for it.
        code: child.articoloCodice ?? (branch ? child.rigIdTav : null),
        descrizione: localizedText(child.localizedDescrizione, lang) || (child.rigIdTav ?? ''),
        qta: child.rigQta,
        unit: child.unitaMisura,
        note: child.rigNote,
        branch,
      });
      if (branch && !ownsPlate(child, parent)) walk(child, depth + 1);
    }
  };
  walk(plate, 0);
  return rows;
};

/** The branches from `row` down that become plates, in tree order (`parent` undefined: `row` is the top). */
const platesFrom = (tree: CatalogueTree, row: TreeRow, parent?: TreeRow): TreeRow[] => {
  if (!isBranch(tree, row)) return [];
  return [
    ...(ownsPlate(row, parent) ? [row] : []),
    ...visibleChildren(tree, row).flatMap((child) => platesFrom(tree, child, row)),
  ];
};

const loadDrawings = async (db: Db, dataDir: string, names: readonly string[]) => {
  const drawings = new Map<string, PdfDrawing>();
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += 500) {
    const found = await db
      .select()
      .from(catalogoDisegno)
      .where(inArray(catalogoDisegno.name, unique.slice(i, i + 500)));
    for (const d of found) {
      const file = catalogueDrawingPath(dataDir, d.name);
      if (d.width > 0 && d.height > 0 && fs.existsSync(file))
        drawings.set(d.name, { file, width: d.width, height: d.height, labels: d.labels });
    }
  }
  return drawings;
};

const toSections = async (
  db: Db,
  dataDir: string,
  tree: CatalogueTree,
  plates: readonly TreeRow[],
  lang: Language,
): Promise<PdfSection[]> => {
  const drawings = await loadDrawings(
    db,
    dataDir,
    plates.flatMap((p) => (p.rigDisegno ? [p.rigDisegno] : [])),
  );
  return plates.map((plate) => ({
    rigItem: plate.rigItem,
    livello: plate.rigLivello,
    idTav: plate.rigIdTav ?? '',
    descrizione: localizedText(plate.localizedDescrizione, lang),
    drawing: plate.rigDisegno ? (drawings.get(plate.rigDisegno) ?? null) : null,
    rows: plateRows(tree, plate, lang),
  }));
};

/** The sections with their drawings' images loaded (made opaque, cached), just before drawing them. */
const withImages = (sections: readonly PdfSection[]) =>
  Promise.all(
    sections.map(async (section) =>
      section.drawing
        ? { ...section, drawing: { ...section.drawing, image: await pdfImage(section.drawing.file) } }
        : section,
    ),
  );

/**
 * Draws the plates one react-pdf render each and appends them to `document`: memory holds the pages
 * done plus one plate (one render of a whole group's 21 pages took as much memory as the whole
 * 214-page catalogue plate by plate), and requests get a turn between two plates. Answers the index
 * of each plate's first page.
 */
const appendPlates = async (
  document: PDFDocument,
  head: PdfCatalogue,
  sections: readonly PdfSection[],
  texts: CataloguePdfTexts,
  afterPlate?: (done: number) => Promise<void>,
) => {
  const startPages: number[] = [];
  for (const [index, section] of sections.entries()) {
    startPages.push(document.getPageCount());
    const plate = createElement(PlatesDocument, { catalogue: head, sections: await withImages([section]), texts });
    await appendPdf(document, await renderPdf(plate));
    await afterPlate?.(index + 1);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return startPages;
};

const catalogueHead = (catalogue: CatalogueRow, lang: Language): PdfCatalogue => ({
  descrizione: localizedText(catalogue.localizedDescrizione, lang) || catalogue.crDescrizione,
  lang,
});

// ---------------------------------------------------------------------------------------------
// One assembly (spec 2 §7 /api/catalogo/{crId}/pdf/download/{rigItem}/{lang}), drawn on the fly.

/**
 * The PDF of one tree node: its plate (drawing, balloons, parts table) and the plates of the
 * sub-assemblies under it that open drawings of their own. A part (leaf) gives its assembly's plate.
 * Rows the tree does not show, or under a row it does not show, are not found.
 */
export const renderAssemblyPdf = async (
  db: Db,
  dataDir: string,
  catalogue: CatalogueRow,
  rigItem: number,
  lang: Language,
) => {
  const tree = await loadTree(db, catalogue.id);
  let node = tree.byItem.get(rigItem);
  for (let up = node; up; up = up.rigItemPrec === null ? undefined : tree.byItem.get(up.rigItemPrec)) {
    if (!isTreeRowVisible(up)) throw notFound();
  }
  if (!node) throw notFound();
  if (!isBranch(tree, node) && node.rigItemPrec !== null) node = tree.byItem.get(node.rigItemPrec) ?? node;
  const below = platesFrom(tree, node);
  // A lone part at level 1 still gets its (empty) plate.
  const sections = await toSections(db, dataDir, tree, below.length > 0 ? below : [node], lang);
  const head = catalogueHead(catalogue, lang);
  const texts = cataloguePdfTexts(lang);
  const document = await newPdf(head.descrizione);
  await appendPlates(document, head, sections, texts);
  await stampFooters(document, head.descrizione, pageLabel(texts));
  return { bytes: await savePdf(document), rigItem: node.rigItem, descrizione: head.descrizione };
};

// ---------------------------------------------------------------------------------------------
// The full catalogue (spec 2 §4: not requested → generating → ready), a background job.

type PdfRowState = {
  id: number;
  state: 'GENERATING' | 'READY' | 'FAILED';
  progress: number;
  fileName: string | null;
  requestedAt: Date;
  current: boolean;
  dead: boolean;
};

const readState = async (db: Db, crId: number, lang: Language): Promise<PdfRowState | undefined> => {
  const [row] = await db
    .select({
      id: catalogoPdf.id,
      state: catalogoPdf.state,
      progress: catalogoPdf.progress,
      fileName: catalogoPdf.fileName,
      requestedAt: catalogoPdf.requestedAt,
      current: sql<boolean>`${catalogoPdf.catalogoGeneratedAt} = ${catalogo.generatedAt}`,
      dead: sql<boolean>`${catalogoPdf.requestedAt} < now() - ${`${CATALOGUE_PDF_DEAD_MS} milliseconds`}::interval`,
    })
    .from(catalogoPdf)
    .innerJoin(catalogo, eq(catalogo.id, catalogoPdf.crId))
    .where(and(eq(catalogoPdf.crId, crId), eq(catalogoPdf.lang, lang)));
  return row as PdfRowState | undefined;
};

/** The state the page shows: an old file (made before the catalogue's last generation) counts as none. */
const statusOf = (row: PdfRowState | undefined): CataloguePdfStatus => {
  if (!row?.current) return { state: 'NONE', progress: 0 };
  if (row.state === 'GENERATING')
    return row.dead ? { state: 'NONE', progress: 0 } : { state: 'GENERATING', progress: row.progress };
  if (row.state === 'READY') return { state: 'READY', progress: 100 };
  return { state: 'FAILED', progress: 0 };
};

type Job = { crId: number; lang: Language; token: Date };

class LostClaim extends Error {}

export type CataloguePdfService = ReturnType<typeof createCataloguePdfService>;

/**
 * The full-catalogue PDFs. A request claims the (catalogue, language) row in one statement (the
 * row is the lock: a second instance, or a second click, finds it GENERATING and only reports it)
 * and queues the job in this process; jobs run one at a time. The claim time is the job's token:
 * progress and the result are written only while the row still carries it, so a job whose claim
 * was taken over (catalogue regenerated, or the row left for dead) stops at its next step.
 */
export const createCataloguePdfService = (deps: { db: Db; dataDir: string; log: Pick<Logger, 'info' | 'error'> }) => {
  const { db, dataDir, log } = deps;
  const dir = cataloguePdfDir(dataDir);
  const queue: Job[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;
  let held: Promise<void> | undefined;
  const idleWaiters: (() => void)[] = [];

  const status = async (crId: number, lang: Language) => statusOf(await readState(db, crId, lang));

  /**
   * The ready, current file of a catalogue and language, if there is one. A READY row whose file is
   * gone (DATA_DIR restored without it, say) is marked FAILED, so the next request makes it again.
   */
  const readyFile = async (crId: number, lang: Language) => {
    const row = await readState(db, crId, lang);
    if (!row?.current || row.state !== 'READY' || !row.fileName) return undefined;
    const file = path.join(dir, row.fileName);
    if (fs.existsSync(file)) return file;
    await db
      .update(catalogoPdf)
      .set({ state: 'FAILED', error: 'file missing' })
      .where(and(eq(catalogoPdf.id, row.id), eq(catalogoPdf.state, 'READY'), eq(catalogoPdf.fileName, row.fileName)));
    return undefined;
  };

  /** Starts the job unless it runs (or is ready) already; answers the state after the request. */
  const request = async (crId: number, lang: Language): Promise<CataloguePdfStatus> => {
    const token = new Date();
    const generatedAt = sql`(select ${catalogo.generatedAt} from ${catalogo} where ${catalogo.id} = ${crId})`;
    const claimed = await db
      .insert(catalogoPdf)
      .values({ crId, lang, state: 'GENERATING', progress: 0, catalogoGeneratedAt: generatedAt, requestedAt: token })
      .onConflictDoUpdate({
        target: [catalogoPdf.crId, catalogoPdf.lang],
        set: {
          state: 'GENERATING',
          progress: 0,
          catalogoGeneratedAt: sql`excluded.catalogo_generated_at`,
          requestedAt: token,
          error: null,
          finishedAt: null,
        },
        setWhere: sql`${catalogoPdf.catalogoGeneratedAt} <> excluded.catalogo_generated_at
          or ${catalogoPdf.state} = 'FAILED'
          or (${catalogoPdf.state} = 'GENERATING'
            and ${catalogoPdf.requestedAt} < now() - ${`${CATALOGUE_PDF_DEAD_MS} milliseconds`}::interval)`,
      })
      .returning({ id: catalogoPdf.id });
    if (claimed.length > 0) {
      queue.push({ crId, lang, token });
      kick();
    }
    return status(crId, lang);
  };

  const kick = () => {
    if (running || stopped) return;
    const job = queue.shift();
    if (!job) {
      for (const resolve of idleWaiters.splice(0)) resolve();
      return;
    }
    running = (async () => {
      await held;
      await new Promise<void>((resolve) => setImmediate(resolve));
      await runJob(job);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'catalogue PDF job failed'))
      .finally(() => {
        running = undefined;
        kick();
      });
  };

  const whereClaimed = (job: Job) =>
    and(
      eq(catalogoPdf.crId, job.crId),
      eq(catalogoPdf.lang, job.lang),
      eq(catalogoPdf.state, 'GENERATING'),
      eq(catalogoPdf.requestedAt, job.token),
    );

  const setProgress = async (job: Job, progress: number) => {
    if (stopped) throw new LostClaim('server stopping');
    const updated = await db
      .update(catalogoPdf)
      .set({ progress })
      .where(whereClaimed(job))
      .returning({ id: catalogoPdf.id });
    if (updated.length === 0) throw new LostClaim('claim taken over');
  };

  const runJob = async (job: Job) => {
    const started = Date.now();
    try {
      const file = await buildFullPdf(job, (progress) => setProgress(job, progress));
      const fileName = path.basename(file);
      const done = await db
        .update(catalogoPdf)
        .set({ state: 'READY', progress: 100, fileName, finishedAt: sql`now()` })
        .where(whereClaimed(job))
        .returning({ id: catalogoPdf.id });
      if (done.length === 0) throw new LostClaim('claim taken over');
      await removeOtherFiles(job, fileName);
      log.info({ crId: job.crId, lang: job.lang, ms: Date.now() - started }, 'catalogue PDF ready');
    } catch (error) {
      await fs.promises.rm(jobFile(job), { force: true });
      if (error instanceof LostClaim) {
        if (stopped) await release(job);
        return;
      }
      log.error({ err: error, crId: job.crId, lang: job.lang }, 'catalogue PDF failed');
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(catalogoPdf)
        .set({ state: 'FAILED', error: reason.slice(0, 2000), finishedAt: sql`now()` })
        .where(whereClaimed(job));
    }
  };

  const release = (job: Job) => db.delete(catalogoPdf).where(whereClaimed(job));

  const jobFile = (job: Job) => path.join(dir, `${job.crId}-${job.lang}-${job.token.getTime()}.pdf`);

  const removeOtherFiles = async (job: Job, keep: string) => {
    const prefix = `${job.crId}-${job.lang}-`;
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith(prefix) && name !== keep) await fs.promises.rm(path.join(dir, name), { force: true });
    }
  };

  /**
   * Cover, contents, then every plate. Plates are drawn one react-pdf render each and appended to
   * the result at once, so memory holds the finished pages plus one plate; the contents are drawn
   * last, when the page of every plate is known.
   */
  const buildFullPdf = async (job: Job, progress: (percent: number) => Promise<void>) => {
    const [catalogue] = await db.select().from(catalogo).where(eq(catalogo.id, job.crId));
    if (!catalogue) throw new LostClaim('catalogue deleted');
    const tree = await loadTree(db, catalogue.id);
    const plates = (tree.children.get(null) ?? []).flatMap((root) => platesFrom(tree, root));
    const sections = await toSections(db, dataDir, tree, plates, job.lang);
    const head = catalogueHead(catalogue, job.lang);
    const texts = cataloguePdfTexts(job.lang);
    const models = await db
      .selectDistinct({ modello: crModelli.modello })
      .from(macchina)
      .innerJoin(crModelli, eq(crModelli.id, macchina.modelloId))
      .where(eq(macchina.mtCrCod, catalogue.crCodice))
      .orderBy(asc(crModelli.modello))
      .limit(20);

    const document = await newPdf(head.descrizione);
    let reported = -1;
    const startPages = await appendPlates(document, head, sections, texts, async (done) => {
      const percent = Math.floor((done / sections.length) * 95);
      if (percent === reported) return;
      await progress(percent);
      reported = percent;
    });

    const cover = { models: models.map((m) => m.modello), date: pdfDate(catalogue.generatedAt), serial: null };
    const contentsFor = (front: number): PdfContentsEntry[] =>
      sections.map((s, i) => ({
        rigItem: s.rigItem,
        livello: s.livello,
        idTav: s.idTav,
        descrizione: s.descrizione,
        page: front + (startPages[i] ?? 0) + 1,
      }));
    const front = (frontPages: number) =>
      renderPdf(
        createElement(FrontMatterDocument, { catalogue: head, cover, contents: contentsFor(frontPages), texts }),
      );
    // The page numbers do not change how many pages the contents take: draw once to count, once to keep.
    let frontBytes = await front(0);
    const frontPages = await pdfPageCount(frontBytes);
    frontBytes = await front(frontPages);

    await prependPdf(document, frontBytes);
    await stampFooters(document, head.descrizione, pageLabel(texts));
    const file = jobFile(job);
    await writeFileAtomic(file, await savePdf(document));
    return file;
  };

  return {
    status,
    readyFile,
    request,
    /** Resolves when no job is queued or running (tests, shutdown). */
    idle: () =>
      running || queue.length > 0 ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve(),
    /** Holds the jobs until the returned function is called (tests observe GENERATING). */
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = undefined;
        release();
      };
    },
    /**
     * Stops after the current plate. The rows of the jobs this process claimed and will not finish
     * are removed (state NONE), so the next request starts again at once instead of waiting for them
     * to count as dead.
     */
    stop: async () => {
      stopped = true;
      const unfinished = queue.splice(0);
      await running;
      for (const job of unfinished) await release(job);
    },
  };
};

/** The file name of the full PDF of a machine (spec 2 §9: catalogue description + serial). */
export const fullPdfFileName = (catalogue: CatalogueRow, lang: Language, serial: string) =>
  cataloguePdfFileName(catalogueHead(catalogue, lang).descrizione, serial);
