/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (The pragmas let tsx and vitest compile this file the same way from any working directory.)

import { Document, Text, View } from '@react-pdf/renderer';
import type { Language, MessaInStrada } from '@ricambi/domain';
import {
  appendPdf,
  fillText,
  newPdf,
  PDF_COLORS,
  PDF_FONT,
  PdfFrame,
  pdfDate,
  pdfTexts,
  renderPdf,
  savePdf,
  stampFooters,
} from '../../platform/pdf.ts';

/** The texts of the record's PDF (apps/web/src/i18n/<lang>/pdf.json, key "messaInStrada"). */
type MessaInStradaPdfTexts = {
  title: string;
  machine: string;
  customer: string;
  registration: string;
  attachments: string;
  none: string;
  generated: string;
  page: string;
  fields: Record<
    | 'matricola'
    | 'descrizione'
    | 'nomeCliente'
    | 'partitaIva'
    | 'via'
    | 'cap'
    | 'loc'
    | 'provincia'
    | 'stato'
    | 'geoLoc'
    | 'rif'
    | 'telefono'
    | 'email'
    | 'settore'
    | 'msData',
    string
  >;
};

const Row = ({ label, value }: { label: string; value: string | null }) => (
  <View
    style={{ flexDirection: 'row', paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: PDF_COLORS.rule }}
  >
    <Text style={{ width: 150, color: PDF_COLORS.muted }}>{label}</Text>
    <Text style={{ flex: 1 }}>{value || '—'}</Text>
  </View>
);

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <View style={{ marginTop: 14 }} wrap={false}>
    <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 11, marginBottom: 4 }}>{title}</Text>
    {children}
  </View>
);

/**
 * The record of a road registration (spec 2 §2 "PDF download"): the machine, the customer, where and
 * when it went on the road, and the list of its attachments.
 */
export const renderMessaInStradaPdf = async (
  record: MessaInStrada,
  lang: Language,
  names: { stato: string | null },
  now = new Date(),
) => {
  const t = pdfTexts<MessaInStradaPdfTexts>('messaInStrada', lang);
  const f = t.fields;
  const matricola = record.id.matricola;
  const title = fillText(t.title, { matricola });
  const bytes = await renderPdf(
    <Document title={title} author="Ricambi" language={lang}>
      <PdfFrame title={title} subtitle={fillText(t.generated, { date: pdfDate(now) })}>
        <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 16 }}>{title}</Text>
        <Section title={t.machine}>
          <Row label={f.matricola} value={matricola} />
          <Row label={f.descrizione} value={record.descrizione} />
        </Section>
        <Section title={t.customer}>
          <Row label={f.nomeCliente} value={record.nomeCliente} />
          <Row label={f.partitaIva} value={record.partitaIva} />
          <Row label={f.via} value={record.via} />
          <Row label={f.cap} value={record.cap} />
          <Row label={f.loc} value={record.loc} />
          <Row label={f.provincia} value={record.provincia} />
          <Row label={f.stato} value={names.stato ?? record.stato} />
          <Row label={f.rif} value={record.rif} />
          <Row label={f.telefono} value={record.telefono} />
          <Row label={f.email} value={record.email} />
        </Section>
        <Section title={t.registration}>
          <Row label={f.msData} value={record.msData} />
          <Row label={f.settore} value={record.settore} />
          <Row label={f.geoLoc} value={record.geoLoc} />
        </Section>
        <Section title={t.attachments}>
          {record.allegati.length === 0 ? (
            <Text style={{ color: PDF_COLORS.muted }}>{t.none}</Text>
          ) : (
            record.allegati.map((a) => <Text key={a.id}>• {a.name}</Text>)
          )}
        </Section>
      </PdfFrame>
    </Document>,
  );
  const document = await newPdf(title);
  await appendPdf(document, bytes);
  await stampFooters(document, `${matricola} · ${record.nomeCliente ?? ''}`, (page, total) =>
    fillText(t.page, { page, total }),
  );
  return savePdf(document);
};
