import { useCanGoBack, useRouter } from '@tanstack/react-router';

/** Spec 1 §2.2: back returns to the previous state, or home if there is none. */
export const useGoBack = () => {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return () => (canGoBack ? router.history.back() : router.navigate({ to: '/' }));
};
