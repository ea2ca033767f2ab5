import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/index.ts';
import { THEMES } from '../test/render.tsx';
import { LoginDocument } from './LoginDocument.tsx';

const renderLogin = async (lang: 'it' | 'de' = 'it', theme = THEMES[0]) => {
  await initI18n();
  await changeLanguage(lang);
  return render(<LoginDocument theme={theme} />);
};

const problem = (status: number, message: string, params?: Record<string, number>) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, message, params }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in page (a document of its own)', () => {
  it('has username, password and remember-me on by default, with the theme in the header', async () => {
    await renderLogin();
    expect(await screen.findByLabelText(/Nome utente/)).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Ricordami' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accedi');
    expect(screen.getByRole('img', { name: 'Eurocomach Ricambi' }).getAttribute('src')).toBe(
      '/themes/eurocomach/logo.svg',
    );
    expect(document.title).toBe('Accedi · Eurocomach Ricambi');
  });

  it('marks both fields required on an empty submit and sends nothing', async () => {
    await renderLogin();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findAllByText('Questo campo è obbligatorio.')).toHaveLength(2);
    expect(screen.getByLabelText(/Nome utente/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement?.id).toBe('username');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the spec message when the credentials are refused, and what the server says when throttled', async () => {
    await renderLogin();
    const fetch = vi.fn().mockResolvedValueOnce(problem(401, 'error.http.401'));
    vi.stubGlobal('fetch', fetch);
    fireEvent.change(screen.getByLabelText(/Nome utente/), { target: { value: 'dealer' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Accesso non riuscito! Controlla le credenziali e riprova.',
    );
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/authentication');
    expect(String(init.body)).toBe('username=dealer&password=wrong&remember-me=true');

    fetch.mockResolvedValueOnce(problem(429, 'error.login.throttled', { minutes: 15 }));
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe(
        'Troppi tentativi di accesso non riusciti. Riprova tra 15 minuti.',
      ),
    );
  });

  it('speaks the chosen language and switches it from the header menu', async () => {
    await renderLogin('de');
    expect(await screen.findByRole('checkbox', { name: 'Angemeldet bleiben' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('language-menu'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('draws the tracks theme', async () => {
    await renderLogin('it', THEMES[1]);
    expect(screen.getByRole('img', { name: 'Eurocomach Tracks' }).getAttribute('src')).toBe('/themes/tracks/logo.svg');
  });
});
