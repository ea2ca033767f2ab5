import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@ricambi/domain';
import { REPO_ROOT } from '../../config.ts';
import { type MailMessage, renderMail } from '../../platform/mail.ts';

type MailTexts = {
  greeting: string;
  signature: string;
  activation: { subject: string; body: string; link: string };
  reset: { subject: string; body: string; ignore: string; link: string };
  creation: { subject: string; body: string; link: string };
};

// Mail texts live with every other translation, in the web's i18n folder (namespace "mail").
const I18N_DIR = path.join(REPO_ROOT, 'apps/web/src/i18n');
const texts = new Map<Language, MailTexts>(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.join(I18N_DIR, lang, 'mail.json'), 'utf8')) as MailTexts,
  ]),
);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

const textsFor = (langKey: string) => texts.get(isLanguage(langKey) ? langKey : DEFAULT_LANGUAGE) as MailTexts;

type Recipient = { email: string; login: string; firstName: string | null; langKey: string };

const greeting = (t: MailTexts, user: Recipient) => fill(t.greeting, { name: user.firstName || user.login });

export const activationMail = (user: Recipient, baseUrl: string, key: string): MailMessage => {
  const t = textsFor(user.langKey);
  return renderMail({
    to: user.email,
    subject: t.activation.subject,
    greeting: greeting(t, user),
    paragraphs: [t.activation.body],
    link: { href: `${baseUrl}/activate?key=${encodeURIComponent(key)}`, label: t.activation.link },
    signature: t.signature,
  });
};

export const resetMail = (user: Recipient, baseUrl: string, key: string): MailMessage => {
  const t = textsFor(user.langKey);
  return renderMail({
    to: user.email,
    subject: t.reset.subject,
    greeting: greeting(t, user),
    paragraphs: [t.reset.body, t.reset.ignore],
    link: { href: `${baseUrl}/reset/finish?key=${encodeURIComponent(key)}`, label: t.reset.link },
    signature: t.signature,
  });
};

export const creationMail = (user: Recipient, baseUrl: string, key: string): MailMessage => {
  const t = textsFor(user.langKey);
  return renderMail({
    to: user.email,
    subject: t.creation.subject,
    greeting: greeting(t, user),
    paragraphs: [fill(t.creation.body, { login: user.login })],
    link: { href: `${baseUrl}/reset/finish?key=${encodeURIComponent(key)}`, label: t.creation.link },
    signature: t.signature,
  });
};
