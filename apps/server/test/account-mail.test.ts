import fs from 'node:fs';
import path from 'node:path';
import type { Account, FieldError, RegisterRequest } from '@ricambi/domain';
import { desc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { appUser, outboxMessage } from '../src/db/schema/index.ts';
import { findUserByLogin } from '../src/modules/account/account.repository.ts';
import { processOutboxOnce } from '../src/platform/jobs.ts';
import { createMailSender } from '../src/platform/mail.ts';
import { countOutbox, countUsers, uniqueLogin } from './factories.ts';
import { closedPort, type ReceivedMail, startSmtpServer, type TestSmtpServer } from './smtp.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

type MailTexts = {
  greeting: string;
  signature: string;
  activation: { subject: string; body: string; link: string };
  reset: { subject: string; body: string; ignore: string; link: string };
};
const mailTexts = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/web/src/i18n', lang, 'mail.json'), 'utf8')) as MailTexts;
const de = mailTexts('de');

const BASE_URL = 'http://localhost:8080';

/** The key of the one `${BASE_URL}${route}?key=...` link in the mail's text body. */
const keyFromLink = (mail: ReceivedMail | undefined, route: '/activate' | '/reset/finish') => {
  const match = new RegExp(`${BASE_URL}${route}\\?key=([\\w%.~-]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${route} link in mail: ${mail?.text}`);
  return decodeURIComponent(match[1]);
};

// Spec 1 §2.3 (registration, activation result, reset request and finish), §5 (registration and
// reset rules, reset valid for 24 hours), §7 (api/register, api/activate, reset_password/*) and §8
// (register, reset and activation failures). Mail goes through the outbox to a real SMTP server.
describe('registration, activation and password reset by e-mail', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  const login = uniqueLogin('hans');
  const email = `${login}@example.de`;
  const password = 'geheim1';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const register = (body: Partial<RegisterRequest> | Record<string, unknown>) => t.agent().post('/api/register', body);

  it('registers a user (201) who cannot sign in before activation', async () => {
    const response = await register({ login, email, password, langKey: 'de', firstName: 'Hans', lastName: 'Muster' });
    expect(response.statusCode).toBe(201);

    const stored = await findUserByLogin(t.db, login);
    expect(stored).toMatchObject({ email, activated: false, langKey: 'de', firstName: 'Hans' });

    const signIn = await t.agent().login(login, password);
    expect(signIn.statusCode).toBe(401);
    expect(problemOf(signIn).message).toBe('error.login.notActivated');
  });

  it("sends the activation mail in the registrant's language, and activation enables sign-in", async () => {
    const delivery = await t.deliverMail();
    expect(delivery).toEqual({ claimed: 1, sent: 1 });
    const mail = smtp.lastTo(email);
    expect(mail).toBeDefined();
    expect(mail?.envelopeTo).toEqual([email]);
    expect(mail?.to).toContain(email);
    expect(mail?.subject).toBe(de.activation.subject);
    expect(mail?.text).toContain('Guten Tag Hans,');
    expect(mail?.text).toContain(de.activation.body);
    expect(mail?.text).toContain(de.signature);
    expect(mail?.html).toContain(`${BASE_URL}/activate?key=`);
    const [row] = await t.db.select().from(outboxMessage).orderBy(desc(outboxMessage.id)).limit(1);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });

    const key = keyFromLink(mail, '/activate');
    const activated = await t.agent().get('/api/activate', { query: { key } });
    expect(activated.statusCode).toBe(200);

    const agent = t.agent();
    const signIn = await agent.login(login, password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json<Account>()).toMatchObject({ login, langKey: 'de', activated: true, authorities: ['ROLE_USER'] });

    // The key is single-use.
    const again = await t.agent().get('/api/activate', { query: { key } });
    expect(again.statusCode).toBe(400);
    expect(problemOf(again).message).toBe('activate.messages.error');
  });

  it('refuses an unknown activation key with 400 activate.messages.error', async () => {
    const response = await t.agent().get('/api/activate', { query: { key: 'no-such-key' } });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).message).toBe('activate.messages.error');
  });

  it('refuses a login already in use: 400 fieldErrors login error.userexists', async () => {
    const response = await register({ login, email: `other-${email}`, password });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual([{ field: 'login', message: 'error.userexists' }]);
  });

  it('refuses an e-mail already in use (any case): 400 fieldErrors email error.emailexists', async () => {
    const response = await register({ login: uniqueLogin('other'), email: email.toUpperCase(), password });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual([{ field: 'email', message: 'error.emailexists' }]);
  });

  const valid = () => ({ login: uniqueLogin('valid'), email: `${uniqueLogin('mail')}@example.com`, password });
  const invalidCases: { name: string; body: () => Record<string, unknown>; expected: FieldError[] }[] = [
    {
      name: 'a login with upper case',
      body: () => ({ ...valid(), login: 'Hansi' }),
      expected: [{ field: 'login', message: 'validation.loginPattern' }],
    },
    {
      name: 'a login with symbols',
      body: () => ({ ...valid(), login: 'hans.m' }),
      expected: [{ field: 'login', message: 'validation.loginPattern' }],
    },
    {
      name: 'a password of 4 characters',
      body: () => ({ ...valid(), password: 'abcd' }),
      expected: [{ field: 'password', message: 'validation.minlength', params: { min: 5 } }],
    },
    {
      name: 'a password of 51 characters',
      body: () => ({ ...valid(), password: 'x'.repeat(51) }),
      expected: [{ field: 'password', message: 'validation.maxlength', params: { max: 50 } }],
    },
    {
      name: 'a malformed e-mail',
      body: () => ({ ...valid(), email: 'not-an-email' }),
      expected: [{ field: 'email', message: 'validation.email' }],
    },
    {
      name: 'missing fields',
      body: () => ({}),
      expected: [
        { field: 'login', message: 'validation.required' },
        { field: 'email', message: 'validation.required' },
        { field: 'password', message: 'validation.required' },
      ],
    },
    {
      name: 'empty fields',
      body: () => ({ login: '', email: '', password: '' }),
      expected: [
        { field: 'login', message: 'validation.required' },
        { field: 'email', message: 'validation.required' },
        { field: 'password', message: 'validation.required' },
      ],
    },
  ];

  it.each(invalidCases)('refuses $name with 400 fieldErrors and stores nothing', async ({ body, expected }) => {
    const usersBefore = await countUsers(t.db);
    const outboxBefore = await countOutbox(t.db);
    const response = await register(body());
    expect(response.statusCode).toBe(400);
    const problem = problemOf(response);
    expect(problem.message).toBe('error.validation');
    for (const fieldError of expected) expect(problem.fieldErrors).toContainEqual(fieldError);
    expect(await countUsers(t.db)).toBe(usersBefore);
    expect(await countOutbox(t.db)).toBe(outboxBefore);
  });

  it('refuses a reset request for an unknown e-mail: 400 fieldErrors email error.email.notfound', async () => {
    const response = await t.agent().post('/api/account/reset_password/init', { email: 'nobody@example.com' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual([{ field: 'email', message: 'error.email.notfound' }]);
    expect((await t.deliverMail()).claimed).toBe(0);
  });

  it('resets the password through the mailed /reset/finish link', async () => {
    const init = await t.agent().post('/api/account/reset_password/init', { email });
    expect(init.statusCode).toBe(200);
    expect(await t.deliverMail()).toEqual({ claimed: 1, sent: 1 });
    const mail = smtp.lastTo(email);
    // A non-ASCII subject arrives as RFC 2047 encoded words.
    expect(mail?.subject).toBe(de.reset.subject);
    expect(mail?.text).toContain(de.reset.ignore);
    const key = keyFromLink(mail, '/reset/finish');

    const finish = await t.agent().post('/api/account/reset_password/finish', { key, newPassword: 'neues-geheim' });
    expect(finish.statusCode).toBe(200);
    expect((await t.agent().login(login, password)).statusCode).toBe(401);
    expect((await t.agent().login(login, 'neues-geheim')).statusCode).toBe(200);

    // The key is single-use.
    const reuse = await t.agent().post('/api/account/reset_password/finish', { key, newPassword: 'drittes-pw' });
    expect(reuse.statusCode).toBe(400);
    expect(problemOf(reuse).message).toBe('reset.finish.messages.error');
  });

  it('refuses a bad reset key with 400 reset.finish.messages.error', async () => {
    const response = await t
      .agent()
      .post('/api/account/reset_password/finish', { key: 'wrong-key', newPassword: 'whatever1' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).message).toBe('reset.finish.messages.error');
  });

  it('refuses a missing reset key with reset.finish.messages.keymissing', async () => {
    const response = await t.agent().post('/api/account/reset_password/finish', { key: '', newPassword: 'whatever1' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toContainEqual({
      field: 'key',
      message: 'reset.finish.messages.keymissing',
    });
  });

  it('refuses a reset key older than 24 hours', async () => {
    // The reset request also takes the e-mail as a plain-text body.
    const init = await t.agent().post('/api/account/reset_password/init', email.toUpperCase(), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(init.statusCode).toBe(200);
    expect(await t.deliverMail()).toEqual({ claimed: 1, sent: 1 });
    const key = keyFromLink(smtp.lastTo(email), '/reset/finish');
    await t.db
      .update(appUser)
      .set({ resetDate: new Date(Date.now() - 24 * 3_600_000 - 60_000) })
      .where(eq(appUser.login, login));

    const response = await t.agent().post('/api/account/reset_password/finish', { key, newPassword: 'zu-spaet-1' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).message).toBe('reset.finish.messages.error');
    expect((await t.agent().login(login, 'zu-spaet-1')).statusCode).toBe(401);
  });

  it('keeps a mail PENDING with attempts 1 and the error when the SMTP server cannot be reached', async () => {
    const retryEmail = `${uniqueLogin('retry')}@example.com`;
    expect((await register({ login: uniqueLogin('retry'), email: retryEmail, password })).statusCode).toBe(201);

    const log = pino({ level: 'silent' });
    const unreachable = createMailSender(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }),
      log,
    );
    try {
      const started = Date.now();
      const result = await processOutboxOnce(t.db, { mail: unreachable.send }, log);
      expect(result).toEqual({ claimed: 1, sent: 0 });
      const [row] = await t.db.select().from(outboxMessage).orderBy(desc(outboxMessage.id)).limit(1);
      expect(row?.payload).toMatchObject({ to: retryEmail });
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1, processedAt: null });
      expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Retried later with back-off, not at once.
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(started + 10_000);
      expect(smtp.lastTo(retryEmail)).toBeUndefined();
    } finally {
      unreachable.close();
    }
  });
});
