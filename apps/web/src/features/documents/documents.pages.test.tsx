import type { DocumentResult, DocumentTree } from '@ricambi/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';

const DEALER = account('dealer', ['ROLE_USER', 'ROLE_CR_USER']);
const INTERNAL = account('internal', ['ROLE_USER', 'ROLE_CR_INTERNAL']);
const MANAGER = account('manager', ['ROLE_USER', 'ROLE_MANAGER']);

const BRANDS = [
  { id: { tipo: 'MARCHI', chiave: 'eurocomach' }, descrizione: { it: 'Eurocomach' } },
  { id: { tipo: 'MARCHI', chiave: 'tracks' }, descrizione: { it: 'Tracks' } },
];
const TYPES = [{ id: { tipo: 'CATEGORIE_TIPODOCUMENTO', chiave: 'MAN' }, descrizione: { it: 'Manuale' } }];

const TREE: DocumentTree = {
  nodes: [
    {
      key: 'USO',
      chiave: 'USO',
      titolo: { it: 'Uso e manutenzione', en: 'Operation and maintenance' },
      count: 2,
      nodes: [{ key: 'USO/MOT', chiave: 'MOT', titolo: { it: 'Motore' }, count: 1, nodes: [] }],
    },
  ],
  macchina: null,
  total: 2,
};

const result = (changes: Partial<DocumentResult> = {}): DocumentResult => ({
  id: 7,
  idDocumenti: 12,
  nome: 'Manuale EC35',
  nomeFileFisico: '0b6f3c52-27a4-4f55-9d0e-2f1c7d1f9a11.pdf',
  nomeFileOriginale: 'manuale-ec35.pdf',
  descrizioneFile: 'Manuale di uso e manutenzione',
  codice: 'MAN-EC35-IT',
  lingua: 'it',
  brand: 'eurocomach',
  tipoDocumento: { it: 'Manuale' },
  categorie: [{ it: 'Uso e manutenzione' }, { it: 'Motore' }],
  modelli: [{ modello: 'EC35', daMatricola: 'EC35A00001', aMatricola: 'EC35A00999' }],
  daData: '2024-01-01',
  aData: '2024-12-31',
  interno: true,
  inVigore: false,
  sizeBytes: 2_621_440,
  icona: true,
  ...changes,
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
const problem = (field: string, message: string, params?: Record<string, string>) =>
  new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      message: 'error.validation',
      fieldErrors: [{ field, message, ...(params ? { params } : {}) }],
    }),
    { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
  );

type Sent = { method: string; path: string; params: URLSearchParams; body: unknown };
type ServerOptions = {
  tree?: DocumentTree;
  results?: DocumentResult[];
  serials?: Record<string, string>;
  download?: number;
};

/** The server as the library reads it; every request is recorded. */
const stubServer = (options: ServerOptions = {}) => {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const [path = '', query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, path, params, body });
    if (path === '/api/combovoci/marchi') return Promise.resolve(json(BRANDS));
    if (path === '/api/combovoci/categorie/tipodocumento') return Promise.resolve(json(TYPES));
    const serial = params.get('serial');
    if (serial && !options.serials?.[serial])
      return Promise.resolve(problem('serial', 'documenti.error.serialNotFound', { serial }));
    const macchina = serial ? { matricola: serial, modello: options.serials?.[serial] ?? null } : null;
    if (path === '/api/crDocumentistree') return Promise.resolve(json({ ...(options.tree ?? TREE), macchina }));
    if (path === '/api/documenti/search') {
      const rows = options.results ?? [result()];
      return Promise.resolve(json(rows, { 'X-Total-Count': String(rows.length) }));
    }
    if (path.startsWith('/api/documenti/download/') && method === 'POST' && options.download)
      return Promise.resolve(new Response('', { status: options.download }));
    if (path.startsWith('/api/documenti/download/') && method === 'POST')
      return Promise.resolve(
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="manuale-ec35.pdf"',
          },
        }),
      );
    return Promise.resolve(new Response('', { status: 404 }));
  });
  return sent;
};

const calls = (sent: Sent[], path: string) => sent.filter((s) => s.path === path);
const last = (sent: Sent[], path: string) => calls(sent, path).at(-1);
const formItem = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement;

describe('documents library', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts a dealer on the first brand and the dealer's language, without ALL", async () => {
    const sent = stubServer();
    await renderApp('/documenti', { account: DEALER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentazione tecnica' })).toBeTruthy();
    await waitFor(() => expect(last(sent, '/api/crDocumentistree')).toBeTruthy());
    const tree = last(sent, '/api/crDocumentistree');
    expect(tree?.params.get('brand')).toBe('eurocomach');
    expect(tree?.params.get('lingua')).toBe('it');
    const search = last(sent, '/api/documenti/search');
    expect(search?.params.get('brand')).toBe('eurocomach');
    expect(search?.params.get('size')).toBe('20');
    expect(search?.params.get('page')).toBe('0');
    expect(formItem('doc-f-brand').textContent).toContain('Eurocomach');
    expect(formItem('doc-f-lingua').textContent).toContain('Italiano');
    fireEvent.mouseDown(within(formItem('doc-f-brand')).getByRole('combobox'));
    await screen.findByTitle('Tracks');
    expect(screen.queryByTitle('Tutti i marchi')).toBeNull();

    // The result, without what only managers see.
    const item = await screen.findByTestId('doc-result');
    expect(item.textContent).toContain('Manuale di uso e manutenzione');
    expect(item.textContent).toContain('MAN-EC35-IT');
    expect(item.textContent).toContain('Manuale EC35');
    expect(item.textContent).toContain('Uso e manutenzione › Motore');
    expect(item.textContent).toContain('EC35 (matricole EC35A00001 – EC35A00999)');
    expect(item.textContent).toContain('2,5 MB');
    expect(within(item).getByTestId('doc-lingua').textContent).toContain('Italiano');
    expect(within(item).getByTestId('doc-icon').getAttribute('src')).toBe(
      '/api/geticon/0b6f3c52-27a4-4f55-9d0e-2f1c7d1f9a11.pdf',
    );
    expect(within(item).getByTestId('doc-icon').getAttribute('loading')).toBe('lazy');
    expect(within(item).queryByTestId('doc-manager')).toBeNull();
    expect(within(item).queryByTestId('doc-edit')).toBeNull();
    expect(screen.getByTestId('doc-count').textContent).toBe('Documenti trovati: 1');
  });

  it('starts internal staff on every brand, in their own language', async () => {
    const sent = stubServer();
    await renderApp('/documenti', { account: INTERNAL });
    await waitFor(() => expect(last(sent, '/api/documenti/search')).toBeTruthy());
    const search = last(sent, '/api/documenti/search');
    expect(search?.params.get('brand')).toBe('ALL');
    expect(search?.params.get('lingua')).toBe('it');
    await waitFor(() => expect(formItem('doc-f-brand').textContent).toContain('Tutti i marchi'));
  });

  it('starts a manager on every brand and every language, and shows the documents’ validity, id, flags and edit', async () => {
    const sent = stubServer();
    await renderApp('/documenti', { account: MANAGER });
    const item = await screen.findByTestId('doc-result');
    const search = last(sent, '/api/documenti/search');
    expect(search?.params.get('brand')).toBe('ALL');
    expect(search?.params.has('lingua')).toBe(true);
    expect(search?.params.get('lingua')).toBe('');
    expect(formItem('doc-f-lingua').textContent).toContain('Tutte le lingue');
    expect(within(item).getByTestId('doc-id').textContent).toBe('12');
    expect(within(item).getByTestId('doc-validity').textContent).toBe('Validità: dal 01/01/2024 al 31/12/2024');
    expect(within(item).getByTestId('doc-interno').textContent).toBe('Interno');
    expect(within(item).getByTestId('doc-not-in-force').textContent).toBe('Non in vigore');
    expect(within(item).getByTestId('doc-edit').getAttribute('href')).toBe('/crDocumentis?search=12');
  });

  it('shows no flag for a document in force and not internal', async () => {
    stubServer({ results: [result({ interno: false, inVigore: true, daData: null, aData: null, icona: false })] });
    await renderApp('/documenti', { account: MANAGER });
    const item = await screen.findByTestId('doc-result');
    expect(within(item).queryByTestId('doc-interno')).toBeNull();
    expect(within(item).queryByTestId('doc-not-in-force')).toBeNull();
    expect(within(item).getByTestId('doc-validity').textContent).toBe('Validità: senza limiti');
    expect(within(item).getByTestId('doc-pdf-icon')).toBeTruthy();
  });

  it('says so when nothing is found', async () => {
    stubServer({ tree: { nodes: [], macchina: null, total: 0 }, results: [] });
    await renderApp('/documenti', { account: DEALER });
    const empty = await screen.findByTestId('doc-empty');
    expect(empty.textContent).toContain('Nessun documento trovato per questi filtri.');
    expect(screen.getByTestId('doc-count').textContent).toBe('Documenti trovati: 0');
    expect(screen.queryByTestId('doc-results')).toBeNull();
  });

  it("shows the server's refusal of the serial under the serial, with the brand left to it", async () => {
    const sent = stubServer();
    await renderApp('/documenti?serial=zz9', { account: DEALER });
    await waitFor(() =>
      expect(formItem('doc-f-serial').textContent).toContain(
        'La matricola ZZ9 non esiste o non è tra le macchine che puoi vedere.',
      ),
    );
    expect(formItem('doc-f-serial').classList.contains('ant-form-item-has-error')).toBe(true);
    expect((screen.getByTestId('doc-f-serial').querySelector('input') as HTMLInputElement).value).toBe('ZZ9');
    expect(last(sent, '/api/crDocumentistree')?.params.get('serial')).toBe('ZZ9');
    expect(last(sent, '/api/crDocumentistree')?.params.has('brand')).toBe(false);
    expect(formItem('doc-f-brand').querySelector('.ant-select-disabled')).toBeTruthy();
    expect(screen.getByTestId('doc-blocked').textContent).toContain('Correggi i filtri evidenziati');
    expect(screen.queryByTestId('doc-error')).toBeNull();
  });

  it('shows the machine of a serial, and its documents; removing the serial goes back to the brand', async () => {
    const sent = stubServer({ serials: { EC35A00001: 'EC35' } });
    const { router } = await renderApp('/documenti?serial=EC35A00001', { account: DEALER });
    const machine = await screen.findByTestId('doc-machine');
    expect(machine.textContent).toContain('Documenti della macchina EC35A00001');
    expect(machine.textContent).toContain('Modello EC35');
    expect(formItem('doc-f-brand').textContent).toContain('Con una matricola valgono i documenti della sua macchina');
    fireEvent.click(screen.getByTestId('doc-machine-clear'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(last(sent, '/api/documenti/search')?.params.get('brand')).toBe('eurocomach'));
    expect(screen.queryByTestId('doc-machine')).toBeNull();
  });

  it('filters the results by the chosen category, and clears it when chosen again', async () => {
    const sent = stubServer();
    const { router } = await renderApp('/documenti', { account: DEALER });
    await screen.findByTestId('doc-result');
    fireEvent.click(screen.getByTestId('doc-tree-toggle'));
    fireEvent.click(await screen.findByText('Uso e manutenzione'));
    await waitFor(() => expect(router.state.location.search).toEqual({ categoria1: 'USO' }));
    await waitFor(() => expect(last(sent, '/api/documenti/search')?.params.get('categoria1')).toBe('USO'));
    expect((await screen.findByTestId('doc-count')).textContent).toBe('Documenti trovati in «Uso e manutenzione»: 1');
    fireEvent.click(screen.getByText('Uso e manutenzione'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('sends the free text once the typing pauses, into the address', async () => {
    const sent = stubServer();
    const { router } = await renderApp('/documenti', { account: DEALER });
    await screen.findByTestId('doc-result');
    fireEvent.change(screen.getByTestId('doc-f-term'), { target: { value: 'pompa' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ term: 'pompa' }));
    await waitFor(() => expect(last(sent, '/api/documenti/search')?.params.get('term')).toBe('pompa'));
    expect(last(sent, '/api/crDocumentistree')?.params.get('term')).toBe('pompa');
  });

  it('downloads a file with the filters and the tree path for the log', async () => {
    const sent = stubServer();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:doc';
        static override revokeObjectURL = () => undefined;
      },
    );
    const saved: string[] = [];
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await renderApp('/documenti?categoria1=USO', { account: DEALER });
    const item = await screen.findByTestId('doc-result');
    await waitFor(() => expect(screen.getByTestId('doc-count').textContent).toContain('Uso e manutenzione'));
    fireEvent.click(within(item).getByTestId('doc-download'));
    await waitFor(() => expect(saved).toEqual(['manuale-ec35.pdf']));
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.path).toBe('/api/documenti/download/7');
    const { filtriRicercaApplicati, ...body } = (post?.body ?? {}) as Record<string, string>;
    expect(body).toEqual({
      idDocumento: 12,
      nomeFileOriginale: 'manuale-ec35.pdf',
      linguaDocumento: 'it',
      alberoDocumento: 'Uso e manutenzione',
    });
    expect(JSON.parse(filtriRicercaApplicati ?? '')).toEqual({ brand: 'eurocomach', lingua: 'it', categoria1: 'USO' });
    clicked.mockRestore();
  });

  it('says so when a download fails', async () => {
    stubServer({ download: 404 });
    await renderApp('/documenti', { account: DEALER });
    const item = await screen.findByTestId('doc-result');
    fireEvent.click(within(item).getByTestId('doc-download'));
    expect(await screen.findByText('Risorsa non trovata', undefined, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() =>
      expect(within(item).getByTestId('doc-download').classList.contains('ant-btn-loading')).toBe(false),
    );
  });
});
