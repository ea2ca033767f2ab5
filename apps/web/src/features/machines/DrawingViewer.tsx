import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { type DrawingData, MACHINE_LIMITS } from '@ricambi/domain';
import { Alert, Button, Flex, Spin, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawingImageUrl, useDrawingData } from '../../api/machines.api.ts';
import {
  BASE_SCALE,
  balloonRadius,
  fitView,
  PAN_STEP,
  panBy,
  pixelScale,
  type Size,
  toScreen,
  type View,
  ZOOM_STEP,
  zoomBy,
  zoomPercent,
} from './drawing.view.ts';

type Props = {
  drawing: string;
  /** The rigPos whose balloon is highlighted (the selected leaf). */
  highlight: string | null;
  /** The drawing's file name; null when hidden (subdealers, spec 2 §2). */
  fileName: string | null;
  onBalloon: (pos: string) => void;
  /** The code and description of the row(s) a balloon stands for (its tooltip). */
  describe: (pos: string) => string;
};

type ImageState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; image: HTMLImageElement };

const HIGHLIGHT_FILL = 'rgba(255, 166, 0, 0.45)';
const HIGHLIGHT_STROKE = '#d4380d';
const BALLOON_STROKE = 'rgba(11, 79, 184, 0.55)';
/** Smallest hit target of a balloon (WCAG 2.5.8). */
const MIN_TARGET = 24;
const DRAG_THRESHOLD = 4;

const useImage = (name: string): ImageState => {
  const [state, setState] = useState<{ name: string; image: ImageState }>({ name, image: { status: 'loading' } });
  useEffect(() => {
    const image = new Image();
    let live = true;
    image.onload = () => live && setState({ name, image: { status: 'loaded', image } });
    image.onerror = () => live && setState({ name, image: { status: 'error' } });
    image.src = drawingImageUrl(name);
    return () => {
      live = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [name]);
  // Another drawing's state is never shown for this one, not even for the render before the effect.
  return state.name === name ? state.image : { status: 'loading' };
};

const draw = (
  canvas: HTMLCanvasElement,
  size: Size,
  view: View,
  image: HTMLImageElement | null,
  labels: DrawingData['labels'],
  highlight: string | null,
) => {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(size.width * ratio);
  const height = Math.round(size.height * ratio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  if (!image) return;
  const s = pixelScale(view.zoom);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, view.x, view.y, image.naturalWidth * s, image.naturalHeight * s);
  for (const label of labels) {
    const centre = toScreen(view, label);
    const r = balloonRadius(label) * s;
    const on = highlight !== null && label.label === highlight;
    ctx.beginPath();
    ctx.arc(centre.x, centre.y, r, 0, Math.PI * 2);
    ctx.lineWidth = Math.max(1, MACHINE_LIMITS.balloonLineWidth * s * (on ? 1.5 : 1));
    if (on) {
      ctx.fillStyle = HIGHLIGHT_FILL;
      ctx.fill();
    }
    ctx.strokeStyle = on ? HIGHLIGHT_STROKE : BALLOON_STROKE;
    ctx.stroke();
  }
};

/**
 * The drawing viewer (spec 2 §2, §4, §9): a canvas 500 px high, fit to view at first, zoom 0.1–4
 * (wheel, buttons, keys), pan by dragging or with the arrow keys, balloons over the label
 * positions. Every balloon is also a button laid over the canvas: a click or Enter selects its
 * row(s), hovering shows the part.
 */
export const DrawingViewer = ({ drawing, highlight, fileName, onBalloon, describe }: Props) => {
  const { t, i18n } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: MACHINE_LIMITS.canvasHeight });
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ x: number; y: number; moved: boolean; id: number } | null>(null);
  const suppressClick = useRef(false);
  const image = useImage(drawing);
  const data = useDrawingData(drawing);
  const labels = data.data?.labels ?? [];
  const loaded = image.status === 'loaded' ? image.image : null;

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fit = useCallback(() => {
    if (!loaded || size.width === 0) return;
    setView(fitView({ width: loaded.naturalWidth, height: loaded.naturalHeight }, size));
  }, [loaded, size]);

  // A new drawing (or the first size) starts fitted to the view.
  const fittedFor = useRef('');
  useEffect(() => {
    if (!loaded || size.width === 0) return;
    const key = `${drawing}:${size.width}`;
    if (fittedFor.current === key) return;
    fittedFor.current = key;
    fit();
  }, [drawing, loaded, size.width, fit]);

  // The highlighted balloon is brought into view when it is outside.
  useEffect(() => {
    if (!highlight || size.width === 0) return;
    const label = labels.find((l) => l.label === highlight);
    if (!label) return;
    setView((current) => {
      const at = toScreen(current, label);
      const margin = 30;
      if (at.x > margin && at.x < size.width - margin && at.y > margin && at.y < size.height - margin) return current;
      return panBy(current, size.width / 2 - at.x, size.height / 2 - at.y);
    });
  }, [highlight, labels, size]);

  useEffect(() => {
    if (canvas.current && size.width > 0) draw(canvas.current, size, view, loaded, labels, highlight);
  }, [size, view, loaded, labels, highlight]);

  const centre = () => ({ x: size.width / 2, y: size.height / 2 });
  const zoomIn = () => setView((v) => zoomBy(v, ZOOM_STEP, centre()));
  const zoomOut = () => setView((v) => zoomBy(v, 1 / ZOOM_STEP, centre()));

  // The wheel zooms around the pointer; the listener is not passive so the page does not scroll.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!loaded) return;
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const at = { x: event.clientX - box.left, y: event.clientY - box.top };
      setView((v) => zoomBy(v, event.deltaY < 0 ? 1.1 : 1 / 1.1, at));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [loaded]);

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !loaded) return;
    drag.current = { x: event.clientX, y: event.clientY, moved: false, id: event.pointerId };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      setDragging(true);
      // Captured only once it is a drag, so that a click on a balloon still reaches the balloon.
      event.currentTarget.setPointerCapture(d.id);
    }
    d.x = event.clientX;
    d.y = event.clientY;
    setView((v) => panBy(v, dx, dy));
  };
  const endDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.moved) return;
    suppressClick.current = true;
    setDragging(false);
    if (event.currentTarget.hasPointerCapture(d.id)) event.currentTarget.releasePointerCapture(d.id);
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (move) setView((v) => panBy(v, move[0], move[1]));
    else if (event.key === '+' || event.key === '=') zoomIn();
    else if (event.key === '-') zoomOut();
    else if (event.key === '0') fit();
    else return;
    event.preventDefault();
  };

  const s = pixelScale(view.zoom);
  const balloons = loaded
    ? labels.flatMap((label) => {
        const at = toScreen(view, label);
        const r = Math.max(MIN_TARGET / 2, balloonRadius(label) * s);
        if (at.x + r < 0 || at.y + r < 0 || at.x - r > size.width || at.y - r > size.height) return [];
        return [{ label, at, r }];
      })
    : [];

  return (
    <div>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
        <Button
          icon={<ZoomOutOutlined />}
          onClick={zoomOut}
          disabled={!loaded || view.zoom <= MACHINE_LIMITS.zoomMin}
          aria-label={t('machines.drawing.zoomOut')}
          data-testid="zoom-out"
        />
        <span
          aria-live="polite"
          style={{ minWidth: 64, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
          data-testid="zoom-level"
        >
          {zoomPercent(view.zoom, i18n.language)}
        </span>
        <Button
          icon={<ZoomInOutlined />}
          onClick={zoomIn}
          disabled={!loaded || view.zoom >= MACHINE_LIMITS.zoomMax}
          aria-label={t('machines.drawing.zoomIn')}
          data-testid="zoom-in"
        />
        <Button icon={<CompressOutlined />} onClick={fit} disabled={!loaded} data-testid="zoom-fit">
          {t('machines.drawing.fit')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('machines.drawing.help')}
        </Typography.Text>
      </Flex>
      <div
        ref={stage}
        className={`drawing-stage${dragging ? ' is-dragging' : ''}`}
        style={{ height: MACHINE_LIMITS.canvasHeight }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClickCapture={(event) => {
          if (suppressClick.current) {
            event.stopPropagation();
            event.preventDefault();
          }
        }}
      >
        <canvas
          ref={canvas}
          tabIndex={0}
          role="img"
          aria-label={t('machines.drawing.label', { name: fileName ?? '' })}
          onKeyDown={onKeyDown}
          style={{ width: size.width, height: size.height }}
          data-testid="drawing-canvas"
          data-zoom={view.zoom.toFixed(4)}
          data-view={`${Math.round(view.x)},${Math.round(view.y)}`}
          data-scale={BASE_SCALE.toFixed(4)}
          data-state={image.status}
        />
        {balloons.map(({ label, at, r }) => {
          const text = describe(label.label);
          const name = t('machines.drawing.balloon', { pos: label.label });
          return (
            <Tooltip key={`${label.label}:${label.x}:${label.y}`} title={text || name} mouseEnterDelay={0.05}>
              <button
                type="button"
                className="drawing-balloon"
                aria-label={text ? `${name}: ${text}` : name}
                aria-pressed={highlight === label.label}
                data-testid="drawing-balloon"
                data-pos={label.label}
                style={{ left: at.x - r, top: at.y - r, width: r * 2, height: r * 2 }}
                onClick={() => onBalloon(label.label)}
              />
            </Tooltip>
          );
        })}
        {image.status === 'loading' ? (
          <div className="drawing-state">
            <Spin description={t('machines.drawing.loading')}>
              <div style={{ width: 120, height: 60 }} />
            </Spin>
          </div>
        ) : null}
        {image.status === 'error' ? (
          <div className="drawing-state">
            <Alert type="error" showIcon title={t('machines.drawing.error')} data-testid="drawing-error" />
          </div>
        ) : null}
      </div>
      {fileName ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }} data-testid="drawing-file">
          {t('machines.drawing.file')}: <span className="article-code">{fileName}</span>
        </Typography.Text>
      ) : null}
    </div>
  );
};
