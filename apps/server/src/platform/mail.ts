import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { outboxMessage } from '../db/schema/index.ts';
import { randomToken } from './crypto.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Writes the mail to the outbox in the caller's transaction; the outbox worker delivers it. */
export const queueMail = async (tx: DbOrTx, mail: MailMessage) => {
  await tx.insert(outboxMessage).values({ kind: 'mail', payload: mail });
};

export type MailSender = {
  send: (mail: MailMessage) => Promise<void>;
  check: () => Promise<void>;
  close: () => void;
  describe: string;
};

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail, each named in the log. */
export const createMailSender = (config: Config, log: Pick<Logger, 'info'>): MailSender => {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      describe: 'smtp',
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      check: async () => {
        await transport.verify();
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: 'files',
    send: async (mail) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(4)}.eml`);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      log.info({ file, to: mail.to, subject: mail.subject }, 'mail written to file (SMTP_URL not set)');
    },
    check: async () => {
      await fs.mkdir(dir, { recursive: true });
      await fs.access(dir, fs.constants.W_OK);
    },
    close: () => undefined,
  };
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A plain, readable HTML mail body: greeting, paragraphs, one action link, signature. */
export const renderMail = (parts: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  signature: string;
}): MailMessage => {
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.link ? [`${parts.link.label}: ${parts.link.href}`, ''] : []),
    parts.signature,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${parts.link ? `<p><a href="${escapeHtml(parts.link.href)}">${escapeHtml(parts.link.label)}</a></p>` : ''}
<p>${escapeHtml(parts.signature)}</p>
</body></html>`;
  return { to: parts.to, subject: parts.subject, text, html };
};
