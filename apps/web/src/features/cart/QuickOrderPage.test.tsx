import type { CartItemAdd, FieldError, QuickOrderRow } from '@ricambi/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';

// The whole app renders here: on a loaded 2-core machine one render of the page takes seconds.
configure({ asyncUtilTimeout: 20_000 });

const preview: QuickOrderRow[] = [
  {
    riga: 1,
    codice: 'FLT-1',
    quantitaTesto: '2',
    quantita: 2,
    stato: 'OK',
    idArticolo: 11,
    descrizione: 'Filtro',
    unitaMisura: 'NR',
    sostituto: null,
    messaggio: null,
  },
  {
    riga: 2,
    codice: 'PMP-9',
    quantitaTesto: '40',
    quantita: 40,
    stato: 'OK',
    idArticolo: 12,
    descrizione: 'Pompa',
    unitaMisura: 'NR',
    sostituto: null,
    messaggio: null,
  },
];

/**
 * POST /api/cartutil/cartall as the server answers it: a kind-0 line above the stock (the second)
 * is refused with `righe.1.quantita` cart.error.overAvailability until it carries the confirmation.
 * It sits behind `fetch`, the browser's network boundary (docs/decisions.md).
 */
const cartServer = () => {
  const added: CartItemAdd[][] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (url.pathname === '/api/cartutil/quick/preview') return json(200, preview);
    if (url.pathname === '/api/cartutil/cartall' && init.method === 'POST') {
      const righe = (body as { righe: CartItemAdd[] }).righe;
      added.push(righe);
      if (!righe[1]?.confermaSuperamento) {
        const fieldErrors: FieldError[] = [
          { field: 'righe.1.quantita', message: 'cart.error.overAvailability', params: { disponibile: 3 } },
        ];
        return json(400, {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          message: 'error.validation',
          fieldErrors,
        });
      }
      return json(200, {
        idTestata: 1,
        righe: [],
        count: 2,
        pesoTotale: 0,
        totale: 0,
        prezziVisibili: true,
        scontoVisibile: true,
      });
    }
    return json(404, { type: 'about:blank', title: 'Not Found', status: 404, message: 'error.http.404' });
  };
  return { fetchStub, added };
};

const dealer = account('dealer', ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER']);
const confirmations = () => [...document.querySelectorAll<HTMLElement>('.ant-modal-root [role="dialog"]')];
/**
 * Clicks `button` and answers the confirmation it opens with `answer`. A confirmation answered before
 * may stay in the DOM while it fades out: the new one is the one that was not there before.
 */
const clickAndAnswer = async (button: HTMLElement, answer: 'Annulla' | 'Prosegui') => {
  const before = new Set(confirmations());
  fireEvent.click(button);
  const dialog = await waitFor(() => {
    const found = confirmations().find((d) => !before.has(d));
    expect(found).toBeTruthy();
    return found as HTMLElement;
  });
  expect(dialog.textContent).toContain('La quantità che hai inserito è superiore alla disponibilità, vuoi proseguire?');
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
};

// Spec 1 §4 through the one confirm-and-retry helper: the quick order asks when the server finds a
// quantity above the stock; declining adds nothing and marks the line, going on sends the confirmation.
describe('quick order over the availability', { timeout: 120_000 }, () => {
  let server: ReturnType<typeof cartServer>;
  beforeEach(() => {
    server = cartServer();
    vi.spyOn(globalThis, 'fetch').mockImplementation(server.fetchStub);
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks; "Annulla" adds nothing and marks the line, "Prosegui" adds the lines with the confirmation', async () => {
    const { router } = await renderApp('/quick-order', { account: dealer });
    fireEvent.change(await screen.findByLabelText('Codice e quantità, una riga per articolo'), {
      target: { value: 'FLT-1 2\nPMP-9 40' },
    });
    fireEvent.click(screen.getByTestId('quick-order-check'));
    const add = await screen.findByTestId('quick-order-add');
    expect(add.textContent).toBe('Aggiungi le righe valide (2)');
    await clickAndAnswer(add, 'Annulla');
    const pump = (await screen.findByText('PMP-9')).closest('tr') as HTMLElement;
    expect(await within(pump).findByText('La quantità che hai inserito è superiore alla disponibilità.')).toBeTruthy();
    expect(screen.getByText(/Alcune righe non sono state accettate/)).toBeTruthy();
    expect(server.added).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/quick-order');

    await clickAndAnswer(screen.getByTestId('quick-order-add'), 'Prosegui');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(server.added).toHaveLength(3);
    expect(server.added[2]?.map((r) => [r.idArticolo, r.quantita, r.confermaSuperamento])).toEqual([
      [11, 2, true],
      [12, 40, true],
    ]);
  });
});
