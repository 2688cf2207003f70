import type { ReactElement } from 'react';
import { PageFrame } from '../../modules/ui/components/PageFrame';

/** /user — the signed-in user's own workspace, built in a later issue. */
export function UserPage(): ReactElement {
  return <PageFrame title="My Workspace" description="Your profile, practices and provider folder." />;
}
