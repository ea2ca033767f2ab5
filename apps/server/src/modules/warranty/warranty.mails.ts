import type { WarrantyState } from '@ricambi/domain';
import { type MailMessage, renderMail } from '../../platform/mail.ts';
import { serverTexts } from '../../platform/texts.ts';

type WarrantyMailTexts = {
  subject: string;
  body: string;
  note: string;
  link: string;
  states: Record<WarrantyState, string>;
};
type MailTexts = { greeting: string; signature: string; warranty: WarrantyMailTexts };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The dealer is told that head office moved its warranty request on (issue 12 §5), in its language. */
export const warrantyStateMail = (change: {
  to: string;
  recipient: { login: string; firstName: string | null; langKey: string };
  matricola: string;
  numero: number;
  statoAttivita: WarrantyState;
  nota: string | null;
  baseUrl: string;
}): MailMessage => {
  const all = serverTexts<MailTexts>('mail', change.recipient.langKey);
  const t = all.warranty;
  const values = { numero: String(change.numero), matricola: change.matricola, stato: t.states[change.statoAttivita] };
  return renderMail({
    to: change.to,
    subject: fill(t.subject, values),
    greeting: fill(all.greeting, { name: change.recipient.firstName || change.recipient.login }),
    paragraphs: [fill(t.body, values), ...(change.nota ? [fill(t.note, { nota: change.nota })] : [])],
    link: {
      href: `${change.baseUrl}/richiestagaranzia/${encodeURIComponent(change.matricola)}/${change.numero}`,
      label: t.link,
    },
    signature: all.signature,
  });
};
