import { useEffect } from 'react';
import { PageLoading } from '../../app/PageLoading.tsx';

/**
 * The address this document was loaded at. The server answers /login with the sign-in document, so
 * the app itself never starts there; a dev server without that rule would otherwise reload forever.
 */
const documentPath = () => {
  const [entry] = globalThis.performance?.getEntriesByType?.('navigation') ?? [];
  return new URL(entry?.name || window.location.href).pathname;
};

/**
 * /login inside the app (sign-out, an expired session, a page that needs an account): the sign-in
 * page is a document of its own (login/login.main.tsx, issue 11 §4), so the browser loads it.
 */
export const LoginRedirect = () => {
  useEffect(() => {
    if (documentPath() !== '/login') window.location.replace(`/login${window.location.search}`);
  }, []);
  return <PageLoading />;
};
