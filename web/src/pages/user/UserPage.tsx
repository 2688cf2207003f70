import { lazy, type ReactElement, Suspense } from 'react';
import { PageLoader } from '../../modules/ui/components/PageLoader';

const OwnWorkspaceScreen = lazy(() => import('../../modules/workspace').then((m) => ({ default: m.OwnWorkspaceScreen })));

/** /user — the signed-in user's own workspace. */
export function UserPage(): ReactElement {
  return (
    <Suspense fallback={<PageLoader />}>
      <OwnWorkspaceScreen />
    </Suspense>
  );
}
