import { DEFAULT_LANGUAGE, isLanguage } from '@ricambi/domain';
import { type MailMessage, renderMail } from '../../platform/mail.ts';
import { serverTexts } from '../../platform/texts.ts';

type DetailKey =
  | 'dealer'
  | 'company'
  | 'user'
  | 'type'
  | 'template'
  | 'model'
  | 'serial'
  | 'arrival'
  | 'rating'
  | 'score'
  | 'ko'
  | 'note';
type ChecklistMailTexts = {
  factory: { greeting: string; subject: string; body: string };
  dealer: { subject: string; body: string };
  details: Record<DetailKey, string>;
  link: string;
};
type MailTexts = { greeting: string; signature: string; crDar: ChecklistMailTexts };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

const LOCALES = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES' } as const;

/** A sent checklist as its mails tell it. */
export type SentChecklist = {
  id: number;
  tipoDocumento: string;
  templateNome: string;
  templateVersione: string;
  matricola: string;
  modello: string;
  dealerLogin: string;
  userRagioneSociale: string | null;
  user: { login: string; firstName: string | null; lastName: string | null; email: string | null };
  dataArrivoMacchina: string | null;
  valutazioneUtente: number | null;
  valutazioneCalcolata: number | null;
  koCount: number;
  note: string | null;
};

export type ChecklistSentMailInput = {
  /** The factory's address (CHECKLIST_FACTORY_EMAIL): it gets the checklist in Italian. */
  factory: string;
  checklist: SentChecklist;
  /** The dealer's confirmation, when it has an e-mail, in `langKey`. */
  dealer: { email: string | null; login: string; firstName: string | null; langKey: string };
  baseUrl: string;
};

/**
 * Issue 15: a dealer sent a checklist. The factory is told in Italian (who, what machine, the rating,
 * the computed score, how many KO answers) with a link to it; the dealer, when it has an e-mail, gets
 * a short confirmation in its language.
 */
export const checklistSentMails = (input: ChecklistSentMailInput): MailMessage[] => {
  const c = input.checklist;
  const href = `${input.baseUrl}/crDar/${c.id}`;
  const textsFor = (langKey: string) => {
    const all = serverTexts<MailTexts>('mail', langKey);
    const lang = isLanguage(langKey) ? langKey : DEFAULT_LANGUAGE;
    const number = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 });
    const values = {
      tipo: c.tipoDocumento,
      matricola: c.matricola,
      modello: c.modello,
      dealer: c.dealerLogin,
    };
    return { all, t: all.crDar, number, values };
  };

  const office = textsFor('it');
  const d = (key: DetailKey, value: string) => fill(office.t.details[key], { value });
  const userName = [c.user.firstName, c.user.lastName].filter(Boolean).join(' ');
  const day = (iso: string) => iso.split('-').reverse().join('/');
  const mails: MailMessage[] = [
    renderMail({
      to: input.factory,
      subject: fill(office.t.factory.subject, office.values),
      greeting: office.t.factory.greeting,
      paragraphs: [
        fill(office.t.factory.body, office.values),
        d('dealer', c.dealerLogin),
        ...(c.userRagioneSociale ? [d('company', c.userRagioneSociale)] : []),
        d('user', [userName || c.user.login, c.user.email ? `<${c.user.email}>` : ''].filter(Boolean).join(' ')),
        d('type', c.tipoDocumento),
        d('template', `${c.templateNome} (${c.templateVersione})`),
        d('model', c.modello),
        d('serial', c.matricola),
        ...(c.dataArrivoMacchina ? [d('arrival', day(c.dataArrivoMacchina))] : []),
        d('rating', c.valutazioneUtente === null ? '—' : String(c.valutazioneUtente)),
        d('score', office.number.format(c.valutazioneCalcolata ?? 0)),
        d('ko', String(c.koCount)),
        ...(c.note ? [d('note', c.note)] : []),
      ],
      link: { href, label: office.t.link },
      signature: office.all.signature,
    }),
  ];

  if (input.dealer.email) {
    const own = textsFor(input.dealer.langKey);
    mails.push(
      renderMail({
        to: input.dealer.email,
        subject: fill(own.t.dealer.subject, own.values),
        greeting: fill(own.all.greeting, { name: input.dealer.firstName || input.dealer.login }),
        paragraphs: [fill(own.t.dealer.body, own.values)],
        link: { href, label: own.t.link },
        signature: own.all.signature,
      }),
    );
  }
  return mails;
};
