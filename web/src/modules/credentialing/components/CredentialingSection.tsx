import { Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import { type ReactElement, useState } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { staffFilePath } from '../logic/paths';
import { CredentialingFile } from './CredentialingFile';
import { CredentialingFilesScreen } from './CredentialingFilesScreen';

const useStyles = createStyles(({ css }) => ({
  shrink: css`
    min-width: 0;
  `,
  title: css`
    && {
      font-size: 18px;
    }
  `,
}));

/**
 * The workspace's Credentialing section: the profile's own file and, in a practice user's own
 * workspace, the files of the practices' providers they manage (Credentialer, Practice Manager,
 * Practice Owner: the server scopes the grid), shown once there is one.
 */
export function CredentialingSection({ userId }: { userId: string }): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const user = useAtomValue(signedInUserAtom);
  const [managed, setManaged] = useState(false);
  const own = user?._id === userId && !user.isMasterAdmin;
  return (
    <Flex vertical gap={token.marginLG} className={styles.shrink}>
      <CredentialingFile providerId={userId} />
      {own ? (
        <section
          aria-label="Files you manage"
          className={styles.shrink}
          // Run time: hidden until the grid has loaded a file of another provider (the spec reads it from the element).
          style={{ display: managed ? undefined : 'none' }}
        >
          <Typography.Title level={2} className={styles.title}>
            Files you manage
          </Typography.Title>
          <CredentialingFilesScreen
            openPath={staffFilePath}
            // The grid also lists a provider's own file: the section is for other providers' files.
            onPageLoad={(count, rows) => setManaged(count > 1 || rows.some((row) => row.providerId !== userId))}
          />
        </section>
      ) : null}
    </Flex>
  );
}
