import http from 'node:http';
import type { OutboxFailedMessage } from '@ricambi/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessage } from '../src/db/schema/index.ts';
import { createErpExport, orderOrderingKey, queueErpExport } from '../src/platform/erp.ts';
import { OUTBOX_MAX_ATTEMPTS, type OutboxHandlers, processOutboxOnce } from '../src/platform/jobs.ts';
import { type MailMessage, queueMail } from '../src/platform/mail.ts';
import { auditEventsOf } from './factories.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

const mail = (to: string, subject: string): MailMessage => ({ to, subject, text: subject, html: `<p>${subject}</p>` });

/** A mail channel that records what it delivered and refuses the subjects it is told to. */
const recordingChannel = () => {
  const delivered: string[] = [];
  const refusing = new Set<string>();
  const handlers: OutboxHandlers = {
    mail: async (payload) => {
      if (refusing.has(payload.subject)) throw new Error(`550 refused ${payload.subject}`);
      delivered.push(payload.subject);
    },
  };
  return { delivered, refusing, handlers };
};

// Issue 18 §1-2: "every message delivered once, in order per order; a message that keeps failing
// ends dead-lettered and visible" — with several processes working the same outbox.
describe('outbox', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.db.delete(outboxMessage);
  });

  const queue = async (subject: string, orderingKey?: string) => {
    await queueMail(t.db, mail('dealer@example.com', subject), { orderingKey });
    const [row] = await t.db
      .select({ id: outboxMessage.id })
      .from(outboxMessage)
      .where(sql`${outboxMessage.payload}->>'subject' = ${subject}`);
    if (!row) throw new Error(`not queued: ${subject}`);
    return row.id;
  };
  const dueNow = (ids: number[]) =>
    t.db.update(outboxMessage).set({ nextAttemptAt: sql`now()` }).where(inArray(outboxMessage.id, ids));
  const statusOf = async (id: number) => (await t.db.select().from(outboxMessage).where(eq(outboxMessage.id, id)))[0];

  describe('order per key', () => {
    it('holds the later messages of a key while an earlier one waits for its retry; other keys go on', async () => {
      const channel = recordingChannel();
      const first = await queue('order 1: confirmation', 'order:A1');
      await queue('order 1: shipped', 'order:A1');
      await queue('order 1: delivered', 'order:A1');
      await queue('order 2: confirmation', 'order:A2');
      await queue('no key');
      channel.refusing.add('order 1: confirmation');

      await processOutboxOnce(t.db, channel.handlers, t.log);
      expect(channel.delivered).toEqual(['order 2: confirmation', 'no key']);
      expect(await statusOf(first)).toMatchObject({ status: 'PENDING', attempts: 1 });

      // Its back-off over, the first goes, and its followers after it, in the order written.
      channel.refusing.clear();
      await dueNow([first]);
      await processOutboxOnce(t.db, channel.handlers, t.log);
      expect(channel.delivered).toEqual([
        'order 2: confirmation',
        'no key',
        'order 1: confirmation',
        'order 1: shipped',
        'order 1: delivered',
      ]);
    });

    it('lets the followers of a dead-lettered (FAILED) message go on', async () => {
      const channel = recordingChannel();
      const first = await queue('given up', 'order:B1');
      await queue('after it', 'order:B1');
      channel.refusing.add('given up');
      await t.db
        .update(outboxMessage)
        .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 })
        .where(eq(outboxMessage.id, first));

      await processOutboxOnce(t.db, channel.handlers, t.log);
      expect(await statusOf(first)).toMatchObject({ status: 'FAILED', attempts: OUTBOX_MAX_ATTEMPTS });
      expect((await statusOf(first))?.processedAt).toBeInstanceOf(Date);
      await processOutboxOnce(t.db, channel.handlers, t.log);
      expect(channel.delivered).toEqual(['after it']);
    });

    it('keeps a key in order and delivers each message once with two workers at once', async () => {
      const channel = recordingChannel();
      const subjects = Array.from({ length: 12 }, (_, i) => `order C: step ${String(i).padStart(2, '0')}`);
      for (const subject of subjects) await queue(subject, 'order:C');
      for (let i = 0; i < 6; i++) await queue(`loose ${i}`);

      for (let pass = 0; pass < 20 && channel.delivered.length < 18; pass++) {
        await Promise.all([
          processOutboxOnce(t.db, channel.handlers, t.log),
          processOutboxOnce(t.db, channel.handlers, t.log),
        ]);
      }
      expect(channel.delivered.filter((s) => s.startsWith('order C'))).toEqual(subjects);
      expect(new Set(channel.delivered).size).toBe(channel.delivered.length);
      expect(channel.delivered).toHaveLength(18);
    });

    it('does not deliver a message whose lease ran out and another worker took (renewed before each delivery)', async () => {
      const slowId = await queue('slow one');
      const laterId = await queue('later one');
      const delivered: string[] = [];
      let releaseSlow = () => {};
      let slowStarted = () => {};
      const started = new Promise<void>((resolve) => {
        slowStarted = resolve;
      });
      const first = processOutboxOnce(
        t.db,
        {
          mail: async (payload) => {
            if (payload.subject === 'slow one') {
              slowStarted();
              await new Promise<void>((resolve) => {
                releaseSlow = resolve;
              });
            }
            delivered.push(`first:${payload.subject}`);
          },
        },
        t.log,
      );
      await started;
      // The first worker's lease on the rest of its batch runs out; a second worker takes it.
      await dueNow([laterId]);
      await processOutboxOnce(
        t.db,
        {
          mail: async (payload) => {
            delivered.push(`second:${payload.subject}`);
          },
        },
        t.log,
      );
      releaseSlow();
      await first;
      expect(delivered.sort()).toEqual(['first:slow one', 'second:later one']);
      expect(await statusOf(slowId)).toMatchObject({ status: 'SENT' });
      expect(await statusOf(laterId)).toMatchObject({ status: 'SENT', attempts: 2 });
    });

    it('queues an order’s ERP document under the order’s key', async () => {
      await t.db.transaction(async (tx) => {
        await queueErpExport(tx, { numeroOrdine: '2026§W§77' } as Parameters<typeof queueErpExport>[1]);
      });
      const [row] = await t.db.select().from(outboxMessage).where(eq(outboxMessage.kind, 'erp'));
      expect(row?.orderingKey).toBe(orderOrderingKey('2026§W§77'));
      expect(row?.orderingKey).toBe('order:2026§W§77');
    });
  });

  it('dead-letters an ERP document the ERP refuses (400, 422) at once, and retries one it cannot take now (503, 401)', async () => {
    const answers = new Map<string, number>();
    const erpServer = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(answers.get(String(request.headers['idempotency-key'])) ?? 201).end());
    });
    await new Promise<void>((resolve) => erpServer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = erpServer.address() as { port: number };
      const erp = createErpExport({ ...t.config, erpExportUrl: `http://127.0.0.1:${port}/orders` }, t.log);
      const cases = [
        ['2026§W§400', 400, 'FAILED'],
        ['2026§W§422', 422, 'FAILED'],
        ['2026§W§503', 503, 'PENDING'],
        ['2026§W§401', 401, 'PENDING'],
        ['2026§W§201', 201, 'SENT'],
      ] as const;
      for (const [numeroOrdine, status] of cases) {
        answers.set(numeroOrdine, status);
        await t.db.transaction((tx) => queueErpExport(tx, { numeroOrdine } as Parameters<typeof queueErpExport>[1]));
      }
      await processOutboxOnce(t.db, { mail: t.mail.send, erp: (doc) => erp.send(doc) }, t.log);
      const rows = await t.db.select().from(outboxMessage).where(eq(outboxMessage.kind, 'erp'));
      const byOrder = new Map(rows.map((r) => [(r.payload as { numeroOrdine: string }).numeroOrdine, r]));
      for (const [numeroOrdine, status, outcome] of cases) {
        const row = byOrder.get(numeroOrdine);
        expect(row?.status, numeroOrdine).toBe(outcome);
        expect(row?.attempts, numeroOrdine).toBe(1);
        if (outcome !== 'SENT') expect(row?.lastError, numeroOrdine).toContain(String(status));
      }
    } finally {
      erpServer.close();
    }
  });

  it('sends a mail with a Message-ID of its outbox message, the same when it is delivered again', async () => {
    const id = await queue('twice, if need be');
    await processOutboxOnce(t.db, { mail: t.mail.send }, t.log);
    // As if the process had died before recording it as sent: the lease ends, it goes again.
    await t.db
      .update(outboxMessage)
      .set({ status: 'PENDING', nextAttemptAt: sql`now()` })
      .where(eq(outboxMessage.id, id));
    await processOutboxOnce(t.db, { mail: t.mail.send }, t.log);
    const copies = smtp.messages.filter((m) => m.subject === 'twice, if need be');
    expect(copies).toHaveLength(2);
    const ids = copies.map((m) => /^message-id:\s*(\S+)/im.exec(m.raw)?.[1]);
    expect(ids).toEqual([`<outbox-${id}@localhost>`, `<outbox-${id}@localhost>`]);
  });

  describe('dead letters for administrators', () => {
    const failed = async (subject: string, payload?: Record<string, unknown>, kind = 'mail') => {
      const [row] = await t.db
        .insert(outboxMessage)
        .values({
          kind,
          payload: payload ?? { ...mail('lost@example.com', subject), text: 'secret reset link' },
          status: 'FAILED',
          attempts: OUTBOX_MAX_ATTEMPTS,
          lastError: `550 mailbox unavailable (${subject})`,
          processedAt: sql`now()`,
          orderingKey: kind === 'erp' ? orderOrderingKey('2026§W§12') : null,
        })
        .returning({ id: outboxMessage.id });
      if (!row) throw new Error('not inserted');
      return row.id;
    };

    it('lists the FAILED messages to an administrator: kind, recipient, subject, order, attempts, error, dates', async () => {
      await queue('still pending');
      const mailId = await failed('lost mail');
      const erpId = await failed('erp', { numeroOrdine: '2026§W§12', lines: [] }, 'erp');
      const admin = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_ADMIN'] });
      const agent = await t.signIn(admin.login, admin.password);

      const response = await agent.get('/api/outbox/failed', { query: { sort: 'id,asc' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('2');
      const items = response.json<OutboxFailedMessage[]>();
      expect(items).toEqual([
        expect.objectContaining({
          id: mailId,
          kind: 'mail',
          recipient: 'lost@example.com',
          subject: 'lost mail',
          orderNumber: null,
          attempts: OUTBOX_MAX_ATTEMPTS,
          lastError: '550 mailbox unavailable (lost mail)',
        }),
        expect.objectContaining({ id: erpId, kind: 'erp', recipient: null, orderNumber: '2026§W§12' }),
      ]);
      expect(items[0]?.failedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      // The body (a reset link, say) is never shown.
      expect(response.body).not.toContain('secret reset link');
    });

    it('puts one back in the queue (CSRF, audited), and the worker delivers it', async () => {
      const id = await failed('try again');
      const admin = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_ADMIN'] });
      const agent = await t.signIn(admin.login, admin.password);

      expect((await agent.post(`/api/outbox/failed/${id}/retry`, undefined, { csrf: false })).statusCode).toBe(403);
      const retried = await agent.post(`/api/outbox/failed/${id}/retry`);
      expect(retried.statusCode).toBe(204);
      expect(await statusOf(id)).toMatchObject({ status: 'PENDING', attempts: 0, processedAt: null });
      const audits = await auditEventsOf(t.db, admin.login, 'OUTBOX_RETRY');
      expect(audits).toHaveLength(1);
      expect(audits[0]?.data).toMatchObject({ id: String(id), kind: 'mail' });

      // Not FAILED any more: a second retry finds nothing to do.
      const again = await agent.post(`/api/outbox/failed/${id}/retry`);
      expect(again.statusCode).toBe(404);
      expect(problemOf(again).message).toBe('error.http.404');
      expect((await agent.post('/api/outbox/failed/999999999/retry')).statusCode).toBe(404);
      expect((await agent.post('/api/outbox/failed/abc/retry')).statusCode).toBe(400);

      await processOutboxOnce(t.db, { mail: t.mail.send }, t.log);
      expect(await statusOf(id)).toMatchObject({ status: 'SENT', attempts: 1 });
      expect(smtp.lastTo('lost@example.com')?.subject).toBe('try again');
      expect((await agent.get('/api/outbox/failed')).headers['x-total-count']).toBe('0');
    });

    it('is closed to other roles (403) and to anonymous callers (401)', async () => {
      const id = await failed('not yours');
      const manager = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_MANAGER', 'ROLE_INTERNAL'] });
      const agent = await t.signIn(manager.login, manager.password);
      expect((await agent.get('/api/outbox/failed')).statusCode).toBe(403);
      const refused = await agent.post(`/api/outbox/failed/${id}/retry`);
      expect(refused.statusCode).toBe(403);
      expect(problemOf(refused).message).toBe('error.http.403');
      expect((await t.agent().get('/api/outbox/failed')).statusCode).toBe(401);
      expect((await t.agent().post(`/api/outbox/failed/${id}/retry`)).statusCode).toBe(401);
      expect(await statusOf(id)).toMatchObject({ status: 'FAILED' });
      const stillFailed = await t.db
        .select({ id: outboxMessage.id })
        .from(outboxMessage)
        .where(eq(outboxMessage.status, 'FAILED'))
        .orderBy(asc(outboxMessage.id));
      expect(stillFailed.map((r) => r.id)).toEqual([id]);
    });
  });
});
