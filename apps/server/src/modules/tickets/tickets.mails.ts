import { type MailMessage, renderMail } from '../../platform/mail.ts';
import { serverTexts } from '../../platform/texts.ts';

type TicketMailTexts = {
  opened: { subject: string; body: string };
  toCustomer: { subject: string; body: string };
  toStaff: { subject: string; body: string };
  status: { subject: string; body: string };
  statuses: Record<string, string>;
  note: string;
  link: string;
};
type MailTexts = { greeting: string; signature: string; ticket: TicketMailTexts };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

export type TicketMailKind = 'opened' | 'toCustomer' | 'toStaff' | 'status';
type Recipient = { email: string; login: string; firstName: string | null; langKey: string };

/**
 * A ticket's notification (issue 14 §2): a new ticket or a customer's note to the help desk, the
 * help desk's note or status change to the customer; in the recipient's language.
 */
export const ticketMail = (
  kind: TicketMailKind,
  to: Recipient,
  ticket: { id: number; title: string; matricola: string; status: number; login: string },
  baseUrl: string,
  note?: string,
): MailMessage => {
  const all = serverTexts<MailTexts>('mail', to.langKey);
  const t = all.ticket;
  const values = {
    id: String(ticket.id),
    title: ticket.title,
    matricola: ticket.matricola,
    login: ticket.login,
    stato: t.statuses[String(ticket.status)] ?? String(ticket.status),
  };
  return renderMail({
    to: to.email,
    subject: fill(t[kind].subject, values),
    greeting: fill(all.greeting, { name: to.firstName || to.login }),
    paragraphs: [fill(t[kind].body, values), ...(note ? [fill(t.note, { note })] : [])],
    link: { href: `${baseUrl}/ticket/${ticket.id}`, label: t.link },
    signature: all.signature,
  });
};
