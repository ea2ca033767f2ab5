import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MAIL_DIR } from './paths.ts';

const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

const decodeHeader = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );

export type ReceivedMail = { to: string; subject: string; raw: string; links: string[] };

const read = (file: string): ReceivedMail => {
  const raw = fs.readFileSync(file, 'utf8');
  const header = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = header.replace(/\r?\n[ \t]+/g, ' ');
  const field = (name: string) => unfolded.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1] ?? '';
  const body = decodeQuotedPrintable(raw);
  return {
    to: field('To'),
    subject: decodeHeader(field('Subject')),
    raw: body,
    links: [...body.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]),
  };
};

/** Waits for the mail sent to `to` (received by the real SMTP server of the test run). */
export const waitForMail = async (to: string, subjectPart?: string): Promise<ReceivedMail> => {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(MAIL_DIR)
          ? fs
              .readdirSync(MAIL_DIR)
              .filter((f) => f.endsWith('.eml'))
              .sort()
          : [];
        found = files
          .map((f) => read(path.join(MAIL_DIR, f)))
          .reverse()
          .find((m) => m.to.includes(to) && (!subjectPart || m.subject.includes(subjectPart)));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as ReceivedMail;
};
