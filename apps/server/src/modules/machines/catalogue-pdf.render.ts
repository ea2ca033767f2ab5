import type { Language } from '@ricambi/domain';
import { PDFDocument } from 'pdf-lib';
import { createElement } from 'react';
import type { DbOrTx } from '../../db/client.ts';
import {
  appendPdf,
  newPdf,
  pdfDate,
  pdfImage,
  pdfPageCount,
  prependPdf,
  renderPdf,
  replaceFirstPage,
  savePdf,
  stampFooters,
} from '../../platform/pdf.ts';
import { catalogueDescription } from './catalogue.mapper.ts';
import {
  type CataloguePdfTexts,
  CoverDocument,
  cataloguePdfTexts,
  FrontMatterDocument,
  type PdfCatalogue,
  type PdfContentsEntry,
  type PdfCover,
  type PdfSection,
  PlatesDocument,
  pageLabel,
} from './catalogue.pdf.tsx';
import type { CatalogueRecord } from './catalogue.repository.ts';
import { allPlates, assemblyPlates, loadTree, toSections } from './catalogue-pdf.data.ts';
import { modelsOfCatalogue } from './catalogue-pdf.repository.ts';

// Rendering of the catalogue PDFs: the react-pdf documents of catalogue.pdf.tsx, drawn in parts and
// put together with pdf-lib.

export const catalogueHead = (catalogue: CatalogueRecord, lang: Language): PdfCatalogue => ({
  descrizione: catalogueDescription(catalogue, lang),
  lang,
});

/** The sections with their drawings' images loaded (made opaque, cached), just before drawing them. */
const withImages = (sections: readonly PdfSection[]) =>
  Promise.all(
    sections.map(async (section) =>
      section.drawing
        ? { ...section, drawing: { ...section.drawing, image: await pdfImage(section.drawing.file) } }
        : section,
    ),
  );

/**
 * Draws the plates one react-pdf render each and appends them to `document`: memory holds the pages
 * done plus one plate (one render of a whole group's 21 pages took as much memory as the whole
 * 214-page catalogue plate by plate), and requests get a turn between two plates. Answers the index
 * of each plate's first page.
 */
const appendPlates = async (
  document: PDFDocument,
  head: PdfCatalogue,
  sections: readonly PdfSection[],
  texts: CataloguePdfTexts,
  afterPlate?: (done: number) => Promise<void>,
) => {
  const startPages: number[] = [];
  for (const [index, section] of sections.entries()) {
    startPages.push(document.getPageCount());
    const plate = createElement(PlatesDocument, { catalogue: head, sections: await withImages([section]), texts });
    await appendPdf(document, await renderPdf(plate));
    await afterPlate?.(index + 1);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return startPages;
};

/**
 * The PDF of one tree node (spec 2 §7 /api/catalogo/{crId}/pdf/download/{rigItem}/{lang}): its plate
 * (drawing, balloons, parts table) and the plates of the sub-assemblies under it that open drawings
 * of their own.
 */
export const renderAssemblyPdf = async (
  db: DbOrTx,
  dataDir: string,
  catalogue: CatalogueRecord,
  rigItem: number,
  lang: Language,
) => {
  const tree = await loadTree(db, catalogue.id);
  const { node, plates } = assemblyPlates(tree, rigItem);
  const sections = await toSections(db, dataDir, tree, plates, lang);
  const head = catalogueHead(catalogue, lang);
  const texts = cataloguePdfTexts(lang);
  const document = await newPdf(head.descrizione);
  await appendPlates(document, head, sections, texts);
  await stampFooters(document, head.descrizione, pageLabel(texts));
  return { bytes: await savePdf(document), rigItem: node.rigItem, descrizione: head.descrizione };
};

/** The cover of a catalogue: its models and generation date, with a serial and a logo when given. */
const coverOf = async (
  db: DbOrTx,
  catalogue: CatalogueRecord,
  personal: Pick<PdfCover, 'serial' | 'logo'> = { serial: null },
): Promise<PdfCover> => ({
  models: await modelsOfCatalogue(db, catalogue.crCodice),
  date: pdfDate(catalogue.generatedAt),
  ...personal,
});

/**
 * The full catalogue (spec 2 §4): cover, contents, then every plate. Plates are drawn one react-pdf
 * render each and appended at once, so memory holds the finished pages plus one plate; the contents
 * are drawn last, when the page of every plate is known. The cover names no machine: it is put
 * in place for each download (personalCover).
 */
export const renderFullPdf = async (
  db: DbOrTx,
  dataDir: string,
  catalogue: CatalogueRecord,
  lang: Language,
  progress: (percent: number) => Promise<void>,
) => {
  const tree = await loadTree(db, catalogue.id);
  const sections = await toSections(db, dataDir, tree, allPlates(tree), lang);
  const head = catalogueHead(catalogue, lang);
  const texts = cataloguePdfTexts(lang);
  const cover = await coverOf(db, catalogue);

  const document = await newPdf(head.descrizione);
  let reported = -1;
  const startPages = await appendPlates(document, head, sections, texts, async (done) => {
    const percent = Math.floor((done / sections.length) * 95);
    if (percent === reported) return;
    await progress(percent);
    reported = percent;
  });

  const contentsFor = (front: number): PdfContentsEntry[] =>
    sections.map((s, i) => ({
      rigItem: s.rigItem,
      livello: s.livello,
      idTav: s.idTav,
      descrizione: s.descrizione,
      page: front + (startPages[i] ?? 0) + 1,
    }));
  const front = (frontPages: number) =>
    renderPdf(createElement(FrontMatterDocument, { catalogue: head, cover, contents: contentsFor(frontPages), texts }));
  // The page numbers do not change how many pages the contents take: draw once to count, once to keep.
  let frontBytes = await front(0);
  const frontPages = await pdfPageCount(frontBytes);
  frontBytes = await front(frontPages);

  await prependPdf(document, frontBytes);
  await stampFooters(document, head.descrizione, pageLabel(texts));
  return savePdf(document);
};

/**
 * A made full catalogue with the cover of one download: the machine's serial and the theme's logo
 * (spec 2 §4, issue 11 finding 12). One cover page is drawn and put in place of the first.
 */
export const personalCover = async (
  db: DbOrTx,
  bytes: Uint8Array,
  catalogue: CatalogueRecord,
  lang: Language,
  personal: Pick<PdfCover, 'serial' | 'logo'>,
) => {
  const head = catalogueHead(catalogue, lang);
  const texts = cataloguePdfTexts(lang);
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const total = document.getPageCount();
  const cover = await newPdf(head.descrizione);
  await appendPdf(
    cover,
    await renderPdf(
      createElement(CoverDocument, { catalogue: head, cover: await coverOf(db, catalogue, personal), texts }),
    ),
  );
  await stampFooters(cover, head.descrizione, (page) => pageLabel(texts)(page, total));
  await replaceFirstPage(document, await savePdf(cover));
  return savePdf(document);
};
