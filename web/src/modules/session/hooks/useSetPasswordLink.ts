import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readInvitationLink, readSetPasswordLink } from '../logic/setPasswordLink';
import { invitationTokenAtom } from '../state/invitationTokenAtom';
import { resetPasswordDialogOpenAtom } from '../state/resetPasswordDialogOpenAtom';
import { returnPathAtom } from '../state/returnPathAtom';
import { setPasswordLinkEmailAtom } from '../state/setPasswordLinkAtom';

/**
 * Follows a set-password link (`/?setPassword=<email>&next=<path>`): opens the Set/Reset
 * Password dialog at its second step for that email (the temporary password is in the email),
 * keeps `next` (a same-origin relative path only) as where signing in lands, and takes the
 * query off the address. An invitation's one-time link (`/?invitation=<token>&next=<path>`)
 * opens "Set your password" for its token the same way.
 */
export function useSetPasswordLink(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const openReset = useSetAtom(resetPasswordDialogOpenAtom);
  useEffect(() => {
    const invitation = readInvitationLink(search);
    const link = invitation ? null : readSetPasswordLink(search);
    if (!invitation && !link) return;
    if (invitation) store.set(invitationTokenAtom, invitation.token);
    if (link) {
      store.set(setPasswordLinkEmailAtom, link.email);
      openReset(true);
    }
    const next = invitation?.next ?? link?.next;
    if (next) store.set(returnPathAtom, next);
    const rest = new URLSearchParams(search);
    rest.delete('setPassword');
    rest.delete('invitation');
    rest.delete('next');
    const query = rest.toString();
    void navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, { replace: true });
  }, [search, pathname, hash, navigate, store, openReset]);
}
