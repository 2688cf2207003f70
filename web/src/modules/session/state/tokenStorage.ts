/** The synchronous storage shape jotai's atomWithStorage accepts. */
type SyncValueStorage<Value> = {
  getItem: (key: string, initialValue: Value) => Value;
  setItem: (key: string, newValue: Value) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: Value) => void, initialValue: Value) => (() => void) | undefined;
};

/**
 * localStorage holding the token as the bare string (not JSON-quoted), so code that reads
 * localStorage.getItem('token') directly sees the token itself.
 */
export const rawTokenStorage: SyncValueStorage<string | null> = {
  getItem: (key, initialValue) => {
    try {
      return window.localStorage.getItem(key) ?? initialValue;
    } catch {
      return initialValue;
    }
  },
  setItem: (key, value) => {
    if (value === null || value === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  },
  removeItem: (key) => window.localStorage.removeItem(key),
  subscribe: (key, callback, initialValue) => {
    const onStorage = (event: StorageEvent): void => {
      if (event.storageArea === window.localStorage && event.key === key) callback(event.newValue ?? initialValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};
