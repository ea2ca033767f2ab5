import { isLanguage, type Language } from '@ricambi/domain';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, theme as antTheme, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../i18n/index.ts';
import { handleApiError } from '../lib/alerts.ts';
import { useActiveTheme } from '../lib/theme.context.ts';
import { antdTheme } from '../lib/theme.tokens.ts';
import { useReducedMotion } from '../lib/useReducedMotion.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: boolean; errorKey?: string };
    mutationMeta: { handlesErrors?: boolean; errorKey?: string };
  }
}

/** Failed calls reach the user through the one alert mapper, unless the caller handles them. */
export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) handleApiError(error, query.meta?.errorKey);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        if (!mutation.meta?.handlesErrors) handleApiError(error, mutation.meta?.errorKey);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && 'status' in error && error.status === 0,
        refetchOnWindowFocus: false,
      },
    },
  });

/**
 * Alerts stay 30 s (spec 1 §8), so they open at the bottom left: at the top right they covered the
 * page's main button ("New …", "Send") and the first rows' actions meanwhile, and at the top the
 * menu, the cart and the language button. Bottom left lie only the first columns of a list.
 */
const NOTIFICATIONS = { bottom: 24 } as const;

/**
 * Popups (select and typeahead lists, menus, tooltips, date pickers) of a control in the page open
 * inside the main landmark, so that their content belongs to a landmark (axe `region`). Those of
 * the header and of dialogs stay in the body: inside antd's dialog box a list lay under the form's
 * labels.
 */
export const popupContainer = (trigger?: HTMLElement) => trigger?.closest<HTMLElement>('main') ?? document.body;

/**
 * antd design tokens, locale and <html lang> from the active theme and language. The locales come
 * with the language's texts (i18n/<lang>.texts.ts), loaded before i18next switches to it.
 */
export const ThemedProviders = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const theme = useActiveTheme();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'it';
  const reducedMotion = useReducedMotion();
  const themed = antdTheme(theme?.tokens);
  useEffect(() => {
    document.documentElement.lang = lang;
    dayjs.locale(lang);
  }, [lang]);
  return (
    <ConfigProvider
      locale={antdLocaleOf(lang)}
      getPopupContainer={popupContainer}
      theme={{
        algorithm: antTheme.defaultAlgorithm,
        ...themed,
        token: { ...themed.token, motion: !reducedMotion },
      }}
    >
      <AntApp notification={NOTIFICATIONS}>{children}</AntApp>
    </ConfigProvider>
  );
};

export { QueryClientProvider };
