import type { ChecklistHeader, ChecklistLine, ChecklistNode } from '@ricambi/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';

const DEALER = account('dealer', ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CART']);

const header = (changes: Partial<ChecklistHeader> = {}): ChecklistHeader => ({
  id: 12,
  matricola: 'MS500123',
  modello: 'Miniescavatore 35',
  dataCompilazione: '2026-11-20T09:00:00.000Z',
  dataArrivoMacchina: '2026-11-27',
  userLogin: 'dealer',
  userFirstName: 'Mario',
  userLastName: 'Rossi',
  userEmail: 'dealer@example.com',
  dealerLogin: 'dealer',
  userRagioneSociale: 'Rossi Macchine',
  stato: 'In Corso',
  valutazioneUtente: null,
  valutazioneCalcolata: null,
  note: null,
  idCrDarTemplateHeader: { id: 3, nome: 'PDI escavatori 2026', tipoDocumento: 'PDI' },
  ...changes,
});

const line = (id: number, p: [number, number | null, number | null], changes: Partial<ChecklistLine> = {}) =>
  ({
    id,
    idCrDarTemplateLine: id + 100,
    tipoRiga: 'D',
    progressivo1: p[0],
    progressivo2: p[1],
    progressivo3: p[2],
    darDescr1: { it: `Domanda ${id}`, en: `Question ${id}` },
    darDescr2: { it: `Dettaglio ${id}` },
    darNaFlag: 'N',
    risposta: null,
    rispostaDettaglio: null,
    nomeImmagine1: null,
    nomeImmagine2: null,
    note: null,
    ...changes,
  }) satisfies ChecklistLine;

const group = (id: number, p1: number, figli: ChecklistNode[], p2: number | null = null): ChecklistNode => ({
  line: line(id, [p1, p2, null], {
    tipoRiga: 'G',
    darDescr1: { it: `Gruppo ${id}` },
    darDescr2: {},
  }),
  figli,
});
const leaf = (l: ChecklistLine): ChecklistNode => ({ line: l, figli: [] });

const IMG1 = 'MS500123_PDI_21_20261120100000_1.jpg';
const IMG2 = 'MS500123_PDI_21_20261120100100_2.jpg';

/** Group 1 all OK (OK and '--'); group 2 with a KO (with a photo) and a question not answered. */
const tree = (): ChecklistNode[] => [
  group(1, 1, [
    leaf(line(11, [1, 1, null], { risposta: 'OK' })),
    leaf(line(12, [1, 2, null], { risposta: '--', darNaFlag: 'Y' })),
  ]),
  group(2, 2, [
    leaf(
      line(21, [2, 1, null], {
        risposta: 'KO',
        rispostaDettaglio: 'Graffio sul braccio',
        nomeImmagine1: IMG1,
      }),
    ),
    leaf(line(22, [2, 2, null], { darNaFlag: 'Y' })),
  ]),
];

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

type Sent = { method: string; url: string; body: unknown };

const findNode = (nodes: ChecklistNode[], id: number): ChecklistNode | undefined => {
  for (const n of nodes) {
    if (n.line.id === id) return n;
    const found = findNode(n.figli, id);
    if (found) return found;
  }
  return undefined;
};

/** The server as these pages read it; every request is recorded. Answers recompute the state. */
const stubServer = (options: { header?: Partial<ChecklistHeader>; tree?: ChecklistNode[] } = {}) => {
  const sent: Sent[] = [];
  let current = header(options.header);
  const lines = options.tree ?? tree();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, url, body });
    const [path = ''] = url.split('?');
    if (path === '/api/crDars/headers')
      return Promise.resolve(
        json(
          [
            current,
            header({
              id: 13,
              matricola: 'MS500124',
              dataArrivoMacchina: null,
              stato: 'Inviato',
              valutazioneUtente: 4,
              idCrDarTemplateHeader: { id: 2, nome: 'DAR 2026', tipoDocumento: 'DAR' },
            }),
          ],
          { 'X-Total-Count': '42' },
        ),
      );
    if (path === '/api/crDars/search')
      return Promise.resolve(
        json(
          [
            { id: { matricola: 'MS500123' }, descrizione: 'Miniescavatore 35', nomeCliente: 'Edil Rossi' },
            { id: { matricola: 'MS500777' }, descrizione: 'Miniescavatore 50', nomeCliente: 'Cantieri Bianchi' },
          ],
          { 'X-Total-Count': '2' },
        ),
      );
    if (path.startsWith('/api/crDarHeaders/active/')) return Promise.resolve(json([]));
    if (path === '/api/crDarHeadersLines' && method === 'POST')
      return Promise.resolve(json([header({ id: 14, matricola: 'MS500777' })], {}, 201));
    if (path === '/api/crDars/12') return Promise.resolve(json(current));
    if (path === '/api/crDars/lines/12') return Promise.resolve(json(lines));
    const lineMatch = /^\/api\/crDars\/lines\/(\d+)$/.exec(path);
    if (lineMatch && method === 'PUT') {
      const node = findNode(lines, Number(lineMatch[1]));
      if (!node) return Promise.resolve(new Response('', { status: 404 }));
      node.line = { ...node.line, ...(body as Partial<ChecklistLine>) };
      const questions = lines.flatMap(function all(n): ChecklistLine[] {
        return n.line.tipoRiga === 'D' ? [n.line] : n.figli.flatMap(all);
      });
      current = { ...current, stato: questions.every((q) => q.risposta) ? 'Completato' : 'In Corso' };
      return Promise.resolve(json({ line: node.line, header: current }));
    }
    if (path === '/api/crDars' && method === 'PUT') {
      const update = body as { valutazioneUtente: number | null; invia: boolean; dataArrivoMacchina: string };
      current = {
        ...current,
        dataArrivoMacchina: update.dataArrivoMacchina,
        valutazioneUtente: update.valutazioneUtente,
        stato: update.invia ? 'Inviato' : current.stato,
      };
      return Promise.resolve(json(current));
    }
    return Promise.resolve(new Response('', { status: 404 }));
  });
  return sent;
};

const requests = (sent: Sent[], path: string, method = 'GET') =>
  sent.filter((s) => s.method === method && s.url.split('?')[0] === path);
const paramsOf = (s: Sent | undefined) => new URLSearchParams(s?.url.split('?')[1] ?? '');
/** The machine under test may be busy: pages and dialogs get time to come. */
const WAIT = { timeout: 10_000 };
const TEST_TIMEOUT = 60_000;
/** The open dialog (by its element: a role query over the whole page is slow in jsdom). */
const dialog = () => {
  const found = [...document.querySelectorAll<HTMLElement>('.ant-modal')].at(-1);
  if (!found) throw new Error('no dialog open');
  return found;
};
const openDialog = async (testId = 'cr-line-title') => {
  await screen.findByTestId(testId, {}, WAIT);
  return dialog();
};

// Spec 3 §2 list screen (issue 15 §1).
describe('checklist list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it(
    'reads its filters, page and sort from the address and shows the rows',
    async () => {
      const sent = stubServer();
      await renderApp('/crDars?stato=In%20Corso&term=MS5&tipo=PDI&rate=4&page=1&sort=matricola,asc', {
        account: DEALER,
      });
      await screen.findByText('MS500124', {}, WAIT);
      const query = paramsOf(requests(sent, '/api/crDars/headers').at(-1));
      expect(Object.fromEntries(query)).toEqual({
        page: '1',
        size: '20',
        term: 'MS5',
        rate: '4',
        tipo: 'PDI',
        stato: 'In Corso',
        sort: 'matricola,asc',
      });
      expect((screen.getByTestId('cr-f-term').querySelector('input') as HTMLInputElement).value).toBe('MS5');
      // Day, short month, two-digit year; the state in the user's language, green / blue / red.
      expect(screen.getByText('27 nov 26')).toBeTruthy();
      const states = screen.getAllByTestId('cr-state');
      expect(states.map((s) => s.textContent)).toEqual(['In corso', 'Inviata']);
      expect(states[0]?.className).toContain('ant-tag-red');
      expect(states[1]?.className).toContain('ant-tag-blue');
      // The PDF waits for the arrival date.
      const pdfs = screen.getAllByTestId('cr-pdf') as HTMLButtonElement[];
      expect(pdfs.map((b) => b.disabled)).toEqual([false, true]);
      expect(screen.getByText('21–40 di 42')).toBeTruthy();
    },
    TEST_TIMEOUT,
  );

  it(
    'offers only In Corso and Inviato as states, and puts a chosen filter in the address',
    async () => {
      stubServer();
      const { router } = await renderApp('/crDars', { account: DEALER });
      await screen.findByText('MS500124', {}, WAIT);
      fireEvent.mouseDown(within(screen.getByTestId('cr-f-stato')).getByRole('combobox'));
      const choice = await screen.findByTitle('Inviata', {}, WAIT);
      const options = [...document.querySelectorAll('.ant-select-item-option-content')];
      expect(options.map((o) => o.textContent)).toEqual(['In corso', 'Inviata']);
      fireEvent.click(choice);
      await waitFor(() => expect(router.state.location.search).toEqual({ stato: 'Inviato' }), WAIT);
    },
    TEST_TIMEOUT,
  );

  it(
    'creates a PDI for a machine on the road, then lists its serial In Corso',
    async () => {
      const sent = stubServer();
      const { router } = await renderApp('/crDars', { account: DEALER });
      await screen.findByText('MS500124', {}, WAIT);
      fireEvent.click(screen.getByTestId('cr-create'));
      fireEvent.click(await screen.findByTestId('cr-create-PDI'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/crDars/new/PDI'), WAIT);
      await within(await openDialog('cr-new-term')).findByText('Cantieri Bianchi', {}, WAIT);
      expect(within(dialog()).getByText('Nuova PDI')).toBeTruthy();
      const search = paramsOf(requests(sent, '/api/crDars/search').at(-1));
      expect(Object.fromEntries(search)).toEqual({ tipoDoc: 'PDI', page: '0', size: '10', sort: 'id.matricola,asc' });
      fireEvent.change(screen.getByTestId('cr-new-term'), { target: { value: 'ms5007' } });
      await waitFor(
        () => expect(paramsOf(requests(sent, '/api/crDars/search').at(-1)).get('term')).toBe('ms5007'),
        WAIT,
      );
      const create = screen.getByTestId('cr-new-create') as HTMLButtonElement;
      expect(create.disabled).toBe(true);
      const machine = (await screen.findAllByTestId('cr-new-machine')).find(
        (m) => m.dataset.matricola === 'MS500777',
      ) as HTMLElement;
      fireEvent.click(machine);
      expect(machine.getAttribute('aria-pressed')).toBe('true');
      await waitFor(() => expect(create.disabled).toBe(false), WAIT);
      fireEvent.click(create);
      await waitFor(() => expect(router.state.location.pathname).toBe('/crDars'), WAIT);
      expect(router.state.location.search).toEqual({ term: 'MS500777', stato: 'In Corso' });
      expect(requests(sent, '/api/crDarHeadersLines', 'POST').map((s) => s.body)).toEqual([
        { matricola: 'MS500777', tipo: 'PDI' },
      ]);
    },
    TEST_TIMEOUT,
  );
});

// Spec 3 §2 detail and tree (issue 15 §2).
describe('checklist detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it(
    'shows the title, the red badge, the help text and the marks of every line',
    async () => {
      stubServer();
      await renderApp('/crDar/12', { account: DEALER });
      expect((await screen.findByTestId('cr-title', {}, WAIT)).textContent).toBe('PDI · Miniescavatore 35 · MS500123');
      expect(screen.getByTestId('cr-state').className).toContain('ant-tag-red');
      expect(screen.getByTestId('cr-help').textContent).toContain('bisogna rispondere a tutte le domande');
      expect((screen.getByTestId('cr-finito') as HTMLButtonElement).disabled).toBe(true);
      await screen.findAllByTestId('cr-line', {}, WAIT);
      const marks = screen.getAllByTestId('cr-line').map((l) => [l.textContent?.slice(0, 3), l.dataset.mark]);
      expect(marks).toEqual([
        ['1.1', 'ok'],
        ['1.2', 'na'],
        ['2.1', 'ko'],
        ['2.2', 'empty'],
      ]);
      expect(screen.getByTestId('cr-mark-ok')).toBeTruthy();
      expect(screen.getByTestId('cr-mark-ko')).toBeTruthy();
      expect(screen.getByTestId('cr-mark-na')).toBeTruthy();
      expect(screen.getByTestId('cr-mark-empty')).toBeTruthy();
      // Two description lines in the user's language.
      expect(screen.getAllByTestId('cr-line')[0]?.textContent).toContain('Domanda 11Dettaglio 11');
      // Group 1 is all OK (OK and '--'): green; group 2 is not: red.
      const groups = screen.getAllByTestId('cr-group');
      expect(groups.map((g) => g.dataset.ok)).toEqual(['true', 'false']);
      expect(within(groups[0] as HTMLElement).getByTestId('cr-group-ok')).toBeTruthy();
      expect(within(groups[1] as HTMLElement).getByTestId('cr-group-ko')).toBeTruthy();
      // A group closes and opens.
      fireEvent.click(groups[0] as HTMLElement);
      await waitFor(() => expect(screen.getAllByTestId('cr-line')).toHaveLength(2), WAIT);
      expect(groups[0]?.getAttribute('aria-expanded')).toBe('false');
    },
    TEST_TIMEOUT,
  );

  it(
    'turns Completato at once when the last answer is saved, and In Corso when one is cleared',
    async () => {
      const sent = stubServer();
      const { router } = await renderApp('/crDar/12/line/22', { account: DEALER });
      await openDialog();
      expect(within(dialog()).getByTestId('cr-line-title').textContent).toBe('2.2 · Domanda 22');
      fireEvent.click(within(dialog()).getByRole('radio', { name: 'OK' }));
      const save = within(dialog()).getByTestId('cr-line-save') as HTMLButtonElement;
      await waitFor(() => expect(save.disabled).toBe(false), WAIT);
      fireEvent.click(save);
      await waitFor(() => expect(router.state.location.pathname).toBe('/crDar/12'), WAIT);
      expect(requests(sent, '/api/crDars/lines/22', 'PUT').map((s) => s.body)).toEqual([
        { risposta: 'OK', rispostaDettaglio: null, note: null },
      ]);
      await waitFor(() => expect(screen.getByTestId('cr-state').textContent).toBe('Completata'), WAIT);
      expect(screen.getByTestId('cr-state').className).toContain('ant-tag-green');
      expect((screen.getByTestId('cr-finito') as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getAllByTestId('cr-line').find((l) => l.dataset.lineId === '22')?.dataset.mark).toBe('ok');

      // Undo: the answer dialog clears the answer (risposta null) and the checklist is In Corso again.
      fireEvent.click(screen.getAllByTestId('cr-line').find((l) => l.dataset.lineId === '22') as HTMLElement);
      fireEvent.click(await within(await openDialog()).findByTestId('cr-clear-answer', {}, WAIT));
      await waitFor(() => expect(screen.getByTestId('cr-state').textContent).toBe('In corso'), WAIT);
      expect(requests(sent, '/api/crDars/lines/22', 'PUT').at(-1)?.body).toEqual({
        risposta: null,
        rispostaDettaglio: null,
        note: null,
      });
    },
    TEST_TIMEOUT,
  );
});

// Spec 3 §5 answer dialog (issue 15 §3).
describe('answer dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it(
    "offers '--' only where the template line allows it",
    async () => {
      stubServer();
      await renderApp('/crDar/12/line/11', { account: DEALER });
      await openDialog();
      expect(
        within(dialog())
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['OK', 'KO']);
      vi.unstubAllGlobals();
    },
    TEST_TIMEOUT,
  );

  it(
    "offers '--' where darNaFlag is Y",
    async () => {
      stubServer();
      await renderApp('/crDar/12/line/22', { account: DEALER });
      await openDialog();
      expect(
        within(dialog())
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['OK', 'KO', 'Non applicabile (--)']);
    },
    TEST_TIMEOUT,
  );

  it(
    'asks for the detail of a KO and shows the images only for a KO saved as such',
    async () => {
      const sent = stubServer();
      await renderApp('/crDar/12/line/22', { account: DEALER });
      await openDialog();
      expect(screen.queryByTestId('cr-images')).toBeNull();
      expect(screen.queryByTestId('cr-detail')).toBeNull();
      fireEvent.click(within(dialog()).getByRole('radio', { name: 'KO' }));
      const detail = await screen.findByTestId('cr-detail');
      const save = screen.getByTestId('cr-line-save') as HTMLButtonElement;
      await waitFor(() => expect(save.disabled).toBe(true), WAIT);
      // Not saved as KO yet: no uploader, an offer to save first.
      expect(screen.getByTestId('cr-save-first')).toBeTruthy();
      expect(screen.queryByTestId('cr-upload')).toBeNull();
      fireEvent.change(detail, { target: { value: 'Vetro incrinato' } });
      await waitFor(() => expect(save.disabled).toBe(false), WAIT);
      fireEvent.click(screen.getByTestId('cr-save-for-images'));
      await screen.findByTestId('cr-upload');
      expect(requests(sent, '/api/crDars/lines/22', 'PUT').map((s) => s.body)).toEqual([
        { risposta: 'KO', rispostaDettaglio: 'Vetro incrinato', note: null },
      ]);
      // The picker takes images, so a tablet offers its camera.
      const picker = screen.getByTestId('cr-upload').querySelector('input[type=file]') as HTMLInputElement;
      expect(picker.accept).toBe('image/*');
      expect(picker.multiple).toBe(false);
    },
    TEST_TIMEOUT,
  );

  it(
    'sends the line id first, then one image; a line with two images takes no more',
    async () => {
      const uploads: { fields: string[]; url: string }[] = [];
      vi.stubGlobal(
        'XMLHttpRequest',
        class {
          status = 0;
          responseText = '';
          upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
          onload?: () => void;
          url = '';
          open(_m: string, url: string) {
            this.url = url;
          }
          setRequestHeader() {}
          send(form: FormData) {
            uploads.push({ url: this.url, fields: [...form.keys()] });
            setTimeout(() => {
              this.status = 200;
              this.responseText = JSON.stringify(
                line(21, [2, 1, null], {
                  risposta: 'KO',
                  rispostaDettaglio: 'Graffio sul braccio',
                  nomeImmagine1: IMG1,
                  nomeImmagine2: IMG2,
                }),
              );
              this.onload?.();
            }, 0);
          }
        },
      );
      stubServer();
      await renderApp('/crDar/12/line/21', { account: DEALER });
      await openDialog();
      expect(screen.getAllByTestId('cr-image')).toHaveLength(1);
      const thumb = screen.getByRole('img', { name: 'Foto 1 della risposta KO' }) as HTMLImageElement;
      expect(thumb.getAttribute('src')).toBe(`/api/crDars/thumbnail/${IMG1}`);
      expect(thumb.width).toBe(200);
      // A KO with a photo stays KO: the other answers wait for the photo to go.
      expect((within(dialog()).getByRole('radio', { name: 'OK' }) as HTMLInputElement).disabled).toBe(true);
      const user = userEvent.setup();
      const picker = screen.getByTestId('cr-upload').querySelector('input[type=file]') as HTMLInputElement;
      await user.upload(picker, new File(['x'], 'foto.jpg', { type: 'image/jpeg' }));
      await waitFor(() => expect(screen.getAllByTestId('cr-image')).toHaveLength(2), WAIT);
      expect(uploads).toEqual([{ url: '/api/crDars/uploadfile', fields: ['id', 'file'] }]);
      expect(screen.queryByTestId('cr-upload')).toBeNull();
      expect(screen.getByTestId('cr-images-full')).toBeTruthy();
    },
    TEST_TIMEOUT,
  );

  it(
    'is read-only once the checklist is sent',
    async () => {
      stubServer({ header: { stato: 'Inviato', valutazioneUtente: 4 } });
      await renderApp('/crDar/12/line/21', { account: DEALER });
      await openDialog();
      expect(
        within(dialog())
          .getAllByRole('radio')
          .every((r) => (r as HTMLInputElement).disabled),
      ).toBe(true);
      expect(screen.queryByTestId('cr-line-save')).toBeNull();
      expect(screen.queryByTestId('cr-clear-answer')).toBeNull();
      expect(screen.queryByTestId('cr-upload')).toBeNull();
      expect(screen.queryByTestId('cr-image-delete')).toBeNull();
      expect((screen.getByTestId('cr-image-download') as HTMLButtonElement).disabled).toBe(false);
    },
    TEST_TIMEOUT,
  );
});

// Spec 3 §5 header dialog (issue 15 §4).
describe('header dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it(
    'needs a rating when Completato, then sends the checklist',
    async () => {
      const sent = stubServer({ header: { stato: 'Completato' } });
      const { router } = await renderApp('/crDar/12/head', { account: DEALER });
      const modal = await openDialog('cr-head-form');
      expect((within(modal).getByTestId('cr-head-matricola') as HTMLInputElement).disabled).toBe(true);
      expect((within(modal).getByTestId('cr-head-modello') as HTMLInputElement).disabled).toBe(true);
      const send = within(modal).getByTestId('cr-head-send') as HTMLButtonElement;
      await waitFor(() => expect(send.disabled).toBe(true), WAIT);
      // Four stars.
      const stars = within(within(modal).getByTestId('cr-head-rating')).getAllByRole('radio');
      fireEvent.click(stars[3] as HTMLElement);
      await waitFor(() => expect(send.disabled).toBe(false), WAIT);
      fireEvent.click(send);
      fireEvent.click(await screen.findByTestId('cr-send-confirm', {}, WAIT));
      await waitFor(() => expect(requests(sent, '/api/crDars', 'PUT')).toHaveLength(1), WAIT);
      await waitFor(() => expect(router.state.location.pathname).toBe('/crDar/12'), WAIT);
      expect(requests(sent, '/api/crDars', 'PUT').map((s) => [s.url, s.body])).toEqual([
        [
          '/api/crDars?langKey=it',
          { id: 12, dataArrivoMacchina: '2026-11-27', valutazioneUtente: 4, note: null, invia: true },
        ],
      ]);
      await waitFor(() => expect(screen.getByTestId('cr-state').textContent).toBe('Inviata'), WAIT);
    },
    TEST_TIMEOUT,
  );

  it(
    'is read-only once Inviato',
    async () => {
      stubServer({ header: { stato: 'Inviato', valutazioneUtente: 3, note: 'Tutto bene' } });
      await renderApp('/crDar/12/head', { account: DEALER });
      const modal = await openDialog('cr-head-form');
      expect(within(modal).queryByTestId('cr-head-save')).toBeNull();
      expect(within(modal).queryByTestId('cr-head-send')).toBeNull();
      expect((within(modal).getByTestId('cr-head-note') as HTMLTextAreaElement).disabled).toBe(true);
      expect((within(modal).getByTestId('cr-head-note') as HTMLTextAreaElement).value).toBe('Tutto bene');
      expect((within(modal).getByTestId('cr-head-cancel') as HTMLButtonElement).disabled).toBe(false);
    },
    TEST_TIMEOUT,
  );

  it(
    'asks no rating while In Corso',
    async () => {
      stubServer();
      await renderApp('/crDars/12/head', { account: DEALER });
      const modal = await openDialog('cr-head-form');
      expect(within(modal).queryByTestId('cr-head-rating')).toBeNull();
      expect(within(modal).getByTestId('cr-head-rating-later')).toBeTruthy();
      expect(within(modal).queryByTestId('cr-head-send')).toBeNull();
      await waitFor(
        () => expect((within(modal).getByTestId('cr-head-save') as HTMLButtonElement).disabled).toBe(false),
        WAIT,
      );
      expect((within(modal).getByTestId('cr-head-answers') as HTMLButtonElement).disabled).toBe(false);
    },
    TEST_TIMEOUT,
  );
});

// Issue 15 §8: the catalogue page links to its serial's checklists, for those who fill them in.
describe('catalogue link', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stubCatalogue = () =>
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (url.startsWith('/api/catalogo/7/MS500123?'))
        return Promise.resolve(
          json({
            id: 3,
            crCodice: 'CAT35',
            crDescrizione: 'Catalogo ES 35',
            descrizione: 'ES 35 ZT',
            generatedAt: '2026-11-20T09:00:00.000Z',
            righe: 0,
            pdfFileName: 'ES35_MS500123.pdf',
            machine: {
              id: 7,
              mtMatricola: 'MS500123',
              mtDescr: 'Miniescavatore 35',
              localizedDescrizione: { it: 'Miniescavatore 35' },
              mt_versione: null,
              mt_cr_cod: 'CAT35',
              mt_dt_cons_txt: null,
              mt_riv_descr: null,
              mt_cli_descr: null,
              dataFineGaranzia: null,
              catalogoId: 3,
            },
          }),
        );
      if (url.startsWith('/api/righecatalogo/')) return Promise.resolve(json([]));
      return Promise.resolve(new Response('', { status: 404 }));
    });

  it(
    "offers a dealer the serial's checklists",
    async () => {
      stubCatalogue();
      await renderApp('/catalogo/7/MS500123', { account: DEALER });
      const link = await screen.findByTestId('catalogue-checklists', {}, WAIT);
      expect(link.getAttribute('href')).toBe('/crDars?term=MS500123');
      expect(link.textContent).toBe('Checklist della matricola');
    },
    TEST_TIMEOUT,
  );

  it(
    'shows no checklist link to a sub-dealer (no ROLE_CR_USER)',
    async () => {
      stubCatalogue();
      await renderApp('/catalogo/7/MS500123', { account: account('sub', ['ROLE_USER', 'ROLE_CR_SUBDEALER']) });
      await screen.findByTestId('catalogue-documents', {}, WAIT);
      expect(screen.queryByTestId('catalogue-checklists')).toBeNull();
    },
    TEST_TIMEOUT,
  );
});
