/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (The pragmas let tsx and vitest compile this file the same way from any working directory.)

import { Document, Image, Text, View } from '@react-pdf/renderer';
import { type ChecklistHeader, type ChecklistLine, isQuestionRow, type Language, localizedText } from '@ricambi/domain';
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
import { lineLevel, lineNumber } from './checklists.mapper.ts';

/** The texts of the checklist's PDF (apps/web/src/i18n/<lang>/pdf.json, key "crDar"). */
type ChecklistPdfTexts = {
  title: string;
  header: string;
  answers: string;
  generated: string;
  page: string;
  detail: string;
  note: string;
  photoMissing: string;
  rating: string;
  states: { inCorso: string; completato: string; inviato: string };
  answerLabels: { ok: string; ko: string; na: string; none: string };
  fields: Record<
    | 'tipoDocumento'
    | 'template'
    | 'modello'
    | 'matricola'
    | 'dealer'
    | 'user'
    | 'dataArrivoMacchina'
    | 'dataCompilazione'
    | 'stato'
    | 'valutazioneUtente'
    | 'valutazioneCalcolata'
    | 'note',
    string
  >;
};

/** A photo of a KO answer, made ready for the PDF (JPEG, scaled), or only its name when unreadable. */
export type ChecklistPdfPhoto = {
  name: string;
  image?: { data: Buffer; format: 'jpg'; width: number; height: number };
};

const PHOTO_WIDTH = 170;
const GREEN = '#1a7f37';

const HOURS = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });
const time = (iso: string | null) => (iso ? `${pdfDate(new Date(iso))} ${HOURS.format(new Date(iso))}` : null);
const day = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : null);

/**
 * The checklist as a PDF (issue 15, spec 3 §7 downloadpdf): its header, then every row in tree order
 * with its number and both descriptions in the language, the answer, a KO's detail and note, and its
 * photos.
 */
export const renderChecklistPdf = async (
  c: { header: ChecklistHeader; templateVersione: string; lines: ChecklistLine[] },
  photos: ReadonlyMap<number, ChecklistPdfPhoto[]>,
  lang: Language,
  now = new Date(),
) => {
  const t = pdfTexts<ChecklistPdfTexts>('crDar', lang);
  const f = t.fields;
  const h = c.header;
  const tipo = h.idCrDarTemplateHeader.tipoDocumento;
  const title = fillText(t.title, { tipo, matricola: h.matricola });
  const numbers = new Intl.NumberFormat(pdfLocale(lang), { maximumFractionDigits: 2 });
  const state = { 'In Corso': t.states.inCorso, Completato: t.states.completato, Inviato: t.states.inviato }[h.stato];
  const user = [[h.userFirstName, h.userLastName].filter(Boolean).join(' '), `(${h.userLogin})`, h.userEmail ?? '']
    .filter(Boolean)
    .join(' ');
  const answer = (r: ChecklistLine['risposta']) =>
    r === 'OK'
      ? { label: t.answerLabels.ok, color: GREEN }
      : r === 'KO'
        ? { label: t.answerLabels.ko, color: PDF_COLORS.accent }
        : r === '--'
          ? { label: t.answerLabels.na, color: PDF_COLORS.muted }
          : { label: t.answerLabels.none, color: PDF_COLORS.muted };

  const bytes = await renderPdf(
    <Document title={title} author="Ricambi" language={lang}>
      <PdfFrame title={title} subtitle={fillText(t.generated, { date: pdfDate(now) })}>
        <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 16 }}>{title}</Text>
        <PdfSection title={t.header}>
          <PdfField label={f.tipoDocumento} value={tipo} />
          <PdfField label={f.template} value={`${h.idCrDarTemplateHeader.nome} (${c.templateVersione})`} />
          <PdfField label={f.modello} value={h.modello} />
          <PdfField label={f.matricola} value={h.matricola} />
          <PdfField label={f.dealer} value={[h.dealerLogin, h.userRagioneSociale].filter(Boolean).join(' – ')} />
          <PdfField label={f.user} value={user} />
          <PdfField label={f.dataArrivoMacchina} value={day(h.dataArrivoMacchina)} />
          <PdfField label={f.dataCompilazione} value={time(h.dataCompilazione)} />
          <PdfField label={f.stato} value={state} />
          <PdfField
            label={f.valutazioneUtente}
            value={h.valutazioneUtente === null ? null : fillText(t.rating, { value: h.valutazioneUtente })}
          />
          <PdfField
            label={f.valutazioneCalcolata}
            value={h.valutazioneCalcolata === null ? null : numbers.format(h.valutazioneCalcolata)}
          />
          <PdfField label={f.note} value={h.note} />
        </PdfSection>
        <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 11, marginTop: 14, marginBottom: 4 }}>{t.answers}</Text>
        {c.lines.map((line) => {
          const question = isQuestionRow(line);
          const level = lineLevel(line);
          const descr1 = localizedText(line.darDescr1, lang);
          const descr2 = localizedText(line.darDescr2, lang);
          const a = answer(line.risposta);
          const ko = line.risposta === 'KO';
          const pictures = ko ? (photos.get(line.id) ?? []) : [];
          return (
            <View
              key={line.id}
              wrap={false}
              style={{
                flexDirection: 'row',
                paddingVertical: 3,
                paddingLeft: 4 + (level - 1) * 12,
                paddingRight: 4,
                borderBottomWidth: 0.5,
                borderBottomColor: PDF_COLORS.rule,
                ...(question ? {} : { backgroundColor: PDF_COLORS.band, marginTop: level === 1 ? 6 : 2 }),
              }}
            >
              <Text style={{ width: 38, fontFamily: question ? PDF_FONT.regular : PDF_FONT.bold }}>
                {lineNumber(line)}
              </Text>
              <View style={{ flex: 1 }}>
                <Text style={{ fontFamily: question ? PDF_FONT.regular : PDF_FONT.bold }}>{descr1 || '—'}</Text>
                {descr2 ? <Text style={{ color: PDF_COLORS.muted }}>{descr2}</Text> : null}
                {ko && line.rispostaDettaglio ? (
                  <Text style={{ marginTop: 2 }}>
                    <Text style={{ fontFamily: PDF_FONT.bold }}>{t.detail}: </Text>
                    {line.rispostaDettaglio}
                  </Text>
                ) : null}
                {line.note ? (
                  <Text style={{ marginTop: 2 }}>
                    <Text style={{ fontFamily: PDF_FONT.bold }}>{t.note}: </Text>
                    {line.note}
                  </Text>
                ) : null}
                {pictures.length > 0 ? (
                  <View style={{ flexDirection: 'row', marginTop: 4 }}>
                    {pictures.map((p) =>
                      p.image ? (
                        <Image
                          key={p.name}
                          src={{ data: p.image.data, format: p.image.format }}
                          style={{
                            width: PHOTO_WIDTH,
                            height: (PHOTO_WIDTH * p.image.height) / p.image.width,
                            marginRight: 8,
                          }}
                        />
                      ) : (
                        <Text key={p.name} style={{ color: PDF_COLORS.muted, marginRight: 8 }}>
                          {fillText(t.photoMissing, { name: p.name })}
                        </Text>
                      ),
                    )}
                  </View>
                ) : null}
              </View>
              {question ? (
                <Text style={{ width: 70, textAlign: 'right', fontFamily: PDF_FONT.bold, color: a.color }}>
                  {a.label}
                </Text>
              ) : null}
            </View>
          );
        })}
      </PdfFrame>
    </Document>,
  );
  const document = await newPdf(title);
  await appendPdf(document, bytes);
  await stampFooters(document, `${title} · ${h.modello}`, (page, total) => fillText(t.page, { page, total }));
  return savePdf(document);
};
