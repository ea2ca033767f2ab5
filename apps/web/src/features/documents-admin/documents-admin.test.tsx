import type { CrDocumenti, FieldError } from '@ricambi/domain';
import { act, configure, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';

const MANAGER = account('manager', ['ROLE_USER', 'ROLE_MANAGER']);
const UPLOAD = '0b6f3c52-27a4-4f55-9d0e-2f1c7d1f9a11';
const doc = { id: 7, nome: 'Manuale EC35' };
const combo = (tipo: string, chiave: string, it: string) => ({ id: { tipo, chiave }, descrizione: { it, en: it } });

const documento = (): CrDocumenti => ({
  id: 7,
  nome: 'Manuale EC35',
  daData: '2026-01-01',
  aData: null,
  interno: false,
  brand: 'eurocomach',
  tipoDocumento: combo('CATEGORIE_TIPODOCUMENTO', 'MAN', 'Manuale'),
  categoria1: combo('CATEGORIE_CATEGORIA1', 'USO', 'Uso e manutenzione'),
  categoria2: null,
  categoria3: null,
  note: null,
  inVigore: true,
  modellos: [
    {
      id: 31,
      idCrDocumenti: doc,
      modello: 'EC35',
      daMatricola: 'EC35A00001',
      aMatricola: 'EC35A09999',
      note: null,
    },
  ],
  nomefiles: [
    {
      id: 41,
      idCrDocumenti: doc,
      codice: 'UM-35',
      descrizioneFile: 'Manuale uso',
      lingua: 'it',
      nomeFileFisico: 'a.pdf',
      nomeFileOriginale: 'manuale.pdf',
      note: null,
      sizeBytes: 2048,
      icona: false,
    },
  ],
  createdBy: 'manager',
  createdDate: '2026-01-01T08:00:00Z',
  lastModifiedBy: null,
  lastModifiedDate: null,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
const problem = (status: number, message: string, extra: { fieldErrors?: FieldError[]; params?: object } = {}) => ({
  type: 'about:blank',
  title: 'Error',
  status,
  message,
  ...extra,
});

type Sent = { method: string; path: string; body?: unknown };

/** The document calls as the server answers them (docs/api.md "Technical documents"). */
const stubServer = (options: { saveError?: FieldError[] } = {}) => {
  const sent: Sent[] = [];
  const handle = (method: string, url: URL, body: unknown): Response => {
    const path = url.pathname;
    if (path === '/api/combovoci/marchi') return json(200, [combo('MARCHI', 'eurocomach', 'Eurocomach')]);
    if (path === '/api/combovoci/categorie/tipodocumento')
      return json(200, [combo('CATEGORIE_TIPODOCUMENTO', 'MAN', 'Manuale')]);
    if (path === '/api/combovoci/categorie/categoria1')
      return json(200, [combo('CATEGORIE_CATEGORIA1', 'USO', 'Uso e manutenzione')]);
    if (path.startsWith('/api/combovoci/categorie/')) return json(200, []);
    if (path === '/api/crModellis/name') return json(200, ['EC35', 'EC50']);
    if (path === '/api/crDocumentis' && method === 'GET') return json(200, [documento()], { 'X-Total-Count': '1' });
    if (path === '/api/crDocumentis/7' && method === 'GET') return json(200, documento());
    if (path === '/api/crDocumentis/7' && method === 'PUT') {
      if (options.saveError) return json(400, problem(400, 'error.validation', { fieldErrors: options.saveError }));
      return json(200, { ...documento(), ...(body as object) });
    }
    return json(404, problem(404, 'error.http.404'));
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: url.pathname, body });
    return handle(method, url, body);
  });
  return { sent, saves: () => sent.filter((s) => s.method === 'PUT') };
};

/** The browser's XHR as the uploads use it: the test answers each by hand. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

configure({ asyncUtilTimeout: 20_000 });

/** The open dialog of the kit (antd modals only). */
const dialog = () => {
  const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-root [role="dialog"]')].at(-1);
  expect(found).toBeTruthy();
  return found as HTMLElement;
};
// Plain DOM queries, not role queries, which take seconds each over the dialog's tables in jsdom.
const save = () =>
  dialog().querySelector<HTMLButtonElement>('.ant-modal-footer button.ant-btn-primary') as HTMLButtonElement;
const tab = (name: string) =>
  fireEvent.click(
    [...dialog().querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name) as HTMLElement,
  );
const button = (label: string) => {
  const found = dialog().querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
  expect(found, label).toBeTruthy();
  return found as HTMLButtonElement;
};
const alertText = () =>
  waitFor(() => {
    const found = dialog().querySelector('[role="alert"]');
    expect(found).toBeTruthy();
    return found?.textContent ?? '';
  });
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
/** Opens the select named `label` and picks `option` in its list. */
const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(field(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${option}"]`)].find(
      (o) => !o.closest('.ant-select-dropdown-hidden'),
    );
    expect(found).toBeTruthy();
    return found as HTMLElement;
  });
  fireEvent.click(item);
};
const openEdit = async () => {
  const view = await renderApp('/crDocumentis/7/edit', { account: MANAGER });
  await within(await waitFor(dialog)).findByDisplayValue('Manuale EC35');
  await waitFor(() => expect(save().disabled).toBe(false));
  return view;
};
const pdf = (name: string, content = '%PDF-1.7 test') => new File([content], name, { type: 'application/pdf' });
const picker = () =>
  within(dialog()).getByTestId('document-pdf-upload').querySelector('input[type=file]') as HTMLInputElement;

// Spec 3 §5 "Document form", spec 2 §4: the document dialog's Models and Files tabs.
describe('document dialog', { timeout: 120_000 }, () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie the server hands out, set by hand here
    document.cookie = 'XSRF-TOKEN=test-token';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('models: a typed add-row blocks Save until added; its model is required only once a serial is typed', async () => {
    const server = stubServer();
    const { router } = await openEdit();
    tab('Modelli');
    expect(field('Modello (modelli, riga 1)')).toBeTruthy();
    const add = () =>
      [...draftRow().querySelectorAll<HTMLButtonElement>('button')].find((b) =>
        b.textContent?.includes('Aggiungi'),
      ) as HTMLButtonElement;
    const draftRow = () => within(dialog()).getByTestId('model-draft');

    // A note alone: no model asked for, but Save waits for the row.
    fireEvent.change(field('Note (modello da aggiungere)'), { target: { value: 'solo nota' } });
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(within(draftRow()).queryByText('Questo campo è obbligatorio.')).toBeNull();
    expect(await within(dialog()).findByText(/Aggiungi la riga del modello che stai scrivendo/)).toBeTruthy();
    fireEvent.click(button('Svuota la riga da aggiungere'));
    await waitFor(() => expect(save().disabled).toBe(false));

    // A serial typed: the model is required, Add and Save wait.
    fireEvent.change(field('Da matricola (modello da aggiungere)'), { target: { value: 'ec50a' } });
    expect(field('Da matricola (modello da aggiungere)').value).toBe('EC50A');
    expect(await within(draftRow()).findByText('Questo campo è obbligatorio.')).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(add().disabled).toBe(true);

    await choose('Modello (modello da aggiungere)', 'EC50');
    await waitFor(() => expect(add().disabled).toBe(false));
    expect(save().disabled).toBe(true);
    fireEvent.click(add());
    await waitFor(() => expect(field('Modello (modelli, riga 2)')).toBeTruthy());
    expect(within(dialog()).getByText('Nuovo')).toBeTruthy();
    expect(field('Da matricola (modello da aggiungere)').value).toBe('');
    await waitFor(() => expect(save().disabled).toBe(false));

    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/crDocumentis'));
    expect(server.saves()).toEqual([
      expect.objectContaining({
        path: '/api/crDocumentis/7',
        body: {
          nome: 'Manuale EC35',
          daData: '2026-01-01',
          aData: null,
          interno: false,
          brand: 'eurocomach',
          tipoDocumento: 'MAN',
          categoria1: 'USO',
          categoria2: null,
          categoria3: null,
          note: null,
          modellos: [
            { id: 31, modello: 'EC35', daMatricola: 'EC35A00001', aMatricola: 'EC35A09999', note: null },
            { modello: 'EC50', daMatricola: 'EC50A', aMatricola: null, note: null },
          ],
          nomefiles: [{ id: 41, codice: 'UM-35', descrizioneFile: 'Manuale uso', lingua: 'it', note: null }],
        },
      }),
    ]);
  });

  it('files: refuses a non-PDF or an over-size file before sending; an upload adds a pending row', async () => {
    const server = stubServer();
    const { router } = await openEdit();
    tab('File');
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(picker(), new File(['ciao'], 'note.txt', { type: 'text/plain' }));
    expect(await alertText()).toContain('Il file deve essere un pdf');
    fireEvent.click(dialog().querySelector('[role="alert"] .ant-alert-close-icon') as HTMLElement);
    await waitFor(() => expect(dialog().querySelector('[role="alert"]')).toBeNull());
    await user.upload(picker(), pdf('finto.pdf', '<html>'));
    expect(await alertText()).toContain('Il file deve essere un pdf');
    const big = pdf('grande.pdf');
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
    await user.upload(picker(), big);
    await waitFor(async () => expect(await alertText()).toContain('Il file deve essere inferiore a 100MB'));
    expect(FakeXhr.sent).toEqual([]);

    await user.upload(picker(), pdf('Schema idraulico.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.url).toBe('/api/crDocumentiFiles/upload');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('test-token');
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['file']);
    // Save waits for the upload.
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(dialog().querySelector('[role="progressbar"]')).toBeTruthy();
    act(() =>
      xhr.answer(201, {
        upload: UPLOAD,
        nomeFileOriginale: 'Schema idraulico.pdf',
        sizeBytes: 13,
        icona: false,
        file: null,
      }),
    );

    // A pending row, marked new, that still needs its code and language.
    await waitFor(() => expect(field('Codice (file, riga 2)')).toBeTruthy());
    expect(within(dialog()).getByText('Nuovo')).toBeTruthy();
    expect(field('Descrizione (file, riga 2)').value).toBe('Schema idraulico');
    expect(save().disabled).toBe(true);
    fireEvent.change(field('Codice (file, riga 2)'), { target: { value: 'SI-35' } });
    await choose('Lingua (file, riga 2)', 'English');
    await waitFor(() => expect(save().disabled).toBe(false));

    // The saved file goes once confirmed.
    fireEvent.click(button('Rimuovi il file manuale.pdf'));
    const confirm = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLButtonElement>('.ant-popover button')].find(
        (b) => b.textContent === 'Elimina',
      );
      expect(found).toBeTruthy();
      return found as HTMLButtonElement;
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(within(dialog()).queryByText('manuale.pdf')).toBeNull());

    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/crDocumentis'));
    expect((server.saves()[0]?.body as { nomefiles?: unknown } | undefined)?.nomefiles).toEqual([
      { upload: UPLOAD, codice: 'SI-35', descrizioneFile: 'Schema idraulico', lingua: 'en', note: null },
    ]);
  });

  it("files: the server's refusal of an upload is shown on the picker and adds no row", async () => {
    stubServer();
    await openEdit();
    tab('File');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker(), pdf('rotto.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]?.answer(400, problem(400, 'upload.wrongType', { params: { name: 'rotto.pdf', kinds: 'pdf' } })),
    );
    expect(await alertText()).toContain('Il file rotto.pdf non è ammesso: sono accettati solo PDF.');
    expect(within(dialog()).queryByLabelText('Codice (file, riga 2)')).toBeNull();
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it("puts the server's error on a row onto its tab's field", async () => {
    const server = stubServer({
      saveError: [{ field: 'nomefiles.0.upload', message: 'crDocumenti.validation.uploadGone' }],
    });
    await openEdit();
    fireEvent.click(save());
    expect(
      await within(dialog()).findByText('Il file caricato non è più disponibile: caricalo di nuovo.'),
    ).toBeTruthy();
    expect(server.saves()).toHaveLength(1);
  });
});
