import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { themesQuery } from '../../api/themes.api.ts';
import { account, renderApp, THEMES } from '../../test/render.tsx';

const dealer = account('dealer', ['ROLE_USER', 'ROLE_DEALER']);
const base = THEMES[0] as (typeof THEMES)[number];

// Issue 11, finding 6: the tracks-only theme offered "search by machine" on the spare-parts page.
describe('spare-parts page', () => {
  it('offers the search by machine under a theme with parts access', async () => {
    await renderApp('/spare-parts', { account: dealer });
    expect(await screen.findByText('Ricerca per macchina')).toBeTruthy();
  });

  it('hides the search by machine under a tracks-only theme', async () => {
    const { queryClient } = await renderApp('/spare-parts', { account: dealer });
    await screen.findByText('Ricerca per macchina');
    act(() => queryClient.setQueryData(themesQuery.queryKey, [{ ...base, canAccessParts: false }]));
    await waitFor(() => expect(screen.queryByText('Ricerca per macchina')).toBeNull());
    expect(screen.getByText('Cingoli in gomma per dimensioni')).toBeTruthy();
  });

  it('asks for a term on /search-full/%20 instead of "term: Questo campo è obbligatorio."', async () => {
    await renderApp('/search-full/%20', { account: dealer });
    expect((await screen.findByTestId('empty-term')).textContent).toContain('Scrivi che cosa cercare');
    expect(document.body.textContent).not.toContain('term:');
  });
});
