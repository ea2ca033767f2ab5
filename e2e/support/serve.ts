// The app as `npm start` runs it, on fresh demo data, with a real SMTP server on loopback that
// files every message it receives under .tmp/e2e-<port>/mail for the tests to read.
// With E2E_CLUSTER=1 it is two server processes behind HAProxy (deploy/haproxy.cfg) on a fresh
// PostgreSQL database, attachments on S3 (s3rver): the deployment of docs/operations.md.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { startCluster } from '../../faults/support/cluster.ts';
import { DATA_DIR, E2E_PORT, E2E_TMP, MAIL_DIR } from './paths.ts';

fs.rmSync(E2E_TMP, { recursive: true, force: true });
fs.mkdirSync(MAIL_DIR, { recursive: true });

let counter = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      counter++;
      const file = path.join(MAIL_DIR, `${Date.now()}-${counter}.eml`);
      fs.writeFileSync(`${file}.tmp`, Buffer.concat(chunks));
      fs.renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const address = smtp.server.address();
const smtpPort = typeof address === 'object' && address ? address.port : 0;

const env = {
  NODE_ENV: 'test',
  DATA_DIR,
  BASE_URL: `http://localhost:${E2E_PORT}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_POLL_MS: '250',
  ERP_HISTORY_POLL_MS: '500',
  LOG_LEVEL: 'warn',
};

/** A new, empty database of the URL's name on its server (dropped first when it exists). */
const freshDatabase = async (url: string) => {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
};

if (process.env.E2E_CLUSTER === '1') {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/ricambi_e2e_${E2E_PORT}`;
  await freshDatabase(databaseUrl);
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(E2E_TMP, 's3'),
    configureBuckets: [{ name: 'ricambi-e2e', configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  const cluster = await startCluster({
    port: E2E_PORT,
    serverPorts: [E2E_PORT + 1, E2E_PORT + 2],
    dataDir: DATA_DIR,
    env: {
      ...env,
      DEMO_DATA: 'true',
      DATABASE_URL: databaseUrl,
      S3_BUCKET: 'ricambi-e2e',
      S3_URL: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SECRET_KEY: 'e2e0'.repeat(16),
    },
  });
  const stop = async () => {
    await cluster.stop();
    await s3.close();
    smtp.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  console.info(`two servers behind HAProxy on :${E2E_PORT}, PostgreSQL ${databaseUrl}`);
} else {
  Object.assign(process.env, { ...env, PORT: String(E2E_PORT) });
  await import('../../apps/server/src/main.ts');
}
