import { lazy, type ReactElement, Suspense } from 'react';
import { PageLoader } from '../../modules/ui/components/PageLoader';

const ProviderWorkspaceScreen = lazy(() => import('../../modules/workspace').then((m) => ({ default: m.ProviderWorkspaceScreen })));

/** /provider — the provider profile workspace. */
export function ProviderPage(): ReactElement {
  return (
    <Suspense fallback={<PageLoader />}>
      <ProviderWorkspaceScreen />
    </Suspense>
  );
}
