import { type CatalogueRow, isTreeLeaf, isTreeRowVisible } from '@ricambi/domain';

/**
 * The catalogue tree's state (spec 2 §3, §4): the rows loaded so far by parent, which branches are
 * open, the one selected row, and the rows matching the tree search. Pure: the page keeps it in a
 * reducer and loads children through the API.
 */
export type ParentKey = number | 'root';
export type TreeState = {
  rows: ReadonlyMap<number, CatalogueRow>;
  children: ReadonlyMap<ParentKey, readonly number[]>;
  parentOf: ReadonlyMap<number, ParentKey>;
  expanded: ReadonlySet<number>;
  selected: number | null;
  matches: ReadonlySet<number>;
};

export const emptyTree = (): TreeState => ({
  rows: new Map(),
  children: new Map(),
  parentOf: new Map(),
  expanded: new Set(),
  selected: null,
  matches: new Set(),
});

/** Stores the children of `parent` (the server sends visible rows only; checked again here). */
export const withChildren = (state: TreeState, parent: ParentKey, rows: readonly CatalogueRow[]): TreeState => {
  const shown = rows.filter(isTreeRowVisible);
  const all = new Map(state.rows);
  const parentOf = new Map(state.parentOf);
  for (const row of shown) {
    all.set(row.rigItem, row);
    parentOf.set(row.rigItem, parent);
  }
  const children = new Map(state.children);
  children.set(
    parent,
    shown.map((r) => r.rigItem),
  );
  return { ...state, rows: all, children, parentOf };
};

export const isLoaded = (state: TreeState, parent: ParentKey) => state.children.has(parent);

export const childrenOf = (state: TreeState, parent: ParentKey) =>
  (state.children.get(parent) ?? []).flatMap((item) => {
    const row = state.rows.get(item);
    return row ? [row] : [];
  });

/** Every loaded row below `item`. */
export const descendantsOf = (state: TreeState, item: number): number[] => {
  const out: number[] = [];
  const stack = [...(state.children.get(item) ?? [])];
  while (stack.length) {
    const next = stack.pop() as number;
    out.push(next);
    stack.push(...(state.children.get(next) ?? []));
  }
  return out;
};

/** The rigItems from level 1 down to `item`'s parent. */
export const ancestorsOf = (state: TreeState, item: number): number[] => {
  const path: number[] = [];
  let parent = state.parentOf.get(item);
  while (parent !== undefined && parent !== 'root') {
    path.unshift(parent);
    parent = state.parentOf.get(parent);
  }
  return path;
};

/**
 * Choosing a row (spec 2 §4): it becomes the selected row; a branch opens, or closes when it was
 * open and chosen again; its siblings (and everything below them) close and lose the selection.
 * `keepOpen`: a branch chosen from the drawing opens and does not toggle.
 */
export const choose = (state: TreeState, item: number, keepOpen = false): TreeState => {
  const row = state.rows.get(item);
  if (!row) return state;
  const parent = state.parentOf.get(item) ?? 'root';
  const expanded = new Set(state.expanded);
  for (const sibling of state.children.get(parent) ?? []) {
    if (sibling === item) continue;
    expanded.delete(sibling);
    for (const below of descendantsOf(state, sibling)) expanded.delete(below);
  }
  if (!isTreeLeaf(row)) {
    if (expanded.has(item) && state.selected === item && !keepOpen) {
      expanded.delete(item);
      for (const below of descendantsOf(state, item)) expanded.delete(below);
    } else expanded.add(item);
  }
  for (const ancestor of ancestorsOf(state, item)) expanded.add(ancestor);
  return { ...state, expanded, selected: item };
};

/** The tree search result: the path to every match opened, the matches marked. */
export const withMatches = (state: TreeState, matches: readonly { rigItem: number; path: readonly number[] }[]) => {
  const expanded = new Set(state.expanded);
  for (const match of matches) for (const item of match.path) expanded.add(item);
  return { ...state, expanded, matches: new Set(matches.map((m) => m.rigItem)) };
};

export const clearMatches = (state: TreeState): TreeState => ({ ...state, matches: new Set() });

/** The assembly the toolbar acts on: the selected branch, or the branch holding the selected leaf. */
export const selectedAssembly = (state: TreeState): CatalogueRow | null => {
  if (state.selected === null) return null;
  const row = state.rows.get(state.selected);
  if (!row) return null;
  if (!isTreeLeaf(row)) return row;
  const parent = state.parentOf.get(row.rigItem);
  return parent === undefined || parent === 'root' ? null : (state.rows.get(parent) ?? null);
};

/**
 * The drawing shown and the branch it belongs to: a branch shows its own drawing; a leaf shows the
 * drawing it appears in, with its balloon highlighted.
 */
export const shownDrawing = (
  state: TreeState,
): { drawing: string; owner: ParentKey; highlight: string | null; fileName: string | null } | null => {
  if (state.selected === null) return null;
  const row = state.rows.get(state.selected);
  if (!row?.drawing) return null;
  if (!isTreeLeaf(row)) return { drawing: row.drawing, owner: row.rigItem, highlight: null, fileName: row.rigDisegno };
  return {
    drawing: row.drawing,
    owner: state.parentOf.get(row.rigItem) ?? 'root',
    highlight: row.rigPos,
    fileName: row.rigDisegno,
  };
};

/** The rows a balloon stands for: the rows of the shown drawing with that position. */
export const rowsAtPosition = (state: TreeState, owner: ParentKey, drawing: string, pos: string) => {
  const own = childrenOf(state, owner).filter((r) => r.rigPos === pos);
  if (own.length > 0) return own;
  return [...state.rows.values()].filter((r) => r.drawing === drawing && r.rigPos === pos && isTreeLeaf(r));
};

/** The orderable leaves directly under an assembly (the cart-all rows). */
export const orderableLeaves = (state: TreeState, assembly: number) =>
  childrenOf(state, assembly).filter((r) => isTreeLeaf(r) && r.orderable && r.articolo !== null);
