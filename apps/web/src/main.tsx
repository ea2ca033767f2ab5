import './lib/visually-hidden.css';
import './app/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { accountQuery } from './api/account.api.ts';
import { themesQuery } from './api/themes.api.ts';
import { loadSignedInShell } from './app/layout.tsx';
import { createQueryClient, QueryClientProvider, ThemedProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { applyOverrides, initI18n, prefetchAppTexts, storedLanguage } from './i18n/index.ts';

const queryClient = createQueryClient();
// The first page needs the account and the themes: asked for now, while the texts are fetched; a
// signed-in user's header parts and texts are fetched as soon as the account says so (the router
// awaits them).
void queryClient.prefetchQuery(accountQuery).then(() => {
  if (!queryClient.getQueryData(accountQuery.queryKey)) return;
  loadSignedInShell().catch(() => undefined);
  void prefetchAppTexts(storedLanguage());
});
void queryClient.prefetchQuery(themesQuery);
await initI18n();
void applyOverrides(storedLanguage());
const router = createAppRouter(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing');
createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemedProviders>
        <RouterProvider router={router} />
      </ThemedProviders>
    </QueryClientProvider>
  </StrictMode>,
);
