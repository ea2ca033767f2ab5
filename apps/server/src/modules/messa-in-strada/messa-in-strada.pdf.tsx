/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (The pragmas let tsx and vitest compile this file the same way from any working directory.)

import { Document, Text } from '@react-pdf/renderer';
import type { Language, MessaInStrada } from '@ricambi/domain';
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
        <PdfSection title={t.machine}>
          <PdfField label={f.matricola} value={matricola} />
          <PdfField label={f.descrizione} value={record.descrizione} />
        </PdfSection>
        <PdfSection title={t.customer}>
          <PdfField label={f.nomeCliente} value={record.nomeCliente} />
          <PdfField label={f.partitaIva} value={record.partitaIva} />
          <PdfField label={f.via} value={record.via} />
          <PdfField label={f.cap} value={record.cap} />
          <PdfField label={f.loc} value={record.loc} />
          <PdfField label={f.provincia} value={record.provincia} />
          <PdfField label={f.stato} value={names.stato ?? record.stato} />
          <PdfField label={f.rif} value={record.rif} />
          <PdfField label={f.telefono} value={record.telefono} />
          <PdfField label={f.email} value={record.email} />
        </PdfSection>
        <PdfSection title={t.registration}>
          <PdfField label={f.msData} value={record.msData} />
          <PdfField label={f.settore} value={record.settore} />
          <PdfField label={f.geoLoc} value={record.geoLoc} />
        </PdfSection>
        <PdfSection title={t.attachments}>
          {record.allegati.length === 0 ? (
            <Text style={{ color: PDF_COLORS.muted }}>{t.none}</Text>
          ) : (
            record.allegati.map((a) => <Text key={a.id}>• {a.name}</Text>)
          )}
        </PdfSection>
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
