import { useAtomValue } from 'jotai';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';

/** Where a credentialing file opens for the signed-in user: the admin shell's for the master admin, the staff screen for committee members. */
export function useFileHref(): (providerId: string) => string {
  const isMasterAdmin = useAtomValue(signedInUserAtom)?.isMasterAdmin === true;
  return (providerId) => (isMasterAdmin ? `/admin/credentialing/${providerId}` : `/credentialing/${providerId}`);
}
