import type { ReactElement } from 'react';
import { Alert, Flex, Tag, Typography } from 'antd';
import { credentialing } from '@app/contracts';

type FileFlagsProps = { committee: credentialing.FileCommitteeView | undefined; verifications: readonly { verificationId: string; credentialId: string | null }[] };

/** Where on the file page a flag's item is (the file gives its sections these ids). */
export function flagAnchor(flag: credentialing.FileFlag, verifications: FileFlagsProps['verifications']): string {
  switch (flag.item.kind) {
    case 'attestation':
      return '#attestation';
    case 'exclusion':
      return '#exclusion-matches';
    case 'credential':
      return `#credential-${flag.item.credentialId}`;
    case 'verification': {
      const id = flag.item.verificationId;
      const v = verifications.find((x) => x.verificationId === id);
      return v?.credentialId ? `#credential-${v.credentialId}` : '#automatic-checks';
    }
  }
}

/** At the top of the file: its committee route and flags, each linking to its item. */
export function FileFlags({ committee, verifications }: FileFlagsProps): ReactElement | null {
  if (!committee || (!committee.flags.length && !committee.route)) return null;
  const flagged = committee.flags.length > 0;
  return (
    <Alert
      type={flagged ? 'warning' : 'success'}
      showIcon
      aria-label="Committee flags"
      message={flagged ? `Flagged for the committee (${committee.flags.length})` : 'Clean file: the Medical Director may approve it alone'}
      description={
        flagged ? (
          <Flex vertical gap={4}>
            {committee.flags.map((f, i) => (
              <Typography.Link key={`${f.code}-${i}`} href={flagAnchor(f, verifications)}>
                <Tag color="orange">{credentialing.FLAG_LABELS[f.code]}</Tag>
                {f.message}
              </Typography.Link>
            ))}
          </Flex>
        ) : undefined
      }
    />
  );
}
