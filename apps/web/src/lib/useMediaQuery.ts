import { useSyncExternalStore } from 'react';

const listOf = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether a CSS media query matches now, kept current as the window or the system setting changes. */
export const useMediaQuery = (query: string) =>
  useSyncExternalStore(
    (onChange) => {
      const list = listOf(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => listOf(query)?.matches === true,
    () => false,
  );
