import fs from 'node:fs';
import path from 'node:path';
import { COUNTRIES, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, type OrderKind } from '@ricambi/domain';
import { REPO_ROOT } from '../../config.ts';
import type { MailMessage } from '../../platform/mail.ts';

type OrderTexts = {
  subject: Record<OrderKind, string>;
  intro: Record<OrderKind, string>;
  sentBy: string;
  columns: { code: string; description: string; quantity: string; date: string; price: string; total: string };
  total: string;
  weight: string;
  address: string;
  reference: string;
  note: string;
  shipping: string;
  shippingMode: Record<'EXW' | 'CPT' | 'TBD', string>;
  shippingCost: string;
  shippingFree: string;
  closing: string;
};
type MailTexts = { greeting: string; signature: string; order: OrderTexts };

// The texts live with every other translation (namespace "mail", top-level key "order").
const I18N_DIR = path.join(REPO_ROOT, 'apps/web/src/i18n');
const texts = new Map<Language, MailTexts>(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.join(I18N_DIR, lang, 'mail.json'), 'utf8')) as MailTexts,
  ]),
);

const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES' };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Spec 1 §9: order dates as dd/MM/yyyy. */
const dayOf = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

type OrderMailLine = {
  articolo: string;
  descrizione: string;
  quantita: number;
  unitaMisura: string;
  dataRichiesta: string | null;
  netto: number;
  totale: number;
};

export type OrderMail = {
  to: string;
  recipient: { login: string; firstName: string | null; langKey: string };
  numeroOrdine: string;
  tiporichiesta: OrderKind;
  /** yyyy-MM-dd, Italian business day of the send. */
  date: string;
  /** The staff member who sent it for the customer (act-as). */
  sentBy: string | null;
  /** Prices only when the customer may see them (spec 1 §6). */
  pricesVisible: boolean;
  lines: readonly OrderMailLine[];
  totale: number;
  pesoTotale: number;
  address: { ragsoc: string; indirizzo: string; cap: string; citta: string; prov: string | null; stato: string | null };
  rifOrdine: string | null;
  rifData: string | null;
  nota: string | null;
  spedizione: 'EXW' | 'CPT' | 'TBD';
  speseSpedizione: number | null;
  spedizioneGratuita: boolean;
};

/** The order confirmation in the customer's language: summary table, address, reference, note. */
export const orderMail = (order: OrderMail): MailMessage => {
  const lang = isLanguage(order.recipient.langKey) ? order.recipient.langKey : DEFAULT_LANGUAGE;
  const all = texts.get(lang) as MailTexts;
  const t = all.order;
  const money = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' });
  const number = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 3 });
  const values = { numero: order.numeroOrdine, data: dayOf(order.date) };

  const headers = [t.columns.code, t.columns.description, t.columns.quantity, t.columns.date];
  if (order.pricesVisible) headers.push(t.columns.price, t.columns.total);
  const rows = order.lines.map((l) => {
    const cells = [
      l.articolo,
      l.descrizione,
      `${number.format(l.quantita)} ${l.unitaMisura}`,
      dayOf(l.dataRichiesta) || '–',
    ];
    if (order.pricesVisible) cells.push(money.format(l.netto), money.format(l.totale));
    return cells;
  });
  const a = order.address;
  const addressLines = [
    a.ragsoc,
    a.indirizzo,
    [a.cap, a.citta, a.prov ? `(${a.prov})` : ''].filter(Boolean).join(' '),
    a.stato ? (COUNTRIES.find((c) => c.code === a.stato)?.names[lang] ?? a.stato) : '',
  ].filter(Boolean);
  const shipping = [
    t.shippingMode[order.spedizione],
    order.spedizioneGratuita
      ? t.shippingFree
      : order.spedizione === 'CPT' && order.speseSpedizione !== null
        ? fill(t.shippingCost, { cost: money.format(order.speseSpedizione) })
        : '',
  ]
    .filter(Boolean)
    .join(', ');
  const reference = [order.rifOrdine, dayOf(order.rifData)].filter(Boolean).join(' – ');
  const facts: [string, string][] = [
    [t.address, addressLines.join(', ')],
    [t.shipping, shipping],
    ...(reference ? [[t.reference, reference] as [string, string]] : []),
    ...(order.nota ? [[t.note, order.nota] as [string, string]] : []),
  ];
  const greeting = fill(all.greeting, { name: order.recipient.firstName || order.recipient.login });
  const intro = fill(t.intro[order.tiporichiesta], values);
  const sentBy = order.sentBy ? fill(t.sentBy, { login: order.sentBy }) : '';
  const totals = [
    ...(order.pricesVisible ? [`${t.total}: ${money.format(order.totale)}`] : []),
    fill(t.weight, { kg: number.format(order.pesoTotale) }),
  ];

  const text = [
    greeting,
    '',
    intro,
    ...(sentBy ? [sentBy] : []),
    '',
    headers.join(' | '),
    ...rows.map((cells) => cells.join(' | ')),
    '',
    ...totals,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    t.closing,
    '',
    all.signature,
  ].join('\n');

  const cell = 'style="border:1px solid #d1d5db;padding:4px 8px;text-align:left;vertical-align:top"';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${sentBy ? `<p>${escapeHtml(sentBy)}</p>` : ''}
<table style="border-collapse:collapse;font-size:14px">
<thead><tr>${headers.map((h) => `<th ${cell}>${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((cells) => `<tr>${cells.map((c) => `<td ${cell}>${escapeHtml(c)}</td>`).join('')}</tr>`).join('\n')}
</tbody>
</table>
${totals.map((line) => `<p><strong>${escapeHtml(line)}</strong></p>`).join('\n')}
${facts.map(([label, value]) => `<p><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</p>`).join('\n')}
<p>${escapeHtml(t.closing)}</p>
<p>${escapeHtml(all.signature)}</p>
</body></html>`;
  return { to: order.to, subject: fill(t.subject[order.tiporichiesta], values), text, html };
};
