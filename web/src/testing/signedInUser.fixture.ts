import type { SignedInUser } from '../modules/session/types/signedInUser';

/** The master admin as verify2FaForLogin returns it, for unit specs. */
export const masterAdminUser: SignedInUser = {
  _id: 'u1',
  userName: 'masteradmin',
  displayName: 'Master Admin',
  firstName: 'Master',
  lastName: 'Admin',
  email: 'admin@e2e.test',
  mobile: '+12025550123',
  loggedInAs: 'admin',
  isAdmin: true,
  isProvider: false,
  isMasterAdmin: true,
  notificationsCount: 2,
};
