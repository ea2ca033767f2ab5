import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';
import { navEntries } from '../../test/routes.ts';

const DEALER = account('dealer', ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CART']);
const SUBDEALER = account('subdealer', ['ROLE_CR_SUBDEALER', 'ROLE_USER', 'ROLE_CART']);
const PARTS_ONLY = account('ricambi', ['ROLE_USER']);

const line = (changes: Record<string, unknown> = {}) => ({
  id: 101,
  idOrdine: 7,
  tiporichiesta: 'ORD',
  cliente: 'dealer',
  codArt: 'FLT-100',
  descRiga: 'Filtro olio motore',
  unitaMisura: 'NR',
  matricola: 'AB123',
  wayBill: 'WB123',
  wayBillTxt: 'BRT WB123',
  isAftership: true,
  codAftership: 'brt',
  dataIns: '2026-10-05T08:30:00.000Z',
  nroOrdTxt: 'W-2026-0007',
  rifVsNroOrd: 'PO-55',
  seEvasa: true,
  qtaOrdinata: 4,
  qtaSpedita: 4,
  importo: 42.5,
  dataSpediz: '2026-10-08',
  nroSpedTxt: 'DDT 881',
  nroFattTxt: 'FT 1200',
  portale: true,
  ...changes,
});

const LINES = [
  line(),
  line({
    id: 102,
    codArt: 'GSK-22',
    descRiga: 'Guarnizione coperchio',
    wayBill: null,
    wayBillTxt: null,
    codAftership: null,
    seEvasa: false,
    qtaOrdinata: 10,
    qtaSpedita: 3,
    nroOrdTxt: 'ERP-991',
    rifVsNroOrd: null,
    portale: false,
    importo: 12,
  }),
];

const TRACKING = {
  wayBill: 'WB123',
  corriere: 'BRT',
  stato: 'DELIVERED',
  eventi: [
    {
      data: '2026-10-09T10:00:00+02:00',
      luogo: 'Reggio Emilia',
      stato: 'DELIVERED',
      descrizione: 'Consegnata al destinatario',
    },
    {
      data: '2026-10-08T18:00:00+02:00',
      luogo: 'Bologna',
      stato: 'IN_TRANSIT',
      descrizione: 'Partita dal centro di smistamento',
    },
  ],
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
const problem = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  json({ type: 'about:blank', title: 'Error', status, message, ...extra }, status);

type Sent = { method: string; url: string; body: unknown };

type Options = {
  lines?: unknown[];
  tracking?: () => Promise<Response> | Response;
  gestito?: 'Y' | 'N';
  sendrequest?: () => Response;
};

/** The server as these pages read it; every request is recorded. */
const stubServer = (options: Options = {}) => {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, url, body });
    const [path = ''] = url.split('?');
    if (path.startsWith('/api/storicoordine/tracking/')) return options.tracking ? options.tracking() : json(TRACKING);
    if (path === '/api/storicoordine/id') return json(line({ id: (body as { id: number }).id }));
    if (path === '/api/storicoordine/isArticoloGestito/') return json(options.gestito ?? 'N');
    if (path === '/api/storicoordine/sendrequest')
      return options.sendrequest ? options.sendrequest() : json({ inviata: true, email: 'dealer@example.com' });
    if (path === '/api/storicoordine/riordina')
      return json({
        aggiunte: [{ codArt: 'FLT-100', quantita: 4 }],
        escluse: [{ codArt: 'OLD-1', descRiga: 'Pompa fuori produzione', motivo: 'notFound' }],
      });
    if (/^\/api\/storicoordine\/(ORD|PREV|REQ)$/.test(path) && method === 'GET') {
      const rows = options.lines ?? LINES;
      return json(rows, 200, { 'X-Total-Count': String(rows.length), 'X-Total-DeEvadere': '1' });
    }
    if (path === '/api/sysaid/count') return json({ count: 0 });
    return new Response('', { status: 404 });
  });
  return sent;
};

const listCalls = (sent: Sent[], kind = 'ORD') =>
  sent.filter((s) => s.method === 'GET' && s.url.startsWith(`/api/storicoordine/${kind}?`));
const lastQuery = (sent: Sent[], kind = 'ORD') =>
  new URLSearchParams(listCalls(sent, kind).at(-1)?.url.split('?')[1] ?? '');
/** The input of a control whose test id sits on the input itself or on its wrapper. */
const inputOf = (element: HTMLElement) =>
  (element.matches('input, textarea') ? element : element.querySelector('input, textarea')) as HTMLInputElement;

/** A desktop-wide screen: the columns that give way on a tablet are shown (jsdom matches no media query). */
const wideScreen = () => {
  const original = window.matchMedia;
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({ ...original(query), matches: true }),
  });
  return () => Object.defineProperty(window, 'matchMedia', { writable: true, value: original });
};

/** The first render of a page waits for its lazily built chunk and the stubbed answers: slow on a busy machine. */
const SLOW = { timeout: 10_000 };

const posts = (sent: Sent[], path: string) => sent.filter((s) => s.method === 'POST' && s.url.split('?')[0] === path);

describe('order history list (issue 16 §2)', { timeout: 60_000 }, () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the first kind of the user: orders for a dealer, requests for a subdealer', async () => {
    stubServer();
    const dealer = await renderApp('/storicoOrdine', { account: DEALER });
    await waitFor(() => expect(dealer.router.state.location.pathname).toBe('/storicoOrdine/ORD'), SLOW);
    const tabs = await screen.findByTestId('oh-kinds', {}, SLOW);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Ordini', 'Preventivi', 'Richieste subdealer']);
    dealer.unmount();

    stubServer();
    const sub = await renderApp('/storicoOrdine/ORD', { account: SUBDEALER });
    await waitFor(() => expect(sub.router.state.location.pathname).toBe('/storicoOrdine/REQ'), SLOW);
    await screen.findByTestId('oh-table', {}, SLOW);
    expect(screen.queryByTestId('oh-kinds')).toBeNull();
  });

  it('lists the lines with their totals, states, origin and amounts', async () => {
    const sent = stubServer();
    restore = wideScreen();
    await renderApp('/storicoOrdine/ORD', { account: DEALER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Storico ordini' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('oh-totals').textContent).toBe('2 righe · 1 da evadere'), SLOW);
    const query = lastQuery(sent);
    expect(Object.fromEntries(query)).toEqual({
      mese: '12',
      stato: 'tutti',
      page: '0',
      size: '20',
      sort: 'dataIns,desc',
    });
    const table = screen.getByTestId('oh-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('05/10/2026');
    expect(first.textContent).toContain('W-2026-0007');
    expect(within(first).getByTitle('Vostro riferimento').textContent).toBe('PO-55');
    expect(first.textContent).toContain('Portale');
    expect(first.textContent).toContain('FLT-100');
    expect(first.textContent).toContain('Evasa');
    expect(first.textContent).toContain('42,50');
    expect(within(first).getByTestId('oh-waybill').textContent).toContain('BRT WB123');
    expect(second.textContent).toContain('ERP');
    expect(second.textContent).toContain('Parziale');
    expect(within(second).getByTestId('oh-partial').textContent).toBe('3');
    expect(within(second).queryByTestId('oh-waybill')).toBeNull();
  });

  it('hides the amount column when no line has an amount', async () => {
    restore = wideScreen();
    stubServer({ lines: LINES.map((l) => ({ ...l, importo: null })) });
    await renderApp('/storicoOrdine/ORD', { account: DEALER });
    await screen.findByText('FLT-100', {}, SLOW);
    expect(screen.getByRole('columnheader', { name: /Fattura/ })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Importo/ })).toBeNull();
  });

  it('keeps the filters, the page and the sort in the address', async () => {
    const sent = stubServer();
    const { router } = await renderApp('/storicoOrdine/ORD?page=2', { account: DEALER });
    await screen.findByText('FLT-100', {}, SLOW);
    expect(lastQuery(sent).get('page')).toBe('2');

    const term = inputOf(screen.getByTestId('oh-term'));
    fireEvent.change(term, { target: { value: 'filtro' } });
    fireEvent.keyDown(term, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toEqual({ term: 'filtro' }));
    await waitFor(() => expect(lastQuery(sent).get('term')).toBe('filtro'));
    expect(lastQuery(sent).get('page')).toBe('0');

    fireEvent.click(within(screen.getByTestId('oh-stato')).getByText('Da evadere'));
    await waitFor(() => expect(router.state.location.search).toEqual({ term: 'filtro', stato: 'daEvadere' }));
    await waitFor(() => expect(lastQuery(sent).get('stato')).toBe('daEvadere'));

    fireEvent.mouseDown(
      screen.getByTestId('oh-mese').querySelector('.ant-select-selector') ?? screen.getByTestId('oh-mese'),
    );
    fireEvent.click(await screen.findByTitle('Ultimi 3 mesi'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ mese: 3 }));
    await waitFor(() => expect(lastQuery(sent).get('mese')).toBe('3'));

    fireEvent.click(screen.getByRole('columnheader', { name: /Articolo/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'codArt,asc' }));
    await waitFor(() => expect(lastQuery(sent).get('sort')).toBe('codArt,asc'));

    // The kind's tab keeps the filter.
    fireEvent.click(screen.getByRole('tab', { name: 'Preventivi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/storicoOrdine/PREV'));
    await waitFor(() => expect(lastQuery(sent, 'PREV').get('term')).toBe('filtro'));
  });

  it('orders the whole order again from the line menu and lists what went into the cart', async () => {
    const sent = stubServer();
    await renderApp('/storicoOrdine/ORD', { account: DEALER });
    await screen.findByText('FLT-100', {}, SLOW);
    fireEvent.click(screen.getAllByTestId('oh-actions')[0] as HTMLElement);
    fireEvent.click(await screen.findByText("Riordina tutto l'ordine W-2026-0007"));
    const result = await screen.findByTestId('oh-again-result');
    expect(posts(sent, '/api/storicoordine/riordina').map((p) => p.body)).toEqual([{ idOrdine: 7 }]);
    expect(within(result).getByTestId('oh-again-added').textContent).toContain('1 riga messa nel carrello');
    expect(within(result).getByTestId('oh-again-added').textContent).toContain('FLT-100');
    expect(within(result).getByTestId('oh-again-skipped').textContent).toContain("L'articolo non è più a catalogo.");
    expect(within(result).getByTestId('oh-again-cart').getAttribute('href')).toBe('/cart');
  });

  it('orders the selected lines again', async () => {
    const sent = stubServer();
    await renderApp('/storicoOrdine/ORD', { account: DEALER });
    await screen.findByText('FLT-100', {}, SLOW);
    const button = screen.getByTestId('oh-again-selected') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleziona la riga FLT-100' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleziona la riga GSK-22' }));
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(button.textContent).toContain('(2)');
    fireEvent.click(button);
    await screen.findByTestId('oh-again-result');
    expect(posts(sent, '/api/storicoordine/riordina').map((p) => p.body)).toEqual([{ ids: [101, 102] }]);
  });

  it('is in the main menu of dealers, subdealers and parts customers', () => {
    const names = (authorities: string[], canAccessParts = true) =>
      navEntries('main', { authorities }, { canAccessParts, canAccessTracks: true }).map((r) => r.name);
    expect(names(DEALER.authorities)).toContain('storicoOrdine');
    expect(names(SUBDEALER.authorities)).toContain('storicoOrdine');
    expect(names(PARTS_ONLY.authorities)).toContain('storicoOrdine');
    expect(names(DEALER.authorities, false)).not.toContain('storicoOrdine');
  });
});

describe('tracking dialog (spec 2 §4, §8)', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens from the waybill with the line slug, fills while the carrier answers, then turns green with the events', async () => {
    let answer: (r: Response) => void = () => undefined;
    const sent = stubServer({ tracking: () => new Promise<Response>((resolve) => (answer = resolve)) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = await renderApp('/storicoOrdine/ORD?stato=daEvadere', { account: DEALER });
    fireEvent.click(await screen.findByTestId('oh-waybill', {}, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/storicoOrdine/ORD/tracking/WB123'));
    expect(router.state.location.search).toEqual({ stato: 'daEvadere', slug: 'brt' });
    const dialog = await screen.findByTestId('oh-tracking', {}, SLOW);
    await waitFor(() => expect(sent.some((s) => s.url === '/api/storicoordine/tracking/WB123?slug=brt')).toBe(true));
    const progress = within(dialog).getByTestId('oh-tracking-progress');
    expect(progress.getAttribute('data-outcome')).toBe('active');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    const value = Number(progress.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(25);
    expect(value).toBeLessThan(100);

    await act(async () => answer(json(TRACKING)));
    await waitFor(() => expect(progress.getAttribute('data-outcome')).toBe('success'));
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    expect(progress.className).toContain('ant-progress-status-success');
    expect(within(dialog).getByTestId('oh-tracking-state').textContent).toBe('Consegnata');
    fireEvent.click(within(dialog).getByTestId('oh-tracking-events-show'));
    const events = within(dialog).getByTestId('oh-tracking-events');
    const rows = within(events).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Reggio Emilia'),
      expect.stringContaining('Bologna'),
    ]);
    expect(rows[0]?.textContent).toContain('Consegnata al destinatario');
    expect(rows[1]?.textContent).toContain('In transito');

    fireEvent.click(within(dialog).getByTestId('oh-tracking-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/storicoOrdine/ORD'));
    expect(router.state.location.search).toEqual({ stato: 'daEvadere' });
  });

  it('turns red when the carrier is down, says to retry, and closes itself after 5 s', async () => {
    stubServer({ tracking: () => problem(503, 'error.http.503') });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = await renderApp('/storicoOrdine/ORD/tracking/WB123?slug=brt&term=filtro', { account: DEALER });
    const dialog = await screen.findByTestId('oh-tracking', {}, SLOW);
    const progress = within(dialog).getByTestId('oh-tracking-progress');
    await waitFor(() => expect(progress.getAttribute('data-outcome')).toBe('exception'));
    expect(progress.className).toContain('ant-progress-status-exception');
    expect(within(dialog).getByTestId('oh-tracking-message').textContent).toBe(
      'Il servizio del corriere non risponde. Riprova tra qualche secondo.',
    );
    expect(within(dialog).queryByTestId('oh-tracking-events-show')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(router.state.location.pathname).toBe('/storicoOrdine/ORD/tracking/WB123');
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/storicoOrdine/ORD'));
    expect(router.state.location.search).toEqual({ term: 'filtro' });
  });

  it('says so when the carrier knows nothing of the waybill', async () => {
    stubServer({ tracking: () => problem(404, 'error.http.404') });
    await renderApp('/storicoOrdine/ORD/tracking/WB999', { account: DEALER });
    const dialog = await screen.findByTestId('oh-tracking', {}, SLOW);
    await waitFor(() =>
      expect(within(dialog).getByTestId('oh-tracking-message').textContent).toBe(
        'Il corriere non ha informazioni su questa spedizione. Riprova tra qualche secondo.',
      ),
    );
  });
});

describe('reorder request (spec 2 §4, §5)', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  const path = '/storicoOrdine/ORD/request/101/Filtro%20olio%20motore?stato=daEvadere';

  it('asks for the confirmation first, then sends the request and says a reminder was mailed', async () => {
    const sent = stubServer({ gestito: 'N' });
    await renderApp(path, { account: DEALER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Richiesta ricambio' }, SLOW)).toBeTruthy();
    await screen.findByTestId('oh-request-line', {}, SLOW);
    expect(posts(sent, '/api/storicoordine/id').map((p) => p.body)).toEqual([{ id: 101 }]);
    expect(sent.some((s) => s.url === '/api/storicoordine/isArticoloGestito/?id=101')).toBe(true);
    expect(screen.queryByTestId('oh-request-form')).toBeNull();

    fireEvent.click(inputOf(screen.getByTestId('oh-request-confirm')));
    const form = await screen.findByTestId('oh-request-form');
    const descrizione = inputOf(within(form).getByTestId('oh-request-descrizione'));
    expect(descrizione.value).toBe('Filtro olio motore');
    expect(descrizione.readOnly).toBe(true);
    const quantita = inputOf(within(form).getByTestId('oh-request-quantita'));
    const send = screen.getByTestId('oh-request-send') as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));

    fireEvent.change(quantita, { target: { value: '' } });
    await waitFor(() => expect(send.disabled).toBe(true));
    fireEvent.change(quantita, { target: { value: '2' } });
    fireEvent.change(inputOf(within(form).getByTestId('oh-request-nota')), {
      target: { value: 'Urgente per fermo macchina' },
    });
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);

    expect((await screen.findByTestId('oh-request-sent')).textContent).toContain(
      "La richiesta è stata inviata all'ufficio ricambi; un promemoria è stato spedito a dealer@example.com.",
    );
    const [request] = posts(sent, '/api/storicoordine/sendrequest');
    expect(request?.url).toBe('/api/storicoordine/sendrequest?langKey=it');
    expect(request?.body).toEqual({
      id: 101,
      descrizione: 'Filtro olio motore',
      quantita: 2,
      nota: 'Urgente per fermo macchina',
    });
  });

  it('shows the server message inline when the request fails', async () => {
    stubServer({ gestito: 'N', sendrequest: () => problem(503, 'error.http.503') });
    await renderApp(path, { account: DEALER });
    fireEvent.click(inputOf(await screen.findByTestId('oh-request-confirm', {}, SLOW)));
    const send = (await screen.findByTestId('oh-request-send')) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    const error = await screen.findByTestId('oh-request-error');
    expect(error.textContent).toContain('La richiesta non è stata inviata.');
    expect(screen.queryByTestId('oh-request-sent')).toBeNull();
    expect(send.disabled).toBe(false);
  });

  it('offers the cart instead when the part can be ordered from it', async () => {
    const sent = stubServer({ gestito: 'Y' });
    const { router } = await renderApp(path, { account: DEALER });
    const orderable = await screen.findByTestId('oh-request-orderable', {}, SLOW);
    expect(orderable.textContent).toContain('Questo ricambio si può ordinare dal carrello.');
    expect(screen.queryByTestId('oh-request-confirm')).toBeNull();
    fireEvent.click(within(orderable).getByTestId('oh-request-add'));
    await screen.findByTestId('oh-again-result');
    expect(posts(sent, '/api/storicoordine/riordina').map((p) => p.body)).toEqual([{ ids: [101] }]);

    fireEvent.click(screen.getByTestId('oh-again-close'));
    fireEvent.click(screen.getByRole('button', { name: /Torna allo storico/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/storicoOrdine/ORD'));
    expect(router.state.location.search).toEqual({ stato: 'daEvadere' });
  });
});
