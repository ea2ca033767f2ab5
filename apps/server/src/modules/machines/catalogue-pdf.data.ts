import fs from 'node:fs';
import { isTreeLeaf, isTreeRowVisible, type Language, localizedText } from '@ricambi/domain';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { catalogueDrawingPath } from './catalogue.generation.ts';
import type { PdfDrawing, PdfPartRow, PdfSection } from './catalogue.pdf.tsx';
import { drawingsNamed, type PdfTreeRow, treeRows } from './catalogue-pdf.repository.ts';

// The data of the catalogue PDFs: the plates of a catalogue, from its rows (one query) and drawings.

type CatalogueTree = { byItem: Map<number, PdfTreeRow>; children: Map<number | null, PdfTreeRow[]> };

export const loadTree = async (db: DbOrTx, crId: number): Promise<CatalogueTree> => {
  const byItem = new Map<number, PdfTreeRow>();
  const children = new Map<number | null, PdfTreeRow[]>();
  for (const row of await treeRows(db, crId)) {
    byItem.set(row.rigItem, row);
    // Only rows the tree shows: a hidden row hides its whole branch, as in the tree.
    if (!isTreeRowVisible(row)) continue;
    const siblings = children.get(row.rigItemPrec) ?? [];
    siblings.push(row);
    children.set(row.rigItemPrec, siblings);
  }
  return { byItem, children };
};

const visibleChildren = (tree: CatalogueTree, row: PdfTreeRow) => tree.children.get(row.rigItem) ?? [];

/** A branch gets plates of its own when it opens a drawing of its own; else its rows go under its parent's. */
const ownsPlate = (row: PdfTreeRow, parent: PdfTreeRow | undefined) =>
  !parent || (row.rigDisegno !== null && row.rigDisegno !== parent.rigDisegno);

const isBranch = (tree: CatalogueTree, row: PdfTreeRow) => !isTreeLeaf(row) && visibleChildren(tree, row).length > 0;

/** The rows of a plate in tree order: children, and a sub-assembly's children under it. */
const plateRows = (tree: CatalogueTree, plate: PdfTreeRow, lang: Language) => {
  const rows: PdfPartRow[] = [];
  const walk = (parent: PdfTreeRow, depth: number) => {
    for (const child of visibleChildren(tree, parent)) {
      const branch = isBranch(tree, child);
      rows.push({
        rigItem: child.rigItem,
        depth,
        pos: child.rigPos,
        // A sub-assembly without an article shows its plate id: where to look for it.
        code: child.articoloCodice ?? (branch ? child.rigIdTav : null),
        descrizione: localizedText(child.localizedDescrizione, lang) || (child.rigIdTav ?? ''),
        qta: child.rigQta,
        unit: child.unitaMisura,
        note: child.rigNote,
        branch,
      });
      if (branch && !ownsPlate(child, parent)) walk(child, depth + 1);
    }
  };
  walk(plate, 0);
  return rows;
};

/** The branches from `row` down that become plates, in tree order (`parent` undefined: `row` is the top). */
const platesFrom = (tree: CatalogueTree, row: PdfTreeRow, parent?: PdfTreeRow): PdfTreeRow[] => {
  if (!isBranch(tree, row)) return [];
  return [
    ...(ownsPlate(row, parent) ? [row] : []),
    ...visibleChildren(tree, row).flatMap((child) => platesFrom(tree, child, row)),
  ];
};

/** Every plate of the catalogue, in tree order. */
export const allPlates = (tree: CatalogueTree) =>
  (tree.children.get(null) ?? []).flatMap((root) => platesFrom(tree, root));

/**
 * The plates of one tree node: its own and those of the sub-assemblies under it that open drawings
 * of their own. A part (leaf) gives its assembly's plate; a lone part at level 1 its (empty) plate.
 * Rows the tree does not show, or under a row it does not show, are not found.
 */
export const assemblyPlates = (tree: CatalogueTree, rigItem: number) => {
  let node = tree.byItem.get(rigItem);
  for (let up = node; up; up = up.rigItemPrec === null ? undefined : tree.byItem.get(up.rigItemPrec)) {
    if (!isTreeRowVisible(up)) throw notFound();
  }
  if (!node) throw notFound();
  if (!isBranch(tree, node) && node.rigItemPrec !== null) node = tree.byItem.get(node.rigItemPrec) ?? node;
  const below = platesFrom(tree, node);
  return { node, plates: below.length > 0 ? below : [node] };
};

/** The drawings of the plates that have a file on disk. */
const loadDrawings = async (db: DbOrTx, dataDir: string, names: readonly string[]) => {
  const drawings = new Map<string, PdfDrawing>();
  for (const d of await drawingsNamed(db, names)) {
    const file = catalogueDrawingPath(dataDir, d.name);
    if (d.width > 0 && d.height > 0 && fs.existsSync(file))
      drawings.set(d.name, { file, width: d.width, height: d.height, labels: d.labels });
  }
  return drawings;
};

export const toSections = async (
  db: DbOrTx,
  dataDir: string,
  tree: CatalogueTree,
  plates: readonly PdfTreeRow[],
  lang: Language,
): Promise<PdfSection[]> => {
  const drawings = await loadDrawings(
    db,
    dataDir,
    plates.flatMap((p) => (p.rigDisegno ? [p.rigDisegno] : [])),
  );
  return plates.map((plate) => ({
    rigItem: plate.rigItem,
    livello: plate.rigLivello,
    idTav: plate.rigIdTav ?? '',
    descrizione: localizedText(plate.localizedDescrizione, lang),
    drawing: plate.rigDisegno ? (drawings.get(plate.rigDisegno) ?? null) : null,
    rows: plateRows(tree, plate, lang),
  }));
};
