/** Sections of the provider and own user workspaces (spec §2 "Provider workspace and own user workspace"). */
export type WorkspaceSection = 'about' | 'scheduling' | 'revenueCycle' | 'credentialing' | 'practices' | 'facilities' | 'companies';

export type WorkspaceGroup = { title: string | null; entries: ReadonlyArray<{ section: WorkspaceSection; title: string }> };

export const WORKSPACE_GROUPS: readonly WorkspaceGroup[] = [
  { title: null, entries: [{ section: 'about', title: 'About Profile' }] },
  {
    title: 'My Provider Folder',
    entries: [
      { section: 'scheduling', title: 'Scheduling' },
      { section: 'revenueCycle', title: 'Revenue Cycle Management' },
      { section: 'credentialing', title: 'Credentialing' },
    ],
  },
  {
    title: 'Entity Admin Privileges',
    entries: [
      { section: 'practices', title: 'Practices' },
      { section: 'facilities', title: 'Facilities' },
      { section: 'companies', title: 'Companies' },
    ],
  },
];

export const DEFAULT_WORKSPACE_SECTION: WorkspaceSection = 'about';

/** The section named by a path segment (/provider/credentialing), else the default one. */
export function sectionOfPath(segment: string | undefined): WorkspaceSection {
  return WORKSPACE_GROUPS.flatMap((group) => group.entries).find((entry) => entry.section === segment)?.section ?? DEFAULT_WORKSPACE_SECTION;
}

export function workspaceSectionTitle(section: WorkspaceSection): string {
  return WORKSPACE_GROUPS.flatMap((group) => group.entries).find((entry) => entry.section === section)?.title ?? '';
}

/** localStorage key of the practice opened from a practices list. */
export const PRACTICE_STORAGE_KEY = 'practice';
export const PRACTICE_PATH = '/practice';

/** Where a workspace's close icon goes: the admin users list for a master admin, else the own workspace. */
export function workspaceClosePath(user: { isMasterAdmin: boolean } | null): string {
  return user?.isMasterAdmin ? '/admin/users' : '/user';
}
