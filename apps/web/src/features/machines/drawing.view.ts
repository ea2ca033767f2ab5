import { clampZoom, type DrawingData, MACHINE_LIMITS } from '@ricambi/domain';

/**
 * The drawing viewer's geometry (spec 2 §9). Drawings are 300 dpi PNGs; at zoom 1 (100 %) one PNG
 * pixel is drawn at 72/300 of a screen pixel, i.e. the sheet at its printed size. Label coordinates
 * are PNG pixels, so the image and its balloons share one coordinate system ("world").
 */
export const BASE_SCALE = 1 / MACHINE_LIMITS.drawingScale;
export const ZOOM_STEP = 1.25;
/** Screen pixels an arrow key moves the drawing. */
export const PAN_STEP = 40;

/** zoom, and the screen position (CSS px inside the canvas) of the world origin. */
export type View = { zoom: number; x: number; y: number };
export type Size = { width: number; height: number };

export const pixelScale = (zoom: number) => zoom * BASE_SCALE;

/** The largest zoom showing the whole drawing, centred. */
export const fitView = (image: Size, canvas: Size): View => {
  if (image.width <= 0 || image.height <= 0 || canvas.width <= 0 || canvas.height <= 0) return { zoom: 1, x: 0, y: 0 };
  const zoom = clampZoom(
    Math.min(canvas.width / (image.width * BASE_SCALE), canvas.height / (image.height * BASE_SCALE)) * 0.96,
  );
  const s = pixelScale(zoom);
  return { zoom, x: (canvas.width - image.width * s) / 2, y: (canvas.height - image.height * s) / 2 };
};

/** Zoom to `zoom` (clamped) keeping the world point under the screen point `at` in place. */
export const zoomAt = (view: View, zoom: number, at: { x: number; y: number }): View => {
  const next = clampZoom(zoom);
  const ratio = pixelScale(next) / pixelScale(view.zoom);
  return { zoom: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
};

export const zoomBy = (view: View, factor: number, at: { x: number; y: number }) =>
  zoomAt(view, view.zoom * factor, at);

export const panBy = (view: View, dx: number, dy: number): View => ({ ...view, x: view.x + dx, y: view.y + dy });

export const toScreen = (view: View, point: { x: number; y: number }) => {
  const s = pixelScale(view.zoom);
  return { x: view.x + point.x * s, y: view.y + point.y * s };
};

/** A balloon's radius in PNG pixels, from its label font and length. */
export const balloonRadius = (label: Pick<DrawingData['labels'][number], 'font' | 'labelLength'>) =>
  label.font * (0.75 + 0.3 * Math.max(1, label.labelLength));

/** "120 %" in the user's language. */
export const zoomPercent = (zoom: number, lang: string) =>
  `${new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(zoom * 100)} %`;
