import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.tsx';

describe('LoginPage', () => {
  it('has username, password and remember-me on by default', async () => {
    await renderApp('/login');
    expect(await screen.findByLabelText('Nome utente')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Ricordami' }) as HTMLInputElement).checked).toBe(true);
  });

  it('marks both fields required on an empty submit', async () => {
    await renderApp('/login');
    const [submit] = (await screen.findAllByRole('button', { name: 'Accedi' })).slice(-1);
    fireEvent.click(submit as HTMLElement);
    expect(await screen.findAllByText('Questo campo è obbligatorio.')).toHaveLength(2);
  });

  it('speaks the chosen language', async () => {
    await renderApp('/login', { lang: 'de' });
    expect(await screen.findByRole('checkbox', { name: 'Angemeldet bleiben' })).toBeTruthy();
  });
});
