import { MESSAGES } from '@app/validation';
import { sampleProfile } from '../testing/profile.fixture';
import { canSaveProfile, editProfileErrors, editValuesFrom, updateBodyOf } from './editProfileForm';
import { cropAspectRatio, isAcceptedImage } from './imageUpload';
import { formatPhone, stateRule, usMobileRule, websiteRule } from './profileRules';


describe('edit profile form', () => {
  it('takes a state, DC, a territory or a military mail code, and refuses a code that names none', () => {
    for (const ok of ['IL', 'dc', 'PR', 'GU', 'AE']) expect(stateRule(ok)).toBeNull();
    for (const bad of ['ZZ', 'ON', 'XX']) expect(stateRule(bad)).toBe('Invalid State');
  });

  it('copies the profile and accepts it as it is', () => {
    const values = editValuesFrom(sampleProfile);
    expect(values).toMatchObject({ displayName: 'Dr Jane Doe', userName: 'jdoe', street: '100 Main Street', state: 'IL', fax: '' });
    expect(editProfileErrors(values)).toEqual({});
    expect(canSaveProfile(values, 'jdoe', null)).toBe(true);
  });

  it('names every broken §5 rule with its message', () => {
    const values = { ...editValuesFrom(sampleProfile), displayName: 'J', userName: 'j doe', street: 'Main', city: 'X', state: 'ILL', zip: '123', phone: '555', fax: '12' };
    expect(editProfileErrors(values)).toEqual({
      displayName: MESSAGES.invalidDisplayName,
      userName: MESSAGES.invalidUserName,
      street: 'Invalid Street',
      city: 'Invalid City',
      state: 'Invalid State',
      zip: 'Invalid Zip',
      phone: MESSAGES.invalidPhone,
      fax: MESSAGES.invalidPhone,
    });
    expect(canSaveProfile(values, 'jdoe', false)).toBe(false);
  });

  it('shows stored E.164 phones as xxx-xxx-xxxx in the form', () => {
    expect(editValuesFrom({ ...sampleProfile, phone: '+17135550171', fax: '+17135550172' })).toMatchObject({ phone: '713-555-0171', fax: '713-555-0172' });
    expect(editProfileErrors(editValuesFrom({ ...sampleProfile, phone: '+17135550171' }))).toEqual({});
  });

  it('takes a 2-character display name on the own profile, but longer than 2 on the admin profile', () => {
    const values = { ...editValuesFrom(sampleProfile), displayName: 'Jo' };
    expect(editProfileErrors(values)).toEqual({});
    expect(editProfileErrors(values, 'admin')).toEqual({ displayName: MESSAGES.invalidDisplayName });
    expect(canSaveProfile(values, 'jdoe', null, 'admin')).toBe(false);
    expect(editProfileErrors({ ...values, displayName: 'Joe' }, 'admin')).toEqual({});
  });

  it('needs a changed user name to be checked free', () => {
    const values = { ...editValuesFrom(sampleProfile), userName: 'janed' };
    expect(canSaveProfile(values, 'jdoe', null)).toBe(false);
    expect(canSaveProfile(values, 'jdoe', true)).toBe(false);
    expect(canSaveProfile(values, 'jdoe', false)).toBe(true);
  });

  it('sends trimmed values with the state in capitals', () => {
    const body = updateBodyOf(sampleProfile._id, { ...editValuesFrom(sampleProfile), state: ' il ', displayName: ' Jane ' });
    expect(body).toMatchObject({ userId: sampleProfile._id, state: 'IL', displayName: 'Jane', streetAddress: '100 Main Street' });
  });
});

describe('field helpers', () => {
  it('shows phones as three-three-four', () => {
    expect(formatPhone('+12025550148')).toBe('202-555-0148');
    expect(formatPhone('2025550148')).toBe('202-555-0148');
    expect(formatPhone('')).toBe('');
  });

  it('checks websites and US mobiles', () => {
    expect(websiteRule('example.com')).toBeNull();
    expect(websiteRule('javascript:alert(1)')).toBe('Invalid Website');
    expect(usMobileRule('202-555-0147')).toBeNull();
    expect(usMobileRule('+92 300 1234567')).toBe(MESSAGES.invalidMobile);
  });

  it('crops banners 6:1 and avatars 1:1, and takes only png and jpeg', () => {
    expect(cropAspectRatio('banner')).toBe(6);
    expect(cropAspectRatio('avatar')).toBe(1);
    expect(isAcceptedImage({ name: 'me.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedImage({ name: 'me.gif', type: 'image/gif' })).toBe(false);
    expect(isAcceptedImage({ name: 'x.png', type: 'text/html' })).toBe(false);
  });
});
