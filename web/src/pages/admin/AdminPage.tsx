import { type ReactElement, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ADMIN_ROUTES } from '../../modules/admin/adminRoutes';
import { AdminShell } from '../../modules/admin/components/AdminShell';
import { ADMIN_PROFILE_PATH } from '../../modules/admin/constants/adminSections';
import { PageLoader } from '../../modules/ui/components/PageLoader';
import { NotFoundPage } from '../not-found/NotFoundPage';

/** /admin/* — the admin shell around its sections (profile, users, practices, facilities, companies, ...). */
export function AdminPage(): ReactElement {
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
