import type { ActiveBanner } from '@ricambi/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadAppTexts } from '../../i18n/index.ts';
import { account, renderApp } from '../../test/render.tsx';
import { navEntries, ROUTES } from '../../test/routes.ts';
import { BannerQueue, type BannerQueueProps } from './BannerHost.tsx';

const banner = (id: number, over: Partial<ActiveBanner> = {}): ActiveBanner => ({
  id,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2027-01-01T00:00:00.000Z',
  headers: { it: `Titolo ${id}`, en: `Title ${id}` },
  messages: { it: `Messaggio ${id}`, en: `Message ${id}` },
  type: 'INFO',
  ambiente: 'TUTTI',
  ...over,
});

const renderQueue = (props: Omit<BannerQueueProps, 'onAcknowledge'> & Partial<BannerQueueProps>) => {
  const acknowledged: [number, string][] = [];
  const onAcknowledge =
    props.onAcknowledge ??
    (async (b: ActiveBanner, text: string) => {
      acknowledged.push([b.id, text]);
    });
  const ui = (p: typeof props) => (
    // Without animations, so that a closed dialog is gone at once (jsdom ends no CSS transition).
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <BannerQueue {...p} onAcknowledge={onAcknowledge} />
      </AntApp>
    </ConfigProvider>
  );
  const view = render(ui(props));
  return { ...view, acknowledged, rerenderWith: (p: typeof props) => view.rerender(ui(p)) };
};

const dialog = () => screen.findByRole('dialog');
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

// Spec 1 §4 "Banners": opened once; closed = acknowledged; dismissed = shown again at the next load.
describe('banner dialogs', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAppTexts();
  });

  it('opens each banner once, in the user language; "Ho capito" acknowledges it with the text read', async () => {
    await changeLanguage('it');
    const { acknowledged } = renderQueue({ banners: [banner(1), banner(2)], userKey: 'dealer', opened: new Set() });
    const first = await dialog();
    expect(first.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Titolo 1').closest('[id]')?.id).toBe(first.getAttribute('aria-labelledby'));
    expect(screen.getByText('Messaggio 1')).toBeTruthy();
    expect(first.getAttribute('aria-describedby')).toBe(screen.getByTestId('banner-modal').id);

    fireEvent.click(screen.getByRole('button', { name: 'Ho capito' }));
    await waitFor(() => expect(acknowledged).toEqual([[1, 'Titolo 1\n\nMessaggio 1']]));
    expect(await screen.findByText('Titolo 2')).toBeTruthy();
  });

  it('dismissing (Ricordamelo più tardi, Esc) records nothing and does not reopen in this page load', async () => {
    await changeLanguage('it');
    const opened = new Set<string>();
    const { acknowledged, rerenderWith } = renderQueue({ banners: [banner(3), banner(4)], userKey: 'dealer', opened });
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Ricordamelo più tardi' }));
    expect(await screen.findByText('Titolo 4')).toBeTruthy();
    fireEvent.keyDown(await dialog(), { key: 'Escape' });
    await closed();

    // A refresh brings the same banners back: they are not opened again until the next page load.
    await act(async () => rerenderWith({ banners: [banner(3), banner(4)], userKey: 'dealer', opened }));
    await closed();
    expect(acknowledged).toEqual([]);
    // Another user signing in on the same page gets them.
    await act(async () => rerenderWith({ banners: [banner(3)], userKey: 'subdealer', opened }));
    expect(await screen.findByText('Titolo 3')).toBeTruthy();
  });

  it('falls back to Italian where the user language has no text', async () => {
    await changeLanguage('de');
    renderQueue({
      banners: [banner(5, { headers: { it: 'Solo italiano', en: 'English' } })],
      userKey: 'u',
      opened: new Set(),
    });
    expect(await screen.findByText('Solo italiano')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verstanden' })).toBeTruthy();
    await changeLanguage('it');
  });

  it('stays open when the acknowledgement fails', async () => {
    await changeLanguage('it');
    let attempts = 0;
    renderQueue({
      banners: [banner(6)],
      userKey: 'u',
      opened: new Set(),
      onAcknowledge: async () => {
        attempts++;
        throw new Error('offline');
      },
    });
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Ho capito' }));
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() => expect(screen.getByTestId('banner-acknowledge').className).not.toContain('loading'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Titolo 6')).toBeTruthy();
  });
});

describe('banner administration', () => {
  it('has /banners with its dialogs and the detail page for managers, in the Administration menu', () => {
    const routes = ROUTES.filter((r) => r.name.startsWith('banner'));
    expect(routes.map((r) => [r.path, r.access])).toEqual([
      ['/banners', ['ROLE_MANAGER']],
      ['/banners/new', ['ROLE_MANAGER']],
      ['/banners/$id/edit', ['ROLE_MANAGER']],
      ['/banners/$id/delete', ['ROLE_MANAGER']],
      ['/banner/$id', ['ROLE_MANAGER']],
    ]);
    const flags = { canAccessParts: true, canAccessTracks: true };
    expect(navEntries('admin', { authorities: ['ROLE_MANAGER', 'ROLE_USER'] }, flags).map((r) => r.path)).toContain(
      '/banners',
    );
    expect(navEntries('admin', { authorities: ['ROLE_ADMIN', 'ROLE_USER'] }, flags).map((r) => r.path)).not.toContain(
      '/banners',
    );
  });

  // The dialog itself (five languages of title and message, dates) is exercised in e2e/banners.spec.ts:
  // its auto-sizing text areas take jsdom several seconds each.
  it('lists banners for a manager with the spec columns', async () => {
    await renderApp('/banners', { account: account('manager', ['ROLE_MANAGER', 'ROLE_USER']) });
    expect(await screen.findByText('Nuovo banner')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['ID', 'Tipo', 'Ambiente', 'Inizio', 'Fine', 'Titolo']));
  });

  it('sends a dealer from /banners to accessdenied', async () => {
    const { router } = await renderApp('/banners', { account: account('dealer', ['ROLE_USER', 'ROLE_CART']) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessdenied'));
  });
});
