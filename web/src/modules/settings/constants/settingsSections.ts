/** Sections of /settings/{section}, in their menu groups. */
export type SettingsSection =
  | 'loginCredentials'
  | 'securityEventsLog'
  | 'profileAccessManager'
  | 'messages'
  | 'notifications'
  | 'colorTheme'
  | 'paymentMethods'
  | 'invoices';

export type SettingsGroup = {
  title: string;
  sections: ReadonlyArray<{ section: SettingsSection; title: string }>;
};

export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    title: 'Security',
    sections: [
      { section: 'loginCredentials', title: 'Log In Credentials' },
      { section: 'securityEventsLog', title: 'Security Events Log' },
      { section: 'profileAccessManager', title: 'Profile Access Manager' },
    ],
  },
  {
    title: 'App Settings',
    sections: [
      { section: 'messages', title: 'Messages' },
      { section: 'notifications', title: 'Notifications' },
      { section: 'colorTheme', title: 'Color Theme' },
    ],
  },
  {
    title: 'Payment Methods & Invoices',
    sections: [
      { section: 'paymentMethods', title: 'Payment Methods' },
      { section: 'invoices', title: 'Invoices' },
    ],
  },
];

export const DEFAULT_SETTINGS_SECTION: SettingsSection = 'loginCredentials';

const ALL_SECTIONS = SETTINGS_GROUPS.flatMap((group) => group.sections);

/** The section for an address segment: itself when known, else Log In Credentials. */
export function resolveSettingsSection(value: string | undefined): SettingsSection {
  return ALL_SECTIONS.find((entry) => entry.section === value)?.section ?? DEFAULT_SETTINGS_SECTION;
}

export function settingsSectionTitle(section: SettingsSection): string {
  return ALL_SECTIONS.find((entry) => entry.section === section)?.title ?? '';
}

/** The address of a settings section. */
export function settingsPath(section: SettingsSection): string {
  return `/settings/${section}`;
}
