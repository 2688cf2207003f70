import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { ProfileCard, type ProfileTab } from './ProfileCard';

/** /admin/profile/{about|contact}: the signed-in admin's own profile. */
export function AdminProfileScreen(): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  const navigate = useNavigate();
  const tab = useParams()['*'];
  if (tab !== 'about' && tab !== 'contact') return <Navigate to="/admin/profile/about" replace />;
  if (!user) return <Navigate to="/" replace />;
  return <ProfileCard variant="admin" userId={user._id} tab={tab} onTabChange={(next: ProfileTab) => void navigate(`/admin/profile/${next}`)} />;
}
