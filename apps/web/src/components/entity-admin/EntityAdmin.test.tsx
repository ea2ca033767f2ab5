import type { FieldError, MarchioAdmin } from '@ricambi/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';
import { entityRoutes } from './entity-routes.ts';

/**
 * The brands' API as the server's CRUD helper answers it (platform/crud.ts, paging.ts, errors.ts):
 * `page`/`size`/`sort` with the id as the last key, `X-Total-Count`, problem+json with field errors,
 * the CSRF token required on writes. It sits behind `fetch`, the browser's network boundary, so the
 * kit and our HTTP client (api/http.ts, api/entity-admin.api.ts) run as in the browser.
 */
const brandsServer = (count: number) => {
  const audit = {
    createdBy: 'admin',
    createdDate: '2026-11-01T09:00:00Z',
    lastModifiedBy: null,
    lastModifiedDate: null,
  };
  let rows: MarchioAdmin[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    descrizione: `Marchio ${String(i + 1).padStart(2, '0')}`,
    codImmagine: null,
    visibile: true,
    ...audit,
  }));
  let nextId = count + 1;
  const calls: { method: string; path: string; query: URLSearchParams; body?: unknown }[] = [];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
    });
  const problem = (status: number, message: string, fieldErrors?: FieldError[]) =>
    json(status, { type: 'about:blank', title: 'Error', status, message, ...(fieldErrors ? { fieldErrors } : {}) });
  const taken = (descrizione: unknown, id?: number) =>
    rows.some((r) => r.id !== id && r.descrizione.toLowerCase() === String(descrizione).trim().toLowerCase());

  const handle = (method: string, url: URL, headers: Headers, body: unknown): Response => {
    const item = /^\/api\/marchio\/(\d+)$/.exec(url.pathname);
    if (url.pathname !== '/api/marchio' && !item) return problem(404, 'error.http.404');
    if (method !== 'GET' && !headers.get('X-XSRF-TOKEN')) return problem(403, 'error.http.403');
    if (!item) {
      if (method === 'POST') {
        const input = body as { descrizione?: string };
        if (!input.descrizione?.trim()) {
          return problem(400, 'error.validation', [{ field: 'descrizione', message: 'validation.required' }]);
        }
        if (taken(input.descrizione)) {
          return problem(400, 'error.validation', [
            { field: 'descrizione', message: 'catalogueAdmin.validation.marchioTaken' },
          ]);
        }
        const row = { codImmagine: null, visibile: true, ...audit, ...input, id: nextId++ } as MarchioAdmin;
        rows.push(row);
        return json(201, row);
      }
      const page = Number(url.searchParams.get('page') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 20);
      const [field = 'id', dir = 'asc'] = (url.searchParams.get('sort') ?? 'id,asc').split(',');
      const key = field as keyof MarchioAdmin;
      const sorted = [...rows].sort(
        (a, b) => (dir === 'desc' ? -1 : 1) * String(a[key]).localeCompare(String(b[key])) || a.id - b.id,
      );
      return json(200, sorted.slice(page * size, (page + 1) * size), { 'X-Total-Count': String(rows.length) });
    }
    const id = Number(item[1]);
    const existing = rows.find((r) => r.id === id);
    if (!existing) return problem(404, 'error.http.404');
    if (method === 'GET') return json(200, existing);
    if (method === 'PUT') {
      const input = body as Partial<MarchioAdmin>;
      if (taken(input.descrizione, id)) {
        return problem(400, 'error.validation', [
          { field: 'descrizione', message: 'catalogueAdmin.validation.marchioTaken' },
        ]);
      }
      Object.assign(existing, input, { lastModifiedBy: 'admin' });
      return json(200, existing);
    }
    if (method === 'DELETE') {
      rows = rows.filter((r) => r.id !== id);
      return new Response(null, { status: 204 });
    }
    return problem(405, 'error.http.405');
  };

  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    return handle(method, url, headers, body);
  };
  return {
    fetchStub,
    calls,
    rows: () => rows,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    lastList: () => calls.filter((c) => c.method === 'GET' && c.path === '/api/marchio').at(-1)?.query,
  };
};

// The whole app renders here (router, layout, the list of 20 rows): on a loaded 2-core machine one
// render of the page takes seconds.
configure({ asyncUtilTimeout: 20_000 });

const admin = account('admin', ['ROLE_ADMIN', 'ROLE_USER']);
/**
 * Rows on screen. Plain DOM queries, not role queries, which are slow over the whole app; and only
 * shown ones: while a route change suspends, React keeps the previous page in the DOM, hidden.
 */
const visibleRows = () =>
  [...document.querySelectorAll<HTMLTableRowElement>('tr.ant-table-row')].filter(
    (r) => !r.closest('[style*="display: none"]'),
  );
const shownBrands = () => visibleRows().map((r) => r.cells[1]?.textContent);
const rowOf = (brand: string) =>
  waitFor(() => {
    const row = visibleRows().find((r) => r.cells[1]?.textContent === brand);
    expect(row).toBeTruthy();
    return row as HTMLElement;
  });
/** The open dialog of the kit (antd modals only; the layout's drawer is a dialog too). */
const dialog = () => {
  const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-root [role="dialog"]')].at(-1);
  expect(found).toBeTruthy();
  return found as HTMLElement;
};
const typeIn = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const save = () => within(dialog()).getByRole('button', { name: 'Salva' }) as HTMLButtonElement;

// Spec 3 §2 (administration pages: list, sort, pages, new/edit dialogs, delete confirmation) through
// the kit as the brands page (/marchio) configures it.
describe('entity-administration kit', { timeout: 120_000 }, () => {
  let server: ReturnType<typeof brandsServer>;
  beforeEach(() => {
    server = brandsServer(25);
    vi.spyOn(globalThis, 'fetch').mockImplementation(server.fetchStub);
    // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie the server hands out, set by hand here
    document.cookie = 'XSRF-TOKEN=test-token';
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists a page with the total, sorts by a column and moves between pages', async () => {
    await renderApp('/marchio', { account: admin });
    expect(await screen.findByText('Marchio 01')).toBeTruthy();
    expect(server.lastList()?.toString()).toBe('page=0&size=20&sort=descrizione%2Casc');
    expect(shownBrands()).toHaveLength(20);
    expect(screen.getByText('1–20 di 25')).toBeTruthy();

    fireEvent.click(screen.getByRole('columnheader', { name: /Descrizione/ }));
    await waitFor(() => expect(shownBrands()[0]).toBe('Marchio 25'));
    expect(server.lastList()?.get('sort')).toBe('descrizione,desc');
    expect(shownBrands().at(-1)).toBe('Marchio 06');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pagine' })).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(shownBrands()).toEqual(['Marchio 05', 'Marchio 04', 'Marchio 03', 'Marchio 02', 'Marchio 01']),
    );
    expect(server.lastList()?.get('page')).toBe('1');
    expect(server.lastList()?.get('sort')).toBe('descrizione,desc');
    expect(screen.getByText('21–25 di 25')).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it("creates a row; the server's field error is shown on its field and nothing is added", async () => {
    const { router } = await renderApp('/marchio', { account: admin });
    await screen.findByText('Marchio 01');
    fireEvent.click(screen.getByRole('link', { name: /Nuovo marchio/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marchio/new'));
    expect(within(await waitFor(dialog)).getByText('Aggiungi marchio')).toBeTruthy();
    // Save waits for a valid form.
    expect((await waitFor(save)).disabled).toBe(true);

    typeIn('Descrizione', 'marchio 03');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    const message = await within(dialog()).findByText('Esiste già un marchio con questa descrizione.');
    // On the field, not as a general alert: the message is the description item's own.
    const item = message.closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByLabelText('Descrizione')).toBeTruthy();
    expect(within(dialog()).queryByRole('alert', { name: /Esiste già/ })).toBeNull();
    expect(server.rows()).toHaveLength(25);

    typeIn('Descrizione', 'Zeta');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/marchio'));
    expect(await screen.findByText('Creato.')).toBeTruthy();
    expect(server.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/marchio',
        body: { descrizione: 'marchio 03', visibile: true },
      }),
      expect.objectContaining({ method: 'POST', path: '/api/marchio', body: { descrizione: 'Zeta', visibile: true } }),
    ]);
    await waitFor(() => expect(screen.getByText('1–20 di 26')).toBeTruthy());
  });

  it('edits a row in the dialog filled from the server', async () => {
    const { router } = await renderApp('/marchio', { account: admin });
    await screen.findByText('Marchio 07');
    fireEvent.click(within(await rowOf('Marchio 07')).getByRole('link', { name: 'Modifica' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marchio/7/edit'));
    const description = (await within(await waitFor(dialog)).findByDisplayValue('Marchio 07')) as HTMLInputElement;
    expect(within(dialog()).getByText('Modifica marchio')).toBeTruthy();

    fireEvent.change(description, { target: { value: 'Marchio 07 bis' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/marchio'));
    expect(await screen.findByText('Salvato.')).toBeTruthy();
    expect(await screen.findByText('Marchio 07 bis')).toBeTruthy();
    expect(server.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/marchio/7',
        body: { descrizione: 'Marchio 07 bis', codImmagine: null, visibile: true },
      }),
    ]);
  });

  it('deletes a row only once the confirmation is answered "Elimina"', async () => {
    const { router } = await renderApp('/marchio', { account: admin });
    await screen.findByText('Marchio 02');
    fireEvent.click(within(await rowOf('Marchio 02')).getByRole('link', { name: 'Elimina' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marchio/2/delete'));
    const question = await screen.findByTestId('delete-question');
    expect(question.textContent).toBe('Sei sicuro di voler eliminare il marchio 2?');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marchio'));
    expect(server.writes()).toEqual([]);

    fireEvent.click(within(await rowOf('Marchio 02')).getByRole('link', { name: 'Elimina' }));
    await screen.findByTestId('delete-question');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(shownBrands()).not.toContain('Marchio 02'));
    expect(await screen.findByText('Eliminato.')).toBeTruthy();
    expect(server.writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/marchio/2' })]);
    expect(screen.getByText('1–20 di 24')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/marchio');
  });
});

describe('entity-administration kit: address search, read-only entities, tabs', { timeout: 120_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("takes the list's search from the address (?search=, as the documents library links to a document)", async () => {
    const server = brandsServer(25);
    vi.spyOn(globalThis, 'fetch').mockImplementation(server.fetchStub);
    await renderApp('/marchio?search=Marchio%2007', { account: admin });
    await waitFor(() => expect(server.lastList()?.get('search')).toBe('Marchio 07'));
    expect((screen.getByLabelText('Cerca') as HTMLInputElement).value).toBe('Marchio 07');
  });

  /** The download log (read-only) and the documents (a dialog with tabs), answered with fixed data. */
  const stubDocuments = () => {
    const log = {
      id: 5,
      login: 'dealer',
      ipAddress: '10.0.0.1',
      data: '2026-11-20T09:00:00Z',
      interno: false,
      idDocumento: 7,
      nomeFileOriginale: 'manuale.pdf',
      filtriRicercaApplicati: 'brand=eurocomach',
      linguaDocumento: 'it',
      alberoDocumento: 'USO',
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = path === '/api/crDocumentiLogs/5' ? log : path === '/api/crDocumentiLogs' ? [log] : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: {
          'Content-Type': 'application/json',
          'X-Total-Count': Array.isArray(body) ? String(body.length) : '1',
        },
      });
    });
  };

  it('has no new, edit or delete routes for an entity nobody may write', () => {
    const routes = entityRoutes(
      {
        name: 'log',
        listPath: '/logs',
        detailPath: '/log',
        idParams: ['id'],
        access: { read: ['ROLE_ADMIN'], write: [] },
      },
      { list: () => null, detail: () => null },
    );
    expect(routes.map((r) => r.path)).toEqual(['/logs', '/log/$id']);
  });

  it('shows a read-only entity without new, edit or delete buttons, on the list and the detail', async () => {
    stubDocuments();
    const { router } = await renderApp('/crDocumentiLogs', { account: admin });
    const row = await waitFor(() => {
      const found = visibleRows().find((r) => r.cells[0]?.textContent === '5');
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    // Plain DOM queries: role queries over the whole app take seconds each.
    const link = (scope: ParentNode, label: string) => scope.querySelector<HTMLElement>(`a[aria-label="${label}"]`);
    expect(link(row, 'Dettaglio')).toBeTruthy();
    expect(link(row, 'Modifica')).toBeNull();
    expect(link(row, 'Elimina')).toBeNull();
    expect([...document.querySelectorAll('main a')].some((a) => a.textContent?.includes('Nuovo'))).toBe(false);

    fireEvent.click(link(row, 'Dettaglio') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crDocumentiLog/5'));
    expect(await screen.findByText('brand=eurocomach')).toBeTruthy();
    expect([...document.querySelectorAll('main a')].some((a) => a.textContent?.includes('Modifica'))).toBe(false);
  });

  it('puts fields with a tab in tabs, every pane mounted, and marks a tab whose field holds Save back', async () => {
    stubDocuments();
    await renderApp('/crDocumentis/new', { account: account('manager', ['ROLE_USER', 'ROLE_MANAGER']) });
    const modal = await waitFor(dialog);
    const tabs = () => [...modal.querySelectorAll<HTMLElement>('[role="tab"]')];
    await waitFor(() => expect(tabs().map((t) => t.textContent)).toEqual(['Modelli', 'File']));
    // The Files pane is mounted before it is opened: its fields are validated with the others.
    expect(modal.querySelector('[data-testid="file-rows"]')).toBeTruthy();
    expect(modal.querySelector('[data-testid="model-rows"]')).toBeTruthy();
    // A field labelled as its tab is not labelled again inside it.
    expect(modal.querySelectorAll('label[title="Modelli"]')).toHaveLength(0);

    fireEvent.change(within(modal).getByLabelText('Note (modello da aggiungere)'), { target: { value: 'x' } });
    fireEvent.click(tabs()[1] as HTMLElement);
    await waitFor(() => expect(tabs()[0]?.querySelector('.anticon-exclamation-circle')).toBeTruthy());
    expect(tabs()[1]?.querySelector('.anticon-exclamation-circle')).toBeNull();
    expect(modal.querySelector<HTMLButtonElement>('.ant-modal-footer button.ant-btn-primary')?.disabled).toBe(true);
  });
});
