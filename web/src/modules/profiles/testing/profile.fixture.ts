import type { ProfileView } from '../api/profilesApi';

/** A provider's profile as getProviderProfile answers it, for the specs. */
export const sampleProfile: ProfileView = {
  _id: '0b0a7d4e-8e1b-4c1e-9a51-3f2f6c3a1d11',
  npi: '1234567893',
  firstName: 'Jane',
  middleName: null,
  lastName: 'Doe',
  displayName: 'Dr Jane Doe',
  userName: 'jdoe',
  email: 'jane@example.com',
  mobile: '+12025550147',
  phone: '+12025550148',
  fax: null,
  website: null,
  profileDescription: 'Family medicine',
  credentials: 'MD',
  specialty: 'Family Medicine',
  organization: null,
  mailingAddress: { streetAddress1: '100 Main Street', streetAddress2: null, suite: null, city: 'Springfield', state: 'IL', zip: '62701' },
  bannerImageUrl: null,
  avatarImageUrl: null,
  practices: [],
  isAdmin: false,
  isProvider: true,
  isMasterAdmin: false,
  lastUpdate: '2026-11-20T10:00:00.000Z',
};
