import type { articolo } from '../db/schema/index.ts';
import {
  type AttrKind,
  BRANDS,
  type BrandKey,
  CATEGORY_TYPES,
  FOR,
  GROUPS,
  type GroupKey,
  type IconKind,
  type L5,
  LANGS,
  MACHINE_MODELS,
  MACHINE_TYPES,
  type MachineModel,
  OEM_BRANDS,
  PART_FAMILIES,
  type PartFamily,
  type ProductGroup,
  ROOT_CATEGORY_NAMES,
  SIDE,
  SUBCATEGORIES,
  type SubCategory,
  TECH,
  TEXTS,
  TRACK_NAME,
  TRACK_SHAPES,
  TRACK_SIZES,
  TRACK_TREAD,
  type TrackShape,
  VARIANTS,
  type VariantName,
} from './catalogue-vocabulary.ts';

/**
 * The deterministic catalogue: every article is a pure function of (seed, position), so a batch
 * can be built without the others, an ALT equivalent can name another article's code, and two runs
 * with the same options give the same rows. No Math.random, no clock.
 */

// ---------------------------------------------------------------------------------------------
// Hashing and the seeded PRNG

const fmix32 = (input: number) => {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** A 32-bit hash of small non-negative integers. */
export const hash32 = (...values: number[]) => {
  let h = 0x9e3779b9;
  for (const v of values) h = fmix32(h ^ fmix32(v >>> 0));
  return h;
};

export type Rng = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};

/** mulberry32 */
export const createRng = (seed: number): Rng => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
};

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

// ---------------------------------------------------------------------------------------------
// Row types

type ArticoloInsert = typeof articolo.$inferInsert;

/** An article row; marchioKey is resolved to marchio.id by the loader. */
export type ArticoloSeed = Omit<ArticoloInsert, 'marchioId' | 'localizedDatiTecnici'> & {
  marchioKey: string | null;
  /** Every row names it: the batch insert sends one value per row. */
  localizedDatiTecnici: Partial<L5>;
};
export type StockSeed = { articoloId: number; magazzino: number; in5gg: number; inArrivo: number; producibile: number };
export type EquivSeed = {
  articoloId: number;
  equiv: string;
  relazione: 'ALT' | 'OEM';
  marchioKey: string | null;
  ordine: number;
  note: string | null;
};
export type BomSeed = {
  padreId: number;
  figlioId: number;
  quantita: number;
  tipo: number;
  livelloImpiego: number;
  origine: string;
};
export type ArticoloCategoriaSeed = { articoloId: number; categoriaKey: string };
export type MarchioSeed = { key: string; descrizione: string; codImmagine: string | null; visibile: boolean };
export type TipoCategoriaSeed = { key: string; nome: string; descrizione: string };
export type CategoriaSeed = {
  key: string;
  tipoKey: string;
  parentKey: string | null;
  nome: string;
  localizedNome: L5;
  descrizione: string;
  slug: string;
  ordine: number;
  codImmagine: string | null;
};
export type ArticleBatch = {
  articoli: ArticoloSeed[];
  stock: StockSeed[];
  categorie: ArticoloCategoriaSeed[];
  equiv: EquivSeed[];
};

/** One picture to draw: codImmagine (file name without extension) and what it shows. */
export type ImageSeed = {
  codImmagine: string;
  icon: IconKind | 'excavator' | 'dumper' | 'loader' | 'track';
  variant: number;
  view: 1 | 2;
  title: string;
  subtitle: string;
  shape?: TrackShape;
};

export type CatalogueOptions = {
  /** Total articles: machines + rubber tracks + spare parts. */
  articles: number;
  seed: number;
};

// ---------------------------------------------------------------------------------------------
// Fixed layout

const ID_BASE = 100_001;
const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2019, 0, 1);
const LAST_CHANGE = Date.UTC(2025, 5, 30);
const STOCK_UPDATED = new Date(Date.UTC(2025, 6, 1, 6, 0, 0));

type Machine = { model: MachineModel; variant: VariantName; modelIndex: number; code: string };

const MACHINES: readonly Machine[] = MACHINE_MODELS.flatMap((model, modelIndex) =>
  model.variants.map((variant) => ({
    model,
    variant,
    modelIndex,
    code: `${model.model.replaceAll(' ', '')}-${VARIANTS[variant].code}`,
  })),
);

type Track = { width: number; pitch: number; links: number; shape: TrackShape; code: string };

const TRACKS: readonly Track[] = TRACK_SIZES.flatMap(([width, pitch, links, shapes]) =>
  [...shapes].map((shape) => ({
    width,
    pitch,
    links,
    shape: shape as TrackShape,
    code: `CG${width}X${pitch}X${links}-${shape}`,
  })),
);

const trackKey = (w: number, p: number, l: number) => `${w}x${p}x${l}`;
const TRACKS_BY_SIZE = new Map<string, number[]>();
TRACKS.forEach((t, i) => {
  const key = trackKey(t.width, t.pitch, t.links);
  TRACKS_BY_SIZE.set(key, [...(TRACKS_BY_SIZE.get(key) ?? []), i]);
});

const GROUP_BY_KEY = new Map<GroupKey, ProductGroup>(GROUPS.map((g) => [g.key, g]));
const SUB_BY_KEY = new Map<string, SubCategory>(SUBCATEGORIES.map((s) => [s.key, s]));
const subOf = (family: PartFamily) => SUB_BY_KEY.get(family.sub) as SubCategory;
const groupOf = (family: PartFamily) => GROUP_BY_KEY.get(subOf(family).group) as ProductGroup;

/** Families interleaved by share: a family with share 3 appears in the first three passes. */
const FAMILY_CYCLE: readonly number[] = (() => {
  const cycle: number[] = [];
  const maxShare = Math.max(...PART_FAMILIES.map((f) => f.share));
  for (let pass = 0; pass < maxShare; pass++) {
    PART_FAMILIES.forEach((f, i) => {
      if (f.share > pass) cycle.push(i);
    });
  }
  return cycle;
})();
export const FAMILY_CYCLE_LENGTH = FAMILY_CYCLE.length;

const MODEL_WEIGHTS = MACHINE_MODELS.map((m) => m.share);
const MODEL_WEIGHT_TOTAL = MODEL_WEIGHTS.reduce((a, b) => a + b, 0);

const OEM_BY_KEY = new Map(OEM_BRANDS.map((b) => [b.key, b]));

// ---------------------------------------------------------------------------------------------
// Attributes: the size or type written after the family name

type Attr = { text: L5 | null; bucket: number };

const same = (text: string): L5 => ({ it: text, en: text, fr: text, de: text, es: text });
const steps = (from: number, to: number, step: number) => {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(round(v, 2));
  return out;
};

const INCH: Record<number, string> = {
  6: '1/4"',
  8: '5/16"',
  10: '3/8"',
  12: '1/2"',
  16: '5/8"',
  20: '3/4"',
  25: '1"',
  31: '1.1/4"',
};
const THREADS = [
  'JIC 7/16"',
  'JIC 9/16"',
  'JIC 3/4"',
  'JIC 7/8"',
  'JIC 1.1/16"',
  'BSP 1/4"',
  'BSP 3/8"',
  'BSP 1/2"',
  'BSP 3/4"',
  'BSP 1"',
  'ORFS 11/16"',
  'ORFS 13/16"',
  'ORFS 1"',
  'M14x1.5',
  'M16x1.5',
  'M18x1.5',
  'M22x1.5',
  'M26x1.5',
  'M30x2',
  'M36x2',
];
const HOSE_ENDS = ['JIC-JIC', 'JIC-JIC 90°', 'ORFS-ORFS', 'DKOL-DKOL', 'BSP-BSP', 'JIC-ORFS 90°'];
const O_RING_ID = [
  5.28, 7.65, 9.25, 10.82, 12.42, 14.0, 15.6, 17.17, 18.77, 20.35, 21.95, 23.52, 25.12, 26.7, 28.3, 29.87, 31.47, 34.65,
  37.82, 40.99, 44.17, 47.35, 50.52, 53.7, 56.87, 60.05,
];
const O_RING_CS = [1.78, 2.62, 3.53, 5.33];
const BELTS = ['AV10', 'AV13', 'AV17', 'XPA', 'XPZ', '6PK', '8PK', '10PK'];
const TAPERED = ['30205', '30206', '30207', '30208', '30210', '30212', '32007', '32008', '32010', '32210', '33108'];
const BALL = [
  '6004-2RS',
  '6005-2RS',
  '6205-2RS',
  '6206-2RS',
  '6207-2RS',
  '6305-2RS',
  '6306-2RS',
  '6308-2RS',
  '6310-2Z',
];
const TEETH = ['J200', 'J225', 'J250', 'J300', 'J350', 'V13', 'V17', 'V19', 'V23', 'V29', 'V33'];
const TYRES = [
  '10.0/75-15.3',
  '10.5/80-18',
  '12.5/80-18',
  '12-16.5',
  '31x15.5-15',
  '340/80-18',
  '365/70-18',
  '405/70-20',
];
const GLASS = {
  tempered: { it: 'temprato', en: 'tempered', fr: 'trempé', de: 'ESG', es: 'templado' },
  laminated: { it: 'stratificato', en: 'laminated', fr: 'feuilleté', de: 'VSG', es: 'laminado' },
} satisfies Record<string, L5>;
const PACKS_LIQUID: readonly L5[] = [
  { it: 'tanica 5 L', en: '5 L can', fr: 'bidon 5 L', de: 'Kanister 5 L', es: 'bidón 5 L' },
  { it: 'secchio 20 L', en: '20 L pail', fr: 'seau 20 L', de: 'Eimer 20 L', es: 'cubo 20 L' },
  { it: 'fusto 208 L', en: '208 L drum', fr: 'fût 208 L', de: 'Fass 208 L', es: 'bidón 208 L' },
];
const PACKS_GREASE: readonly L5[] = [
  { it: 'cartuccia 400 g', en: '400 g cartridge', fr: 'cartouche 400 g', de: 'Kartusche 400 g', es: 'cartucho 400 g' },
  { it: 'secchio 5 kg', en: '5 kg pail', fr: 'seau 5 kg', de: 'Eimer 5 kg', es: 'cubo 5 kg' },
  { it: 'fusto 18 kg', en: '18 kg keg', fr: 'fût 18 kg', de: 'Hobbock 18 kg', es: 'bidón 18 kg' },
];
const COOLANT: readonly L5[] = [
  {
    it: 'pronto all’uso -37 °C',
    en: 'ready-mixed -37 °C',
    fr: 'prêt à l’emploi -37 °C',
    de: 'gebrauchsfertig -37 °C',
    es: 'listo para usar -37 °C',
  },
  { it: 'concentrato', en: 'concentrate', fr: 'concentré', de: 'Konzentrat', es: 'concentrado' },
];

const join5 = (...parts: (L5 | string)[]): L5 => {
  const out = {} as L5;
  for (const lang of LANGS) out[lang] = parts.map((p) => (typeof p === 'string' ? p : p[lang])).join(' ');
  return out;
};

const attribute = (kind: AttrKind, family: PartFamily, rng: Rng, weight: number): Attr => {
  const scale = family.weight[1];
  const t = (text: string, bucket: number): Attr => ({ text: same(text), bucket });
  switch (kind) {
    case 'none':
      return { text: null, bucket: rng.int(0, 2) };
    case 'filter': {
      const d = rng.pick([76, 80, 93, 96, 108, 118, 136, 150, 165]);
      const h = rng.pick([85, 100, 120, 142, 175, 210, 260, 300]);
      return t(`Ø ${d} x H ${h} mm`, h > 150 ? 1 : 0);
    }
    case 'dia': {
      const list =
        scale < 0.2
          ? steps(6, 30, 2)
          : scale < 5
            ? steps(20, 110, 5)
            : scale < 80
              ? steps(90, 320, 10)
              : steps(600, 1200, 25);
      const d = rng.pick(list);
      return t(`Ø ${d} mm`, list.indexOf(d) % 3);
    }
    case 'pin': {
      const d = rng.pick(steps(25, 100, 5));
      const l = rng.pick(steps(120, 720, 10));
      return t(`Ø ${d} x ${l} mm`, l > 400 ? 1 : 0);
    }
    case 'bush': {
      const d = rng.pick(steps(25, 100, 5));
      const outer = d + rng.pick([8, 10, 12, 15, 20]);
      const l = family.icon === 'ring' ? rng.pick(steps(0.5, 3, 0.5)) : rng.pick(steps(20, 120, 5));
      return t(`${d}x${outer}x${l} mm`, l > 60 ? 1 : 0);
    }
    case 'hose': {
      const dn = rng.pick([6, 8, 10, 12, 16, 20, 25, 31]);
      const len = rng.pick(steps(300, 3500, 50));
      return t(`DN${dn} ${INCH[dn]} L=${len} mm ${rng.pick(HOSE_ENDS)}`, len > 1500 ? 1 : 0);
    }
    case 'hoseMetre': {
      const dn = rng.pick([6, 8, 10, 12, 16, 20, 25, 31]);
      return t(`DN${dn} ${INCH[dn]}`, dn > 12 ? 1 : 0);
    }
    case 'fitting': {
      const a = rng.pick(THREADS);
      const b = rng.chance(0.5) ? a : rng.pick(THREADS);
      return t(a === b ? a : `${a} - ${b}`, THREADS.indexOf(a) % 2);
    }
    case 'cylinder': {
      const bore = rng.pick(steps(50, 140, 5));
      const rod = Math.round((bore * 0.55) / 5) * 5;
      const stroke = rng.pick(steps(300, 1200, 10));
      return t(`Ø ${bore}/${rod} x ${stroke} mm`, stroke > 700 ? 1 : 0);
    }
    case 'sealRod': {
      const rod = rng.pick(steps(25, 90, 5));
      return t(`Ø ${rod}/${rod + rng.pick([15, 20, 25, 30, 35])} mm`, rod > 55 ? 1 : 0);
    }
    case 'oring': {
      const id = rng.pick(O_RING_ID);
      const cs = rng.pick(O_RING_CS);
      return t(`${id.toFixed(2)} x ${cs} mm ${rng.pick(['NBR 70', 'NBR 90', 'FKM 80'])}`, O_RING_CS.indexOf(cs) % 2);
    }
    case 'thread': {
      if (family.icon === 'nut') {
        const m = rng.pick([8, 10, 12, 14, 16, 18, 20, 22, 24]);
        return t(`M${m} ${rng.pick(['8', '10'])}`, m > 14 ? 1 : 0);
      }
      if (family.icon !== 'bolt') {
        return t(
          rng.pick([
            'M10x1',
            'M12x1.5',
            'M14x1.5',
            'M16x1.5',
            'M18x1.5',
            'M22x1.5',
            'BSP 1/8"',
            'BSP 1/4"',
            'BSP 3/8"',
          ]),
          rng.int(0, 1),
        );
      }
      const m = rng.pick([6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
      const len = rng.pick(steps(16, 120, 4));
      return t(`M${m}x${len} ${rng.pick(['8.8', '10.9', '12.9'])}`, len > 60 ? 1 : 0);
    }
    case 'volt': {
      const v = rng.pick([12, 24]);
      return t(`${v} V`, v === 12 ? 0 : 1);
    }
    case 'watt': {
      const v = rng.pick([12, 24]);
      if (family.icon === 'motor') return t(`${v} V ${rng.pick([1.4, 2.0, 2.2, 3.0, 4.5])} kW`, v === 12 ? 0 : 1);
      const w = rng.pick([15, 18, 25, 27, 36, 40, 48, 55, 70]);
      return t(`${v} V ${w} W`, w > 36 ? 1 : 0);
    }
    case 'ampere': {
      if (family.icon === 'motor')
        return t(`${rng.pick([12, 24])} V ${rng.pick([40, 55, 65, 80, 95])} A`, rng.int(0, 1));
      const a = rng.pick([5, 7.5, 10, 15, 20, 25, 30, 40]);
      return t(`${a} A`, a > 15 ? 1 : 0);
    }
    case 'battery': {
      const ah = rng.pick([45, 55, 74, 88, 100, 110, 143, 180]);
      return t(`12 V ${ah} Ah ${Math.round((ah * 7.5) / 10) * 10} A`, ah > 90 ? 1 : 0);
    }
    case 'belt': {
      const p = rng.pick(BELTS);
      const len = rng.pick(steps(650, 1800, 5));
      return t(
        p.endsWith('PK') ? `${p}${len}` : p.startsWith('X') ? `${p} ${len}` : `${p}x${len}`,
        p.endsWith('PK') ? 1 : 0,
      );
    }
    case 'bearing': {
      const code = family.key.startsWith('tapered') ? rng.pick(TAPERED) : rng.pick(BALL);
      return t(code, rng.int(0, 1));
    }
    case 'glass': {
      const th = rng.pick([4, 5, 6, 8]);
      const kind = rng.chance(0.7) ? GLASS.tempered : GLASS.laminated;
      return { text: join5(`${th} mm`, kind), bucket: kind === GLASS.tempered ? 0 : 1 };
    }
    case 'side': {
      const left = rng.chance(0.5);
      return { text: left ? SIDE.left : SIDE.right, bucket: left ? 0 : 1 };
    }
    case 'tooth': {
      const s = rng.pick(TEETH);
      return t(`${s}${rng.pick(['', ' RC', ' TL', ' SYL', ' PT'])}`, s.startsWith('J') ? 0 : 1);
    }
    case 'width': {
      const list = scale >= 40 ? steps(250, 1200, 50) : steps(300, 700, 50);
      const w = rng.pick(list);
      return t(`L ${w} mm`, list.indexOf(w) % 3);
    }
    case 'length': {
      const list = scale < 0.1 ? steps(16, 120, 2) : scale < 1 ? steps(100, 800, 10) : steps(300, 3000, 50);
      const l = rng.pick(list);
      return t(`L ${l} mm`, list.indexOf(l) > list.length / 2 ? 1 : 0);
    }
    case 'displacement': {
      const cc = rng.pick(scale > 30 ? steps(28, 140, 2) : steps(4, 40, 1));
      return t(`${cc} cm³`, rng.int(0, 1));
    }
    case 'pressure': {
      if (family.icon === 'cap') return t(`${rng.pick([0.9, 1.1, 1.3, 1.6])} bar`, 0);
      if (family.icon === 'gauge') return t(`0-${rng.pick([16, 25, 40, 60, 100, 250, 400, 600])} bar`, rng.int(0, 1));
      if (family.icon === 'injector') return t(`${rng.pick([180, 200, 220, 250])} bar`, 0);
      const p = rng.pick([160, 180, 210, 230, 250, 280, 300, 330, 350]);
      return t(`${p} bar`, p > 250 ? 1 : 0);
    }
    case 'teeth': {
      const z = family.key === 'sprocket' ? rng.int(19, 25) : rng.int(11, 17);
      return t(`Z${z}`, z % 2);
    }
    case 'tyre':
      return t(rng.pick(TYRES), rng.int(0, 1));
    case 'oilEngine':
      return {
        text: join5(rng.pick(['SAE 15W-40', 'SAE 10W-30', 'SAE 10W-40', 'SAE 5W-30']), rng.pick(PACKS_LIQUID)),
        bucket: 0,
      };
    case 'oilHydraulic':
      return {
        text: join5(rng.pick(['ISO VG 32', 'ISO VG 46', 'ISO VG 68', 'HVLP 46', 'HEES 46']), rng.pick(PACKS_LIQUID)),
        bucket: 0,
      };
    case 'oilGear':
      return {
        text: join5(rng.pick(['SAE 80W-90', 'SAE 85W-140', 'SAE 75W-90', 'UTTO 10W-30']), rng.pick(PACKS_LIQUID)),
        bucket: 0,
      };
    case 'grease':
      return { text: join5(rng.pick(['NLGI 2', 'NLGI 2 EP', 'NLGI 3']), rng.pick(PACKS_GREASE)), bucket: 0 };
    case 'coolant':
      return { text: join5(rng.pick(COOLANT), rng.pick(PACKS_LIQUID)), bucket: 0 };
    case 'hours': {
      const h = rng.pick([250, 500, 1000, 2000]);
      return { text: join5(String(h), TEXTS.serviceHours), bucket: h >= 1000 ? 1 : 0 };
    }
    case 'capacity': {
      const l = rng.pick([0.16, 0.32, 0.5, 0.75, 1, 1.4, 2, 2.5, 4]);
      return t(`${l} L`, l >= 1 ? 1 : 0);
    }
    case 'force': {
      const n = rng.pick(scale > 2 ? steps(20, 180, 10) : steps(150, 1200, 50));
      return t(scale > 2 ? `${n} kN` : `${n} N`, rng.int(0, 1));
    }
    case 'weightKg':
      return t(`${Math.round(weight)} kg`, weight > (family.weight[0] + family.weight[1]) / 2 ? 1 : 0);
  }
};

// ---------------------------------------------------------------------------------------------
// Codes

const PERM_MOD = 10_000_000;
export const MAX_PARTS = PERM_MOD;

/** A 4-round Feistel permutation of 24-bit numbers. */
const feistel24 = (x: number) => {
  let left = x >>> 12;
  let right = x & 0xfff;
  for (let round = 0; round < 4; round++) {
    const next = left ^ (fmix32(right ^ (0x5bd1e995 + round * 0x27d4eb2d)) & 0xfff);
    left = right;
    right = next;
  }
  return (left << 12) | right;
};

/** A bijection of 0..10^7-1 (cycle walking): distinct parts get distinct, irregular 7-digit numbers. */
const permute = (k: number) => {
  let x = feistel24(k);
  while (x >= PERM_MOD) x = feistel24(x);
  return x;
};

const partCode = (k: number, brand: BrandKey, group: ProductGroup, styleHash: number) => {
  const digits = String(permute(k)).padStart(7, '0');
  if (brand === 'nordmak') return `NM${digits.slice(0, 3)}.${digits.slice(3)}`;
  if (styleHash % 5 < 3) {
    const check = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), group.digit) % 10;
    return `${group.digit}.${digits.slice(0, 4)}.${digits.slice(4)}.${check}`;
  }
  return `EC-${digits.slice(0, 5)}-${digits.slice(5)}`;
};

const oemCode = (pattern: string, rng: Rng) =>
  [...pattern]
    .map((ch) => (ch === '9' ? String(rng.int(0, 9)) : ch === 'A' ? String.fromCharCode(65 + rng.int(0, 25)) : ch))
    .join('');

// ---------------------------------------------------------------------------------------------
// Stock

type StockBucket = 'plenty' | 'low' | 'soon' | 'arriving' | 'none';

const stockFor = (rng: Rng, bucket: StockBucket, bulk: boolean) => {
  const q = (min: number, max: number) => (bulk ? round(min + rng.next() * (max - min) * 8, 1) : rng.int(min, max));
  switch (bucket) {
    case 'plenty':
      return {
        magazzino: q(5, 200),
        in5gg: rng.chance(0.4) ? q(1, 20) : 0,
        producibile: rng.chance(0.2) ? q(1, 10) : 0,
        inArrivo: rng.chance(0.5) ? q(5, 60) : 0,
      };
    case 'low':
      return { magazzino: q(1, 4), in5gg: q(1, 8), producibile: rng.chance(0.5) ? q(1, 4) : 0, inArrivo: q(5, 30) };
    case 'soon': {
      const in5gg = rng.chance(0.7) ? q(1, 12) : 0;
      return {
        magazzino: 0,
        in5gg,
        producibile: in5gg === 0 ? q(1, 6) : rng.chance(0.3) ? q(1, 6) : 0,
        inArrivo: rng.chance(0.5) ? q(2, 20) : 0,
      };
    }
    case 'arriving':
      return { magazzino: 0, in5gg: 0, producibile: 0, inArrivo: q(1, 60) };
    case 'none':
      return { magazzino: 0, in5gg: 0, producibile: 0, inArrivo: 0 };
  }
};

const stockBucket = (h: number): StockBucket => {
  const r = h % 100;
  if (r < 34) return 'plenty';
  if (r < 48) return 'low';
  if (r < 64) return 'soon';
  if (r < 80) return 'arriving';
  return 'none';
};

/**
 * Articles with fixed stock, for demonstrations and tests: the first spare part reaches every
 * availability label by quantity (1, 8, 15, 40), the next three give the other labels at quantity 1,
 * and the fifth is a tipoArticoloOrig '0' article with little stock (over-availability confirmation).
 */
const SHOWCASE_STOCK: readonly Omit<StockSeed, 'articoloId'>[] = [
  { magazzino: 5, in5gg: 3, producibile: 2, inArrivo: 10 },
  { magazzino: 0, in5gg: 4, producibile: 2, inArrivo: 0 },
  { magazzino: 0, in5gg: 0, producibile: 0, inArrivo: 12 },
  { magazzino: 0, in5gg: 0, producibile: 0, inArrivo: 0 },
  { magazzino: 2, in5gg: 0, producibile: 0, inArrivo: 0 },
];

export type ShowcaseArticle = {
  id: number;
  articolo: string;
  purpose: string;
  stock: Omit<StockSeed, 'articoloId'>;
  /** Quantity that gives each label. */
  quantities: Partial<Record<'Disponibile' | 'Disponibile in 5 gg' | 'In Arrivo' | 'Telefonare', number>>;
};

// ---------------------------------------------------------------------------------------------
// The catalogue

const localized = (text: L5) => ({ ...text });

const dates = (h: number) => {
  const created = EPOCH + (h % 1800) * DAY_MS;
  const modified = Math.min(created + ((h >>> 11) % 500) * DAY_MS, LAST_CHANGE);
  return { dataCreazione: new Date(created), dataUltimaModifica: new Date(modified) };
};

const formatKg = (kg: number) => String(round(kg, 3));

const extendedText = (family: PartFamily, brandName: string, model: MachineModel, peso: number): L5 => {
  const group = groupOf(family);
  const out = {} as L5;
  for (const lang of LANGS) {
    const parts = [
      `${TEXTS.genuine[lang]} ${brandName} ${FOR[lang]} ${MACHINE_TYPES[model.type].name[lang]} ${model.model}.`,
      group.note[lang],
    ];
    if (family.unit !== 'NR') parts.push(TEXTS.soldBy[family.unit][lang]);
    else parts.push(`${TEXTS.weight[lang]} ${formatKg(peso)} kg.`);
    out[lang] = parts.join(' ');
  }
  return out;
};

export type Catalogue = ReturnType<typeof generateCatalogue>;

export const generateCatalogue = (options: CatalogueOptions) => {
  const { seed } = options;
  const machineCount = MACHINES.length;
  const trackCount = TRACKS.length;
  const partCount = Math.max(0, Math.min(MAX_PARTS, options.articles - machineCount - trackCount));
  const total = machineCount + trackCount + partCount;
  const W = FAMILY_CYCLE_LENGTH;

  const idOf = (position: number) => ID_BASE + position;
  const machineId = (m: number) => idOf(m);
  const trackId = (t: number) => idOf(machineCount + t);
  const partId = (k: number) => idOf(machineCount + trackCount + k);

  const familyOf = (k: number) => PART_FAMILIES[FAMILY_CYCLE[k % W] as number] as PartFamily;
  const modelIndexOf = (k: number) => {
    let r = hash32(seed, 11, k) % MODEL_WEIGHT_TOTAL;
    for (let i = 0; i < MODEL_WEIGHTS.length; i++) {
      r -= MODEL_WEIGHTS[i] as number;
      if (r < 0) return i;
    }
    return 0;
  };
  const mentionsModel = (k: number, family: PartFamily) => family.attr === 'none' || hash32(seed, 13, k) % 100 < 35;
  const altFrom = (k: number) => hash32(seed, 17, k) % 100 < 6;
  const partCodeOf = (k: number) => {
    const family = familyOf(k);
    const model = MACHINE_MODELS[modelIndexOf(k)] as MachineModel;
    return partCode(k, model.brand, groupOf(family), hash32(seed, 23, k));
  };

  // ---- reference rows
  const marchi: MarchioSeed[] = [
    ...BRANDS.map((b) => ({ key: b.key, descrizione: b.descrizione, codImmagine: b.codImmagine, visibile: true })),
    // OEM manufacturers are shown next to their codes, not offered as brands to search by.
    ...OEM_BRANDS.map((b) => ({ key: b.key, descrizione: b.descrizione, codImmagine: null, visibile: false })),
  ];
  const tipiCategoria: TipoCategoriaSeed[] = CATEGORY_TYPES.map((t) => ({ ...t }));
  const categorie: CategoriaSeed[] = [];
  GROUPS.forEach((g, gi) => {
    categorie.push({
      key: `grp-${g.key}`,
      tipoKey: 'RICAMBI',
      parentKey: null,
      nome: g.name.it,
      localizedNome: localized(g.name),
      descrizione: `${g.name.it} / ${g.name.en}`,
      slug: `ricambi-${g.key.toLowerCase()}`,
      ordine: (gi + 1) * 10,
      codImmagine: null,
    });
    SUBCATEGORIES.filter((s) => s.group === g.key).forEach((s, si) => {
      categorie.push({
        key: `sub-${s.key}`,
        tipoKey: 'RICAMBI',
        parentKey: `grp-${g.key}`,
        nome: s.name.it,
        localizedNome: localized(s.name),
        descrizione: `${s.name.it} / ${s.name.en}`,
        slug: `ricambi-${g.key.toLowerCase()}-${s.key}`,
        ordine: (gi + 1) * 10 + si + 1,
        codImmagine: null,
      });
    });
  });
  categorie.push({
    key: 'macchine',
    tipoKey: 'MACCHINE',
    parentKey: null,
    nome: 'Macchine',
    localizedNome: localized(ROOT_CATEGORY_NAMES.machines),
    descrizione: 'Gamma macchine / Machine range',
    slug: 'macchine',
    ordine: 200,
    codImmagine: null,
  });
  Object.values(MACHINE_TYPES).forEach((t, i) => {
    categorie.push({
      key: t.category,
      tipoKey: 'MACCHINE',
      parentKey: 'macchine',
      nome: t.name.it,
      localizedNome: localized(t.name),
      descrizione: `${t.name.it} / ${t.name.en}`,
      slug: `macchine-${t.category}`,
      ordine: 201 + i,
      codImmagine: `machine-${t.icon}`,
    });
  });
  categorie.push({
    key: 'cingoli',
    tipoKey: 'CINGOLI',
    parentKey: null,
    nome: 'Cingoli in gomma',
    localizedNome: localized(ROOT_CATEGORY_NAMES.tracks),
    descrizione: 'Cingoli in gomma / Rubber tracks',
    slug: 'cingoli-in-gomma',
    ordine: 300,
    codImmagine: null,
  });
  (Object.keys(TRACK_SHAPES) as TrackShape[]).forEach((shape, i) => {
    categorie.push({
      key: `cingoli-${shape}`,
      tipoKey: 'CINGOLI',
      parentKey: 'cingoli',
      nome: `Battistrada ${TRACK_SHAPES[shape].name.it}`,
      localizedNome: join5(TECH.tread, TRACK_SHAPES[shape].name),
      descrizione: `${TRACK_NAME.it} ${TRACK_SHAPES[shape].name.it} / ${TRACK_SHAPES[shape].name.en}`,
      slug: `cingoli-${shape.toLowerCase()}`,
      ordine: 301 + i,
      codImmagine: `rubber-track-${shape.toLowerCase()}`,
    });
  });

  // ---- machines
  const machineArticle = (m: number): ArticleBatch => {
    const { model, variant, code } = MACHINES[m] as Machine;
    const id = machineId(m);
    const type = MACHINE_TYPES[model.type];
    const variantName = VARIANTS[variant].name;
    const desc = join5(type.name, model.model, variantName);
    const rng = createRng(hash32(seed, 3, m));
    const brand = BRANDS.find((b) => b.key === model.brand) as (typeof BRANDS)[number];
    const figure =
      model.type === 'dumper'
        ? join5(TECH.payload, `${model.figure} kg`)
        : model.type === 'loader'
          ? join5(TECH.dumpHeight, `${model.figure} mm`)
          : join5(TECH.diggingDepth, `${model.figure} mm`);
    const techLines = [
      join5(TECH.operatingWeight, `${model.weight} kg`),
      join5(TECH.engine, `${model.engine}, ${model.powerKw} kW`),
      figure,
      ...(model.track ? [join5(TECH.rubberTracks, model.track.join('x'))] : []),
    ];
    const technical = {} as L5;
    for (const lang of LANGS) technical[lang] = techLines.map((line) => line[lang]).join('\n');
    const datiTecnici = technical.it;
    const extended = {} as L5;
    for (const lang of LANGS) {
      extended[lang] = `${brand.descrizione} ${desc[lang]}: ${model.engine} ${model.powerKw} kW, ${model.weight} kg.`;
    }
    const stock = stockFor(rng, stockBucket(hash32(seed, 5, m)), false);
    return {
      articoli: [
        {
          id,
          articolo: code,
          descrizione: desc.it,
          descrizioneEstesa: extended.it,
          codImmagine: `machine-${model.model.toLowerCase().replaceAll(' ', '-')}`,
          keywords: `${model.model.replaceAll(' ', '')} ${type.name.it.toLowerCase()} ${model.engine}`,
          note: null,
          ordine: m + 1,
          prezzo: round(model.price * (variant === 'Cabina' ? 1.08 : variant === 'Long arm' ? 1.05 : 1), 2),
          tipoArticolo: 'M',
          tipoArticoloOrig: 'T',
          gruppoMerceologico: 'MAC',
          peso: model.weight + (variant === 'Cabina' ? 150 : 0),
          unitaMisura: 'NR',
          tag1: null,
          tag2: model.model,
          tag3: variant,
          tag4: null,
          tag5: null,
          tag6: null,
          ordinabile: true,
          visibile: true,
          ...dates(hash32(seed, 29, m)),
          dataFineValidita: null,
          classeMercWeb: type.name.it,
          classeMercWebSort: 100 + MACHINE_MODELS.indexOf(model),
          marchioKey: model.brand,
          localizedDescrizione: localized(desc),
          localizedDescrizioneEstesa: localized(extended),
          localizedClasseMercWeb: localized(type.name),
          matricole: null,
          cingoloInGomma: false,
          datiTecnici,
          localizedDatiTecnici: localized(technical),
        },
      ],
      stock: [{ articoloId: id, ...stock }],
      categorie: [{ articoloId: id, categoriaKey: type.category }],
      equiv: [],
    };
  };

  // ---- rubber tracks
  const trackArticle = (t: number): ArticleBatch => {
    const track = TRACKS[t] as Track;
    const id = trackId(t);
    const size = `${track.width}x${track.pitch}x${track.links}`;
    const shape = TRACK_SHAPES[track.shape];
    const trackTechnical = {} as L5;
    for (const lang of LANGS)
      trackTechnical[lang] = [
        `${TECH.width[lang]} ${track.width} mm`,
        `${TECH.pitch[lang]} ${track.pitch} mm`,
        `${TECH.links[lang]} ${track.links}`,
        `${TECH.tread[lang]} ${shape.name[lang]}`,
      ].join('\n');
    const desc = join5(TRACK_NAME, size, TRACK_TREAD, track.shape);
    const extended = join5(TRACK_NAME, size, shape.name, '-', shape.use);
    const rng = createRng(hash32(seed, 31, t));
    const peso = round(track.width * track.pitch * track.links * 7.2e-5 * (0.95 + rng.next() * 0.1), 1);
    const prezzo = round(track.width * track.pitch * track.links * 4.9e-4 * (track.shape === 'B' ? 1 : 1.06), 2);
    const equiv: EquivSeed[] = (TRACKS_BY_SIZE.get(trackKey(track.width, track.pitch, track.links)) ?? [])
      .filter((other) => other !== t)
      .map((other, i) => ({
        articoloId: id,
        equiv: (TRACKS[other] as Track).code,
        relazione: 'ALT',
        marchioKey: null,
        ordine: i + 1,
        note: null,
      }));
    return {
      articoli: [
        {
          id,
          articolo: track.code,
          descrizione: desc.it,
          descrizioneEstesa: extended.it,
          codImmagine: `rubber-track-${track.shape.toLowerCase()}`,
          keywords: `cingolo gomma rubber track ${size} ${track.width}x${track.pitch}`,
          note: null,
          ordine: t + 1,
          prezzo,
          tipoArticolo: 'R',
          tipoArticoloOrig: 'T',
          gruppoMerceologico: 'CIN',
          peso,
          unitaMisura: 'NR',
          tag1: String(track.width),
          tag2: String(track.pitch),
          tag3: String(track.links),
          tag4: null,
          tag5: null,
          tag6: track.shape,
          ordinabile: true,
          visibile: true,
          ...dates(hash32(seed, 37, t)),
          dataFineValidita: null,
          classeMercWeb: TRACK_NAME.it,
          classeMercWebSort: 90,
          marchioKey: 'eurocomach',
          localizedDescrizione: localized(desc),
          localizedDescrizioneEstesa: localized(extended),
          localizedClasseMercWeb: localized(TRACK_NAME),
          matricole: null,
          cingoloInGomma: true,
          datiTecnici: trackTechnical.it,
          localizedDatiTecnici: localized(trackTechnical),
        },
      ],
      stock: [{ articoloId: id, ...stockFor(rng, stockBucket(hash32(seed, 41, t)), false) }],
      categorie: [{ articoloId: id, categoriaKey: `cingoli-${track.shape}` }],
      equiv,
    };
  };

  // ---- spare parts
  const partArticle = (k: number): ArticleBatch => {
    const family = familyOf(k);
    const group = groupOf(family);
    const sub = subOf(family);
    const modelIndex = modelIndexOf(k);
    const model = MACHINE_MODELS[modelIndex] as MachineModel;
    const brand = BRANDS.find((b) => b.key === model.brand) as (typeof BRANDS)[number];
    const rng = createRng(hash32(seed, 7, k));
    const id = partId(k);
    const code = partCodeOf(k);
    const [pMin, pMax] = family.price;
    const prezzo = round(Math.exp(Math.log(pMin) + rng.next() * (Math.log(pMax) - Math.log(pMin))), 2);
    const [wMin, wMax] = family.weight;
    const peso = round(wMin + rng.next() * (wMax - wMin), 3);
    const attr = attribute(family.attr, family, rng, peso);
    const withModel = mentionsModel(k, family);
    const desc = {} as L5;
    for (const lang of LANGS) {
      desc[lang] = [family.name[lang], attr.text?.[lang], withModel ? `${FOR[lang]} ${model.model}` : null]
        .filter(Boolean)
        .join(' ')
        .slice(0, 255);
    }
    const showcase = k < SHOWCASE_STOCK.length;
    const h = hash32(seed, 43, k);
    const extended = h % 100 < 45 || showcase ? extendedText(family, brand.descrizione, model, peso) : null;
    const imageless = !showcase && (h >>> 8) % 100 < 10;
    const letter = String.fromCharCode(97 + (attr.bucket % family.images));
    const stockValues = showcase
      ? (SHOWCASE_STOCK[k] as Omit<StockSeed, 'articoloId'>)
      : stockFor(rng, stockBucket(hash32(seed, 47, k)), family.unit !== 'NR');

    const equiv: EquivSeed[] = [];
    if (altFrom(k) && k + W < partCount) {
      equiv.push({
        articoloId: id,
        equiv: partCodeOf(k + W),
        relazione: 'ALT',
        marchioKey: null,
        ordine: 0,
        note: null,
      });
    }
    if (k - W >= 0 && altFrom(k - W)) {
      equiv.push({
        articoloId: id,
        equiv: partCodeOf(k - W),
        relazione: 'ALT',
        marchioKey: null,
        ordine: 0,
        note: null,
      });
    }
    if (group.oem.length > 0 && (hash32(seed, 53, k) % 100 < 32 || k === 0)) {
      const n = 1 + (hash32(seed, 59, k) % 2);
      for (let i = 0; i < n; i++) {
        const oem = OEM_BY_KEY.get(group.oem[(hash32(seed, 61, k) + i) % group.oem.length] as string);
        if (!oem) continue;
        equiv.push({
          articoloId: id,
          equiv: oemCode(oem.pattern, rng),
          relazione: 'OEM',
          marchioKey: oem.key,
          ordine: 0,
          note: null,
        });
      }
    }
    equiv.forEach((e, i) => {
      e.ordine = i + 1;
    });

    return {
      articoli: [
        {
          id,
          articolo: code,
          descrizione: desc.it,
          descrizioneEstesa: extended?.it ?? null,
          codImmagine: imageless ? null : `${family.key}-${letter}`,
          keywords: family.keywords ?? null,
          note: null,
          ordine: null,
          prezzo,
          tipoArticolo: 'R',
          tipoArticoloOrig: k === 4 || (!showcase && (h >>> 16) % 100 < 8) ? '0' : 'T',
          gruppoMerceologico: `${group.key}-${sub.key.slice(0, 3).toUpperCase()}`,
          peso,
          unitaMisura: family.unit,
          tag1: null,
          tag2: null,
          tag3: null,
          tag4: family.key,
          tag5: model.model,
          tag6: null,
          ordinabile: showcase || (h >>> 4) % 100 >= 3,
          visibile: showcase || (h >>> 20) % 100 >= 2,
          ...dates(hash32(seed, 67, k)),
          dataFineValidita: null,
          classeMercWeb: sub.name.it,
          classeMercWebSort: SUBCATEGORIES.indexOf(sub) + 1,
          marchioKey: model.brand,
          localizedDescrizione: desc,
          localizedDescrizioneEstesa: extended ?? {},
          localizedClasseMercWeb: localized(sub.name),
          matricole: null,
          cingoloInGomma: false,
          datiTecnici: null,
          localizedDatiTecnici: {},
        },
      ],
      stock: [{ articoloId: id, ...stockValues }],
      categorie: [{ articoloId: id, categoriaKey: `sub-${sub.key}` }],
      equiv,
    };
  };

  const articleAt = (position: number): ArticleBatch =>
    position < machineCount
      ? machineArticle(position)
      : position < machineCount + trackCount
        ? trackArticle(position - machineCount)
        : partArticle(position - machineCount - trackCount);

  /** Articles with their stock, categories and equivalents, `size` articles per batch. */
  function* batches(size = 1000): Generator<ArticleBatch> {
    for (let start = 0; start < total; start += size) {
      const batch: ArticleBatch = { articoli: [], stock: [], categorie: [], equiv: [] };
      const end = Math.min(total, start + size);
      for (let p = start; p < end; p++) {
        const one = articleAt(p);
        batch.articoli.push(...one.articoli);
        batch.stock.push(...one.stock);
        batch.categorie.push(...one.categorie);
        batch.equiv.push(...one.equiv);
      }
      yield batch;
    }
  }

  /**
   * Bill of materials of every machine: 60 to 200 parts of its model (parts that name the model in
   * their description first), plus its rubber track. Insert after the articles.
   */
  function* bomBatches(size = 5000): Generator<BomSeed[]> {
    let rows: BomSeed[] = [];
    for (let m = 0; m < machineCount; m++) {
      const machine = MACHINES[m] as Machine;
      const padreId = machineId(m);
      const target = 60 + (hash32(seed, 71, m) % 141);
      let found = 0;
      for (let k = 0; k < partCount && found < target; k++) {
        if (modelIndexOf(k) !== machine.modelIndex) continue;
        const family = familyOf(k);
        if (!mentionsModel(k, family) && hash32(seed, 73, k, m) % 100 >= 65) continue;
        const r = createRng(hash32(seed, 79, k, m));
        const [qMin, qMax] = family.bom;
        const quantita =
          family.unit === 'NR' ? r.int(Math.ceil(qMin), Math.floor(qMax)) : round(qMin + r.next() * (qMax - qMin), 1);
        rows.push({
          padreId,
          figlioId: partId(k),
          quantita: Math.max(quantita, family.unit === 'NR' ? 1 : 0.1),
          tipo: 1,
          livelloImpiego: 1 + (hash32(seed, 83, k) % 3),
          origine: family.service ? 'MAN' : 'CAT',
        });
        found++;
        if (rows.length >= size) {
          yield rows;
          rows = [];
        }
      }
      const fitted = machine.model.track;
      if (fitted) {
        const t = TRACKS.findIndex(
          (x) => x.width === fitted[0] && x.pitch === fitted[1] && x.links === fitted[2] && x.shape === 'B',
        );
        if (t >= 0)
          rows.push({ padreId, figlioId: trackId(t), quantita: 2, tipo: 1, livelloImpiego: 1, origine: 'CAT' });
      }
    }
    if (rows.length > 0) yield rows;
  }

  /** The pictures the articles name: one per codImmagine, plus a second view for some families. */
  const images = (): ImageSeed[] => {
    const out: ImageSeed[] = [];
    for (const family of PART_FAMILIES) {
      for (let v = 0; v < family.images; v++) {
        const codImmagine = `${family.key}-${String.fromCharCode(97 + v)}`;
        for (let view = 1 as 1 | 2; view <= family.views; view++) {
          out.push({
            codImmagine: view === 1 ? codImmagine : `${codImmagine}_2`,
            icon: family.icon,
            variant: v,
            view,
            title: family.name.it,
            subtitle: family.name.en,
          });
        }
      }
    }
    for (const model of MACHINE_MODELS) {
      const type = MACHINE_TYPES[model.type];
      out.push({
        codImmagine: `machine-${model.model.toLowerCase().replaceAll(' ', '-')}`,
        icon: type.icon,
        variant: MACHINE_MODELS.indexOf(model) % 3,
        view: 1,
        title: `${type.name.it} ${model.model}`,
        subtitle: `${model.engine} · ${model.weight} kg`,
      });
    }
    for (const shape of Object.keys(TRACK_SHAPES) as TrackShape[]) {
      out.push({
        codImmagine: `rubber-track-${shape.toLowerCase()}`,
        icon: 'track',
        variant: 0,
        view: 1,
        title: `${TRACK_NAME.it} ${TRACK_SHAPES[shape].name.it}`,
        subtitle: `${TRACK_NAME.en} ${TRACK_SHAPES[shape].name.en}`,
        shape,
      });
    }
    return out;
  };

  const showcase = (): ShowcaseArticle[] => {
    const purposes = [
      'every label by quantity',
      'Disponibile in 5 gg at quantity 1',
      'In Arrivo at quantity 1',
      'Telefonare at quantity 1',
      "tipoArticoloOrig '0' with little stock",
    ];
    const quantities: ShowcaseArticle['quantities'][] = [
      { Disponibile: 1, 'Disponibile in 5 gg': 8, 'In Arrivo': 15, Telefonare: 40 },
      { 'Disponibile in 5 gg': 1, Telefonare: 7 },
      { 'In Arrivo': 1, Telefonare: 13 },
      { Telefonare: 1 },
      { Disponibile: 1, Telefonare: 3 },
    ];
    return SHOWCASE_STOCK.slice(0, Math.min(SHOWCASE_STOCK.length, partCount)).map((stock, k) => ({
      id: partId(k),
      articolo: partCodeOf(k),
      purpose: purposes[k] as string,
      stock,
      quantities: quantities[k] ?? {},
    }));
  };

  return {
    seed,
    counts: { machines: machineCount, tracks: trackCount, parts: partCount, total },
    stockUpdatedAt: STOCK_UPDATED,
    marchi,
    tipiCategoria,
    categorie,
    batches,
    bomBatches,
    images,
    showcase,
  };
};
