/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (The pragmas let tsx and vitest compile this file the same way from any working directory.)

import { Document, Text, View } from '@react-pdf/renderer';
import type { Language, OrderHistoryLine } from '@ricambi/domain';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import {
  appendPdf,
  fillText,
  newPdf,
  PDF_COLORS,
  PDF_CONTENT_WIDTH,
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

/** The texts of the order's PDF (apps/web/src/i18n/<lang>/pdf.json, key "storicoOrdine"). */
type OrderHistoryPdfTexts = {
  title: string;
  generated: string;
  page: string;
  details: string;
  lines: string;
  noLines: string;
  total: string;
  types: Record<string, string>;
  origins: Record<'portale' | 'erp', string>;
  states: Record<LineState, string>;
  fields: Record<'numero' | 'tipo' | 'cliente' | 'data' | 'riferimento' | 'origine' | 'righe' | 'daEvadere', string>;
  columns: Record<
    | 'riga'
    | 'articolo'
    | 'matricola'
    | 'qtaOrdinata'
    | 'qtaSpedita'
    | 'stato'
    | 'spedizione'
    | 'fattura'
    | 'wayBill'
    | 'importo',
    string
  >;
};

/** The order the PDF is about (its header; the lines come apart). */
export type OrderHistoryPdfOrder = {
  nroOrdTxt: string;
  rifVsNroOrd: string | null;
  dataIns: Date;
  portale: boolean;
  tiporichiesta: string;
  cliente: string;
  company: string | null;
};

type LineState = 'evasa' | 'parziale' | 'daEvadere';
/** A line is fulfilled when the ERP says so, partial once something has shipped, otherwise still to fulfil. */
const lineState = (line: OrderHistoryLine): LineState =>
  line.seEvasa ? 'evasa' : line.qtaSpedita > 0 ? 'parziale' : 'daEvadere';

/** Column widths in points (A4 portrait: 523 pt between the margins); the item takes what is left. */
const COLUMNS = {
  riga: 22,
  matricola: 56,
  qtaOrdinata: 38,
  qtaSpedita: 36,
  stato: 50,
  spedizione: 52,
  fattura: 44,
  wayBill: 60,
  importo: 56,
} as const;

/** The room of a cell's text: its width less the cell's padding (and half a point to spare). */
const CELL_PADDING = 3;
const roomOf = (width: number) => width - 2 * CELL_PADDING - 0.5;
/** PdfField's value column: the content width less its 150 pt label. */
const FIELD_ROOM = PDF_CONTENT_WIDTH - 150 - 1;
const SIZES = { header: 7, row: 7.5, field: 9 } as const;

const styles = {
  headerRow: {
    flexDirection: 'row',
    backgroundColor: PDF_COLORS.text,
    color: '#ffffff',
    fontFamily: PDF_FONT.bold,
    fontSize: SIZES.header,
    paddingVertical: 4,
  },
  row: {
    flexDirection: 'row',
    paddingVertical: 3,
    borderBottomWidth: 0.5,
    borderBottomColor: PDF_COLORS.rule,
    fontSize: SIZES.row,
  },
  totalRow: {
    flexDirection: 'row',
    paddingVertical: 4,
    borderTopWidth: 1,
    borderTopColor: PDF_COLORS.text,
    fontFamily: PDF_FONT.bold,
    fontSize: 9,
  },
  cell: { paddingHorizontal: CELL_PADDING },
  right: { textAlign: 'right' },
  muted: { color: PDF_COLORS.muted },
} as const;

/** dd/MM/yyyy of an ISO day (yyyy-MM-dd) or of a moment (the day in Italy). */
const day = (iso: string | null) => {
  if (!iso) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('/') : pdfDate(new Date(iso));
};

/**
 * Helvetica's WinAnsi has no narrow no-break space (French digit groups): a plain no-break space
 * takes its place.
 */
const pdfSafe = (text: string) => text.replace(/\u202f/g, '\u00a0');

type Fit = (text: string, room: number, size: number, bold?: boolean) => string;
let fitter: Promise<Fit> | undefined;

/**
 * Words are never hyphenated (pdf.ts), so a code, serial or number wider than its column would run
 * over the next one: such a word gets line breaks where the column is full, measured with the
 * standard Helvetica's metrics (pdf-lib's, the same font react-pdf draws with).
 */
const textFitter = () => {
  fitter ??= (async () => {
    const document = await PDFDocument.create();
    const regular = await document.embedFont(StandardFonts.Helvetica);
    const bold = await document.embedFont(StandardFonts.HelveticaBold);
    const widthOf = (font: PDFFont, text: string, size: number) => {
      try {
        return font.widthOfTextAtSize(text, size);
      } catch {
        // A character outside WinAnsi: assume a wide one.
        return text.length * size * 0.8;
      }
    };
    return (text, room, size, isBold = false) => {
      const font = isBold ? bold : regular;
      return text
        .split(/(\s+)/)
        .map((word) => {
          if (!word.trim() || widthOf(font, word, size) <= room) return word;
          const pieces: string[] = [];
          let piece = '';
          for (const char of word) {
            if (piece && widthOf(font, piece + char, size) > room) {
              pieces.push(piece);
              piece = char;
            } else piece += char;
          }
          pieces.push(piece);
          return pieces.join('\n');
        })
        .join('');
    };
  })();
  return fitter;
};

/** One order of the history with its lines (spec 2 §7 GET /api/storicoordine/pdf/{lang}/{idRichiesta}/{id}). */
export const renderOrderHistoryPdf = async (
  order: OrderHistoryPdfOrder,
  lines: OrderHistoryLine[],
  lang: Language,
  pricesVisible: boolean,
  now = new Date(),
): Promise<Buffer> => {
  const t = pdfTexts<OrderHistoryPdfTexts>('storicoOrdine', lang);
  const fit = await textFitter();
  /** A cell's text, broken where a word is wider than the column. */
  const cell = (text: string, width: number, bold = false) => fit(text, roomOf(width), SIZES.row, bold);
  const field = (text: string | null) => (text === null ? null : fit(text, FIELD_ROOM, SIZES.field));
  const fixedWidth = Object.entries(COLUMNS).reduce(
    (acc, [column, width]) => (column === 'importo' && !pricesVisible ? acc : acc + width),
    0,
  );
  const articleWidth = PDF_CONTENT_WIDTH - fixedWidth;
  const columns: { key: keyof OrderHistoryPdfTexts['columns']; width: number; right?: boolean }[] = [
    { key: 'riga', width: COLUMNS.riga, right: true },
    { key: 'articolo', width: articleWidth },
    { key: 'matricola', width: COLUMNS.matricola },
    { key: 'qtaOrdinata', width: COLUMNS.qtaOrdinata, right: true },
    { key: 'qtaSpedita', width: COLUMNS.qtaSpedita, right: true },
    { key: 'stato', width: COLUMNS.stato },
    { key: 'spedizione', width: COLUMNS.spedizione },
    { key: 'fattura', width: COLUMNS.fattura },
    { key: 'wayBill', width: COLUMNS.wayBill },
    ...(pricesVisible ? [{ key: 'importo' as const, width: COLUMNS.importo, right: true }] : []),
  ];
  const f = t.fields;
  const c = t.columns;
  const money = new Intl.NumberFormat(pdfLocale(lang), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    // Digit groups for thousands too (Italian and Spanish leave 4-digit amounts ungrouped): a column
    // of amounts reads evenly.
    useGrouping: 'always',
  });
  const quantities = new Intl.NumberFormat(pdfLocale(lang), { maximumFractionDigits: 3 });
  const amount = (v: number | null) => (v === null ? '' : pdfSafe(money.format(v)));
  const quantity = (v: number) => pdfSafe(quantities.format(v));

  const tipo = t.types[order.tiporichiesta] ?? order.tiporichiesta;
  const title = fillText(t.title, { tipo, numero: order.nroOrdTxt });
  const cliente = order.company ? `${order.cliente} – ${order.company}` : order.cliente;
  const priced = lines.filter((l) => l.importo !== null);
  const sum = priced.reduce((acc, l) => acc + (l.importo ?? 0), 0);
  const toFulfil = lines.filter((l) => !l.seEvasa).length;

  const bytes = await renderPdf(
    <Document title={title} author="Ricambi" language={lang}>
      <PdfFrame title={title} subtitle={fillText(t.generated, { date: pdfDate(now) })}>
        <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 16 }}>{title}</Text>
        <Text style={{ fontSize: 11, marginTop: 4, color: PDF_COLORS.muted }}>{cliente}</Text>
        <PdfSection title={t.details}>
          <PdfField label={f.numero} value={field(order.nroOrdTxt)} />
          <PdfField label={f.tipo} value={tipo} />
          <PdfField label={f.cliente} value={field(cliente)} />
          <PdfField label={f.data} value={pdfDate(order.dataIns)} />
          <PdfField label={f.riferimento} value={field(order.rifVsNroOrd)} />
          <PdfField label={f.origine} value={order.portale ? t.origins.portale : t.origins.erp} />
          <PdfField label={f.righe} value={lines.length} />
          <PdfField label={f.daEvadere} value={toFulfil} />
        </PdfSection>
        <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 11, marginTop: 14, marginBottom: 4 }}>{t.lines}</Text>
        <View>
          <View style={styles.headerRow} fixed>
            {columns.map(({ key, width, right }) => (
              <Text key={key} style={[styles.cell, right ? styles.right : {}, { width }]}>
                {fit(c[key], roomOf(width), SIZES.header, true)}
              </Text>
            ))}
          </View>
          {lines.length === 0 ? <Text style={{ padding: 8, color: PDF_COLORS.muted }}>{t.noLines}</Text> : null}
          {lines.map((line, index) => {
            const state = lineState(line);
            const ordered = `${quantity(line.qtaOrdinata)}${line.unitaMisura ? ` ${line.unitaMisura}` : ''}`;
            return (
              <View
                key={line.id}
                wrap={false}
                style={[styles.row, index % 2 === 1 ? { backgroundColor: PDF_COLORS.band } : {}]}
              >
                <Text style={[styles.cell, styles.right, styles.muted, { width: COLUMNS.riga }]}>{index + 1}</Text>
                <View style={[styles.cell, { width: articleWidth }]}>
                  <Text style={{ fontFamily: PDF_FONT.bold }}>{cell(line.codArt, articleWidth, true)}</Text>
                  <Text>{cell(line.descRiga, articleWidth)}</Text>
                </View>
                <Text style={[styles.cell, { width: COLUMNS.matricola }]}>
                  {cell(line.matricola ?? '', COLUMNS.matricola)}
                </Text>
                <Text style={[styles.cell, styles.right, { width: COLUMNS.qtaOrdinata }]}>
                  {cell(ordered, COLUMNS.qtaOrdinata)}
                </Text>
                <Text style={[styles.cell, styles.right, { width: COLUMNS.qtaSpedita }]}>
                  {cell(quantity(line.qtaSpedita), COLUMNS.qtaSpedita)}
                </Text>
                <Text
                  style={[
                    styles.cell,
                    { width: COLUMNS.stato },
                    state === 'evasa' ? {} : { fontFamily: PDF_FONT.bold },
                    state === 'daEvadere' ? { color: PDF_COLORS.accent } : {},
                  ]}
                >
                  {cell(t.states[state], COLUMNS.stato, state !== 'evasa')}
                </Text>
                <View style={[styles.cell, { width: COLUMNS.spedizione }]}>
                  <Text>{day(line.dataSpediz)}</Text>
                  {line.nroSpedTxt ? (
                    <Text style={styles.muted}>{cell(line.nroSpedTxt, COLUMNS.spedizione)}</Text>
                  ) : null}
                </View>
                <Text style={[styles.cell, { width: COLUMNS.fattura }]}>
                  {cell(line.nroFattTxt ?? '', COLUMNS.fattura)}
                </Text>
                <Text style={[styles.cell, { width: COLUMNS.wayBill }]}>
                  {cell(line.wayBillTxt ?? line.wayBill ?? '', COLUMNS.wayBill)}
                </Text>
                {pricesVisible ? (
                  <Text style={[styles.cell, styles.right, { width: COLUMNS.importo }]}>
                    {cell(amount(line.importo), COLUMNS.importo)}
                  </Text>
                ) : null}
              </View>
            );
          })}
          {pricesVisible && lines.length > 0 ? (
            <View style={styles.totalRow} wrap={false}>
              <Text style={[styles.cell, styles.right, { flex: 1 }]}>{t.total}</Text>
              <Text style={[styles.cell, styles.right, { width: COLUMNS.importo + 40 }]}>
                {priced.length > 0 ? fit(amount(sum), roomOf(COLUMNS.importo + 40), 9, true) : '—'}
              </Text>
            </View>
          ) : null}
        </View>
      </PdfFrame>
    </Document>,
  );
  const document = await newPdf(title);
  await appendPdf(document, bytes);
  await stampFooters(document, `${title} · ${order.cliente}`, (page, total) => fillText(t.page, { page, total }));
  return savePdf(document);
};
