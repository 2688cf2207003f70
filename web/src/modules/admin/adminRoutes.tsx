import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/**
 * The screens of the admin shell, one lazy entry per section. A feature swaps its screen in by
 * changing its one line (e.g. facilities: `lazy(() => import('../facilities').then((m) => ({ default: m.FacilitiesScreen })))`).
 */
export const ADMIN_SCREENS = {
  profile: lazy(() => import('../profiles').then((m) => ({ default: m.AdminProfileScreen }))),
  users: lazy(() => import('../users').then((m) => ({ default: m.UsersScreen }))),
  provider: lazy(() => import('../workspace').then((m) => ({ default: m.ProviderWorkspaceScreen }))),
  practices: lazy(() => import('../practices').then((m) => ({ default: m.PracticesScreen }))),
  facilities: lazy(() => import('../facilities').then((m) => ({ default: m.FacilitiesScreen }))),
  companies: lazy(() => import('./components/SectionPlaceholder').then((m) => ({ default: m.CompaniesPlaceholder }))),
  payers: lazy(() => import('./components/SectionPlaceholder').then((m) => ({ default: m.PayersPlaceholder }))),
  credentialing: lazy(() => import('../credentialing').then((m) => ({ default: m.CredentialingFilesScreen }))),
  credentialingFile: lazy(() => import('../credentialing').then((m) => ({ default: m.AdminCredentialingFileScreen }))),
  exclusions: lazy(() => import('../monitoring').then((m) => ({ default: m.ExclusionSearchScreen }))),
  committee: lazy(() => import('../committee').then((m) => ({ default: m.CommitteeScreen }))),
  committeeMeeting: lazy(() => import('../committee').then((m) => ({ default: m.MeetingScreen }))),
  cases: lazy(() => import('./components/SectionPlaceholder').then((m) => ({ default: m.CaseLedgerPlaceholder }))),
  payments: lazy(() => import('./components/SectionPlaceholder').then((m) => ({ default: m.PaymentLedgerPlaceholder }))),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

export type AdminRoute = { path: string; Screen: LazyExoticComponent<ComponentType> };

/** The admin shell's routes, relative to /admin. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: 'profile/*', Screen: ADMIN_SCREENS.profile },
  { path: 'users', Screen: ADMIN_SCREENS.users },
  { path: 'users/provider', Screen: ADMIN_SCREENS.provider },
  { path: 'practices/*', Screen: ADMIN_SCREENS.practices },
  { path: 'facilities/*', Screen: ADMIN_SCREENS.facilities },
  { path: 'companies', Screen: ADMIN_SCREENS.companies },
  { path: 'payers', Screen: ADMIN_SCREENS.payers },
  { path: 'credentialing', Screen: ADMIN_SCREENS.credentialing },
  { path: 'credentialing/:providerId', Screen: ADMIN_SCREENS.credentialingFile },
  { path: 'exclusions', Screen: ADMIN_SCREENS.exclusions },
  { path: 'committee', Screen: ADMIN_SCREENS.committee },
  { path: 'committee/meetings/:meetingId', Screen: ADMIN_SCREENS.committeeMeeting },
  { path: 'cases', Screen: ADMIN_SCREENS.cases },
  { path: 'payments', Screen: ADMIN_SCREENS.payments },
];
