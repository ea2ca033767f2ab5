import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageSeed } from './catalogue-generator.ts';
import type { TrackShape } from './catalogue-vocabulary.ts';

// Technical-drawing palette.
const INK = '#2b3035';
const BODY = '#dfe4e9';
const METAL = '#b9c2ca';
const STEEL = '#8f9aa4';
const DARK = '#4a525a';
const RUBBER = '#33383d';
const ACCENT = '#d9731a';
const GLASS_FILL = '#cfe6f3';

type Fill = string;

const f = (n: number) => String(Math.round(n * 10) / 10);
const rect = (x: number, y: number, w: number, h: number, fill: Fill = BODY, rx = 0, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(rx)}" fill="${fill}" ${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: Fill = BODY, extra = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" ${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: Fill = BODY, extra = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`;
const pathD = (d: string, fill: Fill = BODY, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, extra = '') =>
  `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" ${extra}/>`;
const polygon = (points: readonly (readonly [number, number])[], fill: Fill = BODY, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
const regular = (cx: number, cy: number, r: number, n: number, rotate = 0) =>
  Array.from({ length: n }, (_, i) => {
    const a = rotate + (i * 2 * Math.PI) / n;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
  });
const hexagon = (cx: number, cy: number, r: number, fill: Fill = METAL) =>
  polygon(regular(cx, cy, r, 6, Math.PI / 6), fill);
const thin = 'stroke-width="1.5"';
const hair = 'stroke-width="1" stroke="#7a8590"';
/** Thread or rib hatching over a horizontal span. */
const hatch = (x1: number, x2: number, y1: number, y2: number, step: number) => {
  const out: string[] = [];
  for (let x = x1; x <= x2; x += step) out.push(line(x, y1, x + step / 2, y2, thin));
  return out.join('');
};
/** A dimension line with arrows, for the drawing-sheet look. */
const dimension = (x1: number, x2: number, y: number) =>
  `<g stroke="#7a8590" stroke-width="1" fill="none">${line(x1, y - 6, x1, y + 6)}${line(x2, y - 6, x2, y + 6)}${line(x1, y, x2, y, 'marker-start="url(#arrow)" marker-end="url(#arrow)"')}</g>`;
const vdimension = (x: number, y1: number, y2: number) =>
  `<g stroke="#7a8590" stroke-width="1" fill="none">${line(x - 6, y1, x + 6, y1)}${line(x - 6, y2, x + 6, y2)}${line(x, y1, x, y2, 'marker-start="url(#arrow)" marker-end="url(#arrow)"')}</g>`;

type Draw = (v: number) => string;

const DRAWINGS: Record<ImageSeed['icon'], Draw> = {
  filter: (v) => {
    const h = 120 + v * 30;
    const top = -h / 2;
    return [
      rect(-60, top, 120, h, ACCENT, 10),
      rect(-60, top + h * 0.3, 120, h * 0.34, '#ffffff'),
      `<text x="0" y="${f(top + h * 0.5 + 6)}" text-anchor="middle" font-size="16" font-weight="700" fill="${INK}" stroke="none">EC</text>`,
      rect(-66, top - 16, 132, 18, METAL, 3),
      rect(-20, top - 34, 40, 18, STEEL, 2),
      hatch(-18, 14, top - 32, top - 18, 6),
      line(-40, top + 8, -40, top + h - 8, 'stroke="#ffffff" stroke-width="4" opacity="0.5"'),
      vdimension(86, top - 16, top + h),
    ].join('');
  },
  cartridge: (v) => {
    const h = 130 + v * 25;
    const w = 110;
    const top = -h / 2;
    const pleats: string[] = [];
    for (let x = -w / 2 + 8; x < w / 2 - 4; x += 8) pleats.push(line(x, top + 10, x, top + h - 10, hair));
    return [
      rect(-w / 2, top, w, h, '#f2e6c9'),
      ...pleats,
      ellipse(0, top, w / 2 + 6, 14, DARK),
      ellipse(0, top, 24, 6, '#1c1f22'),
      rect(-w / 2 - 6, top + h - 10, w + 12, 20, DARK, 6),
      dimension(-w / 2 - 6, w / 2 + 6, top + h + 30),
    ].join('');
  },
  hose: (v) => {
    const d = v === 1 ? 'M-120,40 C-60,40 -40,-60 40,-60 S110,-10 110,30' : 'M-130,20 C-70,-70 50,70 120,-20';
    const [sx, sy, ex, ey] = v === 1 ? [-120, 40, 110, 30] : [-130, 20, 120, -20];
    return [
      `<path d="${d}" fill="none" stroke="${RUBBER}" stroke-width="22" stroke-linecap="round"/>`,
      `<path d="${d}" fill="none" stroke="#5b636b" stroke-width="6" stroke-dasharray="10 8" />`,
      hexagon(sx, sy, 18),
      rect(sx - 8, sy - 12, 16, 24, STEEL),
      hexagon(ex, ey, 18),
      rect(ex - 8, ey - 12, 16, 24, STEEL),
    ].join('');
  },
  fitting: (v) =>
    v === 1
      ? [
          rect(-70, -18, 70, 36, METAL),
          hatch(-66, -30, -18, 18, 7),
          rect(-18, -70, 36, 70, METAL),
          hatch(-16, 14, -70, -40, 7),
          hexagon(0, 0, 32),
          circle(0, 0, 12, STEEL),
        ].join('')
      : [
          rect(-110, -20, 80, 40, METAL),
          hatch(-106, -40, -20, 20, 7),
          polygon(
            [
              [-30, -38],
              [30, -38],
              [40, 0],
              [30, 38],
              [-30, 38],
              [-40, 0],
            ],
            METAL,
          ),
          line(-30, -38, -30, 38, hair),
          line(30, -38, 30, 38, hair),
          rect(40, -20, 70, 40, METAL),
          hatch(44, 100, -20, 20, 7),
          dimension(-110, 110, 70),
        ].join(''),
  ring: (v) => {
    const fill = v === 1 ? METAL : RUBBER;
    return [
      ellipse(0, 12, 120, 62, DARK),
      ellipse(0, 0, 120, 62, fill),
      ellipse(0, 0, 88 - v * 8, 40 - v * 4, '#f7f8fa'),
      ellipse(-30, -34, 40, 8, 'none', 'stroke="#ffffff" stroke-width="3" opacity="0.35"'),
      dimension(-120, 120, 92),
    ].join('');
  },
  sealKit: (v) =>
    [
      rect(-140, -95, 280, 190, '#ffffff', 12, 'stroke-dasharray="8 5"'),
      ellipse(-60, -20, 60, 30, RUBBER),
      ellipse(-60, -20, 42, 18, '#ffffff'),
      ellipse(55, -35, 45, 22, '#3d6fa5'),
      ellipse(55, -35, 32, 14, '#ffffff'),
      ellipse(-20, 50, 40, 16, ACCENT),
      ellipse(-20, 50, 28, 9, '#ffffff'),
      ellipse(80, 45, 30 + v * 4, 14, RUBBER),
      ellipse(80, 45, 20 + v * 4, 8, '#ffffff'),
      rect(-140, -95, 70, 22, ACCENT, 4),
      `<text x="-105" y="-79" text-anchor="middle" font-size="12" font-weight="700" fill="#ffffff" stroke="none">KIT</text>`,
    ].join(''),
  cylinder: (v) => {
    const stroke = 70 + v * 20;
    return [
      rect(-150, -26, 170, 52, BODY, 4),
      rect(12, -22, 22, 44, STEEL),
      rect(34, -10, stroke, 20, '#e9eef2'),
      line(40, -4, 30 + stroke, -4, 'stroke="#ffffff" stroke-width="3"'),
      circle(-162, 0, 20, STEEL),
      circle(-162, 0, 8, '#f7f8fa'),
      circle(48 + stroke, 0, 18, STEEL),
      circle(48 + stroke, 0, 7, '#f7f8fa'),
      rect(-130, -38, 18, 12, METAL),
      rect(-10, -38, 18, 12, METAL),
      dimension(-162, 48 + stroke, 60),
    ].join('');
  },
  pump: (v) =>
    [
      rect(-80, -55, 150, 110, BODY, 10),
      rect(-100, -70, 22, 140, METAL, 4),
      circle(-89, -52, 5, STEEL),
      circle(-89, 52, 5, STEEL),
      rect(-140, -12, 42, 24, STEEL),
      hatch(-138, -104, -12, 12, 6),
      rect(-20, -80, 40, 25, METAL),
      hexagon(0, -86, 14),
      rect(30, -80, 30, 25, METAL),
      v === 1 ? rect(70, -30, 40, 60, ACCENT, 6) : rect(70, -20, 24, 40, METAL, 4),
      dimension(-140, 70 + (v === 1 ? 40 : 24), 88),
    ].join(''),
  motor: (v) => {
    const bolts = regular(0, 0, 92, 12).map(([x, y]) => circle(x, y, 6, STEEL));
    return [
      circle(0, 0, 110, METAL),
      circle(0, 0, 78, BODY),
      ...bolts,
      circle(0, 0, 40, v === 1 ? ACCENT : STEEL),
      circle(0, 0, 16, DARK),
      rect(90, -16, 50, 32, BODY, 4),
    ].join('');
  },
  valve: (v) => {
    const n = 3 + v;
    const w = 46;
    const x0 = (-n * w) / 2;
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      out.push(rect(x0 + i * w, -50, w, 100, BODY));
      out.push(circle(x0 + i * w + w / 2, -20, 9, DARK));
      out.push(rect(x0 + i * w + 10, 50, w - 20, 26, METAL));
      if (v > 0) out.push(rect(x0 + i * w + 8, -86, w - 16, 36, ACCENT, 4));
    }
    out.push(rect(x0 - 22, -50, 22, 100, METAL));
    out.push(rect(x0 + n * w, -50, 22, 100, METAL));
    out.push(dimension(x0 - 22, x0 + n * w + 22, 100));
    return out.join('');
  },
  joystick: (v) =>
    [
      rect(-80, 60, 160, 26, METAL, 4),
      pathD('M-50,60 L-30,10 L30,10 L50,60 Z', RUBBER),
      line(-42, 40, 42, 40, 'stroke="#5b636b"'),
      line(-36, 25, 36, 25, 'stroke="#5b636b"'),
      rect(-8, -60, 16, 72, STEEL),
      pathD('M-34,-60 C-40,-120 40,-130 34,-60 Z', DARK),
      circle(-10, -96, 7, ACCENT),
      circle(12, -92, 6, v === 1 ? '#3d6fa5' : ACCENT),
    ].join(''),
  sensor: (v) =>
    [
      rect(-120, -12, 50, 24, STEEL),
      hatch(-118, -76, -12, 12, 6),
      hexagon(-50, 0, 30),
      rect(-20, -26, 80, 52, v === 1 ? ACCENT : DARK, 6),
      rect(60, -20, 46, 40, DARK, 4),
      line(70, -8, 100, -8, 'stroke="#cfd5dc" stroke-width="3"'),
      line(70, 8, 100, 8, 'stroke="#cfd5dc" stroke-width="3"'),
    ].join(''),
  light: (v) => {
    const leds = v === 0 ? regular(0, -10, 38, 6).map(([x, y]) => circle(x, y, 9, '#fff6d6')) : [];
    return [
      rect(-22, 70, 44, 30, METAL, 4),
      rect(-8, 40, 16, 32, STEEL),
      v === 0 ? rect(-90, -80, 180, 140, DARK, 20) : circle(0, -10, 85, DARK),
      v === 0 ? rect(-74, -66, 148, 112, '#e9f3fa', 12) : circle(0, -10, 68, '#e9f3fa'),
      v === 1 ? circle(0, -10, 20, '#fff6d6') : '',
      ...leds,
      pathD('M-60,-50 L-20,-60', 'none', 'stroke="#ffffff" stroke-width="4" opacity="0.8"'),
    ].join('');
  },
  beacon: (v) =>
    [
      rect(-70, 50, 140, 30, DARK, 6),
      pathD('M-55,50 L-55,-20 C-55,-95 55,-95 55,-20 L55,50 Z', v === 1 ? '#f4c542' : '#f0a13a', 'opacity="0.9"'),
      rect(-18, -40, 36, 80, '#fff6d6'),
      pathD('M-40,-30 C-40,-60 -20,-70 -5,-72', 'none', 'stroke="#ffffff" stroke-width="5" opacity="0.7"'),
    ].join(''),
  battery: (v) =>
    [
      rect(-120, -60, 240, 130, DARK, 6),
      rect(-120, -60, 240, 26, '#5b636b', 6),
      rect(-95, -82, 30, 22, '#c0392b', 3),
      rect(65, -82, 30, 22, RUBBER, 3),
      `<text x="-80" y="-38" text-anchor="middle" font-size="20" font-weight="700" fill="#ffffff" stroke="none">+</text>`,
      `<text x="80" y="-38" text-anchor="middle" font-size="20" font-weight="700" fill="#ffffff" stroke="none">−</text>`,
      rect(-70, -5, 140, 40, v === 1 ? '#3d6fa5' : ACCENT, 4),
      `<text x="0" y="22" text-anchor="middle" font-size="16" font-weight="700" fill="#ffffff" stroke="none">12 V</text>`,
    ].join(''),
  electric: (v) =>
    [
      rect(-70, -70, 140, 120, v === 1 ? '#3d6fa5' : DARK, 8),
      rect(-50, -50, 100, 26, '#ffffff', 3, 'opacity="0.85"'),
      line(-40, -37, 40, -37, hair),
      ...[-40, -14, 14, 40].map((x) => rect(x - 5, 50, 10, 40, METAL)),
      circle(40, 20, 8, ACCENT),
    ].join(''),
  key: (v) =>
    [
      circle(-80, 0, 50, v === 1 ? DARK : ACCENT),
      circle(-80, 0, 16, '#f7f8fa'),
      pathD('M-32,-14 L130,-14 L130,14 L110,14 L104,26 L92,14 L80,26 L68,14 L-32,14 Z', METAL),
      line(-20, 0, 120, 0, hair),
    ].join(''),
  glass: (v) =>
    [
      polygon(
        v === 1
          ? [
              [-110, -90],
              [100, -90],
              [120, 90],
              [-120, 90],
            ]
          : [
              [-120, -80],
              [80, -95],
              [120, 85],
              [-110, 95],
            ],
        GLASS_FILL,
        `stroke="${RUBBER}" stroke-width="6"`,
      ),
      line(-60, 40, 10, -50, 'stroke="#ffffff" stroke-width="8" opacity="0.8"'),
      line(-30, 50, 30, -30, 'stroke="#ffffff" stroke-width="4" opacity="0.8"'),
    ].join(''),
  seat: (v) =>
    [
      pathD('M-70,-110 C-80,-40 -75,10 -60,40 L40,40 C30,0 20,-60 10,-110 Z', v === 1 ? '#3d4650' : RUBBER),
      pathD('M-60,40 L80,40 C95,40 100,70 85,75 L-55,75 Z', v === 1 ? '#3d4650' : RUBBER),
      rect(-60, -135, 60, 26, RUBBER, 10),
      rect(-20, 75, 40, 40, METAL),
      rect(-70, 115, 140, 10, STEEL, 3),
      line(-50, -80, -10, -80, 'stroke="#5b636b"'),
      line(-48, -40, -2, -40, 'stroke="#5b636b"'),
      rect(40, 10, 60, 14, ACCENT, 5),
    ].join(''),
  mirror: (v) =>
    [
      line(-120, 90, -20, 10, `stroke="${STEEL}" stroke-width="10" stroke-linecap="round"`),
      v === 1 ? rect(-40, -100, 160, 110, DARK, 14) : ellipse(40, -40, 90, 60, DARK),
      v === 1 ? rect(-30, -90, 140, 90, GLASS_FILL, 10) : ellipse(40, -40, 78, 49, GLASS_FILL),
      line(0, -20, 40, -70, 'stroke="#ffffff" stroke-width="5" opacity="0.8"'),
    ].join(''),
  wiper: (v) =>
    [
      line(-130, 80, 90, -70, `stroke="${DARK}" stroke-width="10" stroke-linecap="round"`),
      circle(-130, 80, 14, STEEL),
      line(-40, 60 - v * 10, 130, -80 - v * 10, `stroke="${RUBBER}" stroke-width="14" stroke-linecap="round"`),
      line(-36, 66 - v * 10, 134, -74 - v * 10, 'stroke="#5b636b" stroke-width="3"'),
    ].join(''),
  spring: (v) => {
    const turns = 8 + v * 2;
    const w = 220;
    const step = w / turns;
    let d = `M${-w / 2},0`;
    for (let i = 0; i < turns; i++)
      d += ` L${f(-w / 2 + i * step + step / 4)},-45 L${f(-w / 2 + i * step + (3 * step) / 4)},45`;
    d += ` L${w / 2},0`;
    return [
      rect(-w / 2 - 20, -55, 14, 110, STEEL),
      rect(w / 2 + 6, -55, 14, 110, STEEL),
      `<path d="${d}" fill="none" stroke="${v === 1 ? ACCENT : DARK}" stroke-width="9" stroke-linejoin="round"/>`,
      dimension(-w / 2 - 20, w / 2 + 20, 80),
    ].join('');
  },
  pin: (v) => {
    const l = 240 - v * 30;
    return [
      rect(-l / 2, -24, l, 48, METAL, 10),
      line(-l / 2 + 10, -10, l / 2 - 10, -10, 'stroke="#ffffff" stroke-width="4" opacity="0.6"'),
      rect(-l / 2 + 20, -28, 8, 56, STEEL),
      rect(l / 2 - 40, -40, 14, 80, v === 1 ? ACCENT : STEEL, 3),
      circle(l / 2 - 14, 0, 6, '#f7f8fa'),
      dimension(-l / 2, l / 2, 60),
    ].join('');
  },
  bushing: (v) =>
    [
      rect(-70, -60 - v * 10, 140, 120 + v * 20, v === 1 ? '#c9a45b' : METAL),
      ellipse(70, 0, 26, 60 + v * 10, v === 1 ? '#d9b878' : BODY),
      ellipse(70, 0, 15, 40 + v * 6, DARK),
      ellipse(-70, 0, 26, 60 + v * 10, 'none', 'stroke-dasharray="6 4"'),
      dimension(-70, 70, 95 + v * 10),
    ].join(''),
  bolt: (v) => {
    const l = 170 - v * 20;
    return [
      rect(-110, -42, 40, 84, METAL, 3),
      line(-110, -14, -70, -14, hair),
      line(-110, 14, -70, 14, hair),
      rect(-70, -20, l, 40, METAL),
      hatch(-70 + l * 0.35, -70 + l - 6, -20, 20, 7),
      dimension(-70, -70 + l, 60),
    ].join('');
  },
  nut: (v) =>
    [
      hexagon(0, 0, 90, METAL),
      circle(0, 0, 44 + v * 4, '#f7f8fa'),
      circle(0, 0, 56, 'none', 'stroke-dasharray="5 5"'),
      v === 1 ? circle(0, 0, 72, 'none', `stroke="${ACCENT}" stroke-width="4"`) : '',
    ].join(''),
  tooth: (v) =>
    [
      pathD(
        v === 1
          ? 'M-120,-50 L40,-40 L130,0 L40,40 L-120,50 Z'
          : 'M-120,-55 L30,-45 C90,-30 130,-10 135,0 C130,10 90,30 30,45 L-120,55 Z',
        STEEL,
      ),
      pathD('M-120,-55 L-70,-52 L-70,52 L-120,55 Z', DARK),
      circle(-40, 0, 12, '#f7f8fa'),
      line(-20, -20, 100, -4, 'stroke="#ffffff" stroke-width="3" opacity="0.6"'),
    ].join(''),
  edge: (v) => {
    const holes = [-90, -30, 30, 90].map((x) => circle(x, -6, 9, '#f7f8fa'));
    return [
      pathD(
        v === 1 ? 'M-140,-40 L140,-40 L140,30 L120,50 L-120,50 L-140,30 Z' : 'M-140,-35 L140,-35 L140,35 L-140,45 Z',
        STEEL,
      ),
      ...holes,
      line(-140, 25, 140, 25, hair),
      dimension(-140, 140, 80),
    ].join('');
  },
  bucket: (v) =>
    [
      pathD('M-110,-70 L60,-90 L90,-60 C110,10 80,70 10,90 L-110,80 Z', v === 1 ? '#e8b23a' : ACCENT),
      pathD('M-110,-70 L-110,80', 'none', 'stroke-width="6"'),
      circle(20, -70, 12, STEEL),
      circle(60, -72, 12, STEEL),
      ...[-80, -45, -10].map((x) => pathD(`M${x},80 L${x + 10},118 L${x + 24},80 Z`, STEEL)),
      line(-60, -40, 50, -60, 'stroke="#ffffff" stroke-width="3" opacity="0.5"'),
    ].join(''),
  roller: (v) =>
    [
      rect(-150, -10, 300, 20, STEEL),
      pathD(
        'M-100,-80 L-70,-80 L-60,-55 L60,-55 L70,-80 L100,-80 L100,80 L70,80 L60,55 L-60,55 L-70,80 L-100,80 Z',
        v === 1 ? DARK : BODY,
      ),
      ...(v === 0 ? [line(-60, -55, -60, 55, hair), line(60, -55, 60, 55, hair)] : []),
      rect(-130, -30, 30, 60, METAL, 4),
      rect(100, -30, 30, 60, METAL, 4),
      dimension(-100, 100, 105),
    ].join(''),
  idler: (v) =>
    [
      circle(0, 0, 115, DARK),
      circle(0, 0, 96, BODY),
      ...regular(0, 0, 62, 5 + v).map(([x, y]) => circle(x, y, 14, '#f7f8fa')),
      circle(0, 0, 30, STEEL),
      circle(0, 0, 12, DARK),
    ].join(''),
  sprocket: (v) => {
    const n = 19 + v * 2;
    const pts: [number, number][] = [];
    for (let i = 0; i < n * 2; i++) {
      const a = (i * Math.PI) / n;
      const r = i % 2 === 0 ? 118 : 96;
      pts.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    return [
      polygon(pts, STEEL),
      circle(0, 0, 80, METAL),
      ...regular(0, 0, 55, 9).map(([x, y]) => circle(x, y, 7, '#f7f8fa')),
      circle(0, 0, 32, '#f7f8fa'),
    ].join('');
  },
  chain: (v) => {
    const links: string[] = [];
    for (let i = 0; i < 5; i++) {
      const x = -150 + i * 62;
      links.push(rect(x, -30, 80, 60, i % 2 === 0 ? STEEL : METAL, 24));
      links.push(circle(x + 18, 0, 10, DARK));
      links.push(circle(x + 62, 0, 10, DARK));
    }
    if (v === 1) links.push(rect(-150, 40, 300, 24, DARK, 4));
    return links.join('');
  },
  bearing: (v) =>
    [
      circle(0, 0, 115, STEEL),
      circle(0, 0, 90, '#f7f8fa'),
      ...regular(0, 0, 72, 12).map(([x, y]) => circle(x, y, v === 1 ? 12 : 15, METAL)),
      circle(0, 0, 56, STEEL),
      circle(0, 0, 36, '#f7f8fa'),
    ].join(''),
  belt: (v) =>
    [
      `<path d="M-90,-70 L90,${f(-50 + v * 10)} A${f(50 - v * 10)},${f(50 - v * 10)} 0 0 1 90,${f(50 - v * 10)} L-90,70 A70,70 0 0 1 -90,-70 Z" fill="none" stroke="${RUBBER}" stroke-width="16"/>`,
      circle(-90, 0, 56, METAL),
      circle(-90, 0, 14, DARK),
      circle(90, 0, 36 - v * 10, METAL),
      circle(90, 0, 10, DARK),
    ].join(''),
  fan: (v) => {
    const blades = 6 + v;
    const out: string[] = [];
    for (let i = 0; i < blades; i++) {
      const a = (i * 360) / blades;
      out.push(
        `<path transform="rotate(${f(a)})" d="M0,-20 C40,-40 70,-100 20,-115 C0,-100 -10,-60 0,-20 Z" fill="${v === 1 ? DARK : ACCENT}"/>`,
      );
    }
    return [
      circle(0, 0, 120, 'none', 'stroke-dasharray="4 6"'),
      ...out,
      circle(0, 0, 28, STEEL),
      circle(0, 0, 10, DARK),
    ].join('');
  },
  radiator: (v) => {
    const fins: string[] = [];
    for (let y = -70; y <= 70; y += 7) fins.push(line(-110, y, 110, y, hair));
    return [
      rect(-120, -80, 240, 160, METAL),
      ...fins,
      rect(-130, -100, 260, 22, DARK, 4),
      rect(-130, 78, 260, 22, DARK, 4),
      rect(v === 1 ? 70 : -100, -124, 28, 26, STEEL),
      rect(v === 1 ? -100 : 70, 98, 28, 26, STEEL),
    ].join('');
  },
  can: (v) =>
    [
      pathD('M-80,-70 L40,-70 L80,-30 L80,100 L-80,100 Z', v === 1 ? '#3d6fa5' : ACCENT),
      rect(-60, -105, 70, 22, DARK, 6),
      rect(-40, -125, 30, 22, STEEL, 4),
      rect(-55, -10, 110, 70, '#ffffff', 4),
      line(-40, 10, 40, 10, hair),
      line(-40, 30, 25, 30, hair),
      pathD('M20,-70 L60,-110 L80,-90 L50,-62 Z', DARK),
    ].join(''),
  kit: (v) =>
    [
      polygon(
        [
          [-120, -40],
          [0, -90],
          [120, -40],
          [0, 10],
        ],
        METAL,
      ),
      polygon(
        [
          [-120, -40],
          [0, 10],
          [0, 110],
          [-120, 60],
        ],
        v === 1 ? '#3d6fa5' : ACCENT,
      ),
      polygon(
        [
          [120, -40],
          [0, 10],
          [0, 110],
          [120, 60],
        ],
        v === 1 ? '#2f5a88' : '#b85f14',
      ),
      rect(-95, 0, 70, 30, '#ffffff', 3, 'transform="skewY(22)"'),
    ].join(''),
  panel: (v) => {
    const slots = [-50, -25, 0, 25, 50].map((y) => rect(-70, y - 5, 140, 10, DARK, 5));
    return [
      pathD('M-130,-90 L110,-90 C130,-90 140,-70 140,-50 L140,90 L-130,90 Z', v === 1 ? BODY : ACCENT),
      ...(v === 1 ? [] : slots),
      circle(-112, -72, 6, STEEL),
      circle(122, 72, 6, STEEL),
      circle(-112, 72, 6, STEEL),
      line(-130, -60, 140, -60, hair),
    ].join('');
  },
  counterweight: (v) =>
    [
      pathD('M-140,80 L-140,-20 C-140,-80 -80,-100 0,-100 C80,-100 140,-80 140,-20 L140,80 Z', v === 1 ? DARK : ACCENT),
      rect(-100, -10, 200, 50, v === 1 ? '#5b636b' : '#b85f14', 6),
      circle(-80, -70, 12, STEEL),
      circle(80, -70, 12, STEEL),
      dimension(-140, 140, 105),
    ].join(''),
  tyre: (v) => {
    const lugs = regular(0, 0, 112, 24).map(
      ([x, y], i) =>
        `<rect x="-10" y="-6" width="20" height="12" fill="${RUBBER}" transform="translate(${f(x)} ${f(y)}) rotate(${f((i * 360) / 24 + (v ? 30 : -30))})"/>`,
    );
    return [
      circle(0, 0, 112, RUBBER),
      ...lugs,
      circle(0, 0, 70, METAL),
      circle(0, 0, 50, v === 1 ? ACCENT : '#e8b23a'),
      ...regular(0, 0, 30, 6).map(([x, y]) => circle(x, y, 5, DARK)),
      circle(0, 0, 12, DARK),
    ].join('');
  },
  gauge: (v) => {
    const ticks = Array.from({ length: 11 }, (_, i) => {
      const a = Math.PI * (0.75 + (i * 1.5) / 10);
      return line(80 * Math.cos(a), 80 * Math.sin(a), 96 * Math.cos(a), 96 * Math.sin(a), 'stroke-width="2"');
    });
    return [
      rect(-16, 100, 32, 30, METAL),
      hexagon(0, 118, 20),
      circle(0, 0, 110, DARK),
      circle(0, 0, 100, '#ffffff'),
      ...ticks,
      line(0, 0, v === 1 ? 60 : -50, v === 1 ? -40 : -55, `stroke="${ACCENT}" stroke-width="5" stroke-linecap="round"`),
      circle(0, 0, 8, INK),
    ].join('');
  },
  ecu: (v) =>
    [
      rect(-100, -70, 200, 120, v === 1 ? DARK : METAL, 8),
      rect(-70, -90, 60, 22, RUBBER, 4),
      rect(10, -90, 60, 22, RUBBER, 4),
      `<path d="M-40,-90 C-40,-130 -120,-110 -140,-140" fill="none" stroke="${RUBBER}" stroke-width="8"/>`,
      `<path d="M40,-90 C40,-140 120,-100 140,-140" fill="none" stroke="${ACCENT}" stroke-width="6"/>`,
      rect(-60, -20, 120, 30, '#ffffff', 3, 'opacity="0.85"'),
    ].join(''),
  piston: (v) =>
    [
      rect(-80, -90, 160, 180, METAL, 8),
      ...[-70, -55, -40].map((y) => rect(-80, y, 160, 6, DARK)),
      circle(0, 20, 24, '#f7f8fa'),
      circle(0, 20, 24, 'none', 'stroke-dasharray="4 3"'),
      v === 1 ? pathD('M-40,-90 C-20,-110 20,-110 40,-90 Z', STEEL) : '',
      vdimension(110, -90, 90),
    ].join(''),
  injector: (v) =>
    [
      rect(-130, -14, 40, 28, STEEL, 4),
      hexagon(-70, 0, 26),
      rect(-50, -22, 120, 44, v === 1 ? DARK : METAL, 6),
      rect(70, -12, 40, 24, STEEL),
      pathD('M110,-8 L140,-3 L140,3 L110,8 Z', DARK),
      rect(-30, -42, 30, 20, RUBBER, 3),
    ].join(''),
  exhaust: (v) =>
    [
      ellipse(-40, 0, 30, 62, DARK),
      rect(-40, -62, 140, 124, METAL),
      ellipse(100, 0, 30, 62, STEEL),
      `<path d="M-60,30 L-140,30 L-140,${v === 1 ? -80 : 80}" fill="none" stroke="${STEEL}" stroke-width="18"/>`,
      `<path d="M110,-30 L150,-30 L150,-100" fill="none" stroke="${STEEL}" stroke-width="16"/>`,
      line(-20, -40, 80, -40, 'stroke="#ffffff" stroke-width="4" opacity="0.6"'),
    ].join(''),
  cap: (v) =>
    [
      rect(-90, -40, 180, 60, v === 1 ? DARK : ACCENT, 10),
      ...Array.from({ length: 11 }, (_, i) => line(-80 + i * 16, -36, -80 + i * 16, 16, 'stroke="#00000055"')),
      rect(-60, 20, 120, 30, METAL),
      hatch(-58, 52, 20, 50, 7),
      dimension(-90, 90, 80),
    ].join(''),
  excavator: (v) =>
    [
      rect(-150, 50, 220, 50, RUBBER, 25),
      ...[-125, -85, -45, -5, 35].map((x) => circle(x, 75, 12, DARK)),
      rect(-150, 20, 220, 30, DARK, 4),
      pathD('M-150,20 L-150,-20 C-150,-40 -130,-40 -110,-40 L40,-40 L40,20 Z', v === 2 ? '#e8b23a' : ACCENT),
      pathD('M-20,-40 L-20,-120 L40,-120 L50,-40 Z', GLASS_FILL, `stroke-width="4"`),
      `<path d="M40,-20 L110,-110 L170,-60" fill="none" stroke="${v === 2 ? '#e8b23a' : ACCENT}" stroke-width="22" stroke-linejoin="round"/>`,
      `<path d="M170,-60 L175,30" fill="none" stroke="${STEEL}" stroke-width="12"/>`,
      pathD('M150,20 L195,20 L200,60 L160,70 Z', DARK),
      rect(75, 40, 70, 16, STEEL, 4),
    ].join(''),
  dumper: (v) =>
    [
      rect(-150, 50, 250, 50, RUBBER, 25),
      ...[-125, -85, -45, -5, 35, 75].map((x) => circle(x, 75, 12, DARK)),
      rect(-150, 20, 250, 30, DARK, 4),
      pathD(v === 1 ? 'M-30,20 L-40,-60 L110,-75 L150,20 Z' : 'M-40,20 L-60,-60 L100,-60 L110,20 Z', ACCENT),
      rect(-150, -20, 90, 40, BODY, 6),
      rect(-140, -60, 30, 40, RUBBER, 6),
      `<path d="M-150,-20 L-150,-110 L-70,-110 L-70,-20" fill="none" stroke="${DARK}" stroke-width="8"/>`,
    ].join(''),
  loader: (v) =>
    [
      circle(-100, 60, 45, RUBBER),
      circle(-100, 60, 20, '#e8b23a'),
      circle(60, 60, 45, RUBBER),
      circle(60, 60, 20, '#e8b23a'),
      pathD('M-150,40 L-150,-10 L110,-10 L110,40 Z', ACCENT),
      pathD('M-60,-10 L-60,-110 L20,-110 L30,-10 Z', v === 1 ? '#ffffff' : GLASS_FILL, 'stroke-width="4"'),
      `<path d="M20,-40 L140,-10 L150,40" fill="none" stroke="${ACCENT}" stroke-width="16"/>`,
      pathD('M130,0 L190,0 L200,70 L140,70 Z', DARK),
    ].join(''),
  track: () => '',
};

/** Rubber track: a side view of the loop and a plan view of the tread. */
const drawTrack = (shape: TrackShape) => {
  const tread: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = -140 + i * 48;
    if (shape === 'B') {
      tread.push(rect(x, 52, 30, 22, DARK, 3), rect(x + 14, 80, 30, 22, DARK, 3));
    } else if (shape === 'C') {
      tread.push(
        pathD(
          `M${x + 30},52 L${x + 6},52 L${x + 6},102 L${x + 30},102 L${x + 30},92 L${x + 16},92 L${x + 16},62 L${x + 30},62 Z`,
          DARK,
        ),
      );
    } else if (shape === 'Z') {
      tread.push(pathD(`M${x},54 L${x + 22},54 L${x + 36},77 L${x + 22},100 L${x},100 L${x + 14},77 Z`, DARK));
    } else {
      tread.push(
        pathD(
          `M${x},60 C${x + 12},50 ${x + 24},70 ${x + 40},60 L${x + 40},94 C${x + 24},104 ${x + 12},84 ${x},94 Z`,
          DARK,
        ),
      );
    }
  }
  return [
    rect(-150, -110, 300, 110, RUBBER, 55),
    rect(-132, -92, 264, 74, '#f7f8fa', 37),
    circle(-95, -55, 30, METAL),
    circle(95, -55, 30, STEEL),
    ...regular(95, -55, 30, 10).map(([x, y]) => circle(x, y, 5, DARK)),
    rect(-150, 44, 300, 66, '#6b737b', 6),
    ...tread,
    dimension(-150, 150, 128),
  ].join('');
};

const escapeXml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** One 480×360 SVG sheet: grid paper, the pictogram, a title block with the names and the picture code. */
export const renderArticoloImage = (image: ImageSeed) => {
  const drawing = image.icon === 'track' ? drawTrack(image.shape ?? 'B') : DRAWINGS[image.icon](image.variant);
  const transform =
    image.view === 2 ? 'translate(240 150) rotate(-12) scale(0.82 0.92)' : 'translate(240 150) scale(0.9)';
  const viewLabel = image.view === 2 ? 'VISTA 2 · VIEW 2' : 'VISTA 1 · VIEW 1';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" font-family="Segoe UI, Roboto, Arial, sans-serif" role="img" aria-label="${escapeXml(image.title)}">
<defs>
<pattern id="grid" width="20" height="20" patternUnits="userSpaceOnUse"><path d="M20,0 L0,0 0,20" fill="none" stroke="#e4e8ed" stroke-width="1"/></pattern>
<marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" fill="#7a8590"/></marker>
</defs>
<rect width="480" height="360" fill="#f7f8fa"/>
<rect width="480" height="296" fill="url(#grid)"/>
<g transform="${transform}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round">${drawing}</g>
<rect x="0.5" y="296.5" width="479" height="63" fill="#ffffff" stroke="#cfd5dc"/>
<rect x="0.5" y="296.5" width="6" height="63" fill="${ACCENT}"/>
<text x="20" y="322" font-family="Segoe UI, Roboto, Arial, sans-serif" font-size="17" font-weight="600" fill="${INK}">${escapeXml(image.title)}</text>
<text x="20" y="344" font-family="Segoe UI, Roboto, Arial, sans-serif" font-size="12" fill="#5c6670">${escapeXml(image.subtitle)}</text>
<rect x="${f(470 - image.codImmagine.length * 7.2 - 12)}" y="10" width="${f(image.codImmagine.length * 7.2 + 12)}" height="22" rx="3" fill="#ffffff" stroke="#cfd5dc"/>
<text x="464" y="25" text-anchor="end" font-family="Consolas, Menlo, monospace" font-size="12" fill="${INK}">${escapeXml(image.codImmagine)}</text>
<text x="14" y="25" font-family="Segoe UI, Roboto, Arial, sans-serif" font-size="10" letter-spacing="1" fill="#8a949e">${viewLabel}</text>
<rect x="0.5" y="0.5" width="479" height="359" fill="none" stroke="#cfd5dc"/>
</svg>
`;
};

/** Writes every picture (overwriting: the drawings are deterministic). */
export const writeArticoloImages = async (dir: string, images: readonly ImageSeed[]) => {
  await fs.mkdir(dir, { recursive: true });
  for (const image of images) {
    await fs.writeFile(path.join(dir, `${image.codImmagine}.svg`), renderArticoloImage(image));
  }
  return images.length;
};
