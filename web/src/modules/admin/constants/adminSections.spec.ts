import { adminPath, adminSectionOf, adminSectionTitle, ADMIN_MENU_GROUPS } from './adminSections';

describe('admin sections', () => {
  it('has the two menu groups of the spec with their entries in order', () => {
    expect(ADMIN_MENU_GROUPS.map((group) => group.title)).toEqual(['Profiles', 'Revenue Cycle Management']);
    expect(ADMIN_MENU_GROUPS[0]?.entries.map((entry) => entry.title)).toEqual([
      'User Profiles',
      'Practice Profiles',
      'Facility Profiles',
      'Company Profiles',
      'Payer Profiles',
      'Credentialing',
      'Committee',
      'OIG Exclusion List',
    ]);
    expect(ADMIN_MENU_GROUPS[1]?.entries.map((entry) => adminPath(entry.section))).toEqual(['/admin/cases', '/admin/payments']);
  });

  it('finds the section of a path and its header title', () => {
    expect(adminSectionOf('/admin/users/provider')).toBe('users');
    expect(adminSectionOf('/admin/profile/contact')).toBe('profile');
    expect(adminSectionOf('/admin/unknown')).toBeNull();
    expect(adminSectionOf('/administrator')).toBeNull();
    expect(adminSectionTitle('facilities')).toBe('Facility Profiles');
    expect(adminSectionOf('/admin/credentialing/0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a01')).toBe('credentialing');
    expect(adminSectionOf('/admin/exclusions')).toBe('exclusions');
    expect(adminSectionTitle('exclusions')).toBe('OIG Exclusion List');
    expect(adminSectionTitle(null)).toBe('');
  });
});
