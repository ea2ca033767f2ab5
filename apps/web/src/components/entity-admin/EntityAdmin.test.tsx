import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, renderApp } from '../../test/render.tsx';

describe('entity-administration kit', () => {
  it('opens the new-text dialog over the list', async () => {
    const { router } = await renderApp('/i18ns/new', { account: account('admin', ['ROLE_ADMIN', 'ROLE_USER']) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/i18ns/new'));
    expect(await screen.findByText('Testi di traduzione')).toBeTruthy();
  });
});
