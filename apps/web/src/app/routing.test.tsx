import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guard, rememberTarget, takeTarget } from '../lib/guards.ts';
import { account, renderApp } from '../test/render.tsx';
import { navEntries, ROUTES } from '../test/routes.ts';

describe('guard (spec 1 §2.2)', () => {
  it('sends the anonymous user to login and the user without the role to accessdenied', () => {
    expect(guard(['ROLE_ADMIN'], null)).toBe('login');
    expect(guard(['ROLE_ADMIN'], { authorities: ['ROLE_USER'] })).toBe('denied');
    expect(guard(['ROLE_ADMIN'], { authorities: ['ROLE_ADMIN'] })).toBe('allow');
    expect(guard('anonymous-only', { authorities: ['ROLE_USER'] })).toBe('home');
    expect(guard('open', null)).toBe('allow');
  });

  it('remembers the target once, and only a path of this site', () => {
    rememberTarget('/settings?x=1');
    expect(takeTarget()).toBe('/settings?x=1');
    expect(takeTarget()).toBeUndefined();
    rememberTarget('//evil.example.com');
    expect(takeTarget()).toBeUndefined();
  });
});

describe('route table (spec 1 §2.1)', () => {
  it('keeps the spec paths and roles', () => {
    const byName = Object.fromEntries(ROUTES.map((r) => [r.name, r]));
    expect(byName.sessions).toMatchObject({ path: '/sessions', access: ['ROLE_ADMIN'] });
    expect(byName.settings).toMatchObject({
      path: '/settings',
      access: ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CR_SUBDEALER'],
    });
    expect(byName.password?.path).toBe('/password');
    expect(byName['privacy-policy']?.path).toBe('/cookie-and-privacy-policy');
    expect(byName.finishReset?.path).toBe('/reset/finish');
  });

  it('shows navigation entries by role', () => {
    const flags = { canAccessParts: true, canAccessTracks: true };
    expect(navEntries('account', { authorities: ['ROLE_USER'] }, flags).map((r) => r.name)).toEqual([
      'settings',
      'password',
    ]);
    expect(navEntries('account', { authorities: ['ROLE_ADMIN', 'ROLE_USER'] }, flags).map((r) => r.name)).toEqual([
      'settings',
      'password',
      'sessions',
    ]);
    expect(navEntries('anonymous', null, flags).map((r) => r.name)).toEqual(['login', 'register']);
  });
});

describe('router guards in the app', () => {
  it('sends an anonymous visitor of /settings to /login, where the browser loads the sign-in document', async () => {
    const { router } = await renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The app draws no form of its own there (login/ is the sign-in page): it shows it is loading.
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByLabelText('Nome utente')).toBeNull();
  });

  it('redirects a dealer from /sessions to /accessdenied', async () => {
    const { router } = await renderApp('/sessions', { account: account('dealer', ['ROLE_USER', 'ROLE_CART']) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessdenied'));
    expect(await screen.findByText('Non sei autorizzato ad accedere alla pagina')).toBeTruthy();
  });

  it('denies a page of an area the theme gives no access to, even when the role may open it (spec 2 §1)', async () => {
    const dealer = { ...account('dealer', ['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CART']), tema: 'tracks' };
    const { router } = await renderApp('/machine/search/', { account: dealer });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessdenied'));
    expect(await screen.findByText('Non sei autorizzato ad accedere alla pagina')).toBeTruthy();
  });

  it('opens the page of an area when the theme gives access to it', async () => {
    const { router } = await renderApp('/spare-parts', {
      account: { ...account('tracks', ['ROLE_USER']), tema: 'tracks' },
    });
    // The page's title shows once the guard let it through (the access-denied page has its own).
    await waitFor(() => expect(document.title).toBe('Ricerca ricambi · Eurocomach Tracks'), { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/spare-parts');
  });
});
