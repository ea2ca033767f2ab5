import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';
import { Sparkline } from './Sparkline.tsx';

describe('Administration menu', () => {
  it('lists the monitoring pages to an administrator', async () => {
    await renderApp('/', { account: account('admin', ['ROLE_ADMIN', 'ROLE_USER']) });
    fireEvent.click(await screen.findByTestId('admin-menu'));
    const links = ['Metriche', 'Stato del sistema', 'Configurazione', 'Audit', 'Log', 'Documentazione API'];
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
