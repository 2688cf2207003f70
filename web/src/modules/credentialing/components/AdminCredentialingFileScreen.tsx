import type { ReactElement } from 'react';
import { useParams } from 'react-router';
import { Workspace } from '../../workspace/components/Workspace';
import { ADMIN_FILES_PATH } from '../logic/paths';

/** /admin/credentialing/:providerId — the provider's workspace open at their credentialing file (from the files grid). */
export function AdminCredentialingFileScreen(): ReactElement {
  const { providerId } = useParams<{ providerId: string }>();
  return <Workspace key={providerId} userId={providerId ?? null} title="Provider Profile" closeTo={ADMIN_FILES_PATH} initialSection="credentialing" />;
}
