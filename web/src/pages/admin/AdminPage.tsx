import { useAtomValue } from 'jotai';
import { type ReactElement, Suspense, useEffect, useRef } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ADMIN_ROUTES } from '../../modules/admin/adminRoutes';
import { AdminShell } from '../../modules/admin/components/AdminShell';
import { ADMIN_PROFILE_PATH } from '../../modules/admin/constants/adminSections';
import { useAlerts } from '../../modules/alerts';
import { signedInUserAtom } from '../../modules/session/state/signedInUserAtom';
import { PageLoader } from '../../modules/ui/components/PageLoader';
import { NotFoundPage } from '../not-found/NotFoundPage';

/** The toast a signed-in user without the admin identity sees when sent away from /admin. */
export const ADMIN_ONLY_ALERT = { headerText: 'Admin screens', bodyText: 'These screens are for administrators. Your workspace is here.' } as const;

/** Sends a signed-in user without the admin identity to /user, saying why (the server refuses their calls too). */
function NotAnAdmin(): ReactElement {
  const { pushAlert } = useAlerts();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    pushAlert({ ...ADMIN_ONLY_ALERT, headerIcon: 'warning', autoDismiss: true, autoDismissTime: 6000 });
  }, [pushAlert]);
  return <Navigate to="/user" replace />;
}

/** /admin/* — the admin shell around its sections (profile, users, practices, facilities, companies, ...); admins only. */
export function AdminPage(): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  if (user && !user.isAdmin && !user.isMasterAdmin) return <NotAnAdmin />;
  return (
    <AdminShell>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<Navigate to={ADMIN_PROFILE_PATH} replace />} />
          {ADMIN_ROUTES.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </AdminShell>
  );
}
