import type { ReactElement } from 'react';
import { PageFrame } from '../../modules/ui/components/PageFrame';

/** /admin/* — the admin shell (profile, users, practices, facilities, companies), built in a later issue. */
export function AdminPage(): ReactElement {
  return (
    <PageFrame
      title="Admin"
      description="User, practice, facility and company profiles for administrators."
    />
  );
}
