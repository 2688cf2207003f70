import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { Outlet } from 'react-router';
import { AlertToasts } from '../../alerts/components/AlertToasts';
import { useSessionRestore } from '../../session/hooks/useSessionRestore';
import { isSignedInAtom } from '../../session/state/isSignedInAtom';
import { createTokenStyles } from '../../theme/tokenStyles';
import { TopBar } from './TopBar';

// Drawers and dialogs load right after the first paint, out of the landing page's initial
// JavaScript (the build's budget, web/vite.config.mts): a signed-out visitor needs none of them to see the page.
const SiteMapDrawer = lazy(() => import('./SiteMapDrawer').then((m) => ({ default: m.SiteMapDrawer })));
const SessionDialogs = lazy(() => import('../../session/components/SessionDialogs').then((m) => ({ default: m.SessionDialogs })));
const ContactDialog = lazy(() => import('./ContactDialog').then((m) => ({ default: m.ContactDialog })));
const Notifications = lazy(() => import('../../notifications/components/Notifications').then((m) => ({ default: m.Notifications })));
const SignedInRuntime = lazy(() => import('./SignedInRuntime').then((m) => ({ default: m.SignedInRuntime })));

const useStyles = createTokenStyles('app-layout', (token) => ({
  shell: { minHeight: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout },
  page: { flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 },
}));

/** True from the first moment a user is signed in on this page (and from then on). */
function useSignedInOnce(): boolean {
  const signedIn = useAtomValue(isSignedInAtom);
  const [once, setOnce] = useState(signedIn);
  if (signedIn && !once) setOnce(true);
  return once || signedIn;
}

/**
 * The global shell around every route: top bar, page, site map drawer, sign-in dialogs, the
 * notifications drawer and toasts; it keeps the realtime socket in step with the session.
 */
export function AppLayout(): ReactElement {
  const { styles } = useStyles();
  useSessionRestore();
  const signedInOnce = useSignedInOnce();
  return (
    <div className={styles.shell}>
      <TopBar />
      <div className={styles.page}>
        <Outlet />
      </div>
      <Suspense fallback={null}>
        <SiteMapDrawer />
        <SessionDialogs />
        <ContactDialog />
        <Notifications />
        {signedInOnce ? <SignedInRuntime /> : null}
      </Suspense>
      <AlertToasts />
    </div>
  );
}
