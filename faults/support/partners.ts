import { createHash } from 'node:crypto';
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

/** A received mail: its Message-ID (or a hash of the message when it has none), recipient and subject. */
export type ReceivedMail = { id: string; to: string; subject: string; at: number };

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim() ?? '';

/** A partner on a fixed port that can go away (port closed) and come back. */
type Outage = { down: () => Promise<void>; up: () => Promise<void> };

/** A real SMTP server on loopback that keeps what it receives. */
export const startSmtpSink = async (port: number): Promise<Outage & { received: ReceivedMail[] }> => {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const up = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const id = header(raw, 'Message-ID') || createHash('sha256').update(raw).digest('hex');
          received.push({ id, to: header(raw, 'To'), subject: header(raw, 'Subject'), at: Date.now() });
          callback();
        });
      },
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.server.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const down = async () => {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await up();
  return { received, up, down };
};

/** A received ERP document: the order number (the Idempotency-Key header) and when. */
export type ReceivedDocument = { key: string; numeroOrdine: string; at: number };

/**
 * The ERP's order endpoint: answers 201 to every well-formed POST and keeps what it received; a
 * document whose rifOrdine is in `refusing` is refused (422) and not kept.
 */
export const startErpSink = async (
  port: number,
): Promise<Outage & { received: ReceivedDocument[]; refusing: Set<string>; refusals: number[] }> => {
  const received: ReceivedDocument[] = [];
  const refusing = new Set<string>();
  const refusals: number[] = [];
  let server: http.Server | undefined;
  const up = async () => {
    const created = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        try {
          const doc = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            numeroOrdine?: string;
            rifOrdine?: string;
          };
          if (refusing.has(String(doc.rifOrdine))) {
            refusals.push(Date.now());
            response.writeHead(422).end();
            return;
          }
          received.push({
            key: String(request.headers['idempotency-key'] ?? ''),
            numeroOrdine: String(doc.numeroOrdine ?? ''),
            at: Date.now(),
          });
          response.writeHead(201).end();
        } catch {
          response.writeHead(400).end();
        }
      });
    });
    server = created;
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const down = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await up();
  return { received, refusing, refusals, up, down };
};

/** How many times each key occurs more than once. */
export const repeats = (keys: string[]) => keys.length - new Set(keys).size;
