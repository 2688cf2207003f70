import { useCallback, useState } from 'react';

/** Form values with the set of fields the user edited (messages show only for those). */
export function useFormState<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [edited, setEdited] = useState<ReadonlySet<keyof V>>(new Set());
  const set = useCallback((field: keyof V, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => (current.has(field) ? current : new Set([...current, field])));
  }, []);
  const reset = useCallback((next: V) => {
    setValues(next);
    setEdited(new Set());
  }, []);
  /** Fills values without marking them edited (prefill). */
  const fill = useCallback((next: Partial<V>) => setValues((current) => ({ ...current, ...next })), []);
  return { values, edited, set, reset, fill };
}
