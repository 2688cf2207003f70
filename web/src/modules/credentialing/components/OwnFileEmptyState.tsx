import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin } from 'antd';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { monitoringApi } from '../../monitoring';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { ADMIN_FILES_PATH } from '../logic/paths';

/** Who reads the own-file empty state: a provider, the master admin, credentialing staff, or a practice user without credentialing rights. */
export type OwnFileReader = 'provider' | 'masterAdmin' | 'staff' | 'noCredentialingRights' | 'notProvider';

/** What the Credentialing section tells the signed-in user who has no file of their own. */
export const OWN_FILE_EMPTY_TEXT: Record<OwnFileReader, string> = {
  provider: 'No credentialing file yet. Your practice’s credentialing staff start it; you will then fill in your application here.',
  masterAdmin: 'Credentialing files are kept for providers: you have none of your own. The providers’ files are in the admin screens.',
  staff:
    'Credentialing files are kept for providers: you have none of your own. As credentialing staff of your practice you work on its providers’ files: once started, they are listed below under ‘Files you manage’.',
  noCredentialingRights:
    'Credentialing files are kept for providers: you have none of your own, and your access in your practices includes no credentialing work, so there is nothing for you to do here. A Credentialer, Practice Manager or Practice Owner of your practice manages its providers’ files.',
  /** Whether the user is credentialing staff could not be learned. */
  notProvider: 'Credentialing files are kept for providers: you have none of your own.',
};

/**
 * The Credentialing section of one's own workspace without a file: a provider is told their staff
 * start it; anyone else is spoken to as who they are (the master admin, credentialing staff, or a
 * Member / Consultant who has no credentialing rights), from the server's answer whether they are
 * credentialing staff (the same call and cache entry as the account menu's exclusion list entry).
 */
export function OwnFileEmptyState(): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  const provider = Boolean(user?.isProvider) && !user?.isMasterAdmin;
  const access = useQuery({
    queryKey: ['monitoring', 'access', user?._id],
    queryFn: () => monitoringApi.access(),
    staleTime: 5 * 60_000,
    retry: false,
    enabled: Boolean(user) && !provider && !user?.isMasterAdmin,
  });
  const reader: OwnFileReader | null = provider
    ? 'provider'
    : user?.isMasterAdmin
      ? 'masterAdmin'
      : access.data
        ? access.data.searchExclusions
          ? 'staff'
          : 'noCredentialingRights'
        : access.isError
          ? 'notProvider'
          : null;
  if (!reader) {
    return (
      <Card>
        <Spin tip="Loading">
          <div />
        </Spin>
      </Card>
    );
  }
  return (
    <Card>
      <Empty description={<span data-testid="own-file-empty">{OWN_FILE_EMPTY_TEXT[reader]}</span>}>
        {reader === 'masterAdmin' ? <Link to={ADMIN_FILES_PATH}>Open the credentialing files</Link> : null}
      </Empty>
    </Card>
  );
}
