import './app/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, QueryClientProvider, ThemedProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { applyOverrides, initI18n, storedLanguage } from './i18n/index.ts';

await initI18n();
void applyOverrides(storedLanguage());
const queryClient = createQueryClient();
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
