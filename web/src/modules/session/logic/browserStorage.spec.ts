import { createCodecStorage, flagCodec, jsonCodec, rawStringCodec, type StringStore } from './browserStorage';

function memoryStore(initial: Record<string, string> = {}): StringStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

describe('browser storage codecs', () => {
  it('keeps a token as the bare string and removes it when cleared', () => {
    const store = memoryStore();
    const storage = createCodecStorage(rawStringCodec, () => store);
    storage.setItem('token', 'abc.def.ghi');
    expect(store.values.get('token')).toBe('abc.def.ghi');
    expect(storage.getItem('token', null)).toBe('abc.def.ghi');
    storage.setItem('token', null);
    expect(store.values.has('token')).toBe(false);
    expect(storage.getItem('token', null)).toBeNull();
  });

  it("keeps the signed-in flag as 'true' and removes it when false", () => {
    const store = memoryStore();
    const storage = createCodecStorage(flagCodec, () => store);
    storage.setItem('isSignedIn', true);
    expect(store.values.get('isSignedIn')).toBe('true');
    expect(storage.getItem('isSignedIn', false)).toBe(true);
    storage.setItem('isSignedIn', false);
    expect(store.values.has('isSignedIn')).toBe(false);
    expect(storage.getItem('isSignedIn', false)).toBe(false);
  });

  it('keeps JSON values and reads malformed or refused ones as null', () => {
    const store = memoryStore({ broken: '{nope', refused: '{"kind":"other"}' });
    const parse = (value: unknown) => (typeof value === 'object' && value !== null && (value as { kind?: string }).kind === 'user' ? (value as { kind: string }) : null);
    const storage = createCodecStorage(jsonCodec(parse), () => store);
    storage.setItem('user', { kind: 'user' });
    expect(store.values.get('user')).toBe('{"kind":"user"}');
    expect(storage.getItem('user', null)).toEqual({ kind: 'user' });
    expect(storage.getItem('broken', null)).toBeNull();
    expect(storage.getItem('refused', null)).toBeNull();
  });

  it('reads the initial value when there is no storage', () => {
    const storage = createCodecStorage(rawStringCodec, () => null);
    expect(storage.getItem('token', null)).toBeNull();
    expect(() => storage.setItem('token', 'x')).not.toThrow();
  });
});
