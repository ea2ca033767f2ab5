import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';
import { navEntries } from '../../test/routes.ts';

const INTERNAL = account('internal', ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART']);
const INTERNAL_WITHOUT_CART = account('staff', ['ROLE_INTERNAL', 'ROLE_USER']);
const DEALER = account('dealer', ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CART']);

const COUNTRIES = [
  { id: { chiaveDue: 'ITA' }, descrizione: { it: 'Italia', en: 'Italy' }, province: true },
  { id: { chiaveDue: 'DEU' }, descrizione: { it: 'Germania', en: 'Germany' }, province: false },
  { id: { chiaveDue: 'POL' }, descrizione: { it: 'Polonia', en: 'Poland' }, province: false },
];

const ADDRESSES = [
  {
    RAGSOC: 'Eurocomach - Cantiere',
    INDIRIZZO: 'Via Roma 1',
    CAP: '00100',
    CITTA: 'Roma',
    PROV: 'RM',
    STATO: 'ITA',
    TIPO_INDIRIZZO: '001',
  },
  {
    RAGSOC: 'Eurocomach - Magazzino ricambi',
    INDIRIZZO: 'Via dei Ricambi 1',
    CAP: '42124',
    CITTA: 'Reggio Emilia',
    PROV: 'RE',
    STATO: 'ITA',
    TIPO_INDIRIZZO: '000',
  },
];

/** The demo tariff's answers: Italy 30–100 kg in the north 35 €, elsewhere in Italy 55 €; no Poland. */
const tariff = (params: URLSearchParams) => {
  const stato = params.get('stato');
  const peso = Number(params.get('peso'));
  if (stato !== 'ITA' || peso > 2000) return { spese: -1, calcolabile: false };
  return { spese: (params.get('cap') ?? '').startsWith('2') ? 35 : 55, calcolabile: true };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

/** The server as this page reads it; every request is recorded. */
const stubServer = (options: { calculation?: (params: URLSearchParams) => Response } = {}) => {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    sent.push(url);
    const [path = '', query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    if (path === '/api/combovoci/stati') return Promise.resolve(json(COUNTRIES));
    if (path === '/api/cartaddress') return Promise.resolve(json(ADDRESSES));
    if (path === '/api/sysaid/count') return Promise.resolve(json({ count: 0 }));
    if (path === '/api/banners/active') return Promise.resolve(json([]));
    if (path === '/api/speseSpedizione')
      return Promise.resolve(options.calculation ? options.calculation(params) : json(tariff(params)));
    return Promise.resolve(new Response('', { status: 404 }));
  });
  return sent;
};

const calculations = (sent: string[]) => sent.filter((url) => url.startsWith('/api/speseSpedizione?'));
const formItem = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const capInput = () => screen.getByTestId('ss-cap') as HTMLInputElement;
const pesoInput = () => screen.getByTestId('ss-peso') as HTMLInputElement;
const chooseCountry = async (name: string) => {
  fireEvent.mouseDown(within(formItem('Paese')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(name));
};

// Issue 16 §6, spec 2 §2, §5: the shipping calculator of internal staff.
describe('shipping calculator', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is prefilled with the country and postcode of the user's address of type 000", async () => {
    const sent = stubServer();
    await renderApp('/spesespedizione', { account: INTERNAL });
    expect(await screen.findByRole('heading', { level: 1, name: 'Calcolo spese di spedizione' })).toBeTruthy();
    await waitFor(() => expect(capInput().value).toBe('42124'));
    await waitFor(() => expect(formItem('Paese').textContent).toContain('Italia'));
    expect(screen.getByTestId('ss-prefilled').textContent).toContain('Eurocomach - Magazzino ricambi, Reggio Emilia');
    // Nothing is computed before the user asks (the weight is still empty).
    expect(calculations(sent)).toEqual([]);
    expect(pesoInput().value).toBe('');
  });

  it('shows the tariff cost as a euro amount in the language of the user, on the button and on Enter', async () => {
    const sent = stubServer();
    await renderApp('/spesespedizione', { account: INTERNAL });
    await waitFor(() => expect(capInput().value).toBe('42124'));
    fireEvent.change(capInput(), { target: { value: '20100' } });
    fireEvent.change(pesoInput(), { target: { value: '35,5' } });
    fireEvent.click(screen.getByTestId('ss-submit'));
    const amount = await screen.findByTestId('ss-amount');
    expect(amount.textContent).toMatch(/^35,00\s€$/);
    expect(screen.getByTestId('ss-inputs').textContent).toMatch(/^Italia · CAP 20100 · 35,5\skg$/);
    expect(calculations(sent)).toEqual(['/api/speseSpedizione?stato=ITA&cap=20100&peso=35.5']);

    // A change puts the result away; Enter in the weight asks again.
    const user = userEvent.setup();
    await user.clear(pesoInput());
    await waitFor(() => expect(screen.queryByTestId('ss-amount')).toBeNull());
    await user.type(pesoInput(), '40{Enter}');
    await waitFor(() => expect(calculations(sent).at(-1)).toBe('/api/speseSpedizione?stato=ITA&cap=20100&peso=40'));
    expect((await screen.findByTestId('ss-amount')).textContent).toMatch(/^35,00\s€$/);
  });

  it('writes the amount as English does in English', async () => {
    stubServer();
    await renderApp('/spesespedizione', { account: INTERNAL, lang: 'en' });
    await waitFor(() => expect(capInput().value).toBe('42124'));
    fireEvent.change(pesoInput(), { target: { value: '35.5' } });
    fireEvent.click(screen.getByRole('button', { name: /Calculate/ }));
    expect((await screen.findByTestId('ss-amount')).textContent).toBe('€55.00');
    expect(screen.getByTestId('ss-inputs').textContent).toBe('Italy · Postcode 42124 · 35.5 kg');
  });

  it('says "Non calcolabile" for a country without a tariff', async () => {
    const sent = stubServer();
    await renderApp('/spesespedizione', { account: INTERNAL });
    await waitFor(() => expect(capInput().value).toBe('42124'));
    await chooseCountry('Polonia');
    fireEvent.change(capInput(), { target: { value: '00-950' } });
    fireEvent.change(pesoInput(), { target: { value: '35' } });
    fireEvent.click(screen.getByTestId('ss-submit'));
    const result = await screen.findByTestId('ss-not-calculable');
    expect(result.textContent).toContain('Non calcolabile');
    expect(result.textContent).toContain('Il tariffario non ha una tariffa per questo paese, CAP e peso.');
    expect(screen.queryByTestId('ss-amount')).toBeNull();
    expect(calculations(sent)).toEqual(['/api/speseSpedizione?stato=POL&cap=00-950&peso=35']);
  });

  it('computes only with a country and a weight above 0, and a postcode of at most 7 characters', async () => {
    const sent = stubServer();
    // Without ROLE_CART the addresses are not asked for: nothing is prefilled.
    await renderApp('/spesespedizione', { account: INTERNAL_WITHOUT_CART });
    const submit = await screen.findByTestId('ss-submit');
    fireEvent.click(submit);
    await waitFor(() => expect(formItem('Paese').textContent).toContain('Questo campo è obbligatorio.'));
    expect(formItem('Peso (kg)').textContent).toContain('Questo campo è obbligatorio.');

    await chooseCountry('Italia');
    fireEvent.change(capInput(), { target: { value: '20100123' } });
    fireEvent.change(pesoInput(), { target: { value: '0' } });
    fireEvent.click(submit);
    await waitFor(() => expect(formItem('Peso (kg)').textContent).toContain('Il peso deve essere maggiore di 0.'));
    expect(formItem('CAP').textContent).toContain('Questo campo non può superare 7 caratteri.');
    fireEvent.change(pesoInput(), { target: { value: 'abc' } });
    await waitFor(() =>
      expect(formItem('Peso (kg)').textContent).toContain('Scrivi il peso in kg, con al massimo 3 decimali'),
    );
    fireEvent.change(pesoInput(), { target: { value: '100001' } });
    await waitFor(() => expect(formItem('Peso (kg)').textContent).toContain('Il peso non può superare 100.000 kg.'));
    expect(calculations(sent)).toEqual([]);
    expect(sent).not.toContain('/api/cartaddress');
  });

  it("puts the server's field errors on their fields", async () => {
    stubServer({
      calculation: () =>
        json(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            message: 'error.validation',
            fieldErrors: [{ field: 'peso', message: 'speseSpedizione.error.pesoMax' }],
          },
          400,
        ),
    });
    await renderApp('/spesespedizione', { account: INTERNAL });
    await waitFor(() => expect(capInput().value).toBe('42124'));
    fireEvent.change(pesoInput(), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('ss-submit'));
    await waitFor(() => expect(formItem('Peso (kg)').textContent).toContain('Il peso non può superare 100.000 kg.'));
    expect(screen.queryByTestId('ss-failure')).toBeNull();
  });

  it('is in the main menu of internal staff, and not where the theme has no tracks access', () => {
    const names = (authorities: string[], canAccessTracks = true) =>
      navEntries('main', { authorities }, { canAccessParts: true, canAccessTracks }).map((r) => r.name);
    expect(names(INTERNAL.authorities)).toContain('speseSpedizione');
    expect(names(INTERNAL.authorities, false)).not.toContain('speseSpedizione');
    expect(names(DEALER.authorities)).not.toContain('speseSpedizione');
    expect(names(['ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_CR_INTERNAL'])).not.toContain('speseSpedizione');
  });

  it('sends a dealer to the access-denied page', async () => {
    stubServer();
    const { router } = await renderApp('/spesespedizione', { account: DEALER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessdenied'));
  });
});
