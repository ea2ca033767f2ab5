import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { Resvg, renderAsync } from '@resvg/resvg-js';
import type { DrawingLabel } from '../db/schema/index.ts';
import { catalogueDrawingPath, catalogueDrawingsDir } from '../modules/machines/machines.contract.ts';
import type { IconKind } from './catalogue-vocabulary.ts';

/**
 * Exploded-view drawings of the demo parts catalogues, drawn as SVG and rendered to PNG. Layout is
 * pure: the balloon centres returned as labels are exactly where the balloons are drawn, in PNG
 * pixels. Every text is drawn with a built-in stroke font, so the PNGs do not depend on the fonts
 * installed on the machine.
 */

export const DRAWING_WIDTH = 1600;
export const DRAWING_HEIGHT = 1100;
/** Balloon number size (px); the balloon circle's radius equals it. */
export const BALLOON_FONT = 22;
const BALLOON_R = BALLOON_FONT;

export type DrawingSeed = {
  name: string;
  width: number;
  height: number;
  labels: DrawingLabel[];
  svg: string;
};

export type MachineSilhouette = 'excavator' | 'dumper' | 'loader';

const INK = '#1d2125';
const SHADE = '#e9ecef';
const SHADE2 = '#d3d8dd';
const f = (n: number) => String(Math.round(n * 10) / 10);

// ---------------------------------------------------------------------------------------------
// Stroke font: glyphs on a 4 × 6 grid (y down), strokes separated by ';'

const GLYPHS: Record<string, string> = {
  '0': '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0;3.4,0.8 0.6,5.2',
  '1': '1,1 2,0 2,6;1,6 3,6',
  '2': '0,1 1,0 3,0 4,1 4,2 0,6 4,6',
  '3': '0,1 1,0 3,0 4,1 4,2 3,3 1.5,3;3,3 4,4 4,5 3,6 1,6 0,5',
  '4': '3,6 3,0 0,4 4,4',
  '5': '4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6',
  '6': '3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3',
  '7': '0,0 4,0 1,6',
  '8': '1,0 3,0 4,1 4,2 3,3 1,3 0,2 0,1 1,0;1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3',
  '9': '4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6',
  A: '0,6 0,2 2,0 4,2 4,6;0,4 4,4',
  B: '0,0 0,6 3,6 4,5 4,4 3,3 0,3;0,0 3,0 4,1 4,2 3,3',
  C: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5',
  D: '0,0 0,6 2,6 4,4 4,2 2,0 0,0',
  E: '4,0 0,0 0,6 4,6;0,3 3,3',
  F: '4,0 0,0 0,6;0,3 3,3',
  G: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3',
  H: '0,0 0,6;4,0 4,6;0,3 4,3',
  I: '1,0 3,0;2,0 2,6;1,6 3,6',
  J: '4,0 4,5 3,6 1,6 0,5',
  K: '0,0 0,6;4,0 0,4;1,3 4,6',
  L: '0,0 0,6 4,6',
  M: '0,6 0,0 2,3 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  O: '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0',
  P: '0,6 0,0 3,0 4,1 4,2 3,3 0,3',
  Q: '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0;2,4 4,6',
  R: '0,6 0,0 3,0 4,1 4,2 3,3 0,3;2,3 4,6',
  S: '4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5',
  T: '0,0 4,0;2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,3 3,6 4,0',
  X: '0,0 4,6;4,0 0,6',
  Y: '0,0 2,3 4,0;2,3 2,6',
  Z: '0,0 4,0 0,6 4,6',
  '.': '1.8,5.7 2.2,6',
  ',': '2.2,5.4 1.6,7',
  '-': '1,3 3,3',
  '/': '4,0 0,6',
  ':': '2,1.6 2,2;2,4.4 2,4.8',
  '(': '3,0 2,1 2,5 3,6',
  ')': '1,0 2,1 2,5 1,6',
  '+': '2,1.5 2,4.5;0.5,3 3.5,3',
  '&': '4,6 1,2 1,1 2,0 3,1 3,2 0,4 0,5 1,6 3,6 4,4',
  "'": '2,0 2,1.5',
};

const ADVANCE = 6;

/** Upper case without accents: the characters the stroke font knows. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/[°×]/g, (c) => (c === '×' ? 'X' : ''))
    .toUpperCase();

/** Width in px of a text at cap height `size`. */
export const strokeTextWidth = (text: string, size: number) => {
  const n = [...plain(text)].length;
  return n === 0 ? 0 : ((n * ADVANCE - 2) * size) / 6;
};

/** Text as a stroked path; (x, y) is the left (or centre, or right) of the baseline. */
const strokeText = (
  text: string,
  x: number,
  y: number,
  size: number,
  anchor: 'start' | 'middle' | 'end' = 'start',
  weight = 1,
) => {
  const chars = [...plain(text)];
  const k = size / 6;
  const width = strokeTextWidth(text, size);
  const left = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  const top = y - size;
  const parts: string[] = [];
  chars.forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const ox = left + i * ADVANCE * k;
    for (const stroke of glyph.split(';')) {
      const points = stroke.split(' ').map((p) => {
        const [gx, gy] = p.split(',').map(Number) as [number, number];
        return `${f(ox + gx * k)} ${f(top + gy * k)}`;
      });
      parts.push(`M${points.join('L')}`);
    }
  });
  if (parts.length === 0) return '';
  return `<path d="${parts.join('')}" fill="none" stroke="${INK}" stroke-width="${f(Math.max(1.1, size * 0.11 * weight))}" stroke-linecap="round" stroke-linejoin="round"/>`;
};

// ---------------------------------------------------------------------------------------------
// Part shapes, drawn in a local frame: the explosion axis is +x, the part centred on the origin.
// `s` is the part's scale in px (about its radius).

const OUT = `stroke="${INK}" stroke-width="2" stroke-linejoin="round"`;
const DETAIL = `stroke="${INK}" stroke-width="1.1" fill="none"`;

/** A cylinder along x from x0 to x1 with radius r; the face at x1 is the visible one. */
const cyl = (x0: number, x1: number, r: number, fill = '#ffffff', face = fill) => {
  const e = r * 0.32;
  return `<path d="M${f(x0)} ${f(-r)}L${f(x1)} ${f(-r)}A${f(e)} ${f(r)} 0 0 1 ${f(x1)} ${f(r)}L${f(x0)} ${f(r)}A${f(e)} ${f(r)} 0 0 1 ${f(x0)} ${f(-r)}Z" fill="${fill}" ${OUT}/><ellipse cx="${f(x1)}" cy="0" rx="${f(e)}" ry="${f(r)}" fill="${face}" ${OUT}/>`;
};
const hole = (x: number, r: number) =>
  `<ellipse cx="${f(x)}" cy="0" rx="${f(r * 0.32)}" ry="${f(r)}" fill="${SHADE2}" ${OUT}/>`;
/** Facet lines of a hexagon prism seen along the axis. */
const hexFacets = (x0: number, x1: number, r: number) =>
  `<path d="M${f(x0)} ${f(-r * 0.5)}L${f(x1)} ${f(-r * 0.5)}M${f(x0)} ${f(r * 0.5)}L${f(x1)} ${f(r * 0.5)}" ${DETAIL}/>`;
const threads = (x0: number, x1: number, r: number, step: number) => {
  const d: string[] = [];
  for (let x = x0 + step / 2; x < x1; x += step) d.push(`M${f(x)} ${f(-r)}L${f(x + step * 0.5)} ${f(r)}`);
  return `<path d="${d.join('')}" ${DETAIL}/>`;
};
/** An oblique box: front face w × h centred, depth d going up-right. */
const box = (w: number, h: number, d: number, fill = '#ffffff') => {
  const x0 = -w / 2;
  const y0 = -h / 2;
  const dx = d * 0.6;
  const dy = -d * 0.45;
  return [
    `<path d="M${f(x0)} ${f(y0)}L${f(x0 + dx)} ${f(y0 + dy)}L${f(x0 + w + dx)} ${f(y0 + dy)}L${f(x0 + w)} ${f(y0)}Z" fill="${SHADE}" ${OUT}/>`,
    `<path d="M${f(x0 + w)} ${f(y0)}L${f(x0 + w + dx)} ${f(y0 + dy)}L${f(x0 + w + dx)} ${f(y0 + h + dy)}L${f(x0 + w)} ${f(y0 + h)}Z" fill="${SHADE2}" ${OUT}/>`,
    `<rect x="${f(x0)}" y="${f(y0)}" width="${f(w)}" height="${f(h)}" fill="${fill}" ${OUT}/>`,
  ].join('');
};
const smallHoles = (xs: readonly number[], y: number, r: number) =>
  xs.map((x) => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${SHADE2}" ${OUT}/>`).join('');

type Shape = { draw: (s: number) => string; half: number; radius: number };

const ring = (s: number, inner = 0.68, len = 0.16) => cyl(-len * s, len * s, s) + hole(len * s, s * inner);

const SHAPES: Record<IconKind, Shape> = {
  filter: {
    half: 1.2,
    radius: 0.9,
    draw: (s) =>
      cyl(-1.1 * s, 0.9 * s, 0.9 * s) +
      `<path d="M${f(-0.55 * s)} ${f(-0.9 * s)}L${f(-0.55 * s)} ${f(0.9 * s)}M${f(0.35 * s)} ${f(-0.9 * s)}L${f(0.35 * s)} ${f(0.9 * s)}" ${DETAIL}/>` +
      cyl(0.9 * s, 1.2 * s, 0.35 * s, SHADE) +
      hole(1.2 * s, 0.18 * s),
  },
  cartridge: {
    half: 1.4,
    radius: 0.9,
    draw: (s) => {
      const pleats: string[] = [];
      for (let x = -1.1; x < 1.0; x += 0.18) pleats.push(`M${f(x * s)} ${f(-0.8 * s)}L${f(x * s)} ${f(0.8 * s)}`);
      return (
        cyl(-1.4 * s, 1.2 * s, 0.9 * s) +
        `<path d="${pleats.join('')}" ${DETAIL}/>` +
        cyl(1.2 * s, 1.4 * s, 0.92 * s, SHADE) +
        hole(1.4 * s, 0.45 * s)
      );
    },
  },
  hose: {
    half: 1.8,
    radius: 0.8,
    draw: (s) => {
      const d = `M${f(-1.4 * s)} ${f(0.5 * s)}C${f(-0.6 * s)} ${f(1.4 * s)} ${f(0.4 * s)} ${f(-1.4 * s)} ${f(1.4 * s)} ${f(-0.5 * s)}`;
      return (
        `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${f(0.42 * s + 4)}" stroke-linecap="butt"/>` +
        `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${f(0.42 * s)}" stroke-linecap="butt"/>` +
        `<g transform="translate(${f(-1.6 * s)} ${f(0.5 * s)})">${cyl(-0.2 * s, 0.25 * s, 0.3 * s, SHADE)}${hexFacets(-0.2 * s, 0.25 * s, 0.3 * s)}</g>` +
        `<g transform="translate(${f(1.5 * s)} ${f(-0.5 * s)})">${cyl(-0.15 * s, 0.3 * s, 0.3 * s, SHADE)}${hexFacets(-0.15 * s, 0.3 * s, 0.3 * s)}</g>`
      );
    },
  },
  fitting: {
    half: 0.9,
    radius: 0.5,
    draw: (s) =>
      cyl(-0.9 * s, -0.3 * s, 0.3 * s) +
      threads(-0.9 * s, -0.3 * s, 0.3 * s, 0.14 * s) +
      cyl(-0.3 * s, 0.25 * s, 0.5 * s, SHADE) +
      hexFacets(-0.3 * s, 0.25 * s, 0.5 * s) +
      cyl(0.25 * s, 0.9 * s, 0.32 * s) +
      hole(0.9 * s, 0.16 * s),
  },
  ring: { half: 0.25, radius: 1, draw: (s) => ring(s) },
  sealKit: {
    half: 1.1,
    radius: 0.9,
    draw: (s) =>
      `<g transform="translate(${f(-0.7 * s)} 0)">${ring(0.9 * s, 0.7, 0.12)}</g>` +
      `<g transform="translate(0 0)">${ring(0.75 * s, 0.6, 0.2)}</g>` +
      `<g transform="translate(${f(0.7 * s)} 0)">${ring(0.6 * s, 0.75, 0.12)}</g>`,
  },
  cylinder: {
    half: 2.6,
    radius: 0.6,
    draw: (s) =>
      `<circle cx="${f(-2.35 * s)}" cy="0" r="${f(0.42 * s)}" fill="#ffffff" ${OUT}/><circle cx="${f(-2.35 * s)}" cy="0" r="${f(0.18 * s)}" fill="${SHADE2}" ${OUT}/>` +
      cyl(-2.1 * s, 0.3 * s, 0.55 * s) +
      cyl(0.3 * s, 0.55 * s, 0.45 * s, SHADE) +
      `<rect x="${f(-1.7 * s)}" y="${f(-0.75 * s)}" width="${f(0.3 * s)}" height="${f(0.2 * s)}" fill="${SHADE}" ${OUT}/>` +
      `<rect x="${f(-0.3 * s)}" y="${f(-0.75 * s)}" width="${f(0.3 * s)}" height="${f(0.2 * s)}" fill="${SHADE}" ${OUT}/>` +
      cyl(0.55 * s, 2.1 * s, 0.22 * s) +
      `<circle cx="${f(2.35 * s)}" cy="0" r="${f(0.36 * s)}" fill="#ffffff" ${OUT}/><circle cx="${f(2.35 * s)}" cy="0" r="${f(0.15 * s)}" fill="${SHADE2}" ${OUT}/>`,
  },
  pump: {
    half: 1.5,
    radius: 0.9,
    draw: (s) =>
      box(1.8 * s, 1.5 * s, 1.0 * s) +
      smallHoles([-0.5 * s, 0.4 * s], -0.2 * s, 0.16 * s) +
      `<g transform="translate(${f(0.9 * s)} 0)">${cyl(0, 0.3 * s, 0.55 * s, SHADE)}${cyl(0.3 * s, 0.75 * s, 0.14 * s)}</g>` +
      `<path d="M${f(-0.9 * s)} ${f(0.45 * s)}L${f(0.9 * s)} ${f(0.45 * s)}" ${DETAIL}/>`,
  },
  motor: {
    half: 1.4,
    radius: 0.85,
    draw: (s) => {
      const fins: string[] = [];
      for (let x = -0.8; x < 0.6; x += 0.22) fins.push(`M${f(x * s)} ${f(-0.8 * s)}L${f(x * s)} ${f(0.8 * s)}`);
      return (
        cyl(-1.1 * s, 0.6 * s, 0.8 * s) +
        `<path d="${fins.join('')}" ${DETAIL}/>` +
        cyl(0.6 * s, 0.85 * s, 0.95 * s, SHADE) +
        smallHoles([0.85 * s], -0.62 * s, 0.08 * s) +
        cyl(0.85 * s, 1.4 * s, 0.2 * s) +
        hole(1.4 * s, 0.08 * s)
      );
    },
  },
  valve: {
    half: 1.5,
    radius: 0.8,
    draw: (s) =>
      box(2.2 * s, 1.1 * s, 0.9 * s) +
      smallHoles([-0.7 * s, 0, 0.7 * s], 0, 0.14 * s) +
      `<g transform="translate(${f(-1.1 * s)} 0) scale(-1 1)">${cyl(0, 0.35 * s, 0.22 * s, SHADE)}</g>` +
      `<g transform="translate(${f(1.1 * s)} 0)">${cyl(0, 0.35 * s, 0.22 * s, SHADE)}</g>`,
  },
  joystick: {
    half: 0.9,
    radius: 1.3,
    draw: (s) =>
      box(1.3 * s, 0.5 * s, 0.8 * s) +
      `<path d="M${f(-0.1 * s)} ${f(-0.25 * s)}L${f(0.2 * s)} ${f(-1.4 * s)}" stroke="${INK}" stroke-width="${f(0.16 * s + 3)}" stroke-linecap="round"/>` +
      `<path d="M${f(-0.1 * s)} ${f(-0.25 * s)}L${f(0.2 * s)} ${f(-1.4 * s)}" stroke="#ffffff" stroke-width="${f(0.16 * s)}" stroke-linecap="round"/>` +
      `<ellipse cx="${f(0.25 * s)}" cy="${f(-1.55 * s)}" rx="${f(0.3 * s)}" ry="${f(0.42 * s)}" fill="${SHADE}" ${OUT}/>`,
  },
  sensor: {
    half: 1.0,
    radius: 0.45,
    draw: (s) =>
      cyl(-1.0 * s, -0.4 * s, 0.18 * s) +
      threads(-1.0 * s, -0.4 * s, 0.18 * s, 0.12 * s) +
      cyl(-0.4 * s, 0.0, 0.42 * s, SHADE) +
      hexFacets(-0.4 * s, 0, 0.42 * s) +
      cyl(0, 0.7 * s, 0.3 * s) +
      `<path d="M${f(0.8 * s)} 0C${f(1.1 * s)} 0 ${f(1.0 * s)} ${f(0.5 * s)} ${f(1.3 * s)} ${f(0.5 * s)}" stroke="${INK}" stroke-width="3" fill="none"/>`,
  },
  light: {
    half: 0.9,
    radius: 0.8,
    draw: (s) =>
      box(1.4 * s, 1.1 * s, 0.7 * s) +
      `<rect x="${f(-0.55 * s)}" y="${f(-0.4 * s)}" width="${f(1.1 * s)}" height="${f(0.8 * s)}" rx="${f(0.1 * s)}" fill="${SHADE}" ${OUT}/>` +
      `<path d="M${f(-0.2 * s)} ${f(-0.4 * s)}L${f(-0.2 * s)} ${f(0.4 * s)}M${f(0.2 * s)} ${f(-0.4 * s)}L${f(0.2 * s)} ${f(0.4 * s)}M${f(-0.55 * s)} 0L${f(0.55 * s)} 0" ${DETAIL}/>` +
      `<path d="M${f(-0.3 * s)} ${f(0.55 * s)}L${f(-0.45 * s)} ${f(0.95 * s)}L${f(0.45 * s)} ${f(0.95 * s)}L${f(0.3 * s)} ${f(0.55 * s)}" fill="#ffffff" ${OUT}/>`,
  },
  beacon: {
    half: 0.7,
    radius: 1,
    draw: (s) =>
      `<path d="M${f(-0.6 * s)} ${f(0.2 * s)}L${f(-0.6 * s)} ${f(-0.5 * s)}A${f(0.6 * s)} ${f(0.6 * s)} 0 0 1 ${f(0.6 * s)} ${f(-0.5 * s)}L${f(0.6 * s)} ${f(0.2 * s)}Z" fill="${SHADE}" ${OUT}/>` +
      `<path d="M${f(-0.6 * s)} ${f(-0.25 * s)}L${f(0.6 * s)} ${f(-0.25 * s)}" ${DETAIL}/>` +
      `<rect x="${f(-0.75 * s)}" y="${f(0.2 * s)}" width="${f(1.5 * s)}" height="${f(0.35 * s)}" fill="#ffffff" ${OUT}/>`,
  },
  battery: {
    half: 1.2,
    radius: 0.9,
    draw: (s) =>
      box(2.2 * s, 1.2 * s, 1.0 * s) +
      `<g transform="translate(${f(-0.6 * s)} ${f(-0.85 * s)}) rotate(-90)">${cyl(0, 0.25 * s, 0.16 * s, SHADE)}</g>` +
      `<g transform="translate(${f(0.5 * s)} ${f(-0.85 * s)}) rotate(-90)">${cyl(0, 0.25 * s, 0.16 * s, SHADE)}</g>` +
      strokeText('+', -0.6 * s, 0.2 * s, 0.35 * s, 'middle') +
      strokeText('-', 0.5 * s, 0.2 * s, 0.35 * s, 'middle'),
  },
  electric: {
    half: 0.7,
    radius: 0.6,
    draw: (s) =>
      box(1.0 * s, 0.9 * s, 0.6 * s) +
      `<path d="M${f(-0.3 * s)} ${f(0.45 * s)}L${f(-0.3 * s)} ${f(0.85 * s)}M0 ${f(0.45 * s)}L0 ${f(0.85 * s)}M${f(0.3 * s)} ${f(0.45 * s)}L${f(0.3 * s)} ${f(0.85 * s)}" stroke="${INK}" stroke-width="3"/>`,
  },
  key: {
    half: 1.1,
    radius: 0.5,
    draw: (s) =>
      `<circle cx="${f(-0.7 * s)}" cy="0" r="${f(0.45 * s)}" fill="${SHADE}" ${OUT}/><circle cx="${f(-0.8 * s)}" cy="0" r="${f(0.12 * s)}" fill="#ffffff" ${OUT}/>` +
      `<path d="M${f(-0.25 * s)} ${f(-0.12 * s)}L${f(1.1 * s)} ${f(-0.12 * s)}L${f(1.1 * s)} ${f(0.12 * s)}L${f(0.95 * s)} ${f(0.3 * s)}L${f(0.8 * s)} ${f(0.12 * s)}L${f(0.65 * s)} ${f(0.3 * s)}L${f(0.5 * s)} ${f(0.12 * s)}L${f(-0.25 * s)} ${f(0.12 * s)}Z" fill="#ffffff" ${OUT}/>`,
  },
  glass: {
    half: 1.3,
    radius: 1.1,
    draw: (s) =>
      `<path d="M${f(-1.2 * s)} ${f(1.0 * s)}L${f(-0.9 * s)} ${f(-1.1 * s)}L${f(1.2 * s)} ${f(-1.0 * s)}L${f(1.1 * s)} ${f(1.1 * s)}Z" fill="#f6f8f9" ${OUT}/>` +
      `<path d="M${f(-0.6 * s)} ${f(0.6 * s)}L${f(-0.1 * s)} ${f(-0.6 * s)}M${f(-0.3 * s)} ${f(0.7 * s)}L${f(0.2 * s)} ${f(-0.5 * s)}" ${DETAIL}/>`,
  },
  seat: {
    half: 1.1,
    radius: 1.3,
    draw: (s) =>
      `<path d="M${f(-0.9 * s)} ${f(0.4 * s)}L${f(-0.7 * s)} ${f(-1.5 * s)}Q${f(-0.3 * s)} ${f(-1.7 * s)} ${f(0.1 * s)} ${f(-1.5 * s)}L${f(-0.1 * s)} ${f(0.2 * s)}Z" fill="${SHADE}" ${OUT}/>` +
      `<path d="M${f(-0.9 * s)} ${f(0.4 * s)}L${f(-0.1 * s)} ${f(0.2 * s)}L${f(1.0 * s)} ${f(0.3 * s)}Q${f(1.2 * s)} ${f(0.7 * s)} ${f(0.9 * s)} ${f(0.8 * s)}L${f(-0.8 * s)} ${f(0.8 * s)}Z" fill="#ffffff" ${OUT}/>` +
      `<rect x="${f(-0.5 * s)}" y="${f(0.8 * s)}" width="${f(1.1 * s)}" height="${f(0.35 * s)}" fill="${SHADE2}" ${OUT}/>`,
  },
  mirror: {
    half: 1.1,
    radius: 0.8,
    draw: (s) =>
      `<path d="M${f(-1.1 * s)} 0L${f(0.1 * s)} 0" stroke="${INK}" stroke-width="4"/>` +
      `<ellipse cx="${f(0.55 * s)}" cy="0" rx="${f(0.5 * s)}" ry="${f(0.75 * s)}" fill="${SHADE}" ${OUT}/>` +
      `<ellipse cx="${f(0.6 * s)}" cy="0" rx="${f(0.36 * s)}" ry="${f(0.6 * s)}" fill="#ffffff" ${OUT}/>`,
  },
  wiper: {
    half: 1.6,
    radius: 0.4,
    draw: (s) =>
      `<rect x="${f(-1.6 * s)}" y="${f(-0.12 * s)}" width="${f(3.2 * s)}" height="${f(0.24 * s)}" fill="${SHADE}" ${OUT}/>` +
      `<path d="M${f(-1.5 * s)} ${f(0.18 * s)}L${f(1.5 * s)} ${f(0.18 * s)}" stroke="${INK}" stroke-width="2.5"/>` +
      `<path d="M0 ${f(-0.12 * s)}L${f(0.3 * s)} ${f(-0.5 * s)}" stroke="${INK}" stroke-width="3"/>`,
  },
  spring: {
    half: 1.5,
    radius: 0.6,
    draw: (s) => {
      const d: string[] = [`M${f(-1.5 * s)} ${f(0.55 * s)}`];
      for (let i = 0; i < 9; i++) {
        const x = -1.5 + (i + 0.5) * (3 / 9);
        d.push(`L${f(x * s)} ${f((i % 2 ? 0.55 : -0.55) * s)}`);
      }
      d.push(`L${f(1.5 * s)} ${f(-0.55 * s)}`);
      return `<path d="${d.join('')}" fill="none" stroke="${INK}" stroke-width="3.5" stroke-linejoin="round"/>`;
    },
  },
  pin: {
    half: 1.7,
    radius: 0.35,
    draw: (s) =>
      cyl(-1.7 * s, -1.5 * s, 0.45 * s, SHADE) +
      cyl(-1.5 * s, 1.6 * s, 0.3 * s) +
      `<circle cx="${f(1.3 * s)}" cy="0" r="${f(0.08 * s)}" fill="${SHADE2}" ${OUT}/>` +
      hole(1.6 * s, 0.1 * s),
  },
  bushing: {
    half: 0.6,
    radius: 0.7,
    draw: (s) => cyl(-0.6 * s, 0.6 * s, 0.7 * s) + hole(0.6 * s, 0.48 * s),
  },
  bolt: {
    half: 1.2,
    radius: 0.4,
    draw: (s) =>
      cyl(-1.2 * s, -0.8 * s, 0.42 * s, SHADE) +
      hexFacets(-1.2 * s, -0.8 * s, 0.42 * s) +
      cyl(-0.8 * s, 1.2 * s, 0.22 * s) +
      threads(0.1 * s, 1.2 * s, 0.22 * s, 0.14 * s),
  },
  nut: {
    half: 0.3,
    radius: 0.45,
    draw: (s) =>
      cyl(-0.25 * s, 0.25 * s, 0.45 * s, SHADE) + hexFacets(-0.25 * s, 0.25 * s, 0.45 * s) + hole(0.25 * s, 0.22 * s),
  },
  tooth: {
    half: 1.0,
    radius: 0.55,
    draw: (s) =>
      `<path d="M${f(-1.0 * s)} ${f(-0.5 * s)}L${f(0.4 * s)} ${f(-0.4 * s)}L${f(1.0 * s)} ${f(-0.05 * s)}L${f(1.0 * s)} ${f(0.05 * s)}L${f(0.4 * s)} ${f(0.4 * s)}L${f(-1.0 * s)} ${f(0.5 * s)}Z" fill="#ffffff" ${OUT}/>` +
      `<path d="M${f(-1.0 * s)} ${f(-0.5 * s)}L${f(-0.8 * s)} ${f(-0.65 * s)}L${f(0.5 * s)} ${f(-0.55 * s)}L${f(1.0 * s)} ${f(-0.05 * s)}" fill="${SHADE}" ${OUT}/>` +
      smallHoles([-0.4 * s], 0, 0.12 * s),
  },
  edge: {
    half: 1.8,
    radius: 0.5,
    draw: (s) => box(3.4 * s, 0.5 * s, 0.5 * s) + smallHoles([-1.1 * s, -0.35 * s, 0.35 * s, 1.1 * s], 0, 0.09 * s),
  },
  bucket: {
    half: 1.6,
    radius: 1.3,
    draw: (s) =>
      `<path d="M${f(-1.4 * s)} ${f(-1.2 * s)}L${f(0.6 * s)} ${f(-1.2 * s)}Q${f(1.6 * s)} ${f(-0.4 * s)} ${f(1.2 * s)} ${f(1.1 * s)}L${f(-1.4 * s)} ${f(0.9 * s)}Z" fill="#ffffff" ${OUT}/>` +
      `<path d="M${f(-1.4 * s)} ${f(-1.2 * s)}L${f(-1.0 * s)} ${f(-1.5 * s)}L${f(0.9 * s)} ${f(-1.5 * s)}L${f(0.6 * s)} ${f(-1.2 * s)}Z" fill="${SHADE}" ${OUT}/>` +
      [-1.1, -0.5, 0.1, 0.7]
        .map(
          (x) =>
            `<path d="M${f(x * s)} ${f(1.0 * s)}L${f((x + 0.15) * s)} ${f(1.45 * s)}L${f((x + 0.3) * s)} ${f(1.02 * s)}" fill="${SHADE}" ${OUT}/>`,
        )
        .join('') +
      smallHoles([-0.7 * s, 0.1 * s], -1.35 * s, 0.1 * s),
  },
  roller: {
    half: 1.0,
    radius: 0.8,
    draw: (s) =>
      cyl(-1.0 * s, -0.75 * s, 0.25 * s) +
      cyl(-0.75 * s, -0.45 * s, 0.8 * s) +
      cyl(-0.45 * s, 0.45 * s, 0.6 * s) +
      cyl(0.45 * s, 0.75 * s, 0.8 * s) +
      cyl(0.75 * s, 1.0 * s, 0.25 * s) +
      hole(1.0 * s, 0.1 * s),
  },
  idler: {
    half: 0.6,
    radius: 1.2,
    draw: (s) =>
      cyl(-0.4 * s, -0.1 * s, 1.2 * s) +
      cyl(-0.1 * s, 0.1 * s, 1.0 * s) +
      cyl(0.1 * s, 0.4 * s, 1.2 * s) +
      cyl(0.4 * s, 0.6 * s, 0.3 * s, SHADE) +
      hole(0.6 * s, 0.12 * s),
  },
  sprocket: {
    half: 0.5,
    radius: 1.3,
    draw: (s) => {
      const teeth = 18;
      const e = 0.32;
      const pts: string[] = [];
      for (let i = 0; i < teeth * 2; i++) {
        const a = (i * Math.PI) / teeth;
        const r = i % 2 ? 1.05 : 1.3;
        pts.push(`${f(0.2 * s + Math.cos(a) * r * e * s)},${f(Math.sin(a) * r * s)}`);
      }
      return (
        cyl(-0.3 * s, 0.2 * s, 1.05 * s) +
        `<polygon points="${pts.join(' ')}" fill="#ffffff" ${OUT}/>` +
        `<ellipse cx="${f(0.2 * s)}" cy="0" rx="${f(0.45 * e * s)}" ry="${f(0.45 * s)}" fill="${SHADE}" ${OUT}/>` +
        hole(0.2 * s, 0.18 * s)
      );
    },
  },
  chain: {
    half: 1.8,
    radius: 0.45,
    draw: (s) =>
      [-1.35, -0.45, 0.45, 1.35]
        .map(
          (x, i) =>
            `<rect x="${f((x - 0.55) * s)}" y="${f((i % 2 ? -0.3 : -0.4) * s)}" width="${f(1.1 * s)}" height="${f((i % 2 ? 0.6 : 0.8) * s)}" rx="${f(0.3 * s)}" fill="${i % 2 ? SHADE : '#ffffff'}" ${OUT}/><circle cx="${f((x + 0.4) * s)}" cy="0" r="${f(0.1 * s)}" fill="${SHADE2}" ${OUT}/>`,
        )
        .join(''),
  },
  bearing: {
    half: 0.3,
    radius: 1,
    draw: (s) => {
      const balls: string[] = [];
      for (let i = 0; i < 10; i++) {
        const a = (i * Math.PI * 2) / 10;
        if (Math.cos(a) < -0.2) continue;
        balls.push(
          `<circle cx="${f(0.25 * s + Math.cos(a) * 0.78 * 0.32 * s)}" cy="${f(Math.sin(a) * 0.78 * s)}" r="${f(0.1 * s)}" fill="${SHADE}" ${OUT}/>`,
        );
      }
      return (
        cyl(-0.25 * s, 0.25 * s, s) +
        hole(0.25 * s, 0.88 * s) +
        balls.join('') +
        cyl(0.1 * s, 0.25 * s, 0.66 * s) +
        hole(0.25 * s, 0.5 * s)
      );
    },
  },
  belt: {
    half: 1.6,
    radius: 0.7,
    draw: (s) =>
      `<rect x="${f(-1.6 * s)}" y="${f(-0.6 * s)}" width="${f(3.2 * s)}" height="${f(1.2 * s)}" rx="${f(0.6 * s)}" fill="none" stroke="${INK}" stroke-width="${f(0.2 * s + 3)}"/>` +
      `<rect x="${f(-1.6 * s)}" y="${f(-0.6 * s)}" width="${f(3.2 * s)}" height="${f(1.2 * s)}" rx="${f(0.6 * s)}" fill="none" stroke="#ffffff" stroke-width="${f(0.2 * s)}"/>`,
  },
  fan: {
    half: 0.5,
    radius: 1.3,
    draw: (s) => {
      const blades: string[] = [];
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI * 2) / 6;
        const bx = Math.cos(a) * 0.32;
        const by = Math.sin(a);
        blades.push(
          `<ellipse cx="${f(bx * 0.75 * s)}" cy="${f(by * 0.75 * s)}" rx="${f(0.22 * s)}" ry="${f(0.5 * s)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(bx * 0.75 * s)} ${f(by * 0.75 * s)})" fill="#ffffff" ${OUT}/>`,
        );
      }
      return blades.join('') + cyl(-0.3 * s, 0.2 * s, 0.3 * s, SHADE) + hole(0.2 * s, 0.1 * s);
    },
  },
  radiator: {
    half: 1.4,
    radius: 1.2,
    draw: (s) => {
      const fins: string[] = [];
      for (let x = -1.0; x <= 1.0; x += 0.16) fins.push(`M${f(x * s)} ${f(-0.9 * s)}L${f(x * s)} ${f(0.9 * s)}`);
      for (let y = -0.7; y <= 0.7; y += 0.35) fins.push(`M${f(-1.1 * s)} ${f(y * s)}L${f(1.1 * s)} ${f(y * s)}`);
      return (
        box(2.4 * s, 2.0 * s, 0.5 * s) +
        `<path d="${fins.join('')}" stroke="#7b848c" stroke-width="0.9" fill="none"/>` +
        `<g transform="translate(${f(1.2 * s)} ${f(-0.6 * s)})">${cyl(0, 0.35 * s, 0.18 * s, SHADE)}</g>`
      );
    },
  },
  can: {
    half: 0.9,
    radius: 1.1,
    draw: (s) =>
      box(1.4 * s, 1.8 * s, 0.8 * s) +
      `<path d="M${f(-0.5 * s)} ${f(-0.9 * s)}L${f(-0.3 * s)} ${f(-1.3 * s)}L${f(0.3 * s)} ${f(-1.3 * s)}" fill="none" stroke="${INK}" stroke-width="4"/>` +
      `<g transform="translate(${f(0.45 * s)} ${f(-1.05 * s)}) rotate(-90)">${cyl(0, 0.25 * s, 0.16 * s, SHADE)}</g>` +
      `<rect x="${f(-0.5 * s)}" y="${f(-0.3 * s)}" width="${f(1.0 * s)}" height="${f(0.6 * s)}" fill="${SHADE}" ${OUT}/>`,
  },
  kit: {
    half: 1.1,
    radius: 0.8,
    draw: (s) =>
      box(2.0 * s, 1.0 * s, 1.0 * s) +
      `<path d="M${f(-1.0 * s)} ${f(-0.2 * s)}L${f(1.0 * s)} ${f(-0.2 * s)}" ${DETAIL}/>` +
      strokeText('KIT', 0, 0.3 * s, 0.32 * s, 'middle'),
  },
  panel: {
    half: 1.6,
    radius: 1.1,
    draw: (s) =>
      `<path d="M${f(-1.6 * s)} ${f(-0.7 * s)}L${f(-1.0 * s)} ${f(-1.1 * s)}L${f(1.6 * s)} ${f(-1.1 * s)}L${f(1.6 * s)} ${f(0.7 * s)}L${f(1.0 * s)} ${f(1.1 * s)}L${f(-1.6 * s)} ${f(1.1 * s)}Z" fill="#ffffff" ${OUT}/>` +
      `<path d="M${f(-1.6 * s)} ${f(-0.7 * s)}L${f(1.0 * s)} ${f(-0.7 * s)}L${f(1.6 * s)} ${f(-1.1 * s)}M${f(1.0 * s)} ${f(-0.7 * s)}L${f(1.0 * s)} ${f(1.1 * s)}" ${DETAIL}/>` +
      smallHoles([-1.3 * s, 0.7 * s], 0.85 * s, 0.08 * s) +
      `<path d="M${f(-0.8 * s)} ${f(-0.2 * s)}L${f(0.4 * s)} ${f(-0.2 * s)}M${f(-0.8 * s)} ${f(0.1 * s)}L${f(0.4 * s)} ${f(0.1 * s)}M${f(-0.8 * s)} ${f(0.4 * s)}L${f(0.4 * s)} ${f(0.4 * s)}" ${DETAIL}/>`,
  },
  counterweight: {
    half: 1.4,
    radius: 1.0,
    draw: (s) =>
      `<path d="M${f(-1.4 * s)} ${f(-0.8 * s)}L${f(0.9 * s)} ${f(-0.8 * s)}Q${f(1.5 * s)} 0 ${f(0.9 * s)} ${f(0.8 * s)}L${f(-1.4 * s)} ${f(0.8 * s)}Z" fill="#ffffff" ${OUT}/>` +
      `<path d="M${f(-1.4 * s)} ${f(-0.8 * s)}L${f(-1.1 * s)} ${f(-1.05 * s)}L${f(1.0 * s)} ${f(-1.05 * s)}Q${f(1.7 * s)} ${f(-0.2 * s)} ${f(1.2 * s)} ${f(0.6 * s)}" fill="none" ${OUT}/>` +
      smallHoles([-0.9 * s, 0.3 * s], 0, 0.12 * s),
  },
  tyre: {
    half: 0.7,
    radius: 1.4,
    draw: (s) => {
      const tread: string[] = [];
      for (let i = -5; i <= 5; i++)
        tread.push(`M${f(-0.6 * s)} ${f(i * 0.24 * s)}L${f(0.0)} ${f((i * 0.24 + 0.12) * s)}`);
      return (
        cyl(-0.6 * s, 0.5 * s, 1.4 * s) +
        `<path d="${tread.join('')}" ${DETAIL}/>` +
        hole(0.5 * s, 0.85 * s) +
        `<ellipse cx="${f(0.55 * s)}" cy="0" rx="${f(0.25 * s)}" ry="${f(0.75 * s)}" fill="#ffffff" ${OUT}/>` +
        smallHoles([0.58 * s], 0, 0.1 * s)
      );
    },
  },
  gauge: {
    half: 0.6,
    radius: 0.8,
    draw: (s) =>
      cyl(-0.3 * s, 0.1 * s, 0.75 * s, SHADE) +
      `<ellipse cx="${f(0.12 * s)}" cy="0" rx="${f(0.22 * s)}" ry="${f(0.62 * s)}" fill="#ffffff" ${OUT}/>` +
      `<path d="M${f(0.12 * s)} 0L${f(0.2 * s)} ${f(-0.45 * s)}" stroke="${INK}" stroke-width="2.5"/>` +
      cyl(-0.6 * s, -0.3 * s, 0.15 * s),
  },
  ecu: {
    half: 1.2,
    radius: 0.8,
    draw: (s) =>
      box(2.0 * s, 1.2 * s, 0.5 * s) +
      `<rect x="${f(0.3 * s)}" y="${f(-0.3 * s)}" width="${f(0.5 * s)}" height="${f(0.6 * s)}" fill="${SHADE}" ${OUT}/>` +
      smallHoles([-0.8 * s, 0.8 * s], 0.45 * s, 0.08 * s) +
      `<path d="M${f(-0.7 * s)} ${f(-0.3 * s)}L${f(0.0)} ${f(-0.3 * s)}M${f(-0.7 * s)} 0L${f(0.0)} 0" ${DETAIL}/>`,
  },
  piston: {
    half: 0.7,
    radius: 0.8,
    draw: (s) =>
      cyl(-0.7 * s, 0.7 * s, 0.8 * s) +
      `<path d="M${f(0.3 * s)} ${f(-0.8 * s)}L${f(0.3 * s)} ${f(0.8 * s)}M${f(0.45 * s)} ${f(-0.8 * s)}L${f(0.45 * s)} ${f(0.8 * s)}M${f(0.6 * s)} ${f(-0.8 * s)}L${f(0.6 * s)} ${f(0.8 * s)}" ${DETAIL}/>` +
      `<circle cx="${f(-0.2 * s)}" cy="0" r="${f(0.2 * s)}" fill="${SHADE2}" ${OUT}/>`,
  },
  injector: {
    half: 1.4,
    radius: 0.35,
    draw: (s) =>
      cyl(-1.4 * s, -0.6 * s, 0.32 * s) +
      cyl(-0.6 * s, -0.2 * s, 0.4 * s, SHADE) +
      hexFacets(-0.6 * s, -0.2 * s, 0.4 * s) +
      cyl(-0.2 * s, 1.1 * s, 0.18 * s) +
      cyl(1.1 * s, 1.4 * s, 0.08 * s),
  },
  exhaust: {
    half: 1.6,
    radius: 0.8,
    draw: (s) =>
      cyl(-1.6 * s, -1.1 * s, 0.22 * s) +
      cyl(-1.1 * s, 0.9 * s, 0.75 * s) +
      `<path d="M${f(-0.4 * s)} ${f(-0.75 * s)}L${f(-0.4 * s)} ${f(0.75 * s)}M${f(0.3 * s)} ${f(-0.75 * s)}L${f(0.3 * s)} ${f(0.75 * s)}" ${DETAIL}/>` +
      cyl(0.9 * s, 1.6 * s, 0.22 * s) +
      hole(1.6 * s, 0.14 * s),
  },
  cap: {
    half: 0.5,
    radius: 0.7,
    draw: (s) => {
      const knurl: string[] = [];
      for (let y = -0.55; y <= 0.56; y += 0.18) knurl.push(`M${f(-0.3 * s)} ${f(y * s)}L${f(0.2 * s)} ${f(y * s)}`);
      return (
        cyl(-0.5 * s, -0.3 * s, 0.45 * s) +
        cyl(-0.3 * s, 0.2 * s, 0.7 * s, SHADE) +
        `<path d="${knurl.join('')}" ${DETAIL}/>`
      );
    },
  },
};

/** Small parts go on a branch axis beside the part they fasten; the others on the main axis. */
const SMALL: ReadonlySet<IconKind> = new Set(['ring', 'bolt', 'nut', 'fitting', 'sensor', 'key', 'electric', 'cap']);

// ---------------------------------------------------------------------------------------------
// Page

const frame = (title: string, subtitle: string, code: string) => {
  const W = DRAWING_WIDTH;
  const H = DRAWING_HEIGHT;
  const tbX = W - 560;
  const tbY = H - 150;
  const ticks: string[] = [];
  for (let i = 1; i < 8; i++) {
    const x = (i * W) / 8;
    ticks.push(`M${f(x)} 20L${f(x)} 36M${f(x)} ${H - 20}L${f(x)} ${H - 36}`);
  }
  for (let i = 1; i < 6; i++) {
    const y = (i * H) / 6;
    ticks.push(`M20 ${f(y)}L36 ${f(y)}M${W - 20} ${f(y)}L${W - 36} ${f(y)}`);
  }
  const zoneLetters = [...'ABCDEF'].map((ch, i) => strokeText(ch, 28, ((i + 0.5) * H) / 6 + 5, 10, 'middle')).join('');
  const zoneNumbers = Array.from({ length: 8 }, (_, i) =>
    strokeText(String(i + 1), ((i + 0.5) * W) / 8, 33, 10, 'middle'),
  ).join('');
  return [
    `<rect x="20" y="20" width="${W - 40}" height="${H - 40}" fill="none" stroke="${INK}" stroke-width="2.4"/>`,
    `<rect x="36" y="36" width="${W - 72}" height="${H - 72}" fill="none" stroke="${INK}" stroke-width="1.2"/>`,
    `<path d="${ticks.join('')}" stroke="${INK}" stroke-width="1.2"/>`,
    zoneLetters,
    zoneNumbers,
    `<rect x="${tbX}" y="${tbY}" width="${W - 36 - tbX}" height="${H - 36 - tbY}" fill="#ffffff" stroke="${INK}" stroke-width="1.6"/>`,
    `<path d="M${tbX} ${tbY + 38}L${W - 36} ${tbY + 38}M${tbX} ${tbY + 82}L${W - 36} ${tbY + 82}M${tbX + 170} ${tbY}L${tbX + 170} ${tbY + 38}M${tbX + 350} ${tbY + 82}L${tbX + 350} ${H - 36}" stroke="${INK}" stroke-width="1.1"/>`,
    strokeText('EUROCOMACH', tbX + 14, tbY + 27, 16, 'start', 1.4),
    strokeText('PARTS CATALOGUE', tbX + 184, tbY + 25, 11),
    strokeText(title, tbX + 14, tbY + 68, 17, 'start', 1.2),
    strokeText(subtitle, tbX + 14, tbY + 104, 10),
    strokeText('DWG', tbX + 364, tbY + 96, 7),
    strokeText(code, tbX + 364, tbY + 112, 10),
  ].join('');
};

const balloon = (x: number, y: number, label: string) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${BALLOON_R}" fill="#ffffff" stroke="${INK}" stroke-width="2"/>` +
  strokeText(label, x, y + BALLOON_FONT * 0.35, BALLOON_FONT * 0.7, 'middle', 1.2);

const leader = (fromX: number, fromY: number, toX: number, toY: number) => {
  const dx = toX - fromX;
  const dy = toY - fromY;
  const len = Math.hypot(dx, dy) || 1;
  const ex = toX - (dx / len) * BALLOON_R;
  const ey = toY - (dy / len) * BALLOON_R;
  return `<path d="M${f(fromX)} ${f(fromY)}L${f(ex)} ${f(ey)}" stroke="${INK}" stroke-width="1.2"/><circle cx="${f(fromX)}" cy="${f(fromY)}" r="3" fill="${INK}"/>`;
};

const centreLine = (x0: number, y0: number, x1: number, y1: number) =>
  `<path d="M${f(x0)} ${f(y0)}L${f(x1)} ${f(y1)}" stroke="#59616a" stroke-width="1" stroke-dasharray="26 6 4 6" fill="none"/>`;

/** A short content hash for the file name: the same drawing keeps its name, a changed one gets a new one. */
const shortHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 8);

const svgDocument = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${DRAWING_WIDTH}" height="${DRAWING_HEIGHT}" viewBox="0 0 ${DRAWING_WIDTH} ${DRAWING_HEIGHT}"><rect width="100%" height="100%" fill="#ffffff"/>${body}</svg>`;

const finish = (base: string, body: string, labels: DrawingLabel[]): DrawingSeed => {
  const svg = svgDocument(body);
  return { name: `${base}-${shortHash(svg)}`, width: DRAWING_WIDTH, height: DRAWING_HEIGHT, labels, svg };
};

// ---------------------------------------------------------------------------------------------
// Exploded view of an assembly

export type ExplodedPart = { label: string; icon: IconKind };

type Placed = { part: ExplodedPart; x: number; y: number; angle: number; s: number; side: -1 | 1 };

/**
 * An exploded view: the large parts along an inclined main axis, the small ones (fasteners, seals,
 * fittings) on branch axes beside the part before them; balloons on two rails parallel to the main
 * axis, in the order of their parts so leader lines do not cross.
 */
export const explodedDrawing = (base: string, title: string, subtitle: string, parts: readonly ExplodedPart[]) => {
  const angle = (-19 * Math.PI) / 180;
  const d = { x: Math.cos(angle), y: Math.sin(angle) };
  const n = { x: -d.y, y: d.x };
  const centre = { x: 800, y: 490 };
  const half = 640;

  type Group = { main: ExplodedPart; small: ExplodedPart[] };
  const groups: Group[] = [];
  for (const part of parts) {
    const last = groups[groups.length - 1];
    if (SMALL.has(part.icon) && last && last.small.length < 2) last.small.push(part);
    else groups.push({ main: part, small: [] });
  }
  // Each part takes room along the axis in proportion to its length, all at the same scale.
  const weights = groups.map((g) => 1 + SHAPES[g.main.icon].half);
  const unit = (2 * half) / weights.reduce((a, b) => a + b, 0);
  const slot = (2 * half) / groups.length;
  let along = 0;
  const placed: Placed[] = [];
  const body: string[] = [];
  const start = { x: centre.x - d.x * half, y: centre.y - d.y * half };
  body.push(
    centreLine(start.x - d.x * 30, start.y - d.y * 30, centre.x + d.x * (half + 30), centre.y + d.y * (half + 30)),
  );
  groups.forEach((group, gi) => {
    const shape = SHAPES[group.main.icon];
    const width = (weights[gi] as number) * unit;
    const s = Math.min(58, (1.1 * width) / (2 * shape.half), 110 / shape.radius);
    const t = along + width / 2;
    along += width;
    const x = start.x + d.x * t;
    const y = start.y + d.y * t;
    const side: -1 | 1 = gi % 2 === 0 ? 1 : -1;
    placed.push({ part: group.main, x, y, angle, s, side: side === 1 ? -1 : 1 });
    let offset = shape.radius * s + 36;
    if (group.small.length > 0) {
      const smallS = Math.min(22, Math.max(14, slot * 0.26));
      const lengths = group.small.map((p) => 2 * SHAPES[p.icon].half * smallS);
      const total = offset + lengths.reduce((a, b) => a + b + 22, 0);
      body.push(centreLine(x, y, x + n.x * side * (total + 10), y + n.y * side * (total + 10)));
      group.small.forEach((p, i) => {
        const half = (lengths[i] as number) / 2;
        offset += half;
        placed.push({
          part: p,
          x: x + n.x * side * offset,
          y: y + n.y * side * offset,
          angle: Math.atan2(-n.y * side, -n.x * side),
          s: smallS,
          side,
        });
        offset += half + 22;
      });
    }
  });
  for (const p of placed) {
    body.push(
      `<g transform="translate(${f(p.x)} ${f(p.y)}) rotate(${f((p.angle * 180) / Math.PI)})">${SHAPES[p.part.icon].draw(p.s)}</g>`,
    );
  }

  // Balloons on two rails: side -1 above the axis, +1 below.
  const labels: DrawingLabel[] = [];
  for (const side of [-1, 1] as const) {
    const onRail = placed
      .filter((p) => p.side === side)
      .map((p) => {
        const t = (p.x - start.x) * d.x + (p.y - start.y) * d.y;
        const away = ((p.x - start.x) * n.x + (p.y - start.y) * n.y) * side;
        return { p, t: Math.round(t), away, reach: away + SHAPES[p.part.icon].radius * p.s };
      })
      .sort((a, b) => a.t - b.t || a.away - b.away);
    const railOffset = Math.max(170, ...onRail.map((r) => r.reach + 70));
    // The part of the rail inside the sheet (margins, title block): t in [lo, hi]. The axis rises
    // to the right (d.y < 0), so y falls as t grows.
    const railX = start.x + n.x * side * railOffset;
    const railY = start.y + n.y * side * railOffset;
    const margin = 40 + BALLOON_R;
    const lo = Math.max((margin - railX) / d.x, (railY - (DRAWING_HEIGHT - 170)) / -d.y);
    const hi = Math.min((DRAWING_WIDTH - margin - railX) / d.x, (railY - margin) / -d.y);
    const gap = Math.max(2 * BALLOON_R + 2, Math.min(2 * BALLOON_R + 14, (hi - lo) / Math.max(1, onRail.length - 1)));
    const ts = onRail.map((r) => Math.min(hi, Math.max(lo, r.t)));
    for (let i = 1; i < ts.length; i++) ts[i] = Math.max(ts[i] as number, (ts[i - 1] as number) + gap);
    const overflow = (ts[ts.length - 1] ?? 0) - hi;
    if (overflow > 0) for (let i = 0; i < ts.length; i++) ts[i] = (ts[i] as number) - overflow;
    for (let i = ts.length - 2; i >= 0; i--) ts[i] = Math.min(ts[i] as number, (ts[i + 1] as number) - gap);
    onRail.forEach(({ p }, i) => {
      const t = ts[i] as number;
      const bx = start.x + d.x * t + n.x * side * railOffset;
      const by = start.y + d.y * t + n.y * side * railOffset;
      const shape = SHAPES[p.part.icon];
      const reach = Math.min(shape.radius * p.s * 0.5, 14);
      const vx = bx - p.x;
      const vy = by - p.y;
      const len = Math.hypot(vx, vy) || 1;
      body.push(leader(p.x + (vx / len) * reach, p.y + (vy / len) * reach, bx, by));
      body.push(balloon(bx, by, p.part.label));
      labels.push({
        x: Math.round(bx),
        y: Math.round(by),
        font: BALLOON_FONT,
        label: p.part.label,
        labelLength: p.part.label.length,
      });
    });
  }
  body.push(frame(title, subtitle, base));
  labels.sort((a, b) => Number(a.label) - Number(b.label) || a.label.localeCompare(b.label));
  return finish(base, body.join(''), labels);
};

// ---------------------------------------------------------------------------------------------
// Overview of a group: the machine's side view, the group's area marked, a balloon per assembly

const SILHOUETTES: Record<MachineSilhouette, string> = {
  excavator: [
    // tracks
    '<rect x="330" y="700" width="640" height="120" rx="60" fill="#ffffff"/>',
    '<circle cx="392" cy="760" r="44" fill="#ffffff"/><circle cx="908" cy="760" r="44" fill="#ffffff"/>',
    '<circle cx="520" cy="790" r="22" fill="#ffffff"/><circle cx="650" cy="790" r="22" fill="#ffffff"/><circle cx="780" cy="790" r="22" fill="#ffffff"/>',
    // blade
    '<path d="M960 720L1040 700L1060 820L975 820Z" fill="#ffffff"/>',
    // upper structure
    '<path d="M360 690L360 560Q360 520 400 520L700 520L700 690Z" fill="#ffffff"/>',
    '<path d="M300 600L360 600L360 690L300 690Q280 645 300 600Z" fill="#ffffff"/>',
    // cab
    '<path d="M560 520L560 330L700 330L760 420L760 520Z" fill="#ffffff"/>',
    '<path d="M580 350L690 350L735 420L735 500L580 500Z" fill="#eef3f6"/>',
    // boom, arm, bucket
    '<path d="M720 560L780 480L1010 250L1060 280L840 560Z" fill="#ffffff"/>',
    '<path d="M1010 250L1180 330L1220 560L1170 570L1130 360L1040 310Z" fill="#ffffff"/>',
    '<path d="M1170 560L1260 560Q1300 650 1230 700L1150 680Z" fill="#ffffff"/>',
    '<path d="M790 500L950 330" stroke-width="18"/><path d="M790 500L950 330" stroke="#ffffff" stroke-width="13"/>',
  ].join(''),
  dumper: [
    '<rect x="330" y="700" width="640" height="120" rx="60" fill="#ffffff"/>',
    '<circle cx="392" cy="760" r="44" fill="#ffffff"/><circle cx="908" cy="760" r="44" fill="#ffffff"/>',
    '<circle cx="520" cy="790" r="22" fill="#ffffff"/><circle cx="650" cy="790" r="22" fill="#ffffff"/><circle cx="780" cy="790" r="22" fill="#ffffff"/>',
    '<path d="M340 700L340 560L980 560L980 700Z" fill="#ffffff"/>',
    '<path d="M560 560L520 330L1060 300L1000 560Z" fill="#ffffff"/>',
    '<path d="M340 560L340 470L510 470L510 560Z" fill="#ffffff"/>',
    '<path d="M360 485L490 485M360 500L490 500M360 515L490 515" stroke-width="1.2"/>',
    '<path d="M390 470L385 415Q385 405 395 405L425 405L440 470Z" fill="#ffffff"/>',
    '<path d="M360 470L360 320Q360 300 380 300L470 300Q490 300 490 320L490 470" stroke-width="16"/>',
    '<path d="M360 470L360 320Q360 300 380 300L470 300Q490 300 490 320L490 470" stroke="#ffffff" stroke-width="11"/>',
    '<path d="M600 560L760 420" stroke-width="18"/><path d="M600 560L760 420" stroke="#ffffff" stroke-width="13"/>',
  ].join(''),
  loader: [
    '<circle cx="450" cy="740" r="90" fill="#ffffff"/><circle cx="450" cy="740" r="45" fill="#eef3f6"/>',
    '<circle cx="900" cy="740" r="90" fill="#ffffff"/><circle cx="900" cy="740" r="45" fill="#eef3f6"/>',
    '<path d="M320 680L320 560Q320 520 360 520L700 520L720 600L1000 600L1000 680Z" fill="#ffffff"/>',
    '<path d="M520 520L520 330L680 330L720 420L720 520Z" fill="#ffffff"/>',
    '<path d="M540 350L670 350L700 420L700 500L540 500Z" fill="#eef3f6"/>',
    '<path d="M760 560L820 450L1180 560L1160 610L830 540Z" fill="#ffffff"/>',
    '<path d="M1150 480L1300 480L1330 640L1200 660Q1140 600 1150 480Z" fill="#ffffff"/>',
    '<path d="M800 600L1000 520" stroke-width="18"/><path d="M800 600L1000 520" stroke="#ffffff" stroke-width="13"/>',
  ].join(''),
};

/** Where each group's parts are on the side view, per silhouette: [x, y, rx, ry]. */
export type OverviewArea = readonly [number, number, number, number];

export const overviewDrawing = (
  base: string,
  title: string,
  subtitle: string,
  silhouette: MachineSilhouette,
  area: OverviewArea,
  items: readonly { label: string; text: string }[],
) => {
  const [ax, ay, rx, ry] = area;
  const body: string[] = [
    `<g stroke="${INK}" stroke-width="2.2" stroke-linejoin="round" fill="none">${SILHOUETTES[silhouette]}</g>`,
    `<ellipse cx="${ax}" cy="${ay}" rx="${rx}" ry="${ry}" fill="none" stroke="${INK}" stroke-width="2.4" stroke-dasharray="14 8"/>`,
    strokeText('VIEW FROM LEFT SIDE', 330, 900, 12),
  ];
  const out: DrawingLabel[] = [];
  // The legend: what each balloon opens.
  items.forEach(({ label, text }, i) => {
    const y = 960 + i * 34;
    body.push(
      `<circle cx="80" cy="${y}" r="13" fill="#ffffff" stroke="${INK}" stroke-width="1.6"/>`,
      strokeText(label, 80, y + 5, 10, 'middle'),
      strokeText(text, 104, y + 7, 13),
    );
  });
  items.forEach(({ label }, i) => {
    const k = i - (items.length - 1) / 2;
    const px = ax + k * rx * 0.5;
    const py = ay + (i % 2 ? 0.2 : -0.2) * ry;
    const bx = Math.round(ax + k * 120);
    const by = Math.round(Math.max(100, ay - ry - 150));
    body.push(leader(px, py, bx, by), balloon(bx, by, label));
    out.push({ x: bx, y: by, font: BALLOON_FONT, label, labelLength: label.length });
  });
  body.push(frame(title, subtitle, base));
  return finish(base, body.join(''), out);
};

// ---------------------------------------------------------------------------------------------
// Rendering

const RENDER_OPTIONS = { fitTo: { mode: 'original' as const }, font: { loadSystemFonts: false } };

export const renderDrawingPng = (svg: string) => new Resvg(svg, RENDER_OPTIONS).render().asPng();

/**
 * Writes the PNG of every drawing whose file is not there yet (the name carries the content hash).
 * Rendering runs on the libuv thread pool, a few drawings at a time.
 */
export const writeDrawingPngs = async (dataDir: string, drawings: readonly DrawingSeed[]) => {
  await fs.mkdir(catalogueDrawingsDir(dataDir), { recursive: true });
  const missing: DrawingSeed[] = [];
  for (const drawing of drawings) {
    const exists = await fs
      .stat(catalogueDrawingPath(dataDir, drawing.name))
      .then((s) => s.size > 0)
      .catch(() => false);
    if (!exists) missing.push(drawing);
  }
  let next = 0;
  const worker = async () => {
    for (let drawing = missing[next++]; drawing; drawing = missing[next++]) {
      const png = (await renderAsync(drawing.svg, RENDER_OPTIONS)).asPng();
      await fs.writeFile(catalogueDrawingPath(dataDir, drawing.name), png);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return missing.length;
};
