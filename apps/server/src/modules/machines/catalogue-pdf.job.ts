import fs from 'node:fs';
import path from 'node:path';
import type { CataloguePdfStatus, Language } from '@ricambi/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { writeFileAtomic } from '../../platform/pdf.ts';
import { findCatalogue } from './catalogue.repository.ts';
import { renderFullPdf } from './catalogue-pdf.render.ts';
import * as repo from './catalogue-pdf.repository.ts';

/** Full-catalogue PDFs: DATA_DIR/pdf/catalogue/<crId>-<lang>-<claim time>.pdf. */
export const cataloguePdfDir = (dataDir: string) => path.join(dataDir, 'pdf', 'catalogue');

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

/**
 * The background job that makes full-catalogue PDFs (spec 2 §4: not requested → generating →
 * ready). A request claims the (catalogue, language) row in one statement (the row is the lock: a
 * second instance, or a second click, finds it GENERATING and only reports it) and queues the job
 * in this process; jobs run one at a time. The claim time is the job's token: progress and the
 * result are written only while the row still carries it, so a job whose claim was taken over
 * (catalogue regenerated, or the row left for dead) stops at its next step.
 */
export const createCataloguePdfJobs = (deps: { db: Db; dataDir: string; log: Pick<Logger, 'info' | 'error'> }) => {
  const { db, dataDir, log } = deps;
  const dir = cataloguePdfDir(dataDir);
  const queue: repo.PdfClaim[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;
  let held: Promise<void> | undefined;
  const idleWaiters: (() => void)[] = [];

  const status = async (crId: number, lang: Language) => statusOf(await repo.pdfState(db, crId, lang));

  /**
   * The ready, current file of a catalogue and language, if there is one. A READY row whose file is
   * gone (DATA_DIR restored without it, say) is marked FAILED, so the next request makes it again.
   */
  const readyFile = async (crId: number, lang: Language) => {
    const row = await repo.pdfState(db, crId, lang);
    if (!row?.current || row.state !== 'READY' || !row.fileName) return undefined;
    const file = path.join(dir, row.fileName);
    if (fs.existsSync(file)) return file;
    await repo.markPdfFileMissing(db, row.id, row.fileName);
    return undefined;
  };

  /** Starts the job unless it runs (or is ready) already; answers the state after the request. */
  const request = async (crId: number, lang: Language): Promise<CataloguePdfStatus> => {
    const claim = { crId, lang, token: new Date() };
    if (await repo.claimPdf(db, claim)) {
      queue.push(claim);
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

  const jobFile = (job: repo.PdfClaim) => path.join(dir, `${job.crId}-${job.lang}-${job.token.getTime()}.pdf`);

  const removeOtherFiles = async (job: repo.PdfClaim, keep: string) => {
    const prefix = `${job.crId}-${job.lang}-`;
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith(prefix) && name !== keep) await fs.promises.rm(path.join(dir, name), { force: true });
    }
  };

  const runJob = async (job: repo.PdfClaim) => {
    const started = Date.now();
    const file = jobFile(job);
    try {
      const catalogue = await findCatalogue(db, job.crId);
      if (!catalogue) throw new LostClaim('catalogue deleted');
      const bytes = await renderFullPdf(db, dataDir, catalogue, job.lang, async (progress) => {
        if (stopped) throw new LostClaim('server stopping');
        if (!(await repo.setPdfProgress(db, job, progress))) throw new LostClaim('claim taken over');
      });
      await writeFileAtomic(file, bytes);
      const fileName = path.basename(file);
      if (!(await repo.finishPdf(db, job, fileName))) throw new LostClaim('claim taken over');
      await removeOtherFiles(job, fileName);
      log.info({ crId: job.crId, lang: job.lang, ms: Date.now() - started }, 'catalogue PDF ready');
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      if (error instanceof LostClaim) {
        if (stopped) await repo.releasePdf(db, job);
        return;
      }
      log.error({ err: error, crId: job.crId, lang: job.lang }, 'catalogue PDF failed');
      await repo.failPdf(db, job, error instanceof Error ? error.message : String(error));
    }
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
      for (const job of unfinished) await repo.releasePdf(db, job);
    },
  };
};
