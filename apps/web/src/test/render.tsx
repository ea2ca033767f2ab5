import { type Account, LANGUAGES, type Language, type Theme } from '@ricambi/domain';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { accountQuery } from '../api/account.api.ts';
import { themesQuery } from '../api/themes.api.ts';
import { loadSignedInShell } from '../app/layout.tsx';
import { createQueryClient, QueryClientProvider, ThemedProviders } from '../app/providers.tsx';
import { createAppRouter } from '../app/router.tsx';
import { ROUTES } from '../app/routes.ts';
import { changeLanguage, initI18n, prefetchAppTexts } from '../i18n/index.ts';

// The pages load lazily; tests load them all when this file loads (outside the tests' timeouts), as a
// test's waits are shorter than a page's first transform. The signed-in shell and texts likewise.
await Promise.all([
  ...ROUTES.map((route) => route.component.preload?.()),
  loadSignedInShell(),
  ...LANGUAGES.map(prefetchAppTexts),
]);

export const THEMES: Theme[] = [
  {
    name: 'eurocomach',
    label: 'PARTS',
    title: 'Eurocomach Ricambi',
    logo: '/themes/eurocomach/logo.svg',
    hostNames: [],
    canAccessParts: true,
    canAccessTracks: true,
    isDefault: true,
    tokens: {
      colorPrimary: '#b44a06',
      colorLink: '#9a3f05',
      colorBgLayout: '#f4f2ef',
      colorHeaderBg: '#22262b',
      colorHeaderText: '#ffffff',
      borderRadius: 4,
      fontFamily: 'Arial',
    },
  },
  {
    name: 'tracks',
    label: 'TRACKS',
    title: 'Eurocomach Tracks',
    logo: '/themes/tracks/logo.svg',
    hostNames: [],
    canAccessParts: false,
    canAccessTracks: true,
    isDefault: false,
    tokens: {
      colorPrimary: '#0b6e62',
      colorLink: '#095c52',
      colorBgLayout: '#eef2f1',
      colorHeaderBg: '#15191c',
      colorHeaderText: '#ffffff',
      borderRadius: 6,
      fontFamily: 'Arial',
    },
  },
];

/** The whole app (router, guards, layout, theme) at `path`, with the account and themes already known. */
export const renderApp = async (path: string, options: { account?: Account | null; lang?: Language } = {}) => {
  await initI18n();
  await changeLanguage(options.lang ?? 'it');
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountQuery.queryKey, options.account ?? null);
  queryClient.setQueryData(themesQuery.queryKey, THEMES);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemedProviders>
        <RouterProvider router={router} />
      </ThemedProviders>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
};

export const account = (login: string, authorities: string[]): Account => ({
  login,
  email: `${login}@example.com`,
  firstName: 'Test',
  lastName: 'User',
  langKey: 'it',
  activated: true,
  authorities,
  tema: 'eurocomach',
});
