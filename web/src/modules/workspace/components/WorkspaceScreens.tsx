import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { useParams } from 'react-router';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { storedProviderId } from '../../users/logic/usersGrid';
import { sectionOfPath, workspaceClosePath } from '../constants/workspaceSections';
import { Workspace } from './Workspace';

/**
 * The provider workspace (/admin/users/provider, /provider): the provider kept in local storage
 * by the users grid when a master admin opened one, else the signed-in user's own provider profile.
 */
export function ProviderWorkspaceScreen(): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  const { section } = useParams<{ section?: string }>();
  const providerId = user?.isMasterAdmin ? (storedProviderId() ?? user._id) : (user?._id ?? null);
  return <Workspace userId={providerId} title="Provider Profile" closeTo={workspaceClosePath(user)} initialSection={sectionOfPath(section)} />;
}

/** The own user workspace (/user). */
export function OwnWorkspaceScreen(): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  return <Workspace userId={user?._id ?? null} title="My Workspace" />;
}
