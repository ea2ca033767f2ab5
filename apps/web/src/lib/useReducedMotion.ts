import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const mediaQuery = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null);

const subscribe = (onChange: () => void) => {
  const media = mediaQuery();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
};

/** Whether the user asked the system for less motion (WCAG 2.3.3): dialogs, lists and alerts then appear at once. */
export const useReducedMotion = () =>
  useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches === true,
    () => false,
  );
