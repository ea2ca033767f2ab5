/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (The pragmas let tsx and vitest compile this file the same way from any working directory.)

import { Document, Text } from '@react-pdf/renderer';
import type { Language, Warranty, WarrantyState } from '@ricambi/domain';
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
  pdfLocale,
  pdfTexts,
  renderPdf,
  savePdf,
  stampFooters,
} from '../../platform/pdf.ts';

/** The texts of the request's PDF (apps/web/src/i18n/<lang>/pdf.json, key "warranty"). */
type WarrantyPdfTexts = {
  title: string;
  machine: string;
  failure: string;
  repair: string;
  order: string;
  attachments: string;
  history: string;
  none: string;
  expired: string;
  generated: string;
  page: string;
  states: Record<WarrantyState, string>;
  fields: Record<
    | 'matricola'
    | 'descrizione'
    | 'numeroRichiesta'
    | 'dataRichiesta'
    | 'dataFineGaranzia'
    | 'statoAttivita'
    | 'dataGuasto'
    | 'oreLavoro'
    | 'problemaSegnalato'
    | 'problemaNote'
    | 'collocazioneProblema'
    | 'componente'
    | 'stato'
    | 'provincia'
    | 'dataRiparazione'
    | 'oreIntervento'
    | 'oreViaggio'
    | 'chilometri'
    | 'costoTotaleIntervento'
    | 'soluzioneAdottataNote'
    | 'numeroOrdine'
    | 'dataOrdine',
    string
  >;
};

/** The warranty request as a PDF (spec 2 §2 "PDF download"): machine, failure, repair, order, files, history. */
export const renderWarrantyPdf = async (
  w: Warranty,
  lang: Language,
  names: { stato: string | null },
  now = new Date(),
) => {
  const t = pdfTexts<WarrantyPdfTexts>('warranty', lang);
  const f = t.fields;
  const numbers = new Intl.NumberFormat(pdfLocale(lang), { maximumFractionDigits: 1 });
  const money = new Intl.NumberFormat(pdfLocale(lang), { style: 'currency', currency: 'EUR' });
  const num = (v: number | null) => (v === null ? null : numbers.format(v));
  const title = fillText(t.title, { numero: w.id.numeroRichiesta, matricola: w.id.matricola });
  const componente = [w.codiceComponente, w.componenteDescrizione].filter(Boolean).join(' – ');
  const bytes = await renderPdf(
    <Document title={title} author="Ricambi" language={lang}>
      <PdfFrame title={title} subtitle={fillText(t.generated, { date: pdfDate(now) })}>
        <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 16 }}>{title}</Text>
        <PdfSection title={t.machine}>
          <PdfField label={f.matricola} value={w.id.matricola} />
          <PdfField label={f.descrizione} value={w.descrizione} />
          <PdfField label={f.numeroRichiesta} value={w.id.numeroRichiesta} />
          <PdfField label={f.dataRichiesta} value={w.dataRichiesta} />
          <PdfField
            label={f.dataFineGaranzia}
            value={w.dataFineGaranzia ? `${w.dataFineGaranzia}${w.garanziaScaduta ? ` (${t.expired})` : ''}` : null}
          />
          <PdfField label={f.statoAttivita} value={t.states[w.statoAttivita]} />
        </PdfSection>
        <PdfSection title={t.failure}>
          <PdfField label={f.dataGuasto} value={w.dataGuasto} />
          <PdfField label={f.oreLavoro} value={num(w.oreLavoro)} />
          <PdfField label={f.problemaSegnalato} value={w.problemaSegnalatoDescrizione ?? w.problemaSegnalato} />
          <PdfField label={f.problemaNote} value={w.problemaNote} />
          <PdfField
            label={f.collocazioneProblema}
            value={w.collocazioneProblemaDescrizione ?? w.collocazioneProblema}
          />
          <PdfField label={f.componente} value={componente} />
          <PdfField label={f.stato} value={names.stato ?? w.stato} />
          <PdfField label={f.provincia} value={w.provincia} />
        </PdfSection>
        <PdfSection title={t.repair}>
          <PdfField label={f.dataRiparazione} value={w.dataRiparazione} />
          <PdfField label={f.oreIntervento} value={num(w.oreIntervento)} />
          <PdfField label={f.oreViaggio} value={num(w.oreViaggio)} />
          <PdfField label={f.chilometri} value={num(w.chilometri)} />
          <PdfField
            label={f.costoTotaleIntervento}
            value={w.costoTotaleIntervento === null ? null : money.format(w.costoTotaleIntervento)}
          />
          <PdfField label={f.soluzioneAdottataNote} value={w.soluzioneAdottataNote} />
        </PdfSection>
        {w.numeroOrdine ? (
          <PdfSection title={t.order}>
            <PdfField label={f.numeroOrdine} value={w.numeroOrdine} />
            <PdfField label={f.dataOrdine} value={w.dataOrdine} />
          </PdfSection>
        ) : null}
        <PdfSection title={t.attachments}>
          {w.allegati.length === 0 ? (
            <Text style={{ color: PDF_COLORS.muted }}>{t.none}</Text>
          ) : (
            w.allegati.map((a) => <Text key={a.id}>• {a.name}</Text>)
          )}
        </PdfSection>
        <PdfSection title={t.history}>
          {w.eventi.map((e) => (
            <Text key={`${e.data}-${e.statoAttivita}`}>
              • {pdfDate(new Date(e.data))} {t.states[e.statoAttivita]} ({e.login}){e.nota ? `: ${e.nota}` : ''}
            </Text>
          ))}
        </PdfSection>
      </PdfFrame>
    </Document>,
  );
  const document = await newPdf(title);
  await appendPdf(document, bytes);
  await stampFooters(document, `${w.id.matricola} · ${w.id.numeroRichiesta}`, (page, total) =>
    fillText(t.page, { page, total }),
  );
  return savePdf(document);
};
