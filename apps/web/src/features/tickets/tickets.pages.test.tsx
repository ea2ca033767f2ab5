import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';

const DEALER = account('dealer', ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CART']);
const INTERNAL = account('internal', ['ROLE_USER', 'ROLE_INTERNAL']);

const SERIALS = [
  { matricola: 'AB123', modello: 'Miniescavatore 35', dataGaranzia: '31-12-2027 00:00:00' },
  { matricola: 'AB124', modello: 'Miniescavatore 50', dataGaranzia: null },
];

/** Ticket 15 of the dealer: closed on `closeTime` (3 when given), with a note from each side and one file. */
const ticket = (changes: Record<string, unknown> = {}) => ({
  id: 15,
  insert_time: '2026-11-20T09:00:00.000Z',
  login: 'dealer',
  nome: 'Mario',
  cognome: 'Rossi',
  title: 'Perdita olio',
  clientDescription: 'Perdita dal cilindro del braccio',
  descrizione: 'Perdita dal cilindro del braccio',
  tipologiaKey: 2,
  modello: 'Miniescavatore 35',
  matricola: 'AB123',
  oreUtilizzo: 1250,
  collocazioneKey: 1,
  urgenzaClienteKey: 2,
  status: 2,
  lingua: 'it',
  dataGaranzia: '31-12-2027 00:00:00',
  notes: [
    { author: 'dealer', staff: false, date: '2026-11-20T09:05:00.000Z', text: 'Foto allegata' },
    { author: 'internal', staff: true, date: '2026-11-21T10:00:00.000Z', text: 'Verifichiamo il cilindro' },
  ],
  close_time: null,
  files: [
    {
      id: '0b6f3c52-27a4-4f55-9d0e-2f1c7d1f9a11',
      file_id: '0b6f3c52-27a4-4f55-9d0e-2f1c7d1f9a11',
      name: 'perdita.pdf',
      file_name: 'perdita.pdf',
      contentType: 'application/pdf',
      kind: 'pdf',
      size: 2048,
      thumbnail: false,
      createdAt: '2026-11-20T09:01:00.000Z',
    },
  ],
  attesa: 'CUSTOMER',
  assegnatario: 'internal',
  aperto: true,
  ...changes,
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

type Sent = { method: string; url: string; body: unknown };

/** The server as these pages read it; every request is recorded. */
const stubServer = (options: { ticket?: Record<string, unknown>; count?: number } = {}) => {
  const sent: Sent[] = [];
  let current = ticket(options.ticket);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, url, body });
    const [path = '', query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    if (path === '/api/sysaid/count') return Promise.resolve(json({ count: options.count ?? 0 }));
    if (path === '/api/combovoci/collocazioneProblema')
      return Promise.resolve(
        json([
          { id: { tipo: 'COLLOCAZIONE_PROBLEMA', chiave: '1' }, descrizione: { it: 'Motore' } },
          { id: { tipo: 'COLLOCAZIONE_PROBLEMA', chiave: '3' }, descrizione: { it: 'Impianto idraulico' } },
        ]),
      );
    if (path === '/api/sysaid/matricole') {
      const term = params.get('term') ?? '';
      return Promise.resolve(json(SERIALS.filter((s) => s.matricola.toLowerCase().startsWith(term))));
    }
    if (path === '/api/sysaid' && method === 'GET')
      return Promise.resolve(
        json(
          [
            { ...current, note: 2, file: 1 },
            { ...current, id: 16, title: 'Cabina', status: 46, attesa: 'CUSTOMER', note: 0, file: 0 },
          ],
          { 'X-Total-Count': '2' },
        ),
      );
    if (path === '/api/sysaid' && method === 'POST') return Promise.resolve(json({ newTicketId: 15 }));
    if (path === '/api/sysaid/addticketnote' && method === 'POST') {
      const note = (body as { note: string }).note;
      current = {
        ...current,
        notes: [...current.notes, { author: 'dealer', staff: false, date: '2026-11-22T08:00:00.000Z', text: note }],
      };
      return Promise.resolve(json({ success: true, ticket: current }));
    }
    if (path === '/api/sysaid/15') return Promise.resolve(json(current));
    if (path === '/api/sysaid/99')
      return Promise.resolve(
        new Response(
          JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403, message: 'ticket.error.notYours' }),
          { status: 403, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      );
    return Promise.resolve(new Response('', { status: 404 }));
  });
  return sent;
};

/** XMLHttpRequest as the uploads use it: each file answers the ticket after a half-way progress event. */
const stubUploads = () => {
  const uploads: { url: string; name: string }[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      status = 0;
      responseText = '';
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      send(form: FormData) {
        const file = form.get('file') as File;
        uploads.push({ url: this.url, name: file.name });
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.status = 200;
          this.responseText = JSON.stringify(ticket());
          this.onload?.();
        }, 0);
      }
    },
  );
  return uploads;
};

/** The serial's input, inside the lookup (tk-matricola). */
const findSerialInput = async () =>
  (await screen.findByTestId('tk-matricola')).querySelector('input') as HTMLInputElement;
const serialInput = () => screen.getByTestId('tk-matricola').querySelector('input') as HTMLInputElement;
const formItem = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const posts = (sent: Sent[], path: string) => sent.filter((s) => s.method !== 'GET' && s.url.split('?')[0] === path);

// Spec 2 §3, §5: the new ticket's form.
describe('new ticket', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the defaults and refuses to send without the required fields and a location', async () => {
    const sent = stubServer();
    await renderApp('/ticket/new', { account: DEALER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo ticket di assistenza' })).toBeTruthy();
    expect(formItem('Tipologia').textContent).toContain('Problema tecnico');
    expect(formItem('Urgenza').textContent).toContain('Bassa');
    expect(formItem('Collocazione').textContent).toContain('Scegli la collocazione');
    fireEvent.click(screen.getByTestId('tk-save'));
    expect((await screen.findByTestId('tk-incomplete')).textContent).toBe(
      'È necessario completare i campi obbligatori, contrassegnati con *.',
    );
    await waitFor(() => expect(formItem('Collocazione').textContent).toContain('Scegli la collocazione del problema.'));
    expect(formItem('Oggetto').textContent).toContain('Questo campo è obbligatorio.');
    expect(posts(sent, '/api/sysaid')).toEqual([]);
  });

  it('looks the serial up lower-cased; choosing one fills the model and the warranty end, upper-cased', async () => {
    const sent = stubServer();
    await renderApp('/ticket/new', { account: DEALER });
    const input = await findSerialInput();
    fireEvent.change(input, { target: { value: 'Ab12' } });
    await waitFor(() => expect(sent.some((s) => s.url.startsWith('/api/sysaid/matricole?term=ab12&'))).toBe(true), {
      timeout: 5000,
    });
    const option = await screen.findByText('Miniescavatore 50', { exact: false }, { timeout: 5000 });
    fireEvent.click(option.closest('.ant-select-item-option') as HTMLElement);
    await waitFor(() => expect((screen.getByTestId('tk-modello') as HTMLInputElement).value).toBe('Miniescavatore 50'));
    await waitFor(() => expect(serialInput().value).toBe('AB124'));
    expect((screen.getByTestId('tk-modello') as HTMLInputElement).readOnly).toBe(true);
    expect(formItem('Matricola').textContent).toContain('Macchina trovata: Miniescavatore 50');
    // Another serial typed: the model and the warranty end of the one chosen go.
    fireEvent.change(serialInput(), { target: { value: 'zz9' } });
    await waitFor(() => expect((screen.getByTestId('tk-modello') as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(serialInput().value).toBe('ZZ9'), {
      timeout: 5000,
    });
    expect((screen.getByTestId('tk-modello') as HTMLInputElement).readOnly).toBe(false);
  });

  it('marks a serial with no results as invalid', async () => {
    stubServer();
    await renderApp('/ticket/new', { account: DEALER });
    const input = await findSerialInput();
    fireEvent.change(input, { target: { value: 'zz9' } });
    expect(input.value).toBe('ZZ9');
    await waitFor(
      () => expect(formItem('Matricola').textContent).toContain('Nessuna matricola trovata tra le tue macchine.'),
      { timeout: 5000 },
    );
    expect(formItem('Matricola').classList.contains('ant-form-item-has-error')).toBe(true);
  });

  it('refuses a file over 100 MB or of another type, naming it', async () => {
    stubServer();
    await renderApp('/ticket/new', { account: DEALER });
    const upload = await screen.findByTestId('tk-upload');
    expect(upload.textContent).toContain('Accettati: immagini, video o PDF, al massimo 100 MB per file');
    const user = userEvent.setup({ applyAccept: false });
    const picker = upload.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(picker, new File(['x'], 'note.txt', { type: 'text/plain' }));
    expect((await within(upload).findByRole('alert')).textContent).toContain(
      'Il file note.txt non è ammesso: sono accettati solo immagini, video o PDF.',
    );
  });

  it('sends the ticket, then each picked file, and goes to the new ticket', async () => {
    const sent = stubServer();
    const uploads = stubUploads();
    const { router } = await renderApp('/ticket/new', { account: DEALER });
    const input = await findSerialInput();
    // Typed in full: chosen as if picked from the list.
    fireEvent.change(input, { target: { value: 'ab123' } });
    await waitFor(
      () => expect((screen.getByTestId('tk-modello') as HTMLInputElement).value).toBe('Miniescavatore 35'),
      { timeout: 5000 },
    );
    expect((screen.getByTestId('tk-dataGaranzia') as HTMLInputElement).value).toBe('31-12-2027 00:00:00');
    fireEvent.change(within(formItem('Ore di utilizzo')).getByRole('spinbutton'), { target: { value: '1250' } });
    fireEvent.change(screen.getByTestId('tk-title'), { target: { value: 'Perdita olio' } });
    fireEvent.change(screen.getByTestId('tk-descrizione'), { target: { value: 'Dal cilindro' } });
    const location = within(formItem('Collocazione')).getByRole('combobox');
    fireEvent.mouseDown(location);
    fireEvent.click(await screen.findByTitle('Impianto idraulico'));
    const user = userEvent.setup();
    const picker = screen.getByTestId('tk-upload').querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(picker, [
      new File(['a'], 'foto.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'video.mp4', { type: 'video/mp4' }),
    ]);
    await screen.findByText('video.mp4');

    fireEvent.click(screen.getByTestId('tk-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticket/15'), { timeout: 5000 });
    expect(posts(sent, '/api/sysaid').map((s) => s.body)).toEqual([
      {
        title: 'Perdita olio',
        clientDescription: 'Dal cilindro',
        tipologiaKey: 2,
        matricola: 'AB123',
        modello: 'Miniescavatore 35',
        oreUtilizzo: 1250,
        collocazioneKey: 3,
        urgenzaClienteKey: 4,
        lingua: 'it',
      },
    ]);
    expect(uploads).toEqual([
      { url: '/api/sysaid/addticketfile/15', name: 'foto.jpg' },
      { url: '/api/sysaid/addticketfile/15', name: 'video.mp4' },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ticket n. 15 – Perdita olio' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('is not offered to the help desk', async () => {
    stubServer();
    await renderApp('/ticket/new', { account: INTERNAL });
    expect((await screen.findByTestId('tk-staff-new')).textContent).toContain(
      "Il personale dell'assistenza non può aprire ticket",
    );
    expect(screen.queryByTestId('tk-save')).toBeNull();
  });
});

// Spec 2 §2, §4: the list.
describe('ticket list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every state by default, highlights 46, marks the tickets waiting for the dealer, offers New', async () => {
    const sent = stubServer({ count: 2 });
    await renderApp('/ticket', { account: DEALER });
    const table = await screen.findByTestId('tk-table');
    await within(table).findByText('Cabina');
    expect(sent.find((s) => s.url.startsWith('/api/sysaid?'))?.url).toBe('/api/sysaid?stato=ALL&page=0&size=20');
    const highlighted = table.querySelectorAll('tr[data-highlighted="true"]');
    expect(highlighted).toHaveLength(1);
    expect(highlighted[0]?.textContent).toContain('In attesa del cliente');
    expect(within(table).getAllByTestId('tk-waiting')).toHaveLength(2);
    expect(screen.getByTestId('tk-new').getAttribute('href')).toBe('/ticket/new');
    // The menu's badge, on its button while the entries are folded in it: two tickets wait for the dealer.
    const badge = await within(screen.getByTestId('main-menu')).findByTestId('tk-badge');
    expect(badge.textContent).toContain('Ticket in attesa della tua risposta: 2');
    // Once the menu is open its entry has the count too; only the shown copy carries the test id.
    fireEvent.click(screen.getByTestId('main-menu'));
    await waitFor(() => expect(screen.getAllByRole('menuitem').some((m) => m.textContent?.includes('2'))).toBe(true));
    expect(screen.getAllByTestId('tk-badge')).toHaveLength(1);
  });

  it('keeps the state filter in the address', async () => {
    const sent = stubServer();
    const { router } = await renderApp('/ticket?stato=46', { account: INTERNAL });
    await within(await screen.findByTestId('tk-table')).findByText('Cabina');
    expect(sent.find((s) => s.url.startsWith('/api/sysaid?'))?.url).toBe('/api/sysaid?stato=46&page=0&size=20');
    // The help desk opens no tickets, and sees the customer.
    expect(screen.queryByTestId('tk-new')).toBeNull();
    fireEvent.click(within(screen.getByTestId('tk-state')).getByText('Chiusi'));
    await waitFor(() => expect(router.state.location.search).toEqual({ stato: 'CLOSE' }));
  });
});

// Spec 2 §2–§5: one ticket.
describe('ticket detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every field read-only, the notes of both sides and the files; a note clears the field', async () => {
    const sent = stubServer();
    await renderApp('/ticket/15', { account: DEALER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ticket n. 15 – Perdita olio' }, { timeout: 5000 }),
    ).toBeTruthy();
    const fields = screen.getByTestId('tk-fields');
    for (const text of ['AB123', 'Miniescavatore 35', '31-12-2027 00:00:00', '1250', 'Problema tecnico', 'Alta'])
      expect(fields.textContent).toContain(text);
    await waitFor(() => expect(fields.textContent).toContain('Motore'));
    const notes = screen.getByTestId('tk-notes');
    expect(notes.textContent).toContain('Verifichiamo il cilindro');
    expect(within(notes).getByText('Assistenza')).toBeTruthy();
    expect(screen.getByTestId('tk-files').textContent).toContain('perdita.pdf');
    expect(screen.queryByTestId('tk-closed')).toBeNull();
    expect(screen.queryByTestId('tk-status')).toBeNull();

    const note = screen.getByTestId('tk-note') as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'Cilindro sostituito' } });
    fireEvent.click(screen.getByTestId('tk-note-submit'));
    await waitFor(() => expect(screen.getByTestId('tk-notes').textContent).toContain('Cilindro sostituito'));
    expect(posts(sent, '/api/sysaid/addticketnote').map((s) => s.body)).toEqual([
      { ticketId: 15, note: 'Cilindro sostituito' },
    ]);
    await waitFor(() => expect((screen.getByTestId('tk-note') as HTMLTextAreaElement).value).toBe(''));
  });

  it('takes no more notes or files from a ticket closed more than 3 days ago, and says until when it did', async () => {
    stubServer({ ticket: { status: 3, close_time: '2026-11-01T10:00:00.000Z', aperto: false, attesa: null } });
    await renderApp('/ticket/15', { account: DEALER });
    const closed = await screen.findByTestId('tk-closed', {}, { timeout: 5000 });
    expect(closed.textContent).toMatch(
      /Ticket chiuso il 01\/11\/2026 \d\d:00: note e file sono stati accettati fino al 04\/11\/2026 \d\d:00\./,
    );
    expect((screen.getByTestId('tk-note') as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByTestId('tk-note-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('tk-upload')).toBeNull();
  });

  it('offers the help desk the status, and the customer', async () => {
    stubServer();
    await renderApp('/ticket/15', { account: INTERNAL });
    expect(await screen.findByTestId('tk-status', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Stato del ticket' })).toBeTruthy();
    expect(screen.getByTestId('tk-fields').textContent).toContain('Mario Rossi (dealer)');
    expect((screen.getByTestId('tk-status-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it("says so when the ticket is another customer's", async () => {
    stubServer();
    await renderApp('/ticket/99', { account: DEALER });
    expect((await screen.findByTestId('tk-error', {}, { timeout: 5000 })).textContent).toContain(
      'Questo ticket appartiene a un altro cliente.',
    );
  });
});
