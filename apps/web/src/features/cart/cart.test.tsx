import { type CartLine, earliestRequestDate } from '@ricambi/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadAppTexts } from '../../i18n/index.ts';
import { account, renderApp } from '../../test/render.tsx';
import { CartLineEditor } from './CartLineEditor.tsx';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  id: 7,
  idArticolo: 100093,
  articolo: '1.0121.818.8',
  idTestata: 1,
  descrizione: 'Filtro olio motore',
  disponibile: 'DISPONIBILE',
  dataRichiesta: earliestRequestDate(),
  origine: 'R',
  peso: 1.62,
  prezzo: 12.59,
  quantita: 2,
  quantitaOrdine: 2,
  sconto: 8.18,
  scontoPerc: 35.03,
  total: 16.36,
  serialNumber: null,
  tipo: 'R',
  tipoArticolo: 'R',
  tipoArticoloOrig: 'T',
  unitaMisura: 'NR',
  lingua: 'it',
  ordinabile: true,
  confermaSuperamento: false,
  ...over,
});

const renderEditor = (l: CartLine) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <CartLineEditor line={l} status={null} onStatus={() => undefined} onClose={() => undefined} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );

const update = () => screen.getByRole('button', { name: 'Aggiorna' }) as HTMLButtonElement;
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

// Spec 1 §5 "Cart line": the panel applies the domain's cartLineErrors; Update waits for a valid change.
describe('cart line editor', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAppTexts();
    await changeLanguage('it');
  });

  it('refuses a decimal or 0 for NR and a serial over 15, with their messages', async () => {
    renderEditor(line());
    expect(update().disabled).toBe(true);
    type(/Quantità/, '1,5');
    expect(
      await screen.findByText('Per questa unità di misura la quantità deve essere un numero intero.'),
    ).toBeTruthy();
    expect(update().disabled).toBe(true);
    type(/Quantità/, '0');
    expect(await screen.findByText('La quantità minima è 1.')).toBeTruthy();
    expect(update().disabled).toBe(true);
    type(/Quantità/, '3');
    await waitFor(() => expect(update().disabled).toBe(false));
    type('Matricola', 'X'.repeat(16));
    expect(await screen.findByText('Questo campo non può superare 15 caratteri.')).toBeTruthy();
    expect(update().disabled).toBe(true);
  });

  it('accepts a decimal with a comma for other units, but not 0', async () => {
    renderEditor(line({ unitaMisura: 'LT', quantita: 1 }));
    type(/Quantità/, '2,5');
    await waitFor(() => expect(update().disabled).toBe(false));
    type(/Quantità/, '0');
    expect(await screen.findByText('La quantità deve essere maggiore di zero.')).toBeTruthy();
    expect(update().disabled).toBe(true);
  });

  it('asks for the requested date of a kind-T line, not of a kind-0 line', async () => {
    const t = renderEditor(line({ dataRichiesta: null }));
    expect(await screen.findByText('Questo campo è obbligatorio.')).toBeTruthy();
    t.unmount();
    renderEditor(line({ dataRichiesta: null, tipoArticoloOrig: '0' }));
    type(/Quantità/, '3');
    await waitFor(() => expect(update().disabled).toBe(false));
    expect(screen.queryByText('Questo campo è obbligatorio.')).toBeNull();
  });
});

describe('cart routes', () => {
  it('sends a user without ROLE_CART from /cart to /accessdenied, without a cart in the navigation bar', async () => {
    const { router } = await renderApp('/cart', { account: account('viewer', ['ROLE_USER']) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessdenied'));
    expect(screen.queryByTestId('cart-dropdown')).toBeNull();
  });
});
