import type { ReactElement } from 'react';
import { PageFrame } from '../../modules/ui/components/PageFrame';

/** /provider — the provider profile workspace, built in a later issue. */
export function ProviderPage(): ReactElement {
  return <PageFrame title="Provider Profile" description="The provider folder and entity admin privileges." />;
}
