import { GENERIC_SERIAL, NODE_HIDDEN, NODE_LEAF, NOT_ORDERABLE_TIPO_ART, OUTSIDE_FLEET } from '@ricambi/domain';
import type { DrawingLabel } from '../db/schema/index.ts';
import { createRng, hash32 } from './catalogue-generator.ts';
import {
  type IconKind,
  type L5,
  LANGS,
  MACHINE_MODELS,
  MACHINE_TYPES,
  type MachineModel,
  type MachineType,
  VARIANTS,
} from './catalogue-vocabulary.ts';
import { DEMO_USERS } from './demo.seed.ts';
import {
  type DrawingSeed,
  type ExplodedPart,
  explodedDrawing,
  type MachineSilhouette,
  overviewDrawing,
} from './machines-drawings.ts';
import {
  ALL_ASSEMBLIES,
  ALL_GROUPS,
  type AssemblyTemplate,
  FAMILY,
  FRAMES,
  familyName,
  GENERIC_GROUPS,
  type GroupTemplate,
  groupsOf,
  l5,
  SILHOUETTE,
  type Slot,
  type SubKey,
  subTemplate,
} from './machines-templates.data.ts';

/**
 * The demo machines and their parts catalogues (spec 2 §3): machine models, one catalogue per model
 * (groups → assemblies → parts, a few sub-assemblies), the generic catalogue, the 5,000-row
 * benchmark catalogue, about 330 machines of the demo dealers and the subdealers' grants. Pure and
 * deterministic: the same articles give the same rows (no Math.random, no clock).
 */

const SEED = 20_261_106;

/**
 * An article the catalogues may use: a spare part of the demo catalogue (tag4 = family, tag5 =
 * model); `namesModel` when its description says which model it is for.
 */
export type PartArticle = { id: number; family: string | null; model: string | null; namesModel: boolean };

export type CatalogueRowSeed = {
  rigItem: number;
  rigItemPrec: number | null;
  rigLivello: number;
  rigOrdine: number;
  rigIdTav: string | null;
  rigDisegno: string | null;
  rigPos: string | null;
  rigTipoArt: string | null;
  rigTipoNodo: number;
  rigQta: number;
  rigNote: string | null;
  articoloId: number | null;
  localizedDescrizione: Partial<L5>;
};

export type CatalogueSeed = {
  crCodice: string;
  crDescrizione: string;
  localizedDescrizione: L5;
  rows: CatalogueRowSeed[];
};

/** A version's name in each language, as a label shows it (capitalised). */
const versionNames = (variant: keyof typeof VARIANTS): L5 => {
  const names = { ...VARIANTS[variant].name };
  for (const lang of Object.keys(names) as (keyof L5)[])
    names[lang] = names[lang].charAt(0).toLocaleUpperCase(lang) + names[lang].slice(1);
  return names;
};

export type MachineSeed = {
  mtMatricola: string;
  localizedDescrizione: L5;
  mtVersione: string | null;
  localizedVersione: Partial<L5>;
  mtCrCod: string;
  /** cr_modelli.modello; null for the generic machine. */
  modello: string | null;
  dealerLogin: string | null;
  mtRivDescr: string | null;
  mtCliDescr: string | null;
  mtDtCons: string | null;
  dataFineGaranzia: string | null;
};

export type VisibilitaSeed = { dealerLogin: string; login: string; matricola: string; note: string | null };

export type MachinesSeed = {
  models: { modello: string; note: string }[];
  catalogues: CatalogueSeed[];
  drawings: DrawingSeed[];
  machines: MachineSeed[];
  visibilita: VisibilitaSeed[];
};

// ---------------------------------------------------------------------------------------------
// Drawings (shared by every catalogue that uses the same template)

const iconOfSlot = (slot: Slot): IconKind =>
  typeof slot === 'string'
    ? (FAMILY.get(slot)?.icon ?? 'kit')
    : 'sub' in slot
      ? subTemplate(slot.sub).icon
      : FRAMES[slot.frame].icon;

const upper = (text: string) => text.toUpperCase();

type DrawingSet = {
  all: DrawingSeed[];
  assembly: (key: string) => DrawingSeed;
  sub: (key: SubKey) => DrawingSeed;
  overview: (group: GroupTemplate, silhouette: MachineSilhouette) => DrawingSeed;
};

let drawingSet: DrawingSet | undefined;

/** Every drawing of the demo catalogues, built once. */
export const demoDrawings = (): DrawingSet => {
  if (drawingSet) return drawingSet;
  const byKey = new Map<string, DrawingSeed>();
  const add = (key: string, make: () => DrawingSeed) => {
    const existing = byKey.get(key);
    if (existing) return existing;
    const made = make();
    byKey.set(key, made);
    return made;
  };
  const assembly = (key: string) => {
    const template = [...ALL_ASSEMBLIES, ...GENERIC_GROUPS.flatMap((g) => g.assemblies)].find((a) => a.key === key);
    if (!template) throw new Error(`no assembly template ${key}`);
    return add(`A:${key}`, () =>
      explodedDrawing(
        key,
        upper(template.name.it),
        upper(template.name.en),
        template.slots.map((slot, i): ExplodedPart => ({ label: String(i + 1), icon: iconOfSlot(slot) })),
      ),
    );
  };
  const sub = (key: SubKey) => {
    const template = subTemplate(key);
    return add(`S:${template.drawing}`, () =>
      explodedDrawing(
        template.drawing,
        template.drawing === 'SUB-CYL' ? 'CILINDRO IDRAULICO' : upper(template.name.it),
        template.drawing === 'SUB-CYL' ? 'HYDRAULIC CYLINDER' : upper(template.name.en),
        template.slots.map(
          (family, i): ExplodedPart => ({ label: String(i + 1), icon: FAMILY.get(family)?.icon ?? 'kit' }),
        ),
      ),
    );
  };
  const overview = (group: GroupTemplate, silhouette: MachineSilhouette) =>
    add(`O:${group.key}:${silhouette}`, () =>
      overviewDrawing(
        `${group.key}-${silhouette.slice(0, 3).toUpperCase()}`,
        upper(group.name.it),
        upper(group.name.en),
        silhouette,
        group.area,
        group.assemblies.map((a, i) => ({ label: String(i + 1), text: `${a.name.it} / ${a.name.en}` })),
      ),
    );
  for (const type of Object.keys(MACHINE_TYPES) as MachineType[]) {
    for (const group of groupsOf(type)) {
      overview(group, SILHOUETTE[type]);
      for (const a of group.assemblies) assembly(a.key);
    }
  }
  // The benchmark catalogue shows every group on the excavator.
  for (const group of ALL_GROUPS) overview(group, 'excavator');
  for (const group of GENERIC_GROUPS) {
    overview(group, 'excavator');
    for (const a of group.assemblies) assembly(a.key);
  }
  for (const a of ALL_ASSEMBLIES)
    for (const slot of a.slots) if (typeof slot !== 'string' && 'sub' in slot) sub(slot.sub);
  drawingSet = { all: [...byKey.values()], assembly, sub, overview };
  return drawingSet;
};

// ---------------------------------------------------------------------------------------------
// Article picks

type ArticleIndex = { pick: (family: string, model: string | null, salt: number) => number | null };

const indexArticles = (articles: readonly PartArticle[]): ArticleIndex => {
  const byFamily = new Map<string, number[]>();
  const anyModel = new Map<string, number[]>();
  const byFamilyModel = new Map<string, number[]>();
  const byIconModel = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, key: string, id: number) => map.set(key, [...(map.get(key) ?? []), id]);
  const sorted = [...articles].sort((a, b) => a.id - b.id);
  for (const a of sorted) {
    if (!a.family) continue;
    push(byFamily, a.family, a.id);
    if (!a.namesModel) push(anyModel, a.family, a.id);
    push(byFamilyModel, `${a.family}|${a.model ?? ''}`, a.id);
    const icon = FAMILY.get(a.family)?.icon;
    if (icon) push(byIconModel, `${icon}|${a.model ?? ''}`, a.id);
  }
  const all = sorted.map((a) => a.id);
  return {
    // The model's own articles, else one that names no model, else the model's own of a family
    // drawn alike, else any of the family.
    pick: (family, model, salt) => {
      const list =
        (model ? byFamilyModel.get(`${family}|${model}`) : undefined) ??
        anyModel.get(family) ??
        (model ? byIconModel.get(`${FAMILY.get(family)?.icon}|${model}`) : undefined) ??
        byFamily.get(family) ??
        all;
      return list.length === 0 ? null : (list[hash32(SEED, salt) % list.length] as number);
    },
  };
};

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

const SMALL_QTY = new Set([
  'hex-bolt',
  'socket-cap-screw',
  'lock-nut',
  'flat-washer',
  'o-ring',
  'copper-washer',
  'hose-clamp',
  'grease-nipple',
  'shoe-bolt',
  'wheel-nut',
  'split-pin',
  'spring-pin',
  'shim',
  'circlip',
  'fuse',
  'relay',
  'straight-fitting',
  'elbow-fitting',
  'orfs-seal',
  'rubber-pad',
  'bucket-tooth',
  'tooth-pin',
]);

const quantityOf = (family: string, salt: number) => {
  const rng = createRng(hash32(SEED, 11, salt));
  const unit = FAMILY.get(family)?.unit ?? 'NR';
  if (unit === 'LT') return round(rng.pick([2.5, 4, 5.5, 7.5, 12, 18, 24, 32]), 1);
  if (unit === 'MT') return round(0.6 + rng.next() * 3, 1);
  if (unit === 'KG') return round(rng.pick([0.4, 0.8, 1, 1.5, 2]), 1);
  if (SMALL_QTY.has(family)) return rng.int(2, 8);
  return rng.chance(0.8) ? 1 : 2;
};

/** Row notes by the kind of part (Italian / English, as the source catalogues write them). */
const NOTES = {
  fastener: [
    'Serrare a 45 Nm / Tighten to 45 Nm',
    'Serrare a 85 Nm con frenafiletti medio / 85 Nm with medium threadlocker',
  ],
  service: ['Sostituire a ogni manutenzione (500 h) / Replace at every service (500 h)'],
  hydraulic: ['Montare con guarnizioni nuove / Fit with new seals'],
  pivot: ['Ingrassare dopo il montaggio / Grease after fitting'],
  any: [
    'Dalla matricola 00150 / From serial 00150',
    'Fino alla matricola 00149 / Up to serial 00149',
    'Solo versione cabina / Cab version only',
  ],
} as const;

const noteOf = (family: string, salt: number) => {
  if (hash32(SEED, 5, salt) % 100 >= 7) return null;
  const f = FAMILY.get(family);
  const kind = f?.service
    ? 'service'
    : f?.icon === 'bolt' || f?.icon === 'nut'
      ? 'fastener'
      : f && ['valve', 'pump', 'cylinder', 'hose', 'fitting', 'motor'].includes(f.icon)
        ? 'hydraulic'
        : f && ['pin', 'bushing'].includes(f.icon)
          ? 'pivot'
          : 'any';
  const list = NOTES[kind];
  return list[hash32(SEED, 7, salt) % list.length] as string;
};

const NOT_SUPPLIED = 'Non fornibile come ricambio / Not supplied as a spare part';

// ---------------------------------------------------------------------------------------------
// Catalogue rows

type RowBuilder = {
  rows: CatalogueRowSeed[];
  add: (row: Omit<CatalogueRowSeed, 'rigItem' | 'rigOrdine'>) => number;
};

const rowBuilder = (): RowBuilder => {
  const rows: CatalogueRowSeed[] = [];
  const siblings = new Map<number | null, number>();
  return {
    rows,
    add: (row) => {
      const rigItem = rows.length + 1;
      const rigOrdine = (siblings.get(row.rigItemPrec) ?? 0) + 1;
      siblings.set(row.rigItemPrec, rigOrdine);
      rows.push({ ...row, rigItem, rigOrdine });
      return rigItem;
    },
  };
};

const descriptionOf = (text: L5): Partial<L5> => ({ ...text });

type CatalogueContext = {
  index: ArticleIndex;
  drawings: DrawingSet;
  /** Model name for the article picks (null: any model). */
  model: string | null;
  salt: number;
  showcaseArticleId: number | null;
  /** Leave out a few optional positions (model catalogues), keeping the balloons' numbers. */
  sparse: boolean;
  hiddenRows: boolean;
};

const buildModelCatalogue = (
  groups: readonly GroupTemplate[],
  silhouette: MachineSilhouette,
  ctx: CatalogueContext,
) => {
  const b = rowBuilder();
  let assemblyCount = 0;
  groups.forEach((group, gi) => {
    const plate = `T${String(gi + 1).padStart(2, '0')}`;
    const overview = ctx.drawings.overview(group, silhouette);
    const groupItem = b.add({
      rigItemPrec: null,
      rigLivello: 1,
      rigIdTav: plate,
      rigDisegno: overview.name,
      rigPos: null,
      rigTipoArt: null,
      rigTipoNodo: 0,
      rigQta: 1,
      rigNote: null,
      articoloId: null,
      localizedDescrizione: descriptionOf(group.name),
    });
    group.assemblies.forEach((template, ai) => {
      const assemblyIndex = assemblyCount++;
      const tav = `${plate}.${String(ai + 1).padStart(2, '0')}`;
      const drawing = ctx.drawings.assembly(template.key);
      const assemblyItem = b.add({
        rigItemPrec: groupItem,
        rigLivello: 2,
        rigIdTav: tav,
        rigDisegno: drawing.name,
        rigPos: String(ai + 1),
        rigTipoArt: null,
        rigTipoNodo: 0,
        rigQta: 1,
        rigNote: null,
        articoloId: null,
        localizedDescrizione: descriptionOf(template.name),
      });
      template.slots.forEach((slot, si) => {
        const pos = String(si + 1);
        const salt = hash32(ctx.salt, gi, ai, si);
        if (ctx.sparse && si > 0 && typeof slot === 'string' && hash32(SEED, 3, salt) % 100 < 4) return;
        if (typeof slot === 'string') {
          const forced = gi === 0 && ai === 0 && si === 0 ? ctx.showcaseArticleId : null;
          b.add({
            rigItemPrec: assemblyItem,
            rigLivello: 3,
            rigIdTav: tav,
            rigDisegno: drawing.name,
            rigPos: pos,
            rigTipoArt: null,
            rigTipoNodo: NODE_LEAF,
            rigQta: quantityOf(slot, salt),
            rigNote: noteOf(slot, salt),
            articoloId: forced ?? ctx.index.pick(slot, ctx.model, salt),
            localizedDescrizione: descriptionOf(familyName(slot)),
          });
        } else if ('frame' in slot) {
          b.add({
            rigItemPrec: assemblyItem,
            rigLivello: 3,
            rigIdTav: tav,
            rigDisegno: drawing.name,
            rigPos: pos,
            rigTipoArt: NOT_ORDERABLE_TIPO_ART,
            rigTipoNodo: NODE_LEAF,
            rigQta: 1,
            rigNote: NOT_SUPPLIED,
            articoloId: null,
            localizedDescrizione: descriptionOf(FRAMES[slot.frame].name),
          });
        } else {
          const sub = subTemplate(slot.sub);
          const subDrawing = ctx.drawings.sub(slot.sub);
          const subTav = `${tav}.${pos.padStart(2, '0')}`;
          const subItem = b.add({
            rigItemPrec: assemblyItem,
            rigLivello: 3,
            rigIdTav: subTav,
            rigDisegno: subDrawing.name,
            rigPos: pos,
            rigTipoArt: null,
            rigTipoNodo: 0,
            rigQta: 1,
            rigNote: null,
            articoloId: null,
            localizedDescrizione: descriptionOf(sub.name),
          });
          sub.slots.forEach((family, ki) => {
            const subSalt = hash32(salt, ki);
            b.add({
              rigItemPrec: subItem,
              rigLivello: 4,
              rigIdTav: subTav,
              rigDisegno: subDrawing.name,
              rigPos: String(ki + 1),
              rigTipoArt: null,
              rigTipoNodo: NODE_LEAF,
              rigQta: quantityOf(family, subSalt),
              rigNote: null,
              articoloId: ctx.index.pick(family, ctx.model, subSalt),
              localizedDescrizione: descriptionOf(familyName(family)),
            });
          });
        }
      });
      // Rows the tree never shows (spec 2 §3): a type-2 row and a row without plate id.
      if (ctx.hiddenRows && assemblyIndex % 5 === 0) {
        const salt = hash32(ctx.salt, 99, assemblyIndex);
        b.add({
          rigItemPrec: assemblyItem,
          rigLivello: 3,
          rigIdTav: assemblyIndex % 10 === 0 ? tav : null,
          rigDisegno: drawing.name,
          rigPos: null,
          rigTipoArt: null,
          rigTipoNodo: assemblyIndex % 10 === 0 ? NODE_HIDDEN : NODE_LEAF,
          rigQta: 1,
          rigNote: 'Riga tecnica interna / Internal engineering row',
          articoloId: ctx.index.pick('service-kit', null, salt),
          localizedDescrizione: descriptionOf(familyName('service-kit')),
        });
      }
    });
  });
  return b.rows;
};

const catalogueName = (model: string): L5 => ({
  it: `Catalogo ricambi ${model}`,
  en: `Spare parts catalogue ${model}`,
  fr: `Catalogue de pièces détachées ${model}`,
  de: `Ersatzteilkatalog ${model}`,
  es: `Catálogo de recambios ${model}`,
});

export const catalogueCodeOf = (model: MachineModel) => `CR-${model.model.replaceAll(' ', '')}-A`;
export const BENCH_CATALOGUE_CODE = 'CR-BENCH-5000';
export const BENCH_CATALOGUE_ROWS = 5000;
export const BENCH_MODEL = 'EC 300 XL';

/**
 * The benchmark catalogue: 10 groups of 10 assemblies with 48–49 parts each, exactly 5,000 rows.
 * Assemblies reuse the demo drawings; a balloon may stand for two rows (variants), as in real
 * catalogues. bench/catalog.ts builds it too.
 */
export const benchCatalogueRows = (articles: readonly PartArticle[]): CatalogueRowSeed[] => {
  const index = indexArticles(articles);
  const drawings = demoDrawings();
  const b = rowBuilder();
  const groups = 10;
  const perGroup = 10;
  const leaves = BENCH_CATALOGUE_ROWS - groups - groups * perGroup;
  const base = Math.floor(leaves / (groups * perGroup));
  const extra = leaves - base * groups * perGroup;
  for (let g = 0; g < groups; g++) {
    const group = ALL_GROUPS[g % ALL_GROUPS.length] as GroupTemplate;
    const plate = `B${String(g + 1).padStart(2, '0')}`;
    const groupItem = b.add({
      rigItemPrec: null,
      rigLivello: 1,
      rigIdTav: plate,
      rigDisegno: drawings.overview(group, 'excavator').name,
      rigPos: null,
      rigTipoArt: null,
      rigTipoNodo: 0,
      rigQta: 1,
      rigNote: null,
      articoloId: null,
      localizedDescrizione: descriptionOf(group.name),
    });
    for (let a = 0; a < perGroup; a++) {
      const n = g * perGroup + a;
      const template = ALL_ASSEMBLIES[n % ALL_ASSEMBLIES.length] as AssemblyTemplate;
      const drawing = drawings.assembly(template.key);
      const tav = `${plate}.${String(a + 1).padStart(2, '0')}`;
      const assemblyItem = b.add({
        rigItemPrec: groupItem,
        rigLivello: 2,
        rigIdTav: tav,
        rigDisegno: drawing.name,
        rigPos: null,
        rigTipoArt: null,
        rigTipoNodo: 0,
        rigQta: 1,
        rigNote: null,
        articoloId: null,
        localizedDescrizione: descriptionOf(template.name),
      });
      const count = base + (n < extra ? 1 : 0);
      for (let i = 0; i < count; i++) {
        const si = i % template.slots.length;
        const slot = template.slots[si] as Slot;
        const family =
          typeof slot === 'string' ? slot : 'sub' in slot ? (subTemplate(slot.sub).slots[0] as string) : 'service-kit';
        const salt = hash32(77, n, i);
        b.add({
          rigItemPrec: assemblyItem,
          rigLivello: 3,
          rigIdTav: tav,
          rigDisegno: drawing.name,
          rigPos: String(si + 1),
          rigTipoArt: null,
          rigTipoNodo: NODE_LEAF,
          rigQta: quantityOf(family, salt),
          rigNote:
            i >= template.slots.length
              ? `Variante ${String.fromCharCode(65 + Math.floor(i / template.slots.length))}`
              : null,
          articoloId: index.pick(family, null, salt),
          localizedDescrizione: descriptionOf(familyName(family)),
        });
      }
    }
  }
  return b.rows;
};

// ---------------------------------------------------------------------------------------------
// Machines

/** Serial prefix: brand code and the model's number (ES 35 ZT → EC35, NX 27 → NK27). */
const serialPrefix = (model: MachineModel) =>
  `${model.brand === 'nordmak' ? 'NK' : 'EC'}${model.model.replace(/\D/g, '').slice(0, 3)}A`;

export const DEMO_SERIAL = 'EC35A00001';

/** The demo dealer's range: EC35A00001 is its first serial in order. */
const DEALER_MODELS = new Set(['ES 35 ZT', 'ES 60 ZT', 'ES 85 ZT', 'NX 27', 'NX 55', 'NL 45', 'ND 20']);

const OTHER_DEALERS = [
  { login: 'dealer-nord', company: 'Nord Macchine Srl' },
  { login: 'dealer-centro', company: 'Centro Escavatori SpA' },
  { login: 'dealer-est', company: 'Est Service Srl' },
  { login: 'dealer-alpen', company: 'Alpen Baumaschinen AG' },
] as const;

const companyOf = (login: string) =>
  DEMO_USERS.find((u) => u.login === login)?.company ?? OTHER_DEALERS.find((d) => d.login === login)?.company ?? login;

const CUSTOMER_PREFIX = [
  'Scavi',
  'Edil',
  'Movimento Terra',
  'Costruzioni',
  'Noleggi',
  'Impresa',
  'Giardini',
  'Demolizioni',
];
const CUSTOMER_NAME = [
  'Bianchi',
  'Moretti',
  'Galli',
  'Ferrari',
  'Conti',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Colombo',
  'Fontana',
  'Rinaldi',
  'Caruso',
  'Lombardi',
  'Barbieri',
  'Mancini',
];
const CUSTOMER_SUFFIX = ['Srl', 'Snc', 'SpA', 'Sas', ''];
const FOREIGN_CUSTOMERS = [
  'Bau Huber GmbH',
  'TP Martin SARL',
  'Excavaciones López SL',
  'Tiefbau Meier AG',
  'Terrassement Dubois',
  'Gruas y Obras Ruiz SL',
];

const customerOf = (salt: number) => {
  const h = hash32(SEED, 13, salt);
  if (h % 100 < 10) return OUTSIDE_FLEET;
  if (h % 100 < 18) return FOREIGN_CUSTOMERS[(h >>> 8) % FOREIGN_CUSTOMERS.length] as string;
  const name = [
    CUSTOMER_PREFIX[(h >>> 8) % CUSTOMER_PREFIX.length],
    CUSTOMER_NAME[(h >>> 12) % CUSTOMER_NAME.length],
    CUSTOMER_SUFFIX[(h >>> 20) % CUSTOMER_SUFFIX.length],
  ];
  return name.filter(Boolean).join(' ');
};

const DAY_MS = 86_400_000;
const FIRST_DELIVERY = Date.UTC(2019, 0, 14);
const LAST_DELIVERY = Date.UTC(2026, 9, 30);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plusTwoYears = (iso: string) => `${Number(iso.slice(0, 4)) + 2}${iso.slice(4)}`.replace('-02-29', '-02-28');

/** Machines per model: 330 shared by the models' weights. */
const MACHINE_TOTAL = 330;

const machineDescription = (model: MachineModel): L5 => {
  const out = {} as L5;
  for (const lang of LANGS) out[lang] = `${MACHINE_TYPES[model.type].name[lang]} ${model.model}`;
  return out;
};

const buildMachines = () => {
  const machines: MachineSeed[] = [];
  const weightTotal = MACHINE_MODELS.reduce((s, m) => s + m.share, 0);
  MACHINE_MODELS.forEach((model, mi) => {
    const count = Math.round((MACHINE_TOTAL * model.share) / weightTotal);
    const prefix = serialPrefix(model);
    for (let i = 1; i <= count; i++) {
      const h = hash32(SEED, 17, mi, i);
      const r = h % 100;
      const dealerLogin =
        mi === MACHINE_MODELS.findIndex((m) => m.model === 'ES 35 ZT') && i === 1
          ? 'dealer'
          : DEALER_MODELS.has(model.model)
            ? r < 68
              ? 'dealer'
              : r < 90
                ? 'superdealer'
                : (OTHER_DEALERS[(h >>> 8) % OTHER_DEALERS.length] as (typeof OTHER_DEALERS)[number]).login
            : r < 36
              ? 'superdealer'
              : (OTHER_DEALERS[(h >>> 8) % OTHER_DEALERS.length] as (typeof OTHER_DEALERS)[number]).login;
      const span = LAST_DELIVERY - FIRST_DELIVERY;
      const at = FIRST_DELIVERY + Math.floor((span * (i - 1)) / Math.max(1, count)) + ((h >>> 10) % 20) * DAY_MS;
      const delivered = isoDate(Math.min(at, LAST_DELIVERY));
      const variant = model.variants[(h >>> 16) % model.variants.length] as keyof typeof VARIANTS;
      machines.push({
        mtMatricola: `${prefix}${String(i).padStart(5, '0')}`,
        localizedDescrizione: machineDescription(model),
        mtVersione: variant,
        localizedVersione: versionNames(variant),
        mtCrCod: catalogueCodeOf(model),
        modello: model.model,
        dealerLogin,
        mtRivDescr: companyOf(dealerLogin),
        mtCliDescr: customerOf(h),
        mtDtCons: delivered,
        dataFineGaranzia: plusTwoYears(delivered),
      });
    }
  });
  ['dealer', 'superdealer', 'dealer-nord'].forEach((dealerLogin, i) => {
    const delivered = isoDate(Date.UTC(2025, 2 + i * 3, 10));
    machines.push({
      mtMatricola: `ECXL3${String(i + 1).padStart(5, '0')}`,
      localizedDescrizione: l5(
        `Escavatore cingolato ${BENCH_MODEL}`,
        `Crawler excavator ${BENCH_MODEL}`,
        `Pelle sur chenilles ${BENCH_MODEL}`,
        `Kettenbagger ${BENCH_MODEL}`,
        `Excavadora de cadenas ${BENCH_MODEL}`,
      ),
      mtVersione: 'Cabina',
      localizedVersione: versionNames('Cabina'),
      mtCrCod: BENCH_CATALOGUE_CODE,
      modello: BENCH_MODEL,
      dealerLogin,
      mtRivDescr: companyOf(dealerLogin),
      mtCliDescr: customerOf(hash32(SEED, 19, i)),
      mtDtCons: delivered,
      dataFineGaranzia: plusTwoYears(delivered),
    });
  });
  machines.push({
    mtMatricola: GENERIC_SERIAL,
    localizedDescrizione: l5(
      'Ricambi generici',
      'Generic spare parts',
      'Pièces détachées génériques',
      'Allgemeine Ersatzteile',
      'Recambios genéricos',
    ),
    mtVersione: null,
    localizedVersione: {},
    mtCrCod: GENERIC_SERIAL,
    modello: null,
    dealerLogin: null,
    mtRivDescr: null,
    mtCliDescr: null,
    mtDtCons: null,
    dataFineGaranzia: null,
  });
  return machines;
};

/** Every k-th machine of a dealer, the first one included. */
const spread = (machines: readonly MachineSeed[], dealerLogin: string, count: number) => {
  const own = machines
    .filter((m) => m.dealerLogin === dealerLogin)
    .sort((a, b) => a.mtMatricola.localeCompare(b.mtMatricola));
  const step = Math.max(1, Math.floor(own.length / count));
  return own.filter((_, i) => i % step === 0).slice(0, count);
};

export type GenerateMachinesOptions = {
  /** The spare parts the catalogue rows may reference (the demo catalogue's, read from the database). */
  articles: readonly PartArticle[];
  /** The demo catalogue's showcase article (stock labels), put first in every model catalogue. */
  showcaseArticleId?: number | null;
};

export const generateMachines = (options: GenerateMachinesOptions): MachinesSeed => {
  const index = indexArticles(options.articles);
  const drawings = demoDrawings();
  const showcase =
    options.showcaseArticleId !== undefined && options.articles.some((a) => a.id === options.showcaseArticleId)
      ? options.showcaseArticleId
      : null;

  const models = [
    ...MACHINE_MODELS.map((m) => ({
      modello: m.model,
      note: `${MACHINE_TYPES[m.type].name.it} ${m.brand === 'nordmak' ? 'Nordmak' : 'Eurocomach'}, ${m.weight} kg, ${m.engine} ${m.powerKw} kW`,
    })),
    { modello: BENCH_MODEL, note: 'Escavatore cingolato Eurocomach, 30.500 kg (catalogo di prova da 5.000 righe)' },
  ];

  const catalogues: CatalogueSeed[] = MACHINE_MODELS.map((model, mi) => {
    const name = catalogueName(model.model);
    return {
      crCodice: catalogueCodeOf(model),
      crDescrizione: name.it,
      localizedDescrizione: name,
      rows: buildModelCatalogue(groupsOf(model.type), SILHOUETTE[model.type], {
        index,
        drawings,
        model: model.model,
        salt: hash32(SEED, 23, mi),
        showcaseArticleId: showcase,
        sparse: true,
        hiddenRows: true,
      }),
    };
  });
  const generic = l5(
    'Catalogo ricambi generico: filtri, oli e guarnizioni',
    'Generic spare parts catalogue: filters, oils and seals',
    'Catalogue de pièces génériques : filtres, huiles et joints',
    'Allgemeiner Ersatzteilkatalog: Filter, Öle und Dichtungen',
    'Catálogo de recambios genérico: filtros, aceites y juntas',
  );
  catalogues.push({
    crCodice: GENERIC_SERIAL,
    crDescrizione: generic.it,
    localizedDescrizione: generic,
    rows: buildModelCatalogue(GENERIC_GROUPS, 'excavator', {
      index,
      drawings,
      model: null,
      salt: hash32(SEED, 29),
      showcaseArticleId: showcase,
      sparse: false,
      hiddenRows: false,
    }),
  });
  const bench = catalogueName(BENCH_MODEL);
  catalogues.push({
    crCodice: BENCH_CATALOGUE_CODE,
    crDescrizione: bench.it,
    localizedDescrizione: bench,
    rows: benchCatalogueRows(options.articles),
  });

  const machines = buildMachines();
  const visibilita: VisibilitaSeed[] = [
    ...spread(machines, 'dealer', 12).map((m, i) => ({
      dealerLogin: 'dealer',
      login: 'subdealer',
      matricola: m.mtMatricola,
      note: i === 0 ? 'Macchina dimostrativa / Demo machine' : null,
    })),
    ...spread(machines, 'superdealer', 5).map((m) => ({
      dealerLogin: 'superdealer',
      login: 'subdealer2',
      matricola: m.mtMatricola,
      note: 'Assistenza in zona / Local service',
    })),
  ];

  return { models, catalogues, drawings: drawings.all, machines, visibilita };
};

/** The labels of a drawing by balloon text, for checks. */
export const labelsByPos = (labels: readonly DrawingLabel[]) => new Map(labels.map((l) => [l.label, l]));
