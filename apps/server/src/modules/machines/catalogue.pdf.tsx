/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (The pragmas let tsx and vitest compile this file the same way from any working directory.)

import { Circle, Document, Image, Page, Svg, Text, View } from '@react-pdf/renderer';
import type { Language } from '@ricambi/domain';
import type { DrawingLabel } from '../../db/schema/index.ts';
import {
  fillText,
  PDF_COLORS,
  PDF_CONTENT_WIDTH,
  PDF_FONT,
  PDF_PAGE,
  PdfFrame,
  type PdfLogo,
  pdfLocale,
  pdfTexts,
} from '../../platform/pdf.ts';

/** The texts of the catalogue PDFs (apps/web/src/i18n/<lang>/pdf.json, key "cataloguePdf"). */
export type CataloguePdfTexts = {
  title: string;
  plate: string;
  serial: string;
  model: string;
  date: string;
  contents: string;
  page: string;
  generated: string;
  noDrawing: string;
  noRows: string;
  continued: string;
  columns: { pos: string; code: string; description: string; quantity: string; unit: string; note: string };
};
export const cataloguePdfTexts = (lang: Language) => pdfTexts<CataloguePdfTexts>('cataloguePdf', lang);

/** A drawing: its file, and the image data once loaded (pdfImage) for the render. */
export type PdfDrawing = {
  file: string;
  width: number;
  height: number;
  labels: readonly DrawingLabel[];
  image?: { data: Buffer; format: 'png' | 'jpg' };
};

/** One line of a plate's parts table; depth > 0 for the children of a sub-assembly listed under it. */
export type PdfPartRow = {
  rigItem: number;
  depth: number;
  pos: string | null;
  code: string | null;
  descrizione: string;
  qta: number;
  unit: string | null;
  note: string | null;
  branch: boolean;
};

/** One plate: an assembly (or group) row with its drawing and its parts. */
export type PdfSection = {
  rigItem: number;
  livello: number;
  idTav: string;
  descrizione: string;
  drawing: PdfDrawing | null;
  rows: readonly PdfPartRow[];
};

/** What every page names: the catalogue's description in the document's language. */
export type PdfCatalogue = { descrizione: string; lang: Language };

/** The drawing never takes more than this height, so the table starts on the same page. */
const MAX_DRAWING_HEIGHT = 430;
const COLUMNS = { pos: 30, code: 82, qty: 40, unit: 32, note: 118 } as const;

const styles = {
  plateLabel: { fontSize: 8, color: PDF_COLORS.muted, marginBottom: 2 },
  plateTitle: { fontFamily: PDF_FONT.bold, fontSize: 14, marginBottom: 10 },
  drawingBox: { alignItems: 'center', marginBottom: 12, borderWidth: 0.5, borderColor: PDF_COLORS.rule },
  noDrawing: {
    borderWidth: 0.5,
    borderColor: PDF_COLORS.rule,
    padding: 24,
    textAlign: 'center',
    color: PDF_COLORS.muted,
    marginBottom: 12,
  },
  headerRow: {
    flexDirection: 'row',
    backgroundColor: PDF_COLORS.text,
    color: '#ffffff',
    fontFamily: PDF_FONT.bold,
    fontSize: 8,
    paddingVertical: 4,
  },
  row: { flexDirection: 'row', paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: PDF_COLORS.rule },
  cell: { paddingHorizontal: 3 },
} as const;

const quantityFormat = (lang: Language) => new Intl.NumberFormat(pdfLocale(lang), { maximumFractionDigits: 3 });

/**
 * The drawing scaled to the content width (or to the height limit), with every balloon drawn again
 * as vector over the image at the label's pixel coordinates: crisp at any zoom and exactly the
 * labels of the table's Pos column.
 */
const Drawing = ({ drawing }: { drawing: PdfDrawing }) => {
  const scale = Math.min(PDF_CONTENT_WIDTH / drawing.width, MAX_DRAWING_HEIGHT / drawing.height);
  const width = drawing.width * scale;
  const height = drawing.height * scale;
  // (x, y) is the balloon's centre and its radius the label's font size (the seed's drawings): a
  // slightly larger circle covers the raster balloon; long labels get room for their text.
  const balloons = drawing.labels.map((label) => {
    const font = Math.max(label.font, 1);
    const radius = Math.max(font * 1.1, label.label.length * font * 0.3 + font * 0.35);
    return { label, font, radius };
  });
  return (
    <View style={styles.drawingBox} wrap={false}>
      <View style={{ width, height, position: 'relative' }}>
        <Image src={drawing.image ?? drawing.file} style={{ width, height }} />
        <Svg
          viewBox={`0 0 ${drawing.width} ${drawing.height}`}
          style={{ position: 'absolute', top: 0, left: 0, width, height }}
        >
          {balloons.map(({ label, radius, font }, index) => (
            <Circle
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat in a drawing
              key={index}
              cx={label.x}
              cy={label.y}
              r={radius}
              fill="#ffffff"
              stroke={PDF_COLORS.text}
              strokeWidth={Math.max(font * 0.1, 1.5)}
            />
          ))}
        </Svg>
        {balloons.map(({ label, radius, font }, index) => (
          <Text
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat in a drawing
            key={index}
            style={{
              position: 'absolute',
              left: (label.x - radius) * scale,
              top: (label.y - font * 0.5) * scale,
              width: radius * 2 * scale,
              textAlign: 'center',
              fontFamily: PDF_FONT.bold,
              fontSize: font * 0.8 * scale,
              lineHeight: 1.25,
              color: PDF_COLORS.text,
            }}
          >
            {label.label}
          </Text>
        ))}
      </View>
    </View>
  );
};

const PartsTable = ({
  rows,
  texts,
  lang,
}: {
  rows: readonly PdfPartRow[];
  texts: CataloguePdfTexts;
  lang: Language;
}) => {
  const qty = quantityFormat(lang);
  const c = texts.columns;
  return (
    <View>
      <View style={styles.headerRow} fixed>
        <Text style={[styles.cell, { width: COLUMNS.pos }]}>{c.pos}</Text>
        <Text style={[styles.cell, { width: COLUMNS.code }]}>{c.code}</Text>
        <Text style={[styles.cell, { flex: 1 }]}>{c.description}</Text>
        <Text style={[styles.cell, { width: COLUMNS.qty, textAlign: 'right' }]}>{c.quantity}</Text>
        <Text style={[styles.cell, { width: COLUMNS.unit }]}>{c.unit}</Text>
        <Text style={[styles.cell, { width: COLUMNS.note }]}>{c.note}</Text>
      </View>
      {rows.length === 0 ? <Text style={{ padding: 8, color: PDF_COLORS.muted }}>{texts.noRows}</Text> : null}
      {rows.map((row, index) => (
        <View
          key={row.rigItem}
          wrap={false}
          style={[
            styles.row,
            index % 2 === 1 ? { backgroundColor: PDF_COLORS.band } : {},
            row.branch ? { fontFamily: PDF_FONT.bold } : {},
          ]}
        >
          <Text style={[styles.cell, { width: COLUMNS.pos }]}>{row.pos ?? ''}</Text>
          <Text style={[styles.cell, { width: COLUMNS.code }]}>{row.code ?? ''}</Text>
          <Text style={[styles.cell, { flex: 1, paddingLeft: 3 + row.depth * 9 }]}>{row.descrizione}</Text>
          <Text style={[styles.cell, { width: COLUMNS.qty, textAlign: 'right' }]}>{qty.format(row.qta)}</Text>
          <Text style={[styles.cell, { width: COLUMNS.unit }]}>{row.unit ?? ''}</Text>
          <Text style={[styles.cell, { width: COLUMNS.note, fontSize: 7.5 }]}>{row.note ?? ''}</Text>
        </View>
      ))}
    </View>
  );
};

/** The page(s) of one plate: title, drawing with balloons, parts table. */
export const PlatePages = ({
  catalogue,
  section,
  texts,
}: {
  catalogue: PdfCatalogue;
  section: PdfSection;
  texts: CataloguePdfTexts;
}) => (
  <PdfFrame title={catalogue.descrizione} subtitle={`${texts.plate} ${section.idTav}`}>
    <Text style={styles.plateLabel}>{`${texts.plate} ${section.idTav}`}</Text>
    <Text style={styles.plateTitle}>{section.descrizione}</Text>
    {section.drawing ? <Drawing drawing={section.drawing} /> : <Text style={styles.noDrawing}>{texts.noDrawing}</Text>}
    <PartsTable rows={section.rows} texts={texts} lang={catalogue.lang} />
  </PdfFrame>
);

/** Plates as one document (the assembly PDF, or one part of the full catalogue). */
export const PlatesDocument = ({
  catalogue,
  sections,
  texts,
}: {
  catalogue: PdfCatalogue;
  sections: readonly PdfSection[];
  texts: CataloguePdfTexts;
}) => (
  <Document title={catalogue.descrizione} language={catalogue.lang} creator="Ricambi" producer="Ricambi">
    {sections.map((section) => (
      <PlatePages key={section.rigItem} catalogue={catalogue} section={section} texts={texts} />
    ))}
  </Document>
);

/** The cover: the machine's serial when made for one machine, the theme's logo on its header colour. */
export type PdfCover = {
  models: readonly string[];
  date: string;
  serial: string | null;
  logo?: { image: PdfLogo; background: string } | null;
};

const LOGO_WIDTH = 220;
export type PdfContentsEntry = { rigItem: number; livello: number; idTav: string; descrizione: string; page: number };

/** The cover page: title, catalogue, serial, models and date, the theme's logo at the top. */
const CoverPage = ({
  catalogue,
  cover,
  texts,
}: {
  catalogue: PdfCatalogue;
  cover: PdfCover;
  texts: CataloguePdfTexts;
}) => {
  const fields = [
    ...(cover.serial ? [[texts.serial, cover.serial] as const] : []),
    ...(cover.models.length > 0 ? [[texts.model, cover.models.join(', ')] as const] : []),
    [texts.date, cover.date] as const,
  ];
  return (
    <Page
      size="A4"
      style={{
        padding: PDF_PAGE.margin * 2,
        fontFamily: PDF_FONT.regular,
        color: PDF_COLORS.text,
        justifyContent: 'center',
      }}
    >
      {cover.logo ? (
        <View
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            backgroundColor: cover.logo.background,
            paddingVertical: 18,
            paddingHorizontal: PDF_PAGE.margin * 2,
          }}
        >
          <Image
            src={cover.logo.image}
            style={{ width: LOGO_WIDTH, height: (LOGO_WIDTH * cover.logo.image.height) / cover.logo.image.width }}
          />
        </View>
      ) : null}
      <View style={{ borderLeftWidth: 4, borderLeftColor: PDF_COLORS.accent, paddingLeft: 18 }}>
        <Text style={{ fontSize: 12, color: PDF_COLORS.muted, marginBottom: 8 }}>{texts.title}</Text>
        <Text style={{ fontFamily: PDF_FONT.bold, fontSize: 26, marginBottom: 28 }}>{catalogue.descrizione}</Text>
        {fields.map(([label, value]) => (
          <View key={label} style={{ flexDirection: 'row', marginBottom: 6, fontSize: 12 }}>
            <Text style={{ width: 130, color: PDF_COLORS.muted }}>{label}</Text>
            <Text style={{ flex: 1, fontFamily: PDF_FONT.bold }}>{value}</Text>
          </View>
        ))}
      </View>
    </Page>
  );
};

/** The cover alone: put in place of a full catalogue's first page when it is downloaded for one machine. */
export const CoverDocument = ({
  catalogue,
  cover,
  texts,
}: {
  catalogue: PdfCatalogue;
  cover: PdfCover;
  texts: CataloguePdfTexts;
}) => (
  <Document title={catalogue.descrizione} language={catalogue.lang}>
    <CoverPage catalogue={catalogue} cover={cover} texts={texts} />
  </Document>
);

/** Cover page and table of contents of the full catalogue. */
export const FrontMatterDocument = ({
  catalogue,
  cover,
  contents,
  texts,
}: {
  catalogue: PdfCatalogue;
  cover: PdfCover;
  contents: readonly PdfContentsEntry[];
  texts: CataloguePdfTexts;
}) => {
  return (
    <Document title={catalogue.descrizione} language={catalogue.lang}>
      <CoverPage catalogue={catalogue} cover={cover} texts={texts} />
      <PdfFrame title={catalogue.descrizione} subtitle={texts.contents}>
        <Text style={styles.plateTitle}>{texts.contents}</Text>
        {contents.map((entry) => (
          <View
            key={entry.rigItem}
            wrap={false}
            style={[
              styles.row,
              { paddingLeft: (entry.livello - 1) * 12 },
              entry.livello === 1 ? { fontFamily: PDF_FONT.bold, marginTop: 4 } : {},
            ]}
          >
            <Text style={{ width: 70 }}>{entry.idTav}</Text>
            <Text style={{ flex: 1 }}>{entry.descrizione}</Text>
            <Text style={{ width: 40, textAlign: 'right' }}>{String(entry.page)}</Text>
          </View>
        ))}
      </PdfFrame>
    </Document>
  );
};

/** The footer's page label, e.g. "Pagina 3 di 40". */
export const pageLabel = (texts: CataloguePdfTexts) => (page: number, total: number) =>
  fillText(texts.page, { page, total });
