import { useEffect, useState } from 'react';
import { DEBOUNCE_MS } from '../../layout/constants/breakpoints';

/** The value, updated only after it has stopped changing for the delay (300 ms by default). */
export function useDebouncedValue<T>(value: T, delayMs: number = DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
