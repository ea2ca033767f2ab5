import { and, count, eq, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { noLock, type WithLock } from '../db/locks.ts';
import { outboxMessage } from '../db/schema/index.ts';
import type { ErpOrderDocument } from './erp.ts';
import type { MailMessage } from './mail.ts';

const LEASE_MS = 5 * 60_000;
export const OUTBOX_MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;
/** Claims in one pass while delivered messages free their followers (messages of the same ordering key). */
const MAX_ROUNDS = 10;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 6 * 3_600_000);

/**
 * The partner refused the message itself (the ERP answered 400 or 422 to the document): sending the
 * same payload again cannot succeed, so it is dead-lettered at once for an administrator to see,
 * instead of being tried for an hour. Outages, timeouts and 5xx answers stay retried.
 */
export class RefusedDeliveryError extends Error {}

/** What a delivery knows of its message: the outbox id, stable across attempts (mail's Message-ID). */
export type OutboxDelivery = { id: number };

/** A delivery per message kind: mail (SMTP or files) and the ERP hand-over of sent orders. */
export type OutboxHandlers = {
  mail: (payload: MailMessage, delivery: OutboxDelivery) => Promise<void>;
  erp?: (payload: ErpOrderDocument, delivery: OutboxDelivery) => Promise<void>;
};

type OutboxKind = keyof OutboxHandlers;
type Log = Pick<Logger, 'warn' | 'error'>;

const earlier = alias(outboxMessage, 'earlier');

/**
 * Due messages of these kinds, oldest first. A message with an ordering key waits while an earlier
 * message of its kind and key is PENDING — due later after a failure, or being delivered under
 * another claim — so the messages of one order reach each channel in the order they were written.
 * A FAILED (dead-lettered) message holds nothing back: its followers go on, and it waits for an
 * administrator.
 */
const claimDue = (db: Db, kinds: OutboxKind[]) =>
  db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxMessage.id })
      .from(outboxMessage)
      .where(
        and(
          eq(outboxMessage.status, 'PENDING'),
          lte(outboxMessage.nextAttemptAt, sql`now()`),
          inArray(outboxMessage.kind, kinds),
          or(
            isNull(outboxMessage.orderingKey),
            notExists(
              tx
                .select({ id: earlier.id })
                .from(earlier)
                .where(
                  and(
                    eq(earlier.orderingKey, outboxMessage.orderingKey),
                    eq(earlier.kind, outboxMessage.kind),
                    eq(earlier.status, 'PENDING'),
                    lt(earlier.id, outboxMessage.id),
                  ),
                ),
            ),
          ),
        ),
      )
      .orderBy(outboxMessage.id)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxMessage)
      .set({
        attempts: sql`${outboxMessage.attempts} + 1`,
        nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      })
      .where(
        inArray(
          outboxMessage.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];

/** This claim of the message: its attempt number, which the next claim increments. */
const whereClaimed = (message: Claimed) =>
  and(
    eq(outboxMessage.id, message.id),
    eq(outboxMessage.status, 'PENDING'),
    eq(outboxMessage.attempts, message.attempts),
  );

/** How long a worker keeps trying to record an outcome while the database is away. */
const RECORD_TRIES_MS = 60_000;

/**
 * Writes what became of a claimed message, trying again while the database does not answer (a
 * restart): the process knows the outcome, and a delivery left unrecorded would be made again
 * after the lease. False when the database stayed away past RECORD_TRIES_MS.
 */
const record = async (log: Log, message: Claimed, write: () => Promise<unknown>) => {
  const deadline = Date.now() + RECORD_TRIES_MS;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      await write();
      return true;
    } catch (error) {
      if (Date.now() + wait > deadline) {
        log.error({ err: error, id: message.id }, 'outbox outcome not recorded: the lease will decide');
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
};

type Outcome = 'sent' | 'not sent' | 'not claimed';

const deliver = async (db: Db, handlers: OutboxHandlers, log: Log, message: Claimed): Promise<Outcome> => {
  // The lease is renewed just before the delivery: the batch's earlier deliveries may have used it
  // up, and a message whose lease ran out meanwhile may be another worker's now (then it is theirs).
  const renewed = await db
    .update(outboxMessage)
    .set({ nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(whereClaimed(message))
    .returning({ id: outboxMessage.id });
  if (renewed.length === 0) return 'not claimed';
  let failure: unknown;
  try {
    const delivery = { id: message.id };
    if (message.kind === 'mail') await handlers.mail(message.payload as MailMessage, delivery);
    else if (message.kind === 'erp' && handlers.erp) await handlers.erp(message.payload as ErpOrderDocument, delivery);
    else throw new Error(`no handler for outbox kind ${message.kind}`);
  } catch (error) {
    failure = error;
  }
  if (failure === undefined) {
    await record(log, message, () =>
      db
        .update(outboxMessage)
        .set({ status: 'SENT', processedAt: sql`now()`, lastError: null })
        .where(whereClaimed(message)),
    );
    return 'sent';
  }
  const failed = failure instanceof RefusedDeliveryError || message.attempts >= OUTBOX_MAX_ATTEMPTS;
  const reason = failure instanceof Error ? failure.message : String(failure);
  log[failed ? 'error' : 'warn']({ id: message.id, attempts: message.attempts, reason }, 'outbox delivery failed');
  await record(log, message, () =>
    db
      .update(outboxMessage)
      .set({
        status: failed ? 'FAILED' : 'PENDING',
        lastError: reason.slice(0, 2000),
        nextAttemptAt: sql`now() + ${`${backoffMs(message.attempts)} milliseconds`}::interval`,
        processedAt: failed ? sql`now()` : null,
      })
      .where(whereClaimed(message)),
  );
  return 'not sent';
};

/**
 * Gives back claims not delivered because the database went away mid-batch: due at once again, with
 * the attempt not counted, instead of waiting for their lease.
 */
const release = (db: Db, log: Log, messages: Claimed[]) =>
  Promise.all(
    messages.map((message) =>
      record(log, message, () =>
        db
          .update(outboxMessage)
          .set({ attempts: sql`${outboxMessage.attempts} - 1`, nextAttemptAt: sql`now()` })
          .where(whereClaimed(message)),
      ),
    ),
  );

/**
 * Claims due messages (SKIP LOCKED, so several instances can run), delivers them outside the
 * claiming transaction, and records the outcome. A claim is a lease: if the process dies, the
 * message becomes due again when the lease ends. Only kinds with a handler are claimed, so a caller
 * that delivers mail only leaves the ERP messages to a worker that can deliver them. A message
 * delivered whose process dies before recording it is delivered again after the lease: the ERP
 * recognises the order number (its idempotency key), a mail keeps its Message-ID.
 */
export const processOutboxOnce = async (db: Db, handlers: OutboxHandlers, log: Log) => {
  const kinds = (Object.keys(handlers) as OutboxKind[]).filter((kind) => handlers[kind]);
  let claimed = 0;
  let sent = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const batch = await claimDue(db, kinds);
    claimed += batch.length;
    let freed = false;
    for (const [index, message] of batch.entries()) {
      let outcome: Outcome;
      try {
        outcome = await deliver(db, handlers, log, message);
      } catch (error) {
        await release(db, log, batch.slice(index));
        throw error;
      }
      if (outcome !== 'sent') continue;
      sent++;
      if (message.orderingKey !== null) freed = true;
    }
    if (!freed || batch.length >= BATCH_SIZE) break;
  }
  return { claimed, sent };
};

export type Worker = { kick: () => void; stop: () => Promise<void> };

export const startOutboxWorker = (
  db: Db,
  handlers: OutboxHandlers,
  log: Pick<Logger, 'warn' | 'error'>,
  intervalMs: number,
): Worker => {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  // A kick during a pass, or a full batch, means more may be due: go again at once, not at the next tick.
  let again = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = processOutboxOnce(db, handlers, log)
      .then((result) => {
        if (result.claimed >= BATCH_SIZE) again = true;
      })
      .catch((error: unknown) => log.error({ err: error }, 'outbox worker failed'))
      .finally(() => {
        running = undefined;
        if (again && !stopped) setImmediate(run);
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    kick: () => setImmediate(run),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};

/** Messages not delivered yet (PENDING) and given up (FAILED), for metrics; the status index serves it. */
export const outboxBacklog = async (db: Db) => {
  const rows = await db
    .select({ status: outboxMessage.status, n: count() })
    .from(outboxMessage)
    .where(inArray(outboxMessage.status, ['PENDING', 'FAILED']))
    .groupBy(outboxMessage.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { pending: of('PENDING'), failed: of('FAILED') };
};

/**
 * A housekeeping job run at start and then every `intervalMs` in the process that runs the workers;
 * a pass never overlaps the previous one, and `stop` waits for the pass under way. With `lock` (the
 * database's), a pass runs only while no other process runs the same job: one that finds it taken
 * skips its turn.
 */
export const startRepeatingJob = (
  name: string,
  run: () => Promise<unknown>,
  log: Pick<Logger, 'error'>,
  intervalMs: number,
  lock: WithLock = noLock,
): Worker => {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const pass = () => {
    if (stopped || running) return;
    running = lock(`job:${name}`, run, { wait: false })
      .catch((error: unknown) => log.error({ err: error, job: name }, 'job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  setImmediate(pass);
  return {
    kick: () => setImmediate(pass),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
