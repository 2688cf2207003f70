import { resolveSettingsSection, SETTINGS_GROUPS, settingsPath, settingsSectionTitle } from './settingsSections';

describe('settings sections', () => {
  it('has eight sections in three groups', () => {
    expect(SETTINGS_GROUPS.map((group) => group.title)).toEqual(['Security', 'App Settings', 'Payment Methods & Invoices']);
    expect(SETTINGS_GROUPS.flatMap((group) => group.sections)).toHaveLength(8);
  });

  it('defaults to Log In Credentials', () => {
    expect(resolveSettingsSection(undefined)).toBe('loginCredentials');
    expect(resolveSettingsSection('unknown')).toBe('loginCredentials');
    expect(resolveSettingsSection('invoices')).toBe('invoices');
  });

  it('names each section', () => {
    expect(settingsSectionTitle('securityEventsLog')).toBe('Security Events Log');
  });

  it('addresses each section under /settings', () => {
    expect(settingsPath('loginCredentials')).toBe('/settings/loginCredentials');
  });
});
