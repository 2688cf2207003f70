import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { identityApi } from '../../session/api/identityApi';
import { refreshSignedInUser } from '../../session/logic/sessionActions';
import { isSignedInAtom } from '../../session/state/isSignedInAtom';
import { tokenAtom } from '../../session/state/tokenAtom';
import { realtimeConnection, setRealtimeRefusalListener } from '../api/realtimeClient';
import { revokesSession } from '../logic/tokenSessionId';
import { realtimeStatusAtom } from '../state/realtimeStatusAtom';
import { useRealtimeEvent } from './useRealtimeEvent';

/**
 * After a 'session-revoked-event' for this session, the wait before asking the server: a
 * logout or credential change made in this tab finishes its own flow (its alert, going home)
 * in the meantime and clears the token itself.
 */
export const REVOKED_CHECK_DELAY_MS = 1500;

type JotaiStore = ReturnType<typeof useStore>;

/**
 * Asks the server whether the session of `expected` is still signed in, if it is still the
 * held token: a 401 clears the session (the API client does that), a yes refreshes the user.
 */
function checkSession(store: JotaiStore, expected: string | null): void {
  if (!expected || store.get(tokenAtom) !== expected) return;
  identityApi
    .isSignedIn()
    .then((user) => {
      if (store.get(tokenAtom) === expected) refreshSignedInUser(store, user);
    })
    .catch(() => undefined);
}

/**
 * Keeps the realtime socket in step with the session (mounted once, in the app shell):
 * connected while signed in, disconnected on logout. When the server refuses the socket
 * ('unauthorized') or says this session was revoked, the session is checked over HTTP: a 401
 * there clears it, as for any call (the API client does that).
 */
export function useRealtimeSession(): void {
  const store = useStore();
  const token = useAtomValue(tokenAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const setStatus = useSetAtom(realtimeStatusAtom);
  const revokedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setStatus(realtimeConnection.status());
    return realtimeConnection.onStatus(setStatus);
  }, [setStatus]);

  useEffect(() => {
    realtimeConnection.setToken(signedIn ? token : null);
  }, [signedIn, token]);

  useEffect(() => {
    setRealtimeRefusalListener((reason) => {
      if (reason === 'unauthorized') checkSession(store, store.get(tokenAtom));
    });
    return () => {
      setRealtimeRefusalListener(null);
      clearTimeout(revokedTimer.current);
    };
  }, [store]);

  useRealtimeEvent('session-revoked-event', (revoked) => {
    const current = store.get(tokenAtom);
    if (!current || !revokesSession(revoked, current)) return;
    clearTimeout(revokedTimer.current);
    revokedTimer.current = setTimeout(() => checkSession(store, current), REVOKED_CHECK_DELAY_MS);
  });
}
