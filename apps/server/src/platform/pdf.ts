import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { type DocumentProps, Font, Page, renderToBuffer, Text, View } from '@react-pdf/renderer';
import { businessToday, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@ricambi/domain';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { REPO_ROOT } from '../config.ts';

/**
 * The portal's PDFs: documents are drawn with react-pdf (A4, the built-in Helvetica: its WinAnsi
 * covers the five languages), merged and given their footers with pdf-lib. A long document is drawn
 * in parts (one react-pdf render each) so memory and event-loop pauses stay small, and the footers
 * ("page n of N") are stamped once the whole is known.
 */
export const PDF_PAGE = { width: 595.28, height: 841.89, margin: 36, header: 28, footer: 26 } as const;
/** The width available to content between the side margins. */
export const PDF_CONTENT_WIDTH = PDF_PAGE.width - 2 * PDF_PAGE.margin;
export const PDF_COLORS = { text: '#1f2328', muted: '#59636e', rule: '#c9ced6', band: '#f2f4f7', accent: '#b4261a' };
export const PDF_FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

// Words are not hyphenated: codes and descriptions are read, not typeset (react-pdf's default
// hyphenation is English and splits Italian words oddly).
Font.registerHyphenationCallback((word) => [word]);

// The PDF texts live with every other translation (namespace "pdf", one top-level key per document),
// read the way the mail texts are.
const I18N_DIR = path.join(REPO_ROOT, 'apps/web/src/i18n');
const texts = new Map<Language, Record<string, unknown>>(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.join(I18N_DIR, lang, 'pdf.json'), 'utf8')) as Record<string, unknown>,
  ]),
);

/** The texts of one document (a top-level key of pdf.json) in a language. */
export const pdfTexts = <T>(key: string, lang: string): T => {
  const all = texts.get(isLanguage(lang) ? lang : DEFAULT_LANGUAGE) as Record<string, unknown>;
  const found = all[key];
  if (!found) throw new Error(`pdf.json has no "${key}"`);
  return found as T;
};

export const fillText = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES' };
export const pdfLocale = (lang: Language) => LOCALES[lang];

/** Spec 2 §9: dates as dd/MM/yyyy, the day in Italy (where the business is). */
export const pdfDate = (date: Date) => businessToday(date).split('-').reverse().join('/');

type FrameProps = { title: string; subtitle?: string; children?: ReactNode };

/**
 * One A4 page (or run of pages, it wraps) with the running header: title on the left, subtitle on
 * the right, a rule under them. The bottom margin leaves room for the footer stamped by stampFooters.
 */
export const PdfFrame = ({ title, subtitle, children }: FrameProps) =>
  createElement(
    Page,
    {
      size: 'A4',
      style: {
        paddingTop: PDF_PAGE.margin + PDF_PAGE.header,
        paddingBottom: PDF_PAGE.margin + PDF_PAGE.footer - 12,
        paddingHorizontal: PDF_PAGE.margin,
        fontFamily: PDF_FONT.regular,
        fontSize: 9,
        color: PDF_COLORS.text,
      },
    },
    createElement(
      View,
      {
        fixed: true,
        style: {
          position: 'absolute',
          top: PDF_PAGE.margin - 6,
          left: PDF_PAGE.margin,
          right: PDF_PAGE.margin,
          flexDirection: 'row',
          justifyContent: 'space-between',
          alignItems: 'flex-end',
          paddingBottom: 4,
          borderBottomWidth: 0.75,
          borderBottomColor: PDF_COLORS.rule,
          fontSize: 8,
          color: PDF_COLORS.muted,
        },
      },
      createElement(Text, { style: { fontFamily: PDF_FONT.bold, maxWidth: '70%' } }, title),
      createElement(Text, { style: { maxWidth: '30%', textAlign: 'right' } }, subtitle ?? ''),
    ),
    children,
  );

/** Draws one react-pdf document (an element whose root is a <Document>) to bytes. */
/** One labelled value of a record PDF (road registration, warranty request): label left, value right. */
export const PdfField = ({ label, value }: { label: string; value: string | number | null | undefined }) =>
  createElement(
    View,
    {
      style: { flexDirection: 'row', paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: PDF_COLORS.rule },
    },
    createElement(Text, { style: { width: 150, color: PDF_COLORS.muted } }, label),
    createElement(
      Text,
      { style: { flex: 1 } },
      value === null || value === undefined || value === '' ? '—' : String(value),
    ),
  );

/** A titled group of fields of a record PDF, kept on one page. */
export const PdfSection = ({ title, children }: { title: string; children?: ReactNode }) =>
  createElement(
    View,
    { style: { marginTop: 14 }, wrap: false },
    createElement(Text, { style: { fontFamily: PDF_FONT.bold, fontSize: 11, marginBottom: 4 } }, title),
    children,
  );

export const renderPdf = (document: ReactElement): Promise<Buffer> =>
  renderToBuffer(document as ReactElement<DocumentProps>);

// ---------------------------------------------------------------------------------------------
// Images

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const pngChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * An 8-bit PNG with alpha (RGBA or grey + alpha) laid on white, without alpha. A PDF keeps alpha as
 * a separate soft mask, so the PDF writer would decode and re-compress the whole image on every
 * render; an opaque PNG's compressed data goes into the PDF as it is. Other PNGs come back unchanged.
 */
export const opaquePng = (png: Buffer): Buffer => {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return png;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colorType, , , interlace] = png.subarray(24, 29);
  if (bitDepth !== 8 || interlace !== 0 || (colorType !== 6 && colorType !== 4)) return png;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const bpp = colorType === 6 ? 4 : 2;
  const colours = bpp - 1;
  const stride = width * bpp;
  if (raw.length < (stride + 1) * height) return png;
  const out = Buffer.alloc((width * colours + 1) * height);
  let previous = Buffer.alloc(stride);
  let current = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= bpp ? (current[i - bpp] as number) : 0;
      const up = previous[i] as number;
      const upLeft = i >= bpp ? (previous[i - bpp] as number) : 0;
      const value = line[i] as number;
      current[i] =
        filter === 1
          ? value + left
          : filter === 2
            ? value + up
            : filter === 3
              ? value + ((left + up) >> 1)
              : filter === 4
                ? value + paeth(left, up, upLeft)
                : value;
    }
    const row = y * (width * colours + 1);
    out[row] = 0;
    for (let x = 0; x < width; x++) {
      const alpha = current[x * bpp + colours] as number;
      for (let c = 0; c < colours; c++) {
        const v = current[x * bpp + c] as number;
        out[row + 1 + x * colours + c] = Math.round((v * alpha + 255 * (255 - alpha)) / 255);
      }
    }
    [previous, current] = [current, previous];
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colorType === 6 ? 2 : 0;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

const IMAGE_CACHE_SIZE = 128;
const images = new Map<string, Buffer>();

/**
 * An image file ready for react-pdf (PNGs made opaque), kept in a small cache by path and change
 * time: the drawings of a catalogue repeat across plates and requests.
 */
export const pdfImage = async (file: string): Promise<{ data: Buffer; format: 'png' | 'jpg' }> => {
  const format = /\.jpe?g$/i.test(file) ? 'jpg' : 'png';
  const key = `${file}:${(await fs.promises.stat(file)).mtimeMs}`;
  let data = images.get(key);
  if (data) images.delete(key);
  else {
    const bytes = await fs.promises.readFile(file);
    data = format === 'png' ? opaquePng(bytes) : bytes;
  }
  images.set(key, data);
  while (images.size > IMAGE_CACHE_SIZE) images.delete(images.keys().next().value as string);
  return { data, format };
};

/** The number of pages of a PDF. */
export const pdfPageCount = async (bytes: Uint8Array) =>
  (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();

/** An empty document, to which parts drawn separately are appended. */
export const newPdf = async (title: string) => {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setProducer('Ricambi');
  document.setCreator('Ricambi');
  return document;
};

/** Appends every page of `part` to `target`. */
export const appendPdf = async (target: PDFDocument, part: Uint8Array) => {
  const source = await PDFDocument.load(part, { updateMetadata: false });
  const pages = await target.copyPages(source, source.getPageIndices());
  for (const page of pages) target.addPage(page);
};

/** Puts every page of `part` before the pages of `target`. */
export const prependPdf = async (target: PDFDocument, part: Uint8Array) => {
  const source = await PDFDocument.load(part, { updateMetadata: false });
  const pages = await target.copyPages(source, source.getPageIndices());
  pages.forEach((page, index) => {
    target.insertPage(index, page);
  });
};

/** Footer of every page: a text on the left and "page n of N" (from `pageLabel`) on the right. */
export const stampFooters = async (
  document: PDFDocument,
  left: string,
  pageLabel: (page: number, total: number) => string,
) => {
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pages = document.getPages();
  const size = 7.5;
  const color = rgb(0.35, 0.39, 0.43);
  const y = PDF_PAGE.margin - 12;
  const maxLeft = PDF_CONTENT_WIDTH * 0.7;
  let shortLeft = left;
  while (shortLeft.length > 1 && font.widthOfTextAtSize(shortLeft, size) > maxLeft) shortLeft = shortLeft.slice(0, -2);
  if (shortLeft !== left) shortLeft = `${shortLeft.trimEnd()}…`;
  pages.forEach((page, index) => {
    const { width } = page.getSize();
    page.drawLine({
      start: { x: PDF_PAGE.margin, y: y + 10 },
      end: { x: width - PDF_PAGE.margin, y: y + 10 },
      thickness: 0.5,
      color: rgb(0.79, 0.81, 0.84),
    });
    page.drawText(shortLeft, { x: PDF_PAGE.margin, y, size, font, color });
    const label = pageLabel(index + 1, pages.length);
    page.drawText(label, { x: width - PDF_PAGE.margin - font.widthOfTextAtSize(label, size), y, size, font, color });
  });
};

/** The bytes of a finished document. */
export const savePdf = async (document: PDFDocument) => Buffer.from(await document.save({ useObjectStreams: true }));

/** Writes a file so readers never see half of it: a temporary name, then a rename. */
export const writeFileAtomic = async (file: string, data: Uint8Array) => {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  await fs.promises.writeFile(partial, data);
  await fs.promises.rename(partial, file);
};

export type PdfLogo = { data: Buffer; format: 'png'; width: number; height: number };
const logos = new Map<string, PdfLogo>();

/**
 * A logo file (SVG rasterised at `width` pixels on `background`, or PNG) as opaque image data for
 * react-pdf, kept once read; undefined when the file is not there.
 */
export const pdfLogo = async (file: string, background: string, width = 660) => {
  const key = `${file}@${width}@${background}`;
  const cached = logos.get(key);
  if (cached) return cached;
  const bytes = await fs.promises.readFile(file).catch(() => undefined);
  if (!bytes) return undefined;
  const { Resvg } = await import('@resvg/resvg-js');
  const png = file.toLowerCase().endsWith('.svg')
    ? Buffer.from(new Resvg(bytes, { background, fitTo: { mode: 'width', value: width } }).render().asPng())
    : bytes;
  const data = opaquePng(png);
  const logo: PdfLogo = { data, format: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  logos.set(key, logo);
  return logo;
};

/** Puts the first page of `part` in place of the first page of `target`. */
export const replaceFirstPage = async (target: PDFDocument, part: Uint8Array) => {
  const source = await PDFDocument.load(part, { updateMetadata: false });
  const [page] = await target.copyPages(source, [0]);
  if (!page) return;
  target.removePage(0);
  target.insertPage(0, page);
};
