/** Pixels of the longer side of a page picture: enough for a sharp 200 px thumbnail. */
const PREVIEW_SIZE = 400;

/**
 * The first page of a PDF as a PNG, rendered by MuPDF (WebAssembly: no program to install). Loaded on
 * first use, so that a process that never renders a PDF does not pay for it.
 */
export const firstPageImage = async (pdf: Uint8Array): Promise<Buffer> => {
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = PREVIEW_SIZE / Math.max(x1 - x0, y1 - y0, 1);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      return Buffer.from(pixmap.asPNG());
    } finally {
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
};
