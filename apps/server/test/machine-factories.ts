import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import type { LocalizedText } from '../src/db/schema/banners.schema.ts';
import {
  appUser,
  catalogo,
  catalogoDisegno,
  catalogoRiga,
  crModelli,
  crSubdealerVisibilita,
  type DrawingLabel,
  macchina,
} from '../src/db/schema/index.ts';
import { catalogueDrawingPath, regenerateCatalogue } from '../src/modules/machines/catalogue.generation.ts';

let sequence = 0;
const next = () => `${process.pid % 10000}${++sequence}`;

/** A machine model (cr_modelli). */
export const createMachineModel = async (db: DbOrTx, modello = `Model ${next()}`, note: string | null = null) => {
  const [row] = await db.insert(crModelli).values({ modello, note }).returning();
  if (!row) throw new Error('cr_modelli not inserted');
  return row;
};

/**
 * One catalogue row. `parent` is the parent's item (null/absent at level 1); the level is derived
 * from the parent unless given; `ordine` defaults to the position in the spec list. Rows are
 * visible by default (branch type 0 with a plate id); give `tipoNodo: 1` for leaves, `2` for hidden.
 */
export type CatalogueRowSpec = {
  item: number;
  parent?: number | null;
  livello?: number;
  ordine?: number;
  tipoNodo?: number;
  idTav?: string | null;
  disegno?: string | null;
  pos?: string | null;
  tipoArt?: string | null;
  qta?: number;
  note?: string | null;
  articoloId?: number | null;
  /** Descriptions of rows without an article (rows with one get the article's at generation). */
  descrizione?: LocalizedText;
};

export type CatalogueSpec = {
  crCodice?: string;
  crDescrizione?: string;
  localizedDescrizione?: LocalizedText;
  rows?: readonly CatalogueRowSpec[];
  /** Leave the catalogue as inserted (no regenerateCatalogue). */
  skipGeneration?: boolean;
};

/** A catalogue with its rows, generated (article data copied in, search text built) unless told not to. */
export const createCatalogue = async (db: DbOrTx, spec: CatalogueSpec = {}) => {
  const crCodice = spec.crCodice ?? `CR${next()}`;
  const [created] = await db
    .insert(catalogo)
    .values({
      crCodice,
      crDescrizione: spec.crDescrizione ?? `Catalogo ${crCodice}`,
      localizedDescrizione: spec.localizedDescrizione ?? {},
    })
    .returning();
  if (!created) throw new Error('catalogo not inserted');
  const rows = spec.rows ?? [];
  const levels = new Map<number, number>();
  const levelOf = (row: CatalogueRowSpec): number => {
    if (row.livello !== undefined) return row.livello;
    if (row.parent === undefined || row.parent === null) return 1;
    const parentLevel = levels.get(row.parent);
    if (parentLevel === undefined) throw new Error(`row ${row.item}: parent ${row.parent} must come first`);
    return parentLevel + 1;
  };
  const values = rows.map((row, index) => {
    const livello = levelOf(row);
    levels.set(row.item, livello);
    return {
      crId: created.id,
      rigItem: row.item,
      rigItemPrec: row.parent ?? null,
      rigLivello: livello,
      rigOrdine: row.ordine ?? index + 1,
      rigIdTav: row.idTav === undefined ? `TAV${row.item}` : row.idTav,
      rigDisegno: row.disegno ?? null,
      rigPos: row.pos ?? null,
      rigTipoArt: row.tipoArt ?? null,
      rigTipoNodo: row.tipoNodo ?? 0,
      rigQta: row.qta ?? 1,
      rigNote: row.note ?? null,
      articoloId: row.articoloId ?? null,
      localizedDescrizione: row.descrizione ?? { it: `Riga ${row.item}`, en: `Row ${row.item}` },
    };
  });
  // Chunks keep a big catalogue under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < values.length; i += 1000) await db.insert(catalogoRiga).values(values.slice(i, i + 1000));
  if (!spec.skipGeneration) await regenerateCatalogue(db, created.id);
  const [row] = await db.select().from(catalogo).where(eq(catalogo.id, created.id));
  if (!row) throw new Error('catalogo vanished');
  return row;
};

export type MachineInput = {
  matricola?: string;
  crCod: string;
  dealerLogin?: string | null;
  versione?: string | null;
  /** The version's name by language. */
  versioni?: LocalizedText;
  descrizione?: LocalizedText;
  modelloId?: number | null;
  rivDescr?: string | null;
  cliDescr?: string | null;
  /** ISO date. */
  dtCons?: string | null;
  /** ISO date. */
  fineGaranzia?: string | null;
};

/** A machine (macchina); the serial defaults to a unique upper-case one. */
export const createMachine = async (db: DbOrTx, input: MachineInput) => {
  const [row] = await db
    .insert(macchina)
    .values({
      mtMatricola: input.matricola ?? `MT${next()}`,
      mtCrCod: input.crCod,
      dealerLogin: input.dealerLogin ?? null,
      mtVersione: input.versione === undefined ? 'V1' : input.versione,
      localizedVersione: input.versioni ?? {},
      localizedDescrizione: input.descrizione ?? { it: 'Escavatore di prova', en: 'Test excavator' },
      modelloId: input.modelloId ?? null,
      mtRivDescr: input.rivDescr ?? null,
      mtCliDescr: input.cliDescr ?? null,
      mtDtCons: input.dtCons ?? null,
      dataFineGaranzia: input.fineGaranzia ?? null,
    })
    .returning();
  if (!row) throw new Error('macchina not inserted');
  return row;
};

/** Lets a subdealer see one serial of its dealer (cr_subdealer_visibilita). */
export const grantMachine = async (
  db: DbOrTx,
  input: { dealerLogin: string; login: string; matricola: string; note?: string | null },
) => {
  const [row] = await db
    .insert(crSubdealerVisibilita)
    .values({ ...input, note: input.note ?? null, createdBy: input.dealerLogin })
    .returning();
  if (!row) throw new Error('visibility not inserted');
  return row;
};

/** Turns on vedeTutteLeMatricole for a user. */
export const letSeeAllMachines = (db: DbOrTx, userId: number) =>
  db.update(appUser).set({ vedeTutteLeMatricole: true }).where(eq(appUser.id, userId));

// ---------------------------------------------------------------------------------------------
// Drawings: a small real PNG on disk plus its catalogo_disegno row.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid grey-scale PNG of the given size: white with a black frame. */
export const minimalPng = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey-scale
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width + 1);
    raw[start] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const edge = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      raw[start + 1 + x] = edge ? 0 : 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/**
 * A drawing: writes DATA_DIR/drawings/catalogue/<name>.png (a small real PNG) and its catalogo_disegno
 * row. Labels are given as balloon texts (placed on a diagonal) or as full labels.
 */
export const createDrawing = async (
  db: DbOrTx,
  dataDir: string,
  name: string,
  labels: readonly (string | DrawingLabel)[] = ['1', '2'],
  size: { width: number; height: number } = { width: 40, height: 30 },
) => {
  const file = catalogueDrawingPath(dataDir, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, minimalPng(size.width, size.height));
  const full = labels.map((label, index) =>
    typeof label === 'string'
      ? { x: 5 + index * 5, y: 5 + index * 4, font: 4, label, labelLength: label.length * 3 }
      : label,
  );
  const [row] = await db
    .insert(catalogoDisegno)
    .values({ name, width: size.width, height: size.height, labels: full })
    .returning();
  if (!row) throw new Error('catalogo_disegno not inserted');
  return { ...row, file };
};
