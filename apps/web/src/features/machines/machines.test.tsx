import { type CatalogueRow, MACHINE_LIMITS } from '@ricambi/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePdfStatus } from '../../api/machines.api.ts';
import { changeLanguage, initI18n, loadAppTexts } from '../../i18n/index.ts';
import { navEntries, ROUTES } from '../../test/routes.ts';
import { CatalogueTree, rowCartQuantity } from './CatalogueTree.tsx';
import {
  choose,
  emptyTree,
  orderableLeaves,
  rowsAtPosition,
  selectedAssembly,
  shownDrawing,
  type TreeState,
  withChildren,
  withMatches,
} from './catalogue.tree.ts';
import { BASE_SCALE, fitView, panBy, pixelScale, toScreen, zoomAt, zoomBy } from './drawing.view.ts';
import { isWarrantyExpired } from './machine.facts.tsx';

const row = (rigItem: number, over: Partial<CatalogueRow> = {}): CatalogueRow => ({
  crId: 1,
  rigItem,
  rigItemPrec: null,
  rigLivello: 1,
  rigIdTav: `T${rigItem}`,
  rigDisegno: `D${rigItem}.png`,
  drawing: `D${rigItem}`,
  rigPos: null,
  rigTipoArt: null,
  rigTipoNodo: 0,
  rigQta: 1,
  rigNote: null,
  descrizione: `Row ${rigItem}`,
  hasChildren: true,
  orderable: false,
  articolo: null,
  ...over,
});

const leaf = (rigItem: number, parent: number, pos: string, over: Partial<CatalogueRow> = {}) =>
  row(rigItem, {
    rigItemPrec: parent,
    rigLivello: 2,
    rigIdTav: `T${parent}`,
    drawing: `D${parent}`,
    rigDisegno: `D${parent}.png`,
    rigPos: pos,
    rigTipoNodo: 1,
    hasChildren: false,
    orderable: true,
    articolo: {
      id: 1000 + rigItem,
      articolo: `A-${rigItem}`,
      unitaMisura: 'NR',
      descrizione: `Part ${rigItem}`,
      disponibiliLabel: 'DISPONIBILE',
      prezzo: null,
      peso: 1,
      tipoArticolo: 'R',
      tipoArticoloOrig: '0',
    },
    ...over,
  });

/** Two groups (10, 20); group 10 holds leaves 11 (pos 1), 12 (pos 2) and sub-assembly 13 with leaf 14. */
const tree = (): TreeState => {
  let s = withChildren(emptyTree(), 'root', [row(10), row(20)]);
  s = withChildren(s, 10, [leaf(11, 10, '1'), leaf(12, 10, '2'), row(13, { rigItemPrec: 10, rigPos: '3' })]);
  s = withChildren(s, 13, [leaf(14, 13, '1')]);
  s = withChildren(s, 20, [leaf(21, 20, '1')]);
  return s;
};

describe('catalogue tree (spec 2 §3, §4)', () => {
  it('hides type-2 rows and rows without a plate id', () => {
    const s = withChildren(emptyTree(), 'root', [row(1), row(2, { rigTipoNodo: 2 }), row(3, { rigIdTav: ' ' })]);
    expect(s.children.get('root')).toEqual([1]);
  });

  it('opens a chosen branch, closes it when chosen again, and closes its siblings', () => {
    let s = choose(tree(), 10);
    expect([...s.expanded]).toEqual([10]);
    s = choose(s, 13);
    expect(s.expanded.has(13)).toBe(true);
    s = choose(s, 20);
    expect(s.expanded.has(20)).toBe(true);
    expect(s.expanded.has(10)).toBe(false);
    expect(s.expanded.has(13)).toBe(false);
    expect(s.selected).toBe(20);
    s = choose(s, 20);
    expect(s.expanded.has(20)).toBe(false);
  });

  it('a branch chosen from the drawing stays open', () => {
    const s = choose(choose(tree(), 10), 10, true);
    expect(s.expanded.has(10)).toBe(true);
  });

  it('a leaf shows the drawing it is in with its balloon, a branch its own drawing', () => {
    let s = choose(tree(), 10);
    expect(shownDrawing(s)).toMatchObject({ drawing: 'D10', owner: 10, highlight: null, fileName: 'D10.png' });
    s = choose(s, 12);
    expect(shownDrawing(s)).toMatchObject({ drawing: 'D10', owner: 10, highlight: '2' });
    expect(selectedAssembly(s)?.rigItem).toBe(10);
  });

  it('a balloon stands for the rows of the shown drawing with its position', () => {
    const s = choose(tree(), 10);
    expect(rowsAtPosition(s, 10, 'D10', '2').map((r) => r.rigItem)).toEqual([12]);
    expect(rowsAtPosition(s, 10, 'D10', '3').map((r) => r.rigItem)).toEqual([13]);
    expect(rowsAtPosition(s, 10, 'D10', '9')).toEqual([]);
  });

  it('the search opens the path to every match and marks them', () => {
    const s = withMatches(tree(), [
      { rigItem: 14, path: [10, 13] },
      { rigItem: 21, path: [20] },
    ]);
    expect([...s.expanded].sort()).toEqual([10, 13, 20]);
    expect([...s.matches].sort()).toEqual([14, 21]);
  });

  it('cart all takes the orderable leaves of the assembly only', () => {
    const s = withChildren(tree(), 10, [
      leaf(11, 10, '1'),
      leaf(12, 10, '2', { orderable: false, rigTipoArt: 'T' }),
      row(13, { rigItemPrec: 10 }),
    ]);
    expect(orderableLeaves(s, 10).map((r) => r.rigItem)).toEqual([11]);
  });
});

describe('catalogue cart quantity (spec 2 §5)', () => {
  it('sends the typed number for NR and rigQta times it otherwise; nothing for invalid text', () => {
    const nr = leaf(1, 0, '1', { rigQta: 4 });
    expect(rowCartQuantity(nr, '3')).toBe(3);
    expect(rowCartQuantity(nr, '1,5')).toBe(0);
    expect(rowCartQuantity(nr, '0')).toBe(0);
    const litres = leaf(2, 0, '2', { rigQta: 2.5 });
    if (litres.articolo) litres.articolo.unitaMisura = 'LT';
    expect(rowCartQuantity(litres, '2')).toBe(5);
    expect(rowCartQuantity(litres, '0,5')).toBe(1.25);
    expect(rowCartQuantity(litres, 'x')).toBe(0);
  });
});

describe('drawing view (spec 2 §9)', () => {
  const image = { width: 1600, height: 1100 };
  const canvas = { width: 800, height: MACHINE_LIMITS.canvasHeight };

  it('draws the 300 dpi drawing at 72/300 of a pixel at 100 %', () => {
    expect(BASE_SCALE).toBeCloseTo(72 / 300);
    expect(pixelScale(1)).toBeCloseTo(0.24);
  });

  it('fits the whole drawing in the canvas', () => {
    const view = fitView(image, canvas);
    const s = pixelScale(view.zoom);
    expect(image.width * s).toBeLessThanOrEqual(canvas.width);
    expect(image.height * s).toBeLessThanOrEqual(canvas.height);
    expect(view.x).toBeGreaterThanOrEqual(0);
  });

  it('keeps the zoom within 0.1–4 and the point under the cursor in place', () => {
    let view = fitView(image, canvas);
    for (let i = 0; i < 40; i++) view = zoomBy(view, 1.25, { x: 100, y: 100 });
    expect(view.zoom).toBe(4);
    for (let i = 0; i < 80; i++) view = zoomBy(view, 0.8, { x: 100, y: 100 });
    expect(view.zoom).toBe(0.1);
    const start = { zoom: 1, x: 10, y: 20 };
    const world = { x: 400, y: 300 };
    const at = toScreen(start, world);
    const zoomed = zoomAt(start, 2, at);
    expect(toScreen(zoomed, world).x).toBeCloseTo(at.x);
    expect(toScreen(zoomed, world).y).toBeCloseTo(at.y);
  });

  it('pans by screen pixels', () => {
    expect(panBy({ zoom: 1, x: 0, y: 0 }, 40, -40)).toEqual({ zoom: 1, x: 40, y: -40 });
  });
});

describe('full PDF state (spec 2 §4, §7)', () => {
  it('reads the esisteCatalogo replies', () => {
    expect(parsePdfStatus('OK PDF')).toEqual({ state: 'READY', progress: 100 });
    expect(parsePdfStatus('GENERATING 42')).toEqual({ state: 'GENERATING', progress: 42 });
    expect(parsePdfStatus('FAILED')).toEqual({ state: 'FAILED', progress: 0 });
    expect(parsePdfStatus('NO')).toEqual({ state: 'NONE', progress: 0 });
  });
});

describe('warranty', () => {
  it('is expired before today only', () => {
    expect(isWarrantyExpired('2026-01-01', '2026-01-02')).toBe(true);
    expect(isWarrantyExpired('2026-01-02', '2026-01-02')).toBe(false);
    expect(isWarrantyExpired(null, '2026-01-02')).toBe(false);
  });
});

describe('machine routes (spec 2 §2)', () => {
  it('keeps the spec paths and roles, with the menu entry for CR users and subdealers', () => {
    const byName = Object.fromEntries(ROUTES.map((r) => [r.name, r]));
    const area = ['ROLE_CR_USER', 'ROLE_CR_SUBDEALER', 'ROLE_CR_INTERNAL', 'ROLE_CR_SUPERDEALER'];
    expect(byName['machine-home']).toMatchObject({ path: '/machine/search/', access: area });
    expect(byName.catalogo_detail).toMatchObject({ path: '/catalogo/$idMatricola/$matricola', access: area });
    expect(byName['item-search']).toMatchObject({ path: '/item/search/$id', access: ['ROLE_CR_USER'] });
    const flags = { canAccessParts: true, canAccessTracks: true };
    const main = (authorities: string[]) => navEntries('main', { authorities }, flags).map((r) => r.name);
    expect(main(['ROLE_USER', 'ROLE_CR_SUBDEALER'])).toContain('machine-home');
    expect(main(['ROLE_USER', 'ROLE_CR_SUBDEALER'])).not.toContain('item-lookup');
    expect(main(['ROLE_USER', 'ROLE_CR_USER'])).toEqual(expect.arrayContaining(['machine-home', 'item-lookup']));
    expect(main(['ROLE_USER'])).not.toContain('machine-home');
    expect(
      navEntries('main', { authorities: ['ROLE_CR_USER'] }, { ...flags, canAccessParts: false }),
    ).not.toContainEqual(expect.objectContaining({ name: 'machine-home' }));
  });
});

describe('catalogue tree rows', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAppTexts();
    await changeLanguage('it');
  });

  it('shows plate and description on branches; position, code, quantity and cart on orderable leaves', () => {
    let s = withChildren(tree(), 10, [
      leaf(11, 10, '1', { rigQta: 2, rigNote: 'Solo per versione B' }),
      leaf(12, 10, '2', { orderable: false, rigTipoArt: 'T' }),
      row(13, { rigItemPrec: 10, rigPos: '3' }),
    ]);
    s = choose(s, 10);
    const cart = {
      quantities: {},
      inCart: new Set<number>(),
      setQuantity: () => undefined,
      markInCart: () => undefined,
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntApp>
            <CatalogueTree state={s} loading={new Set()} onChoose={() => undefined} serial="EC35A00001" cart={cart} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>,
    );
    const group = screen.getByRole('button', { name: /T10 Row 10/ });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /T20 Row 20/ }).getAttribute('aria-expanded')).toBe('false');
    const rows = screen.getAllByTestId('tree-row');
    const first = rows.find((r) => r.dataset.rigItem === '11') as HTMLElement;
    expect(first.textContent).toContain('A-11');
    expect(first.textContent).toContain('2 pezzi');
    expect(within(first).getByRole('button', { name: 'Aggiungi A-11 al carrello: 1 pezzo' })).toBeTruthy();
    const second = rows.find((r) => r.dataset.rigItem === '12') as HTMLElement;
    expect(within(second).getByTestId('row-not-orderable').textContent).toBe('Non ordinabile');
    expect(within(second).queryByTestId('row-add')).toBeNull();
    expect(screen.getByText('Solo per versione B')).toBeTruthy();
  });
});
