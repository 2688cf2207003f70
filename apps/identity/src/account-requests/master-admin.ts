import { Forbidden } from '@app/nest-kit';
import type { AccountLookup } from '../accounts/account-lookup';
import { requireActor } from '../sessions/actor';

/** The acting user, when they are the master admin: 401 without a session, 403 for anyone else. */
export async function requireMasterAdmin(lookup: AccountLookup): Promise<{ id: string }> {
  const me = await lookup.requireById(requireActor().userId);
  if (!me.isMasterAdmin) throw new Forbidden('Only the master admin may review account requests');
  return { id: me.id };
}
