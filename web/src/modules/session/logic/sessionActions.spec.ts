import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { createStore } from 'jotai';
import { isSignedInAtom } from '../state/isSignedInAtom';
import { loggedOutByUserAtom } from '../state/loggedOutByUserAtom';
import { signedInUserAtom } from '../state/signedInUserAtom';
import { twoFactorPhoneAtom } from '../state/twoFactorPhoneAtom';
import type { SignedInUser } from '../types/signedInUser';
import { clearSession, keepTwoFactorChallenge, startSession } from './sessionActions';
import { SESSION_STORAGE_KEYS } from './sessionKeys';

class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

const user: SignedInUser = masterAdminUser;

describe('session state kept in the browser', () => {
  let storage: MemoryStorage;
  const globals = globalThis as { localStorage?: unknown };

  beforeEach(() => {
    storage = new MemoryStorage();
    globals.localStorage = storage;
  });

  afterEach(() => {
    delete globals.localStorage;
  });

  it('keeps the two-factor token and the entered email or user name after the first sign-in step', () => {
    const store = createStore();
    keepTwoFactorChallenge(store, { twoFactorAuthToken: '2fa-token', usernameOrEmail: 'admin@e2e.test', phone: '***-***-0123' });
    expect(storage.getItem(SESSION_STORAGE_KEYS.twoFactorAuthToken)).toBe('2fa-token');
    expect(storage.getItem(SESSION_STORAGE_KEYS.usernameOrEmail)).toBe('admin@e2e.test');
    expect(store.get(twoFactorPhoneAtom)).toBe('***-***-0123');
    expect(store.get(isSignedInAtom)).toBe(false);
  });

  it('stores the token, the user record and the signed-in flag after a verified sign-in', () => {
    const store = createStore();
    store.set(loggedOutByUserAtom, true);
    startSession(store, { token: 'jwt-1', user });
    expect(storage.getItem(SESSION_STORAGE_KEYS.token)).toBe('jwt-1');
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEYS.user) ?? 'null')).toMatchObject({ _id: 'u1', userName: 'masteradmin' });
    expect(storage.getItem(SESSION_STORAGE_KEYS.signedIn)).toBe('true');
    expect(store.get(isSignedInAtom)).toBe(true);
    expect(store.get(loggedOutByUserAtom)).toBe(false);
  });

  /** The atoms read localStorage when their module loads (as on a page load): load them afresh. */
  function freshAtoms(): { isSignedIn: typeof isSignedInAtom; user: typeof signedInUserAtom } {
    let loaded!: { isSignedIn: typeof isSignedInAtom; user: typeof signedInUserAtom };
    jest.isolateModules(() => {
      loaded = {
        isSignedIn: require('../state/isSignedInAtom').isSignedInAtom,
        user: require('../state/signedInUserAtom').signedInUserAtom,
      };
    });
    return loaded;
  }

  it('restores a stored session on load', () => {
    storage.setItem('token', 'jwt-2');
    storage.setItem('user', JSON.stringify(user));
    storage.setItem('isSignedIn', 'true');
    const atoms = freshAtoms();
    const store = createStore();
    expect(store.get(atoms.isSignedIn)).toBe(true);
    expect(store.get(atoms.user)?.displayName).toBe('Master Admin');
  });

  it('is not signed in with a token but no user record', () => {
    storage.setItem('token', 'jwt-3');
    storage.setItem('isSignedIn', 'true');
    expect(createStore().get(freshAtoms().isSignedIn)).toBe(false);
  });

  it('reads a malformed stored user record as signed out', () => {
    storage.setItem('token', 'jwt-4');
    storage.setItem('user', '{not json');
    storage.setItem('isSignedIn', 'true');
    const atoms = freshAtoms();
    expect(createStore().get(atoms.user)).toBeNull();
    expect(createStore().get(atoms.isSignedIn)).toBe(false);
  });

  it('forgets the two-factor token, user, email or user name, token and signed-in flag on logout', () => {
    const store = createStore();
    keepTwoFactorChallenge(store, { twoFactorAuthToken: '2fa-token', usernameOrEmail: 'admin@e2e.test', phone: '0123' });
    startSession(store, { token: 'jwt-1', user });
    storage.setItem('storedAlert', '{"headerText":"kept"}');

    clearSession(store);

    for (const key of Object.values(SESSION_STORAGE_KEYS)) expect(storage.getItem(key)).toBeNull();
    expect(storage.getItem('storedAlert')).not.toBeNull();
    expect(store.get(isSignedInAtom)).toBe(false);
    expect(store.get(signedInUserAtom)).toBeNull();
    expect(store.get(twoFactorPhoneAtom)).toBeNull();
  });
});
