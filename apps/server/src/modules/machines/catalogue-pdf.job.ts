import { Readable } from 'node:stream';
import type { CataloguePdfStatus, Language } from '@ricambi/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { FileNotFoundError, type FileStore } from '../../platform/file-store.ts';
import { ensureFresh } from './catalogue.generation.ts';
import { findCatalogue } from './catalogue.repository.ts';
import { renderFullPdf } from './catalogue-pdf.render.ts';
import * as repo from './catalogue-pdf.repository.ts';

/**
 * Full-catalogue PDFs live in the file store (DATA_DIR/files or the S3 bucket, which every process
 * reaches): `catalogue-pdf/<crId>-<lang>-<claim time>.pdf`.
 */
export const CATALOGUE_PDF_FOLDER = 'catalogue-pdf/';
export const cataloguePdfKey = (fileName: string) => `${CATALOGUE_PDF_FOLDER}${fileName}`;

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The state the page shows: an old file (made before the catalogue's last generation) counts as none. */
const statusOf = (row: repo.PdfRowState | undefined): CataloguePdfStatus => {
  if (!row?.current) return { state: 'NONE', progress: 0 };
  if (row.state === 'GENERATING')
    return row.dead ? { state: 'NONE', progress: 0 } : { state: 'GENERATING', progress: row.progress };
  if (row.state === 'READY') return { state: 'READY', progress: 100 };
  return { state: 'FAILED', progress: 0 };
};

class LostClaim extends Error {}

export type CataloguePdfJobs = ReturnType<typeof createCataloguePdfJobs>;

export type CataloguePdfJobsDeps = {
  db: Db;
  dataDir: string;
  store: FileStore;
  log: Pick<Logger, 'info' | 'error'>;
};

/**
 * The background job that makes full-catalogue PDFs (spec 2 §4: not requested → generating →
 * ready). A request claims the (catalogue, language) row in one statement (the row is the lock: a
 * second instance, or a second click, finds it GENERATING and only reports it) and queues the job
 * in this process; jobs run one at a time. The claim time is the job's token: progress and the
 * result are written only while the row still carries it, so a job whose claim was taken over
 * (catalogue regenerated, or the row left for dead) stops at its next step. While the process
 * lives it beats the heartbeat of its claims; a row without one for CATALOGUE_PDF_DEAD_MS is dead,
 * and `rescue` (every worker process, now and then) claims it again and makes it.
 */
export const createCataloguePdfJobs = (deps: CataloguePdfJobsDeps) => {
  const { db, dataDir, store, log } = deps;
  const queue: repo.PdfClaim[] = [];
  let current: repo.PdfClaim | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let held: Promise<void> | undefined;
  const idleWaiters: (() => void)[] = [];

  const beat = async () => {
    const claims = [...(current ? [current] : []), ...queue];
    if (claims.length === 0) return;
    const kept = new Set(await repo.beatPdfClaims(db, claims));
    // A queued claim taken over meanwhile (left for dead while the database was away) is not made twice.
    for (const lost of claims.filter((c) => !kept.has(c))) {
      const at = queue.indexOf(lost);
      if (at >= 0) queue.splice(at, 1);
    }
  };
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => log.error({ err: error }, 'catalogue PDF heartbeat failed'));
  }, repo.CATALOGUE_PDF_HEARTBEAT_MS);
  heartbeat.unref();

  const status = async (crId: number, lang: Language) => statusOf(await repo.pdfState(db, crId, lang));

  /**
   * The bytes of the ready, current PDF of a catalogue and language, if there is one. A READY row
   * whose file is gone (the store restored without it, say) is marked FAILED, so the next request
   * makes it again.
   */
  const readyPdf = async (crId: number, lang: Language): Promise<Buffer | undefined> => {
    const row = await repo.pdfState(db, crId, lang);
    if (!row?.current || row.state !== 'READY' || !row.fileName) return undefined;
    try {
      return await readAll(await store.read(cataloguePdfKey(row.fileName)));
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      await repo.markPdfFileMissing(db, row.id, row.fileName);
      return undefined;
    }
  };

  const claim = async (crId: number, lang: Language) => {
    const job = { crId, lang, token: new Date() };
    if (!(await repo.claimPdf(db, job))) return false;
    queue.push(job);
    kick();
    return true;
  };

  /** Starts the job unless it runs (or is ready) already; answers the state after the request. */
  const request = async (crId: number, lang: Language): Promise<CataloguePdfStatus> => {
    await claim(crId, lang);
    return status(crId, lang);
  };

  /**
   * Takes up one dead job (its process stopped) when this process has none to make: the catalogue
   * made fresh first, as a request does, then claimed anew (one claim wins among processes).
   * Answers whether it took one.
   */
  const rescue = async () => {
    if (stopped || running || queue.length > 0) return false;
    for (const dead of await repo.deadPdfRows(db, 5)) {
      const lang = dead.lang as Language;
      await ensureFresh(db, dead.crId);
      if (await claim(dead.crId, lang)) {
        log.info({ crId: dead.crId, lang }, 'catalogue PDF job taken up again');
        return true;
      }
    }
    return false;
  };

  const kick = () => {
    if (running || stopped) return;
    const job = queue.shift();
    if (!job) {
      for (const resolve of idleWaiters.splice(0)) resolve();
      return;
    }
    current = job;
    running = (async () => {
      await held;
      await new Promise<void>((resolve) => setImmediate(resolve));
      await runJob(job);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'catalogue PDF job failed'))
      .finally(() => {
        running = undefined;
        current = undefined;
        kick();
      });
  };

  /** The other files of the catalogue and language: older ones, and those of jobs that died after writing. */
  const removeOtherFiles = async (job: repo.PdfClaim, keep: string) => {
    const prefix = cataloguePdfKey(`${job.crId}-${job.lang}-`);
    for await (const object of store.list(CATALOGUE_PDF_FOLDER)) {
      if (object.key.startsWith(prefix) && object.key !== keep) await store.delete(object.key);
    }
  };

  const runJob = async (job: repo.PdfClaim) => {
    const started = Date.now();
    const fileName = `${job.crId}-${job.lang}-${job.token.getTime()}.pdf`;
    const key = cataloguePdfKey(fileName);
    try {
      const catalogue = await findCatalogue(db, job.crId);
      if (!catalogue) throw new LostClaim('catalogue deleted');
      const bytes = await renderFullPdf(db, dataDir, catalogue, job.lang, async (progress) => {
        if (stopped) throw new LostClaim('server stopping');
        if (!(await repo.setPdfProgress(db, job, progress))) throw new LostClaim('claim taken over');
      });
      await store.put(key, Readable.from([bytes]), 'application/pdf');
      if (!(await repo.finishPdf(db, job, fileName))) throw new LostClaim('claim taken over');
      await removeOtherFiles(job, key).catch((error: unknown) =>
        log.error({ err: error, crId: job.crId, lang: job.lang }, 'old catalogue PDFs not removed'),
      );
      log.info({ crId: job.crId, lang: job.lang, ms: Date.now() - started }, 'catalogue PDF ready');
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      if (error instanceof LostClaim) {
        if (stopped) await repo.abandonPdf(db, job);
        return;
      }
      log.error({ err: error, crId: job.crId, lang: job.lang }, 'catalogue PDF failed');
      await repo.failPdf(db, job, error instanceof Error ? error.message : String(error));
    }
  };

  return {
    status,
    readyPdf,
    request,
    rescue,
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
     * Stops after the current plate. The jobs this process claimed and will not finish are left as
     * dead at once (state NONE on the page): the next request, or another process's rescue, takes
     * them up without waiting for the heartbeat to age.
     */
    stop: async () => {
      stopped = true;
      clearInterval(heartbeat);
      const unfinished = queue.splice(0);
      await running;
      for (const job of unfinished) await repo.abandonPdf(db, job);
    },
  };
};
