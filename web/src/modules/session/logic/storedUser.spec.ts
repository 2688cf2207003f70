import { landingPathFor, parseStoredUser, profileSwitchFor } from './storedUser';

const usr = {
  _id: 'u1',
  userName: 'masteradmin',
  displayName: 'Master Admin',
  firstName: 'Master',
  lastName: 'Admin',
  email: 'admin@e2e.test',
  mobile: '+12025550123',
  avatarImageUrl: '',
  loggedInAs: 'admin',
  isAdmin: true,
  isProvider: false,
  isMasterAdmin: true,
  isAuditor: false,
  notificationsCount: 3,
};

describe('stored user record', () => {
  it('reads the user record the server answers', () => {
    expect(parseStoredUser(usr)).toMatchObject({ _id: 'u1', userName: 'masteradmin', isMasterAdmin: true, notificationsCount: 3 });
  });

  it('refuses values that are not a user record', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('masteradmin')).toBeNull();
    expect(parseStoredUser({ userName: 'x' })).toBeNull();
    expect(parseStoredUser({ _id: 'u1' })).toBeNull();
  });

  it('fills missing flags, display name and count', () => {
    const user = parseStoredUser({ _id: 'u2', userName: 'drjane', notificationsCount: 'x' });
    expect(user).toMatchObject({ displayName: 'drjane', isAdmin: false, isProvider: false, isMasterAdmin: false, loggedInAs: 'provider', notificationsCount: 0 });
  });

  it('sends a master admin to the admin profile and anyone else to their workspace', () => {
    expect(landingPathFor({ isMasterAdmin: true })).toBe('/admin/profile/about');
    expect(landingPathFor({ isMasterAdmin: false })).toBe('/user');
  });

  it('offers the profile switch only to users who are both admin and provider', () => {
    const both = { isAdmin: true, isProvider: true };
    expect(profileSwitchFor(both, '/provider')).toEqual({ label: 'Change to Admin Profile', to: '/admin/profile/about' });
    expect(profileSwitchFor(both, '/admin/users')).toEqual({ label: 'Change to Provider Profile', to: '/provider' });
    expect(profileSwitchFor(both, '/settings/loginCredentials')).toBeNull();
    expect(profileSwitchFor({ isAdmin: true, isProvider: false }, '/admin/users')).toBeNull();
    expect(profileSwitchFor({ isAdmin: false, isProvider: true }, '/provider')).toBeNull();
    expect(profileSwitchFor(both, '/administrator')).toBeNull();
  });
});
