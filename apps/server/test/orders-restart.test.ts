import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { earliestRequestDate, type SendResult } from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { outboxMessage } from '../src/db/schema/index.ts';
import { erpOutboxFile } from '../src/platform/erp.ts';
import { createArticolo } from './catalogue-factories.ts';
import { createUser } from './factories.ts';
import { connectAdmin, FILE_DATABASE_PREFIX, withDatabaseName } from './pg-admin.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';
import { createAgent } from './test-app.ts';

/**
 * One database that outlives an app: PGlite in a data directory (from the migrated dump), or a
 * PostgreSQL database copied from the template. `open` can be called again after `close`.
 */
const durableDatabase = async (dir: string) => {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const dataDir = path.join(dir, 'pglite');
    const dump = new Blob([await fs.readFile(info.dumpFile)]);
    let first = true;
    return {
      open: () => {
        const loadDataDir = first ? dump : undefined;
        first = false;
        return openDatabase({ kind: 'pglite', dataDir, loadDataDir });
      },
      drop: async () => undefined,
    };
  }
  const name = `${FILE_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await connectAdmin(info.adminUrl);
  try {
    await admin.client.query(`create database "${name}" template "${info.template}"`);
  } finally {
    await admin.client.end();
  }
  return {
    open: () => openDatabase({ kind: 'postgres', url: withDatabaseName(info.adminUrl, name), poolSize: 2 }),
    drop: async () => {
      const cleanup = await connectAdmin(info.adminUrl);
      try {
        await cleanup.client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.client.end();
      }
    },
  };
};

// Issue 5 "Checked when you say resolved": killing the server between the commit of an order and
// the delivery of its mail loses nothing — after a restart the mail and the ERP document go out.
describe('an order survives a crash between commit and delivery', () => {
  let smtp: TestSmtpServer;
  let dir: string;
  let storage: Awaited<ReturnType<typeof durableDatabase>>;
  const open: DatabaseHandle[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-restart-'));
    storage = await durableDatabase(dir);
  });
  afterAll(async () => {
    for (const database of open) await database.close().catch(() => undefined);
    await storage?.drop();
    await smtp?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const start = async (worker: boolean) => {
    const database = await storage.open();
    open.push(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(dir, 'data'),
      BASE_URL: 'http://localhost:8080',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '100',
    });
    const built = await buildApp({ config, database, log: pino({ level: 'silent' }), worker });
    await built.app.ready();
    return { ...built, database, config };
  };

  it('delivers the mail and the ERP document after the restart', async () => {
    // First life: the order is committed, the worker never runs (the process "dies" right after).
    const first = await start(false);
    const dealer = await createUser(first.database.db, { authorities: ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] });
    const part = await createArticolo(first.database.db, { prezzo: 40, peso: 3 });
    const agent = createAgent(first.app);
    expect((await agent.login(dealer.login, dealer.password)).statusCode).toBe(200);
    const added = await agent.post('/api/cartitem', {
      idArticolo: part.id,
      quantita: 2,
      dataRichiesta: earliestRequestDate(),
    });
    expect(added.statusCode, added.body).toBe(201);
    const lineId = added.json<{ righe: { id: number }[] }>().righe[0]?.id;
    const sent = await agent.post(
      '/api/cart/send',
      {
        privacy: true,
        linee: [lineId],
        cartAddress: {
          RAGSOC: 'Officina Test',
          INDIRIZZO: 'Via Roma 1',
          CAP: '20100',
          CITTA: 'Milano',
          PROV: 'MI',
          STATO: 'ITA',
        },
      },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const { numeroOrdine } = sent.json<SendResult>();
    const pending = await first.database.db.select().from(outboxMessage).where(eq(outboxMessage.status, 'PENDING'));
    expect(pending.map((m) => m.kind).sort()).toEqual(['erp', 'mail']);
    await first.app.close();
    await first.database.close();
    expect(smtp.messages).toHaveLength(0);
    const erpFile = erpOutboxFile(first.config.dataDir, numeroOrdine);
    await expect(fs.access(erpFile)).rejects.toThrow();

    // Second life: a new process on the same database; its worker delivers what the first left.
    const second = await start(true);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (!smtp.lastTo(dealer.email) || !(await fs.stat(erpFile).catch(() => null)))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(smtp.lastTo(dealer.email)?.subject).toContain(numeroOrdine);
    const document = JSON.parse(await fs.readFile(erpFile, 'utf8'));
    expect(document).toMatchObject({
      numeroOrdine,
      customer: { login: dealer.login },
      lines: [{ articolo: part.articolo }],
    });
    await second.app.close();
    const statuses = await second.database.db.select({ status: outboxMessage.status }).from(outboxMessage);
    expect(statuses.every((s) => s.status === 'SENT')).toBe(true);
  });
});
