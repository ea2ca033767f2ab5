import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createMailSender, renderMail } from '../src/platform/mail.ts';
import { decodeHeader, decodeQuotedPrintable, parseMail, startSmtpServer, type TestSmtpServer } from './smtp.ts';

// The mail reader of the test SMTP server is hand-written: these checks keep it honest.
describe('test SMTP helper', () => {
  it('decodes quoted-printable soft line breaks, =3D and UTF-8 bytes', () => {
    expect(decodeQuotedPrintable('http://x/activate?key=3Dab=\r\ncd')).toBe('http://x/activate?key=abcd');
    expect(decodeQuotedPrintable('zur=C3=BCck=\nsetzen')).toBe('zurücksetzen');
    expect(decodeQuotedPrintable('line one   \r\nline two')).toBe('line one\r\nline two');
  });

  it('decodes RFC 2047 encoded words', () => {
    expect(decodeHeader('=?UTF-8?Q?Ricambi:_Passwort_zur=C3=BCcksetzen?=')).toBe('Ricambi: Passwort zurücksetzen');
    expect(decodeHeader('=?UTF-8?B?w6h1bm8=?= =?UTF-8?Q?_due?=')).toBe('èuno due');
    expect(decodeHeader('plain subject')).toBe('plain subject');
  });

  it('reads To, Subject and the text part of a multipart message', () => {
    const raw = [
      'To: a@example.com',
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=',
      'Content-Type: multipart/alternative;',
      ' boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hallo =C3=84nne, key=3Dxyz and a very long line that was wrapped by the =',
      'encoder',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Hallo</p>').toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toBe('Grüße');
    expect(mail.text.trim()).toBe('Hallo Änne, key=xyz and a very long line that was wrapped by the encoder');
    expect(mail.html.trim()).toBe('<p>Hallo</p>');
  });

  describe('with nodemailer over real SMTP', () => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await smtp?.close();
    });

    it('receives what createMailSender sends, long non-ASCII lines included', async () => {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', SMTP_URL: smtp.url });
      const sender = createMailSender(config, pino({ level: 'silent' }));
      const href = `http://localhost:8080/reset/finish?key=${'k'.repeat(40)}`;
      try {
        await sender.check();
        await sender.send(
          renderMail({
            to: 'Jürgen@Example.com',
            subject: 'Ricambi: Passwort zurücksetzen',
            greeting: 'Guten Tag Jürgen,',
            paragraphs: ['Ä'.repeat(120)],
            link: { href, label: 'Neues Passwort wählen' },
            signature: 'Ihr Ricambi-Team',
          }),
        );
      } finally {
        sender.close();
      }
      const mail = smtp.lastTo('jürgen@example.com');
      expect(mail?.subject).toBe('Ricambi: Passwort zurücksetzen');
      expect(mail?.from).toContain('noreply@ricambi.local');
      expect(mail?.text).toContain('Guten Tag Jürgen,');
      expect(mail?.text).toContain('Ä'.repeat(120));
      expect(mail?.text).toContain(`Neues Passwort wählen: ${href}`);
      expect(mail?.html).toContain(`<a href="${href}">`);
    });
  });
});
