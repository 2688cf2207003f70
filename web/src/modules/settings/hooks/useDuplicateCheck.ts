import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';

/**
 * Whether a value is already in use, checked 300 ms after it stops changing and only while
 * `checkable` holds for it. Gives null while unknown (not checkable, pending or failed).
 */
export function useDuplicateCheck(
  value: string,
  checkable: (value: string) => boolean,
  isDuplicate: (value: string) => Promise<boolean>,
): boolean | null {
  const debounced = useDebouncedValue(value);
  const [answer, setAnswer] = useState<{ value: string; duplicate: boolean } | null>(null);
  const ready = checkable(debounced);

  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    isDuplicate(debounced)
      .then((duplicate) => {
        if (!cancelled) setAnswer({ value: debounced, duplicate });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // isDuplicate is a stable API function; the check reruns when the value changes.
  }, [debounced, ready]);

  return answer && answer.value === value && checkable(value) ? answer.duplicate : null;
}
