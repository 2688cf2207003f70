/** Sections of the admin shell (/admin/{section}) in their side-menu groups (spec §2 "Admin shell"). */
export type AdminSection = 'profile' | 'users' | 'practices' | 'facilities' | 'companies' | 'payers' | 'credentialing' | 'committee' | 'exclusions' | 'cases' | 'payments';

export type AdminMenuEntry = { section: Exclude<AdminSection, 'profile'>; title: string };
export type AdminMenuGroup = { title: string; entries: readonly AdminMenuEntry[] };

export const ADMIN_BASE_PATH = '/admin';

export const ADMIN_MENU_GROUPS: readonly AdminMenuGroup[] = [
  {
    title: 'Profiles',
    entries: [
      { section: 'users', title: 'User Profiles' },
      { section: 'practices', title: 'Practice Profiles' },
      { section: 'facilities', title: 'Facility Profiles' },
      { section: 'companies', title: 'Company Profiles' },
      { section: 'payers', title: 'Payer Profiles' },
      { section: 'credentialing', title: 'Credentialing' },
      { section: 'committee', title: 'Committee' },
      // The OIG exclusion list (LEIE) search (the server lets staff and admins search).
      { section: 'exclusions', title: 'OIG Exclusion List' },
    ],
  },
  {
    title: 'Revenue Cycle Management',
    entries: [
      { section: 'cases', title: 'Case Ledger' },
      { section: 'payments', title: 'Payment Ledger' },
    ],
  },
];

const ALL_ENTRIES = ADMIN_MENU_GROUPS.flatMap((group) => group.entries);

/** The address of an admin section. */
export function adminPath(section: AdminSection): string {
  return `${ADMIN_BASE_PATH}/${section}`;
}

/** The admin profile's About tab: where the mini user card and a master admin's sign-in land. */
export const ADMIN_PROFILE_PATH = '/admin/profile/about';

/** The section a path under /admin belongs to (its first segment), or null for an unknown one. */
export function adminSectionOf(pathname: string): AdminSection | null {
  const rest = pathname.startsWith(`${ADMIN_BASE_PATH}/`) ? pathname.slice(ADMIN_BASE_PATH.length + 1) : '';
  const first = rest.split('/')[0] ?? '';
  if (first === 'profile') return 'profile';
  return ALL_ENTRIES.find((entry) => entry.section === first)?.section ?? null;
}

/** The header title of a section: the menu title for users, practices, facilities and companies (and the others). */
export function adminSectionTitle(section: AdminSection | null): string {
  if (section === 'profile') return 'My Profile';
  return ALL_ENTRIES.find((entry) => entry.section === section)?.title ?? '';
}
