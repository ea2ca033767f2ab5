import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { outboxMessage } from '../db/schema/index.ts';
import { randomToken } from './crypto.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/**
 * Writes the mail to the outbox in the caller's transaction; the outbox worker delivers it. Mails
 * with the same `orderingKey` (`order:<number>`, `ticket:<id>:<login>`) reach their reader in the
 * order they were written.
 */
export const queueMail = async (tx: DbOrTx, mail: MailMessage, options: { orderingKey?: string } = {}) => {
  await tx.insert(outboxMessage).values({ kind: 'mail', payload: mail, orderingKey: options.orderingKey ?? null });
};

/** What a sender knows of the outbox message it delivers: its id, the same at every attempt. */
export type MailDelivery = { id: number };

/**
 * The Message-ID of an outbox message, the same at every attempt: a mail delivered again (its
 * process died before recording it as sent) is recognisably the same one.
 */
export const outboxMessageId = (id: number, baseUrl: string) => `<outbox-${id}@${new URL(baseUrl).hostname}>`;

/**
 * Below the outbox's lease (5 minutes): a delivery that hangs fails first, so its message is never
 * another worker's while this one may still deliver it.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export type MailSender = {
  send: (mail: MailMessage, delivery?: MailDelivery) => Promise<void>;
  check: () => Promise<void>;
  close: () => void;
  describe: string;
};

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail, each named in the log. */
export const createMailSender = (config: Config, log: Pick<Logger, 'info'>): MailSender => {
  if (config.smtpUrl) {
    // Timeouts given in SMTP_URL's query win over these.
    const transport: Transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.smtpUrl });
    return {
      describe: 'smtp',
      send: async (mail, delivery) => {
        const messageId = delivery ? outboxMessageId(delivery.id, config.baseUrl) : undefined;
        await transport.sendMail({ from: config.mailFrom, ...mail, ...(messageId ? { messageId } : {}) });
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
    send: async (mail, delivery) => {
      const messageId = delivery ? outboxMessageId(delivery.id, config.baseUrl) : undefined;
      const info = await transport.sendMail({ from: config.mailFrom, ...mail, ...(messageId ? { messageId } : {}) });
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
