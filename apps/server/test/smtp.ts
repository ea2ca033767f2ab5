import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded ('' when the mail has none). */
  html: string;
  raw: string;
};

type Entity = { headers: Map<string, string>; body: string };

const splitEntity = (raw: string): Entity => {
  const blank = /\r?\n\r?\n/.exec(raw);
  const headerBlock = blank ? raw.slice(0, blank.index) : raw;
  const body = blank ? raw.slice(blank.index + blank[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold continuation lines (RFC 5322 §2.2.3), then split "Name: value".
  for (const line of headerBlock.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
};

const parseContentType = (value: string | undefined) => {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq > 0) {
      params.set(
        part.slice(0, eq).trim().toLowerCase(),
        part
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
    }
  }
  return { type: type.trim().toLowerCase(), params };
};

const decodeBytes = (bytes: Uint8Array, charset = 'utf-8') => new TextDecoder(charset).decode(bytes);

/** Quoted-printable (RFC 2045 §6.7): `=` at a line end is a soft break, `=XX` a byte. */
export const decodeQuotedPrintable = (text: string, charset?: string) => {
  const joined = text.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return decodeBytes(Uint8Array.from(bytes), charset);
};

/** RFC 2047 encoded words in headers, e.g. `=?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=`. */
export const decodeHeader = (value: string) =>
  value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, encoding: string, encoded: string) =>
      encoding.toUpperCase() === 'B'
        ? decodeBytes(Buffer.from(encoded, 'base64'), charset)
        : decodeQuotedPrintable(encoded.replace(/_/g, ' '), charset),
    );

const decodeBody = (entity: Entity, charset: string | undefined) => {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(entity.body, charset);
  if (encoding === 'base64') return decodeBytes(Buffer.from(entity.body.replace(/\s+/g, ''), 'base64'), charset);
  return entity.body;
};

/** Collects the text/plain and text/html leaves of a (possibly nested multipart) entity. */
const collectParts = (entity: Entity, found: { text?: string; html?: string }) => {
  const { type, params } = parseContentType(entity.headers.get('content-type'));
  const boundary = params.get('boundary');
  if (type.startsWith('multipart/') && boundary) {
    const sections = entity.body.split(`--${boundary}`);
    // sections[0] is the preamble; the part after the closing "--boundary--" starts with "--".
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(splitEntity(section.replace(/^\r?\n/, '')), found);
    }
    return;
  }
  const disposition = entity.headers.get('content-disposition') ?? '';
  if (disposition.startsWith('attachment')) return;
  if (type === 'text/plain' && found.text === undefined) found.text = decodeBody(entity, params.get('charset'));
  if (type === 'text/html' && found.html === undefined) found.html = decodeBody(entity, params.get('charset'));
};

/** Enough of RFC 5322 / MIME to read the mails the server sends: headers, and the text and HTML bodies. */
export const parseMail = (raw: string, envelopeTo: string[] = []): ReceivedMail => {
  const entity = splitEntity(raw);
  const found: { text?: string; html?: string } = {};
  collectParts(entity, found);
  return {
    envelopeTo,
    from: decodeHeader(entity.headers.get('from') ?? ''),
    to: decodeHeader(entity.headers.get('to') ?? ''),
    subject: decodeHeader(entity.headers.get('subject') ?? ''),
    text: (found.text ?? '').replace(/\r\n/g, '\n'),
    html: (found.html ?? '').replace(/\r\n/g, '\n'),
    raw,
  };
};

export type TestSmtpServer = {
  port: number;
  /** For SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The latest mail whose envelope or To header names the address. */
  lastTo: (address: string) => ReceivedMail | undefined;
  clear: () => void;
  close: () => Promise<void>;
};

/** A real SMTP server on a free loopback port (no TLS, no AUTH) that keeps every mail it receives. */
export const startSmtpServer = async (): Promise<TestSmtpServer> => {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    lastTo: (address) => {
      const wanted = address.toLowerCase();
      return messages.findLast((m) => m.envelopeTo.includes(wanted) || m.to.toLowerCase().includes(wanted));
    },
    clear: () => {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A loopback port nothing listens on (bound, then released), for delivery-failure tests. */
export const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
