import { useMediaQuery } from './useMediaQuery.ts';

/** Whether the user asked the system for less motion (WCAG 2.3.3): dialogs, lists and alerts then appear at once. */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
