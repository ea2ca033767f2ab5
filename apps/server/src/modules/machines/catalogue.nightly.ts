import { asc, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { noLock, type WithLock } from '../../db/locks.ts';
import { catalogo } from '../../db/schema/index.ts';
import { regenerateIfDue } from './catalogue.generation.ts';

/**
 * A catalogue is due when marked stale (refreshall) or generated more than a day ago. "A day" is
 * 23 hours so that last night's run at the same hour, a few seconds later, still counts as old.
 */
export const CATALOGUE_MAX_AGE_MS = 23 * 60 * 60 * 1000;

/**
 * The nightly pass (spec 2 §2: full regeneration runs overnight): every due catalogue, one
 * transaction each, each checked again under its row lock — a catalogue another run regenerated
 * meanwhile is left as it is. Answers the catalogues this pass regenerated.
 */
export const regenerateDueCatalogues = async (db: Db, now: Date = new Date()) => {
  const olderThan = new Date(now.getTime() - CATALOGUE_MAX_AGE_MS);
  const due = await db
    .select({ id: catalogo.id })
    .from(catalogo)
    .where(or(sql`${catalogo.stale}`, lt(catalogo.generatedAt, olderThan)))
    .orderBy(asc(catalogo.id));
  const done: number[] = [];
  for (const { id } of due) if (await regenerateIfDue(db, id, olderThan)) done.push(id);
  return done;
};

/** Milliseconds from `now` to the next `hour`:00 local time (tomorrow's when that hour has begun). */
export const msUntilHour = (now: Date, hour: number) => {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
};

export type NightlyJob = { stop: () => Promise<void> };

/**
 * Runs regenerateDueCatalogues once a night at `hour` (CATALOGUE_REGEN_HOUR); started with the outbox
 * worker in every process. With `lock` one process runs it: the others find the lock taken and skip
 * the night, or come later and find nothing due.
 */
export const startCatalogueNightly = (
  db: Db,
  log: Pick<Logger, 'info' | 'error'>,
  hour: number,
  lock: WithLock = noLock,
): NightlyJob => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, msUntilHour(new Date(), hour));
    timer.unref();
  };
  const run = () => {
    const started = Date.now();
    running = lock('job:nightly catalogues', () => regenerateDueCatalogues(db), { wait: false })
      .then((result) => {
        if (result.ran)
          log.info({ catalogues: result.value.length, ms: Date.now() - started }, 'catalogues regenerated');
        else log.info({}, 'nightly catalogue regeneration left to the process running it');
      })
      .catch((error: unknown) => log.error({ err: error }, 'nightly catalogue regeneration failed'))
      .finally(() => {
        running = undefined;
        schedule();
      });
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};
