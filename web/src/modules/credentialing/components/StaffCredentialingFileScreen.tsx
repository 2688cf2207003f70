import { LeftOutlined } from '@ant-design/icons';
import type { ReactElement } from 'react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../ui/components/PageFrame';
import { CredentialingFile } from './CredentialingFile';

/** /credentialing/:providerId — a provider's file for the practice staff who manage it (from their workspace's grid). */
export function StaffCredentialingFileScreen(): ReactElement {
  const { providerId = '' } = useParams<{ providerId: string }>();
  return (
    <PageFrame
      title="Credentialing"
      extra={
        <Link to="/user">
          <LeftOutlined /> My Workspace
        </Link>
      }
    >
      <CredentialingFile key={providerId} providerId={providerId} />
    </PageFrame>
  );
}
