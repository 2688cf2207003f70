import type { ReactElement } from 'react';
import { Space, Tag } from 'antd';
import { useAtomValue } from 'jotai';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { useCommitteeRoles } from '../hooks/useCommitteeRoles';

/** The credentialing committee roles a user holds, listed in their profile (seen by themself, the committee and the master admin). */
export function CommitteeRoleTags({ userId }: { userId: string }): ReactElement | null {
  const own = useAtomValue(signedInUserAtom)?._id === userId;
  const roles = useCommitteeRoles();
  const listed = roles.data?.members.find((m) => m.userId === userId);
  const held = listed ?? (own ? roles.data?.me : undefined);
  if (!held || (!held.committeeMember && !held.medicalDirector)) return null;
  return (
    <Space size={4} aria-label="Committee roles">
      {held.committeeMember ? <Tag color="geekblue">Committee member</Tag> : null}
      {held.medicalDirector ? <Tag color="purple">Medical Director</Tag> : null}
    </Space>
  );
}
