import type { OutboxFailedMessage } from '@ricambi/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';
import { Sparkline } from './Sparkline.tsx';

describe('Administration menu', () => {
  it('lists the monitoring pages to an administrator', async () => {
    await renderApp('/', { account: account('admin', ['ROLE_ADMIN', 'ROLE_USER']) });
    fireEvent.click(await screen.findByTestId('admin-menu'));
    const links = [
      'Metriche',
      'Stato del sistema',
      'Configurazione',
      'Audit',
      'Log',
      'Documentazione API',
      'Messaggi non consegnati',
    ];
    await screen.findByText('Metriche');
    // Text queries: role queries over the whole page are slow in jsdom.
    for (const name of links) {
      expect(screen.getByText(name, { selector: 'a' }).getAttribute('href')).toMatch(/^\/[a-z]+$/);
    }
  });

  it('is absent for a dealer, and /audits sends the dealer to accessdenied', async () => {
    const { router } = await renderApp('/audits', { account: account('dealer', ['ROLE_USER', 'ROLE_CART']) });
    await screen.findByTestId('account-menu');
    expect(screen.queryByTestId('admin-menu')).toBeNull();
    expect(router.state.location.pathname).toBe('/accessdenied');
  });
});

describe('Sparkline', () => {
  it('draws a line through the known values and skips gaps', () => {
    const { container } = render(<Sparkline values={[1, null, 3, 2]} label="rate" />);
    const line = container.querySelector('polyline');
    expect(line?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(screen.getByRole('img', { name: 'rate' })).toBeTruthy();
  });

  it('says data is being collected with fewer than two points', async () => {
    render(<Sparkline values={[null, 4]} label="lag" />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

const ADMIN = account('admin', ['ROLE_ADMIN', 'ROLE_USER']);

const FAILED_MAIL: OutboxFailedMessage = {
  id: 7,
  kind: 'mail',
  recipient: 'dealer@example.com',
  subject: 'Conferma ordine 2026§W§12',
  orderNumber: '2026§W§12',
  attempts: 8,
  lastError: '550 mailbox unavailable',
  createdAt: '2026-11-29T08:00:00.000Z',
  failedAt: '2026-11-29T10:30:00.000Z',
};

/** The outbox's dead letters as the server answers them; a retry takes the message off the list. */
const stubOutbox = () => {
  const sent: string[] = [];
  let failed = [FAILED_MAIL];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    sent.push(`${method} ${url}`);
    const path = url.split('?')[0];
    if (path === '/api/outbox/failed')
      return Promise.resolve(
        new Response(JSON.stringify(failed), {
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(failed.length) },
        }),
      );
    if (method === 'POST' && path === '/api/outbox/failed/7/retry') {
      failed = [];
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    if (path === '/api/banners/active') return Promise.resolve(new Response('[]'));
    return Promise.resolve(new Response('', { status: 404 }));
  });
  return sent;
};

// Issue 18: the messages the outbox gave up on, visible to administrators, one queued again.
describe('undelivered messages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a given-up mail with its recipient, subject, order, attempts and error, and queues it again', async () => {
    const sent = stubOutbox();
    await renderApp('/outbox', { account: ADMIN });
    const table = await screen.findByTestId('outbox-failed');
    await within(table).findByText('dealer@example.com');
    for (const text of ['Conferma ordine 2026§W§12', '2026§W§12', '8', '550 mailbox unavailable', 'E-mail'])
      expect(within(table).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByTestId('outbox-retry-7'));
    fireEvent.click(await screen.findByRole('button', { name: 'Rimetti in coda' }));
    await waitFor(() => expect(sent).toContain('POST /api/outbox/failed/7/retry'));
    await within(table).findByText('Nessun messaggio non consegnato.');
  });
});
