import type { ChecklistTemplateHeaderAdmin, ChecklistTemplateLineAdmin } from '@ricambi/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';

const MANAGER = account('manager', ['ROLE_USER', 'ROLE_MANAGER']);
const IN_USE = 'crDarTemplate.error.inUse';

const template = (over: Partial<ChecklistTemplateHeaderAdmin> = {}): ChecklistTemplateHeaderAdmin => ({
  id: 3,
  daData: '2025-01-01',
  aData: null,
  fileLogo: null,
  nome: 'Consegna escavatori',
  nomeBreve: 'Consegna',
  versione: '1',
  darDescr: null,
  note: null,
  tipoDocumento: 'DAR',
  inUso: true,
  createdBy: 'manager',
  createdDate: '2025-01-01T08:00:00Z',
  lastModifiedBy: null,
  lastModifiedDate: null,
  ...over,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
const problem = (status: number, message: string) =>
  json(status, { type: 'about:blank', title: 'Error', status, message });

type Sent = { method: string; path: string; body?: unknown };

/** The checklist administration's calls as the server answers them (a template in use, version 1). */
const stubServer = () => {
  const sent: Sent[] = [];
  const templates = [template()];
  const handle = (method: string, path: string, body: unknown): Response => {
    if (path === '/api/crDarTemplateHeaders' && method === 'GET')
      return json(200, templates, { 'X-Total-Count': String(templates.length) });
    if (path === '/api/crDarTemplateHeaders/3' && method === 'GET') return json(200, templates[0]);
    // Spec issue 15 §7: a template in use is not edited.
    if (path === '/api/crDarTemplateHeaders/3' && method === 'PUT') return problem(409, IN_USE);
    if (path === '/api/crDarTemplateHeaders/3/newVersion' && method === 'POST') {
      const created = template({ id: 4, versione: '2', daData: '2026-11-22', inUso: false });
      templates.unshift(created);
      return json(201, created);
    }
    if (path === '/api/crDarTemplateLines' && method === 'GET') return json(200, [], { 'X-Total-Count': '0' });
    if (path === '/api/crDarTemplateLines' && method === 'POST') {
      const line = body as { darDescr1: object; darDescr2: object };
      return json(201, {
        id: 9,
        idCrDarTemplateHeader: {
          id: 4,
          nome: 'Consegna escavatori',
          versione: '2',
          tipoDocumento: 'DAR',
          inUso: false,
        },
        tipoRiga: 'D',
        progressivo1: 1,
        progressivo2: null,
        progressivo3: null,
        darDescr1: line.darDescr1,
        darDescr2: line.darDescr2,
        fileImmagine: null,
        scoreOK: null,
        scoreKO: null,
        scoreNA: null,
        note: null,
        darNaFlag: 'N',
      } satisfies ChecklistTemplateLineAdmin);
    }
    return problem(404, 'error.http.404');
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: url.pathname, body });
    return handle(method, url.pathname, body);
  });
  return { sent, writes: () => sent.filter((s) => s.method !== 'GET') };
};

configure({ asyncUtilTimeout: 20_000 });

/** The open dialog of the kit (antd modals only). */
const dialog = () => {
  const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-root [role="dialog"]')].at(-1);
  expect(found).toBeTruthy();
  return found as HTMLElement;
};
const save = () =>
  dialog().querySelector<HTMLButtonElement>('.ant-modal-footer button.ant-btn-primary') as HTMLButtonElement;

// Spec 3 §2, §5 and issue 15 §7: the checklist templates for managers.
describe('checklist templates', { timeout: 120_000 }, () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie the server hands out, set by hand here
    document.cookie = 'XSRF-TOKEN=test-token';
  });
  afterEach(() => vi.restoreAllMocks());

  it('makes a new version from the list, after a confirmation; a template in use cannot be deleted', async () => {
    const server = stubServer();
    await renderApp('/crDarTemplateHeaders', { account: MANAGER });
    await screen.findByText('Consegna escavatori');
    const row = document.querySelector<HTMLElement>('tr.ant-table-row') as HTMLElement;
    // Plain DOM queries, not role queries, which take seconds each over the whole app in jsdom.
    const labelled = (label: string) => row.querySelector<HTMLElement>(`[aria-label="${label}"]`) as HTMLElement;
    expect((labelled('Elimina') as HTMLButtonElement).disabled).toBe(true);
    expect(labelled('Righe').getAttribute('href')).toBe('/crDarTemplateLines?search=3');

    fireEvent.click(labelled('Nuova versione'));
    expect(await screen.findByText(/Il modello «Consegna escavatori» versione 1 sarà copiato/)).toBeTruthy();
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm button')].find(
      (b) => b.textContent === 'Crea versione',
    );
    fireEvent.click(confirm as HTMLButtonElement);
    expect(await screen.findByText('Creata la versione 2 di «Consegna escavatori».')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('tr.ant-table-row')).toHaveLength(2));
    expect(server.writes()).toEqual([{ method: 'POST', path: '/api/crDarTemplateHeaders/3/newVersion' }]);
  });

  it("shows the server's refusal to edit a template in use in the dialog", async () => {
    const server = stubServer();
    await renderApp('/crDarTemplateHeaders/3/edit', { account: MANAGER });
    await within(await waitFor(dialog)).findByDisplayValue('Consegna escavatori');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.change(dialog().querySelector('input#nome') as HTMLInputElement, { target: { value: 'Consegna pale' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(
      await within(dialog()).findByText(/Questo modello di checklist è già stato usato per compilare delle checklist/),
    ).toBeTruthy();
    expect(server.writes()).toEqual([expect.objectContaining({ method: 'PUT', path: '/api/crDarTemplateHeaders/3' })]);
  });

  it('takes a template line with its descriptions in the five languages, Italian required', async () => {
    const server = stubServer();
    const { router } = await renderApp('/crDarTemplateLines/new', { account: MANAGER });
    await waitFor(dialog);
    const inputs = (label: string) =>
      [...dialog().querySelectorAll<HTMLElement>('.ant-form-item')]
        .find((item) => item.querySelector(':scope > .ant-row label')?.textContent === label)
        ?.querySelectorAll<HTMLTextAreaElement>('textarea') ?? [];
    await waitFor(() => expect(inputs('Descrizione (riga 1)')).toHaveLength(5));
    expect(inputs('Descrizione (riga 2)')).toHaveLength(5);

    // The template, by a typed search in its list.
    fireEvent.mouseDown(dialog().querySelector('[data-testid="template-select"] input') as HTMLElement);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
        o.textContent?.includes('Consegna escavatori'),
      );
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    fireEvent.click(option);
    fireEvent.change(dialog().querySelector('input#progressivo1') as HTMLInputElement, { target: { value: '1' } });

    // Italian is required; another language alone is not enough.
    const [, english] = inputs('Descrizione (riga 1)');
    fireEvent.change(english as HTMLTextAreaElement, { target: { value: 'Oil level' } });
    await waitFor(() => expect(save().disabled).toBe(true));
    const [italian] = inputs('Descrizione (riga 1)');
    fireEvent.change(italian as HTMLTextAreaElement, { target: { value: 'Livello olio' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/crDarTemplateLines'));
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/crDarTemplateLines',
        body: expect.objectContaining({
          idCrDarTemplateHeader: 3,
          tipoRiga: 'D',
          progressivo1: 1,
          darDescr1: { it: 'Livello olio', en: 'Oil level' },
          darDescr2: {},
          darNaFlag: 'N',
        }),
      },
    ]);
  });
});
