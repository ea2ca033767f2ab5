import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';
import { navEntries, ROUTES } from '../../test/routes.ts';

const INTERNAL = ['ROLE_CART', 'ROLE_CR_INTERNAL', 'ROLE_INTERNAL', 'ROLE_USER'];
const acting = account('dealer', ['ROLE_CART', 'ROLE_CR_USER', 'ROLE_USER', 'ROLE_PREVIOUS_ADMINISTRATOR']);

// Spec 1 §2.1 (act-as route, ROLE_INTERNAL / ROLE_CR_INTERNAL), §2.3 (badge and de-act-as), §4.
describe('act-as in the web', () => {
  it('has the /act-as route for internal staff, in the main menu', () => {
    expect(ROUTES.find((r) => r.name === 'act-as')).toMatchObject({
      path: '/act-as',
      access: ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL'],
    });
    const flags = { canAccessParts: true, canAccessTracks: true };
    expect(navEntries('main', { authorities: INTERNAL }, flags).map((r) => r.name)).toContain('act-as');
    expect(navEntries('main', { authorities: ['ROLE_CR_INTERNAL'] }, flags).map((r) => r.name)).toContain('act-as');
    expect(navEntries('main', acting, flags).map((r) => r.name)).not.toContain('act-as');
  });

  it('sends a dealer from /act-as to /accessdenied', async () => {
    const { router } = await renderApp('/act-as', { account: account('dealer', ['ROLE_USER', 'ROLE_CART']) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessdenied'));
  });

  it('shows the badge with the target and the way back on every page while acting', async () => {
    for (const path of ['/', '/cookie-and-privacy-policy']) {
      const view = await renderApp(path, { account: acting });
      const badge = await screen.findByTestId('act-as-badge');
      expect(badge.textContent).toContain('Stai operando come dealer');
      expect(badge.textContent).toContain('(Test User)');
      expect(screen.getByRole('button', { name: 'Torna alla tua identità' })).toBeTruthy();
      view.unmount();
    }
  });

  it("keeps the target's settings and password read-only while acting", async () => {
    for (const path of ['/settings', '/password']) {
      const view = await renderApp(path, { account: acting });
      expect((await screen.findByTestId('not-while-acting')).textContent).toBe(
        'Questa operazione non è consentita mentre operi per conto di un altro utente.',
      );
      expect(screen.getByRole('button', { name: 'Salva' }).hasAttribute('disabled')).toBe(true);
      view.unmount();
    }
  });

  it('shows no badge to a user who is not acting', async () => {
    await renderApp('/', { account: account('internal', INTERNAL) });
    expect(await screen.findByTestId('account-menu')).toBeTruthy();
    expect(screen.queryByTestId('act-as-badge')).toBeNull();
  });
});
