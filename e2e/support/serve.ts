// The app as `npm start` runs it, on fresh demo data, with a real SMTP server on loopback that
// files every message it receives under .tmp/e2e-<port>/mail for the tests to read.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
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

Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  DATA_DIR,
  BASE_URL: `http://localhost:${E2E_PORT}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_POLL_MS: '250',
  ERP_HISTORY_POLL_MS: '500',
  LOG_LEVEL: 'warn',
});
await import('../../apps/server/src/main.ts');
