import '../lib/visually-hidden.css';
import './login.css';
import { resolveTheme, type Theme } from '@ricambi/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { http } from '../api/http.ts';
import { applyOverrides, initI18n, storedLanguage } from '../i18n/index.ts';
import { LoginDocument } from './LoginDocument.tsx';

// A signed-in visitor has nothing to sign in to: home (spec 1 §2.2). Anonymous, the call answers 401.
http.get('/api/account').then(
  () => window.location.replace('/'),
  () => undefined,
);
// Asked for with the page (sign-in.html preloads it); without it the default theme's look stands.
const themes = http.get<Theme[]>('/api/themes').catch((): Theme[] => []);
await initI18n();
void applyOverrides(storedLanguage());
const theme = resolveTheme(await themes, window.location.hostname, undefined);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing');
createRoot(rootElement).render(
  <StrictMode>
    <LoginDocument theme={theme} />
  </StrictMode>,
);
