import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';

const DEALER = account('dealer', ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CART']);
const INTERNAL = account('internal', ['ROLE_USER', 'ROLE_CR_INTERNAL']);

/** Request 7 of AB123, under review (locked), with its history; the back office may approve or reject it. */
const request = (backOffice: boolean) => ({
  id: { matricola: 'AB123', numeroRichiesta: 7 },
  descrizione: 'Miniescavatore 35',
  dealer: backOffice ? 'dealer' : null,
  dataFineGaranzia: '31/12/2027',
  garanziaScaduta: false,
  dataRichiestaIso: '2026-11-21',
  dataRichiesta: '21/11/2026',
  dataGuasto: '20/11/2026',
  dataRiparazione: null,
  dataOrdine: '21/11/2026',
  numeroOrdine: 'ORDCG§2026§15',
  oreLavoro: 1250,
  oreIntervento: null,
  oreViaggio: null,
  chilometri: null,
  costoTotaleIntervento: null,
  problemaSegnalato: 'P01',
  problemaSegnalatoDescrizione: 'Perdita olio',
  problemaNote: 'Perdita dal cilindro del braccio',
  collocazioneProblema: 'C01',
  collocazioneProblemaDescrizione: 'Braccio',
  codiceComponente: null,
  componenteDescrizione: null,
  soluzioneAdottataNote: null,
  statoAttivita: 'IN_ESAME',
  prossimiStati: backOffice ? ['INTEGRAZIONE', 'APPROVATA', 'RESPINTA'] : [],
  stato: null,
  provincia: null,
  allegati: [
    {
      id: '0b6f3c52-27a4-4f55-9d0e-2f1c7d1f9a11',
      name: 'perdita.jpg',
      contentType: 'image/jpeg',
      kind: 'image',
      size: 2048,
      thumbnail: false,
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
  nomeAllegato: 'perdita.jpg',
  seEditable: 'N',
  eventi: [
    { statoAttivita: 'APERTA', nota: null, login: 'dealer', data: '2026-11-21T09:00:00.000Z' },
    { statoAttivita: 'IN_ESAME', nota: 'Verifichiamo', login: 'internal', data: '2026-11-22T10:00:00.000Z' },
  ],
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The server as these pages read it: the serial AB123 has a catalogue and an expired warranty, others none. */
const server = (url: string): Response => {
  const path = url.split('?')[0] ?? '';
  if (path === '/api/richiestagaranzia/gg') return json({ gg: 60 });
  if (path === '/api/combovoci/problemiSegnalati')
    return json([{ id: { tipo: 'PROBLEMI_SEGNALATI', chiave: 'P01' }, descrizione: { it: 'Perdita olio' } }]);
  if (path === '/api/combovoci/collocazioneProblema')
    return json([{ id: { tipo: 'COLLOCAZIONE_PROBLEMA', chiave: 'C01' }, descrizione: { it: 'Braccio' } }]);
  if (path === '/api/combovoci/stati') return json([]);
  if (path === '/api/catalogo/estraiCatalogo/AB123') return new Response('OK 42', { status: 200 });
  if (path.startsWith('/api/catalogo/estraiCatalogo/')) return new Response('KO NOT_FOUND', { status: 200 });
  if (path === '/api/machine/finegaranzia') return json({ matricola: 'AB123', dataFineGaranzia: '2020-01-31' });
  if (path === '/api/machine/byId')
    return json({
      id: 42,
      mtMatricola: 'AB123',
      mtDescr: 'Miniescavatore 35',
      localizedDescrizione: { it: 'Miniescavatore 35' },
      mt_versione: null,
      mt_cr_cod: null,
      mt_dt_cons_txt: null,
      mt_riv_descr: null,
      mt_cli_descr: null,
      dataFineGaranzia: '2020-01-31',
      catalogoId: 3,
    });
  return new Response('', { status: 404 });
};

const stubServer = (backOffice = false) =>
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (url.startsWith('/api/richiestagaranzia/get/AB123/7')) return Promise.resolve(json(request(backOffice)));
    return Promise.resolve(server(url));
  });

const formItem = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

// Spec 2 §2, §5, §8: the new request's form.
describe('new warranty request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('checks the serial prefilled from the address: the machine, its warranty end and the expired warning', async () => {
    stubServer();
    await renderApp('/richiestagaranzia/nuova?matricola=ab123', { account: DEALER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuova richiesta di garanzia' })).toBeTruthy();
    expect((screen.getByTestId('wr-matricola') as HTMLInputElement).value).toBe('AB123');
    const machine = await screen.findByTestId('wr-machine', {}, { timeout: 5000 });
    expect(machine.textContent).toContain('Miniescavatore 35');
    expect(machine.textContent).toContain('31/01/2020');
    expect(screen.getByTestId('wr-expired').textContent).toContain(
      'La garanzia di questa macchina è scaduta il 31/01/2020',
    );
    // The limit of the server's setting is said with the dates.
    expect(screen.getByText(/non possono essere anteriori a 60 giorni fa/)).toBeTruthy();
  });

  it('marks an unknown serial as not found', async () => {
    stubServer();
    await renderApp('/richiestagaranzia/nuova', { account: DEALER });
    const input = (await screen.findByTestId('wr-matricola')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'zz999' } });
    expect(input.value).toBe('ZZ999');
    await waitFor(() => expect(formItem('Matricola').textContent).toContain('Matricola non trovata.'), {
      timeout: 5000,
    });
    expect(screen.queryByTestId('wr-machine')).toBeNull();
  });

  it('asks for the required fields, the first attachment and the terms before sending anything', async () => {
    stubServer();
    const sent = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        open = sent;
      },
    );
    await renderApp('/richiestagaranzia/nuova', { account: DEALER });
    fireEvent.click(await screen.findByTestId('wr-save'));
    expect((await screen.findByTestId('wr-incomplete')).textContent).toBe(
      'È necessario completare i campi obbligatori, contrassegnati con *.',
    );
    expect(screen.getByText('Una richiesta deve avere almeno un allegato: scegli un file.')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByText('Per inviare la richiesta devi accettare i termini e le condizioni della garanzia.'),
      ).toBeTruthy(),
    );
    expect(formItem('Data guasto').textContent).toContain('Questo campo è obbligatorio.');
    expect(sent).not.toHaveBeenCalled();
  });

  it('requires repair date, hours and km (marked *) once the total cost is above 0', async () => {
    stubServer();
    await renderApp('/richiestagaranzia/nuova', { account: DEALER });
    const required = (label: string) =>
      formItem(label).querySelector('label')?.classList.contains('ant-form-item-required') ?? false;
    await screen.findByTestId('wr-costoTotaleIntervento');
    expect(required('Ore di intervento')).toBe(false);
    expect(required('Data riparazione')).toBe(false);
    const cost = within(
      screen.getByTestId('wr-costoTotaleIntervento').closest('.ant-form-item') as HTMLElement,
    ).getByRole('spinbutton');
    fireEvent.change(cost, { target: { value: '120' } });
    fireEvent.blur(cost);
    await waitFor(() => expect(required('Ore di intervento')).toBe(true));
    expect(required('Ore di viaggio')).toBe(true);
    expect(required('Km percorsi')).toBe(true);
    expect(required('Data riparazione')).toBe(true);
  });

  it('opens the terms and conditions', async () => {
    stubServer();
    await renderApp('/richiestagaranzia/nuova', { account: DEALER });
    fireEvent.click(await screen.findByTestId('wr-terms-open'));
    expect(await screen.findByText('Termini e condizioni della garanzia')).toBeTruthy();
  });
});

// Spec 2 §4: the order variant without the checkout's hand-over leads back to the checkout.
describe('warranty order variant', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says there is no order to send and links back to the checkout', async () => {
    stubServer();
    await renderApp('/richiestagaranzia/5', { account: DEALER });
    const missing = await screen.findByTestId('wr-order-missing');
    expect(within(missing).getByRole('link', { name: "Torna alla conferma d'ordine" }).getAttribute('href')).toBe(
      '/cart/checkout',
    );
    expect(screen.queryByTestId('wr-save')).toBeNull();
  });
});

// Spec 2 §2, §4: a saved request — locked once under review; the back office moves it on.
describe('warranty request detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a request under review read-only to its dealer: no save, delete or upload', async () => {
    stubServer();
    await renderApp('/richiestagaranzia/AB123/7', { account: DEALER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Richiesta di garanzia n. 7 – AB123' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('wr-locked')).toBeTruthy();
    expect((screen.getByTestId('wr-save') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('wr-delete') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('wr-pdf') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('wr-upload')).toBeNull();
    expect(within(screen.getByTestId('wr-attachments')).queryByRole('button', { name: /Elimina/ })).toBeNull();
    expect(screen.getByTestId('wr-order').textContent).toContain('ORDCG§2026§15');
    expect(screen.getByTestId('wr-history').textContent).toContain('Verifichiamo');
    expect(screen.queryByTestId('wr-stato-change')).toBeNull();
  });

  it('offers the back office the next states, and no save or delete', async () => {
    stubServer(true);
    await renderApp('/richiestagaranzia/AB123/7', { account: INTERNAL });
    expect(await screen.findByTestId('wr-stato-change', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Cambio di stato' })).toBeTruthy();
    expect(screen.queryByTestId('wr-save')).toBeNull();
    expect(screen.queryByTestId('wr-delete')).toBeNull();
  });
});
