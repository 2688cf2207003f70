import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readSetPasswordLink } from '../logic/setPasswordLink';
import { resetPasswordDialogOpenAtom } from '../state/resetPasswordDialogOpenAtom';
import { returnPathAtom } from '../state/returnPathAtom';
import { setPasswordLinkEmailAtom } from '../state/setPasswordLinkAtom';

/**
 * Follows a set-password link (`/?setPassword=<email>&next=<path>`): opens the Set/Reset
 * Password dialog at its second step for that email (the temporary password is in the email),
 * keeps `next` (a same-origin relative path only) as where signing in lands, and takes the
 * query off the address.
 */
export function useSetPasswordLink(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const openReset = useSetAtom(resetPasswordDialogOpenAtom);
  useEffect(() => {
    const link = readSetPasswordLink(search);
    if (!link) return;
    store.set(setPasswordLinkEmailAtom, link.email);
    if (link.next) store.set(returnPathAtom, link.next);
    openReset(true);
    const rest = new URLSearchParams(search);
    rest.delete('setPassword');
    rest.delete('next');
    const query = rest.toString();
    void navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, { replace: true });
  }, [search, pathname, hash, navigate, store, openReset]);
}
