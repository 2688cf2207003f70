import { Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { type ReactElement, useState } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { staffFilePath } from '../logic/paths';
import { CredentialingFile } from './CredentialingFile';
import { CredentialingFilesScreen } from './CredentialingFilesScreen';

/**
 * The workspace's Credentialing section: the profile's own file and, in a practice user's own
 * workspace, the files of the practices' providers they manage (Credentialer, Practice Manager,
 * Practice Owner: the server scopes the grid), shown once there is one.
 */
export function CredentialingSection({ userId }: { userId: string }): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  const [managed, setManaged] = useState(false);
  const own = user?._id === userId && !user.isMasterAdmin;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24, minWidth: 0 }}>
      <CredentialingFile providerId={userId} />
      {own ? (
        <section aria-label="Files you manage" style={{ display: managed ? undefined : 'none', minWidth: 0 }}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            Files you manage
          </Typography.Title>
          <CredentialingFilesScreen
            openPath={staffFilePath}
            // The grid also lists a provider's own file: the section is for other providers' files.
            onPageLoad={(count, rows) => setManaged(count > 1 || rows.some((row) => row.providerId !== userId))}
          />
        </section>
      ) : null}
    </div>
  );
}
