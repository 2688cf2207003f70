/** The admin shell's files grid and one provider's file in it. */
export const ADMIN_FILES_PATH = '/admin/credentialing';
export const adminFilePath = (providerId: string): string => `${ADMIN_FILES_PATH}/${encodeURIComponent(providerId)}`;
/** A provider's file for the practice staff who manage it (outside the admin shell). */
export const staffFilePath = (providerId: string): string => `/credentialing/${encodeURIComponent(providerId)}`;
/** The provider's own file, in their workspace. */
export const OWN_FILE_PATH = '/provider/credentialing';

/** Where a provider's file opens for the signed-in user: the admin shell for the master admin, the own workspace for the provider, else the staff route. */
export function filePathFor(user: { _id: string; isMasterAdmin: boolean } | null, providerId: string): string {
  if (user?.isMasterAdmin) return adminFilePath(providerId);
  if (user?._id === providerId) return OWN_FILE_PATH;
  return staffFilePath(providerId);
}
