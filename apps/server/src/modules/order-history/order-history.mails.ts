import {
  businessToday,
  DEFAULT_LANGUAGE,
  isLanguage,
  ORDER_HISTORY_KIND_TYPES,
  ORDER_HISTORY_KINDS,
  type OrderHistoryLine,
} from '@ricambi/domain';
import { type MailMessage, renderMail } from '../../platform/mail.ts';
import { serverTexts } from '../../platform/texts.ts';

type DetailKey =
  | 'login'
  | 'company'
  | 'email'
  | 'code'
  | 'description'
  | 'lineDescription'
  | 'quantity'
  | 'order'
  | 'serial'
  | 'note';
type OrderHistoryMailTexts = {
  backOffice: { greeting: string; subject: string; body: string };
  customer: { subject: string; body: string };
  details: Record<DetailKey, string>;
  noEmail: string;
  link: string;
};
type MailTexts = { greeting: string; signature: string; storicoOrdine: OrderHistoryMailTexts };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

const LOCALES = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES' } as const;

/** Spec 2 §9: dates as dd/MM/yyyy, the day in Italy. */
const dayOf = (iso: string) => businessToday(new Date(iso)).split('-').reverse().join('/');

/** What the reorder request's mails are made of (spec 2 §4, §5 "reorder request"). */
export type ReorderRequestMailInput = {
  /** The back office's address (it gets the request, in Italian). */
  backOffice: string;
  /** Who asks; the reminder goes to `email` when there is one, in `langKey`. */
  customer: { login: string; email: string | null; firstName: string | null; company: string | null; langKey: string };
  /** The order history line the part comes from. */
  line: OrderHistoryLine;
  request: { descrizione: string; quantita: number; nota: string | null };
  baseUrl: string;
};

/**
 * A dealer asks for a part that cannot be ordered from the cart (spec 2 §4, §5): the request to the
 * back office, in Italian, and — when the customer has an e-mail — the reminder to the customer in
 * its language, both with the part, the quantity, the note and the order it comes from.
 */
export const reorderRequestMails = (input: ReorderRequestMailInput): MailMessage[] => {
  const { customer, line, request } = input;
  const mailFor = (langKey: string) => {
    const all = serverTexts<MailTexts>('mail', langKey);
    const t = all.storicoOrdine;
    const lang = isLanguage(langKey) ? langKey : DEFAULT_LANGUAGE;
    const quantita = `${new Intl.NumberFormat(LOCALES[lang]).format(request.quantita).replace(/\u202f/g, '\u00a0')}${
      line.unitaMisura ? ` ${line.unitaMisura}` : ''
    }`;
    const values = { codice: line.codArt, descrizione: request.descrizione, quantita, login: customer.login };
    const d = (key: DetailKey, value: string) => fill(t.details[key], { value });
    /** The part, the quantity, the order it comes from, the serial and the note. */
    const part = (withLineDescription: boolean) => [
      d('code', line.codArt),
      d('description', request.descrizione),
      ...(withLineDescription && line.descRiga && line.descRiga !== request.descrizione
        ? [d('lineDescription', line.descRiga)]
        : []),
      d('quantity', quantita),
      fill(t.details.order, { numero: line.nroOrdTxt, data: dayOf(line.dataIns) }),
      ...(line.matricola ? [d('serial', line.matricola)] : []),
      ...(request.nota ? [d('note', request.nota)] : []),
    ];
    return { all, t, values, d, part };
  };

  const office = mailFor('it');
  const mails: MailMessage[] = [
    renderMail({
      to: input.backOffice,
      subject: fill(office.t.backOffice.subject, office.values),
      greeting: office.t.backOffice.greeting,
      paragraphs: [
        fill(office.t.backOffice.body, office.values),
        office.d('login', customer.login),
        ...(customer.company ? [office.d('company', customer.company)] : []),
        office.d('email', customer.email ?? office.t.noEmail),
        ...office.part(true),
      ],
      signature: office.all.signature,
    }),
  ];

  if (customer.email) {
    const own = mailFor(customer.langKey);
    const kind = ORDER_HISTORY_KINDS.find((k) => ORDER_HISTORY_KIND_TYPES[k].includes(line.tiporichiesta)) ?? 'ORD';
    mails.push(
      renderMail({
        to: customer.email,
        subject: fill(own.t.customer.subject, own.values),
        greeting: fill(own.all.greeting, { name: customer.firstName || customer.login }),
        paragraphs: [fill(own.t.customer.body, own.values), ...own.part(false)],
        link: { href: `${input.baseUrl}/storicoOrdine/${kind}`, label: own.t.link },
        signature: own.all.signature,
      }),
    );
  }
  return mails;
};
