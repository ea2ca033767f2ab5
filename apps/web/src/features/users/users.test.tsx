import type { User } from '@ricambi/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accountQuery } from '../../api/account.api.ts';
import { createQueryClient } from '../../app/providers.tsx';
import { changeLanguage, initI18n, loadAppTexts } from '../../i18n/index.ts';
import { account, renderApp } from '../../test/render.tsx';
import { navEntries, ROUTES } from '../../test/routes.ts';
import { ImportPreviewTable } from './ImportUsersDialog.tsx';
import { ActivationLabel } from './UserControls.tsx';
import { usersEntity } from './users.entity.tsx';

const FLAGS = { canAccessParts: true, canAccessTracks: true };

const user = (login: string): User => ({
  id: 1,
  login,
  firstName: null,
  lastName: null,
  company: null,
  email: `${login}@example.com`,
  activated: true,
  langKey: 'it',
  authorities: ['ROLE_USER'],
  tema: null,
  temaPdf: null,
  logica: 'dealer',
  vedeSconto: true,
  vedePrezzi: true,
  vedeTutteLeMatricole: false,
  markup: 1,
  sconto: 0,
  indirizzo: null,
  cap: null,
  citta: null,
  stato: null,
  dealerLogin: null,
  erpUser: null,
  erpPasswordSet: false,
  createdBy: 'system',
  createdDate: '2026-01-02T10:00:00.000Z',
  lastModifiedBy: null,
  lastModifiedDate: null,
  resetDate: null,
});

// Spec 1 §2.1 (user-management routes), §2.3 "User list" and "User form", §5.
describe('user management', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAppTexts();
    await changeLanguage('it');
  });

  it('has the spec routes, for managers and administrators, in the Administration menu', () => {
    const paths = ROUTES.filter((r) => r.name.startsWith('userManagement')).map((r) => r.path);
    expect(paths).toEqual([
      '/user-management',
      '/user-management/new',
      '/user-management/$login/edit',
      '/user-management/$login/delete',
      '/user/$login',
    ]);
    const admin = (roles: string[]) => navEntries('admin', account('x', roles), FLAGS).map((r) => r.path);
    expect(admin(['ROLE_MANAGER'])).toContain('/user-management');
    expect(admin(['ROLE_ADMIN'])).toContain('/user-management');
    expect(admin(['ROLE_USER', 'ROLE_INTERNAL'])).not.toContain('/user-management');
  });

  it('disables delete for the signed-in account only', () => {
    const me = account('manager', ['ROLE_MANAGER']);
    expect(usersEntity.canDelete?.(user('manager'), me)).toBe(false);
    expect(usersEntity.canDelete?.(user('dealer'), me)).toBe(true);
  });

  it('sends null for an emptied field, the password only when typed, and no login on edit', () => {
    const values = { ...user('dealer'), company: '', stato: undefined, newPassword: '', erpPassword: 'x' };
    const body = usersEntity.fromForm?.(values, true) ?? {};
    expect(body).toMatchObject({ company: null, stato: null, erpPassword: 'x', email: 'dealer@example.com' });
    expect(body).not.toHaveProperty('login');
    expect(body).not.toHaveProperty('newPassword');
    expect(body).not.toHaveProperty('id');
  });

  it('opens the new-user dialog with the new-user defaults; activated is disabled and subdealer fields hidden', async () => {
    await renderApp('/user-management/new', { account: account('manager', ['ROLE_MANAGER', 'ROLE_USER']) });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Aggiungi utente')).toBeTruthy();
    const activated = within(dialog).getByRole('switch', { name: 'Attivo' });
    expect(activated.getAttribute('aria-checked')).toBe('true');
    expect(activated.hasAttribute('disabled')).toBe(true);
    expect((within(dialog).getByRole('spinbutton', { name: 'Ricarico' }) as HTMLInputElement).value).toMatch(
      /^1([.,]00)?$/,
    );
    expect(within(dialog).queryByText('Indirizzo')).toBeNull();
    expect(within(dialog).queryByText('Dealer', { selector: 'label' })).toBeNull();
    expect(within(dialog).getByTestId('erp-test').hasAttribute('disabled')).toBe(true);
  });

  it('highlights the rows of an import preview that have errors, with their messages', async () => {
    render(
      <ImportPreviewTable
        rows={[
          {
            index: 0,
            line: 2,
            action: 'create',
            cells: { login: 'mrossi', email: 'm@example.com' },
            values: { login: 'mrossi' },
            errors: [],
          },
          {
            index: 1,
            line: 3,
            action: 'create',
            cells: { login: 'sbianchi', email: 's@example.com', logica: 'subdealer' },
            values: { login: 'sbianchi' },
            errors: [{ field: 'dealerLogin', message: 'validation.required' }],
          },
        ]}
      />,
    );
    const bad = await screen.findByTestId('import-row-1');
    await waitFor(() => expect(bad.getAttribute('style')).toContain('background'));
    expect(within(bad).getByText('Dealer: Questo campo è obbligatorio.')).toBeTruthy();
    expect(screen.getByTestId('import-row-0').getAttribute('style') ?? '').not.toContain('background');
  });

  it('asks before the "Attivo" label deactivates a user; cancelling changes nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = createQueryClient();
    client.setQueryData(accountQuery.queryKey, account('manager', ['ROLE_MANAGER']));
    render(
      <QueryClientProvider client={client}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntApp>
            <ActivationLabel user={user('dealer')} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('activation-dealer'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Disattivare l'utente dealer?");
    const cancel = within(dialog).getByRole('button', { name: 'Annulla' });
    // The keyboard lands on the safe answer.
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByTestId('activation-dealer').textContent).toContain('Attivo');
    fetchSpy.mockRestore();
  });
});
