/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (The pragmas let tsx and vitest compile this file the same way from any working directory.)

import { Document, Text, View } from '@react-pdf/renderer';
import type { Language, Ticket } from '@ricambi/domain';
import {
  appendPdf,
  fillText,
  newPdf,
  PDF_COLORS,
  PDF_FONT,
  PdfField,
  PdfFrame,
  PdfSection,
  pdfDate,
  pdfTexts,
  renderPdf,
  savePdf,
  stampFooters,
} from '../../platform/pdf.ts';

/** The texts of the ticket's PDF (apps/web/src/i18n/<lang>/pdf.json, key "ticket"). */
type TicketPdfTexts = {
  title: string;
  machine: string;
  request: string;
  notes: string;
  files: string;
  none: string;
  staff: string;
  generated: string;
  page: string;
  statuses: Record<string, string>;
  types: Record<string, string>;
  urgencies: Record<string, string>;
  fields: Record<
    | 'id'
    | 'title'
    | 'customer'
    | 'matricola'
    | 'modello'
    | 'dataGaranzia'
    | 'oreUtilizzo'
    | 'tipologia'
    | 'collocazione'
    | 'urgenza'
    | 'status'
    | 'insertTime'
    | 'closeTime'
    | 'descrizione',
    string
  >;
};

const HOURS = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });
/** A moment as the business reads it: its day and time in Italy. */
const time = (iso: string | null) => (iso ? `${pdfDate(new Date(iso))} ${HOURS.format(new Date(iso))}` : null);

/** The ticket with its notes (spec 2 §7 downloadpdf), in the asked language. */
export const renderTicketPdf = async (
  ticket: Ticket,
  lang: Language,
  names: { collocazione: string | null },
  now = new Date(),
) => {
  const t = pdfTexts<TicketPdfTexts>('ticket', lang);
  const f = t.fields;
  const title = fillText(t.title, { id: ticket.id });
  const customer = [ticket.nome, ticket.cognome].filter(Boolean).join(' ');
  const bytes = await renderPdf(
    <Document title={title} author="Ricambi" language={lang}>
      <PdfFrame title={title} subtitle={fillText(t.generated, { date: pdfDate(now) })}>
        <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 16 }}>{title}</Text>
        <Text style={{ fontSize: 12, marginTop: 4 }}>{ticket.title}</Text>
        <PdfSection title={t.request}>
          <PdfField label={f.id} value={ticket.id} />
          <PdfField label={f.customer} value={customer ? `${customer} (${ticket.login})` : ticket.login} />
          <PdfField label={f.status} value={t.statuses[String(ticket.status)] ?? String(ticket.status)} />
          <PdfField label={f.insertTime} value={time(ticket.insert_time)} />
          <PdfField label={f.closeTime} value={time(ticket.close_time)} />
          <PdfField label={f.tipologia} value={t.types[String(ticket.tipologiaKey)]} />
          <PdfField label={f.collocazione} value={names.collocazione ?? String(ticket.collocazioneKey)} />
          <PdfField label={f.urgenza} value={t.urgencies[String(ticket.urgenzaClienteKey)]} />
        </PdfSection>
        <PdfSection title={t.machine}>
          <PdfField label={f.matricola} value={ticket.matricola} />
          <PdfField label={f.modello} value={ticket.modello} />
          <PdfField label={f.dataGaranzia} value={ticket.dataGaranzia} />
          <PdfField label={f.oreUtilizzo} value={ticket.oreUtilizzo} />
        </PdfSection>
        <View style={{ marginTop: 14 }}>
          <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 11, marginBottom: 4 }}>{f.descrizione}</Text>
          <Text>{ticket.clientDescription || '—'}</Text>
        </View>
        <View style={{ marginTop: 14 }}>
          <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 11, marginBottom: 4 }}>{t.notes}</Text>
          {ticket.notes.length === 0 ? (
            <Text style={{ color: PDF_COLORS.muted }}>{t.none}</Text>
          ) : (
            ticket.notes.map((n) => (
              <View
                key={`${n.date}-${n.author}`}
                style={{
                  marginBottom: 6,
                  paddingBottom: 4,
                  borderBottomWidth: 0.5,
                  borderBottomColor: PDF_COLORS.rule,
                }}
                wrap={false}
              >
                <Text style={{ color: PDF_COLORS.muted }}>
                  {time(n.date)} · {n.author}
                  {n.staff ? ` (${t.staff})` : ''}
                </Text>
                <Text>{n.text}</Text>
              </View>
            ))
          )}
        </View>
        <PdfSection title={t.files}>
          {ticket.files.length === 0 ? (
            <Text style={{ color: PDF_COLORS.muted }}>{t.none}</Text>
          ) : (
            ticket.files.map((a) => <Text key={a.id}>• {a.name}</Text>)
          )}
        </PdfSection>
      </PdfFrame>
    </Document>,
  );
  const document = await newPdf(title);
  await appendPdf(document, bytes);
  await stampFooters(document, `${title} · ${ticket.matricola}`, (page, total) => fillText(t.page, { page, total }));
  return savePdf(document);
};
