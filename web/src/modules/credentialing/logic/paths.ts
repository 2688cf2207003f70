/** The admin shell's files grid and one provider's file in it. */
export const ADMIN_FILES_PATH = '/admin/credentialing';
export const adminFilePath = (providerId: string): string => `${ADMIN_FILES_PATH}/${encodeURIComponent(providerId)}`;
/** A provider's file for the practice staff who manage it (outside the admin shell). */
export const staffFilePath = (providerId: string): string => `/credentialing/${encodeURIComponent(providerId)}`;
