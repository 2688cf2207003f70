import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactElement, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../ui/components/PageLoader';
import { isSignedInAtom } from '../state/isSignedInAtom';
import { loggedOutByUserAtom } from '../state/loggedOutByUserAtom';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { returnPathAtom } from '../state/returnPathAtom';
import { tokenAtom } from '../state/tokenAtom';

function RedirectToLogIn(): ReactElement {
  const openLogIn = useSetAtom(loginDialogOpenAtom);
  const setReturnPath = useSetAtom(returnPathAtom);
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    setReturnPath(`${pathname}${search}${hash}`);
    openLogIn(true);
  }, [openLogIn, setReturnPath, pathname, search, hash]);
  return <Navigate to="/" replace />;
}

/**
 * Route guard for the signed-in screens: signed out, they redirect home and open the Log In
 * dialog, keeping the page asked for so that signing in lands there (just home after a logout). With a token whose user record is still being restored,
 * a loader shows until the signed-in check answers.
 */
export function RequireSignedIn(): ReactElement {
  const signedIn = useAtomValue(isSignedInAtom);
  const token = useAtomValue(tokenAtom);
  const loggedOutByUser = useAtomValue(loggedOutByUserAtom);
  if (signedIn) return <Outlet />;
  if (token) return <PageLoader />;
  return loggedOutByUser ? <Navigate to="/" replace /> : <RedirectToLogIn />;
}
