/** The synchronous storage shape jotai's atomWithStorage accepts. */
export type SyncValueStorage<Value> = {
  getItem: (key: string, initialValue: Value) => Value;
  setItem: (key: string, newValue: Value) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: Value) => void, initialValue: Value) => (() => void) | undefined;
};

/** The part of Web Storage these helpers use. */
export type StringStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** window.localStorage, or null where there is none (tests, private modes that throw). */
export function browserLocalStorage(): StringStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Calls back when another tab changes the key (the 'storage' event). */
function subscribeToKey(key: string, onChange: (raw: string | null) => void): (() => void) | undefined {
  if (typeof window === 'undefined') return undefined;
  const onStorage = (event: StorageEvent): void => {
    if (event.key === key) onChange(event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * A codec between a stored string and a value: `decode` turns the raw string (null when
 * absent) into the value; `encode` gives the string to store, or null to remove the key.
 */
export type StorageCodec<Value> = {
  decode: (raw: string | null, initialValue: Value) => Value;
  encode: (value: Value) => string | null;
};

/** Storage for atomWithStorage over a string store, with a codec. Failures to read give the initial value. */
export function createCodecStorage<Value>(codec: StorageCodec<Value>, getStore: () => StringStore | null = browserLocalStorage): SyncValueStorage<Value> {
  return {
    getItem: (key, initialValue) => {
      try {
        return codec.decode(getStore()?.getItem(key) ?? null, initialValue);
      } catch {
        return initialValue;
      }
    },
    setItem: (key, value) => {
      const store = getStore();
      if (!store) return;
      const raw = codec.encode(value);
      if (raw === null) store.removeItem(key);
      else store.setItem(key, raw);
    },
    removeItem: (key) => getStore()?.removeItem(key),
    subscribe: (key, callback, initialValue) => subscribeToKey(key, (raw) => callback(codec.decode(raw, initialValue))),
  };
}

/** A string kept as itself (not JSON-quoted); null or '' removes the key. */
export const rawStringCodec: StorageCodec<string | null> = {
  decode: (raw, initialValue) => (raw === null || raw === '' ? initialValue : raw),
  encode: (value) => (value === null || value === '' ? null : value),
};

/** A flag kept as 'true'; false removes the key. */
export const flagCodec: StorageCodec<boolean> = {
  decode: (raw) => raw === 'true',
  encode: (value) => (value ? 'true' : null),
};

/** JSON, checked with `parse` (which returns null for values it does not accept); null removes the key. */
export function jsonCodec<Value>(parse: (value: unknown) => Value | null): StorageCodec<Value | null> {
  return {
    decode: (raw) => {
      if (raw === null || raw === '') return null;
      try {
        return parse(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    encode: (value) => (value === null ? null : JSON.stringify(value)),
  };
}
