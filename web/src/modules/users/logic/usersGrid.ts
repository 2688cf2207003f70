import type { ProfileView } from '../../profiles/api/profilesApi';

/** localStorage key of the provider opened from the users grid (spec §3 "Kept in the browser"). */
export const PROVIDER_STORAGE_KEY = 'provider';
export const PROVIDER_WORKSPACE_PATH = '/admin/users/provider';
export const ADDRESS_FILTER_HINT = 'Enter city, state code, or ZIP';
export const NOT_AVAILABLE = 'N/A';

/** The provider kept for the workspace: the grid row, as JSON. */
export function storeProvider(row: ProfileView, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(PROVIDER_STORAGE_KEY, JSON.stringify(row));
}

/** The id of the stored provider, or null when none (or unreadable). */
export function storedProviderId(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(PROVIDER_STORAGE_KEY) ?? 'null');
    return typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string' ? (value as { _id: string })._id : null;
  } catch {
    return null;
  }
}

/** 'Last, First' and the NPI (or the id) under it. */
export function nameLines(row: Pick<ProfileView, '_id' | 'firstName' | 'lastName' | 'npi' | 'displayName' | 'userName'>): { name: string; id: string } {
  const name = [row.lastName, row.firstName].filter(Boolean).join(', ') || row.displayName || row.userName;
  return { name, id: row.npi ? `NPI ${row.npi}` : row._id };
}

/** The primary practice address on one line. */
export function addressLine(address: ProfileView['mailingAddress']): string {
  return [address.streetAddress1, address.suite, address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The users grid's row menu (master admin only): the admin identity beside the provider one. */
export const ADMIN_ROLE_MENU = { grantAdmin: 'Grant Admin Identity', revokeAdmin: 'Revoke Admin Identity' } as const;
export type AdminRoleMenuKey = keyof typeof ADMIN_ROLE_MENU;

/** The row's menu entry: grant to a non-admin, revoke from an admin; none on the master admin's row. */
export function adminRoleMenuKey(row: Pick<ProfileView, 'isAdmin' | 'isMasterAdmin'>): AdminRoleMenuKey | null {
  if (row.isMasterAdmin) return null;
  return row.isAdmin ? 'revokeAdmin' : 'grantAdmin';
}

/** The users grid's row menu (master admin only): the credentialing committee's roles, granted and revoked like the admin identity. */
export const COMMITTEE_ROLE_MENU = {
  grantCommitteeMember: 'Designate Committee Member',
  revokeCommitteeMember: 'Revoke Committee Member',
  grantMedicalDirector: 'Designate Medical Director',
  revokeMedicalDirector: 'Revoke Medical Director',
} as const;
export type CommitteeRoleMenuKey = keyof typeof COMMITTEE_ROLE_MENU;
export type CommitteeRolesHeld = { committeeMember: boolean; medicalDirector: boolean };

/** The row's committee entries: designate what the user does not hold, revoke what they do; none on the master admin's row. */
export function committeeRoleMenuKeys(row: Pick<ProfileView, 'isMasterAdmin'>, held: CommitteeRolesHeld | undefined): CommitteeRoleMenuKey[] {
  if (row.isMasterAdmin) return [];
  return [held?.committeeMember ? 'revokeCommitteeMember' : 'grantCommitteeMember', held?.medicalDirector ? 'revokeMedicalDirector' : 'grantMedicalDirector'];
}

/** What a committee entry asks of the server: the role and whether it is granted. */
export function committeeRoleChange(key: CommitteeRoleMenuKey): { role: 'committeeMember' | 'medicalDirector'; granted: boolean } {
  return { role: key.endsWith('CommitteeMember') ? 'committeeMember' : 'medicalDirector', granted: key.startsWith('grant') };
}
