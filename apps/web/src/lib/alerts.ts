import { ALERT_TIMEOUT_MS } from '@ricambi/domain';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { ApiError } from '../api/http.ts';
import { i18next } from '../i18n/index.ts';

let notifier: NotificationInstance | undefined;
let onUnauthorized: (() => void) | undefined;

/** Wired once by the layout: antd's notification API (themed) and the sign-out action. */
export const connectAlerts = (api: NotificationInstance, unauthorized: () => void) => {
  notifier = api;
  onUnauthorized = unauthorized;
};

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key, params ?? {});
const known = (key: string | undefined): key is string => Boolean(key && i18next.exists(key));

/** The spec's error catalogue (spec 1 §8) in one place: what text a failed call shows. */
export const describeError = (error: unknown, fallbackKey = 'error.internal'): string => {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  const problem = error.problem;
  if (error.status === 0) return t('error.server.not.reachable');
  if (error.status === 404) return t('error.http.404');
  if (error.status === 400 && problem?.fieldErrors?.length) {
    return problem.fieldErrors
      .map((f) =>
        t('error.field', { name: t(`field.${f.field}`, { defaultValue: f.field }), message: t(f.message, f.params) }),
      )
      .join(' · ');
  }
  if (known(problem?.message) && problem.message !== 'error.internal') return t(problem.message, problem.params);
  return t(fallbackKey);
};

const isAccountPath = (url: string) => /^\/api\/(account|authentication|logout)(\/|$|\?)/.test(url);

/** Spec 1 §8: every alert, error or success, closes after 30 s; the same text is never stacked twice. */
const alertOf = (text: string) => ({
  key: text,
  title: text,
  duration: ALERT_TIMEOUT_MS / 1000,
  placement: 'bottomLeft' as const,
});

export const showError = (text: string) => {
  notifier?.error(alertOf(text));
};

export const showSuccess = (text: string) => {
  notifier?.success(alertOf(text));
};

/** The one handler for failed calls that no form handles itself. */
export const handleApiError = (error: unknown, fallbackKey?: string) => {
  if (error instanceof ApiError && error.status === 401) {
    if (!isAccountPath(error.url)) onUnauthorized?.();
    return;
  }
  showError(describeError(error, fallbackKey));
};
