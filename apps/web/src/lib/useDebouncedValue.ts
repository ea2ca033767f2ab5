import { useEffect, useState } from 'react';

/** The value, once it has stayed the same for `ms` (a search box waits for the typing to stop). */
export const useDebouncedValue = <T>(value: T, ms: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};
