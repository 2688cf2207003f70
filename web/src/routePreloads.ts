/**
 * The modules a first open of a path runs beyond the entry: the route's lazy screen and the
 * lazy screens inside it (the admin shell's section, a workspace), for the gateway to name in the
 * page it serves for that path (`<link rel="modulepreload">`), so that the browser fetches them
 * beside the entry instead of one level after another. The build turns each module into its
 * chunk and everything that chunk imports (web/vite.config.mts, `routePreloads`), written to
 * dist/route-preloads.json; the gateway adds the files of every pattern that matches
 * (apps/gateway/src/web/spa.ts). Patterns as the router's: `:name` is one segment, a last `*`
 * any rest. Modules are paths under src/, without extension.
 *
 * A path missing here still works: its chunks load as the router and React ask for them.
 */
export const ROUTE_PRELOADS: ReadonlyArray<{ path: string; modules: readonly string[] }> = [
  // Every page but the prerendered landing page (index.html): what the shell loads right after its first render.
  { path: '*', modules: ['modules/shell/components/SiteMapDrawer', 'modules/session/components/SessionDialogs', 'modules/shell/components/ContactDialog', 'modules/notifications/components/Notifications'] },
  { path: '/legal/:tab', modules: ['pages/legal/LegalPage'] },
  { path: '/search', modules: ['pages/search/SearchPage'] },
  { path: '/kitchensink/*', modules: ['pages/kitchensink/KitchensinkPage'] },
  { path: '/kitchensink', modules: ['modules/kitchensink/components/IconsDemo'] },
  { path: '/kitchensink/grid', modules: ['modules/kitchensink/components/GridDemo'] },
  // Signed in: the realtime runtime and the admin shell or the workspace with its section.
  { path: '/admin/*', modules: ['modules/shell/components/SignedInRuntime', 'pages/admin/AdminPage'] },
  { path: '/admin/profile/*', modules: ['modules/profiles'] },
  { path: '/admin/users', modules: ['modules/users'] },
  { path: '/admin/users/provider', modules: ['modules/workspace'] },
  { path: '/admin/practices/*', modules: ['modules/practices'] },
  { path: '/admin/facilities/*', modules: ['modules/facilities'] },
  { path: '/admin/credentialing', modules: ['modules/credentialing'] },
  { path: '/admin/credentialing/:providerId', modules: ['modules/credentialing'] },
  { path: '/admin/exclusions', modules: ['modules/monitoring'] },
  { path: '/admin/committee/*', modules: ['modules/committee'] },
  { path: '/user', modules: ['modules/shell/components/SignedInRuntime', 'pages/user/UserPage', 'modules/workspace'] },
  { path: '/provider', modules: ['modules/shell/components/SignedInRuntime', 'pages/provider/ProviderPage', 'modules/workspace'] },
  { path: '/provider/:section', modules: ['modules/shell/components/SignedInRuntime', 'pages/provider/ProviderPage', 'modules/workspace'] },
  { path: '/provider/credentialing', modules: ['modules/credentialing'] },
  { path: '/credentialing/:providerId', modules: ['modules/shell/components/SignedInRuntime', 'modules/credentialing'] },
  { path: '/exclusions', modules: ['modules/shell/components/SignedInRuntime', 'pages/exclusions/ExclusionsPage'] },
  { path: '/committee/*', modules: ['modules/shell/components/SignedInRuntime', 'pages/committee/CommitteePage'] },
  { path: '/practice', modules: ['modules/shell/components/SignedInRuntime', 'pages/practice/PracticePage'] },
  { path: '/settings/:section', modules: ['modules/shell/components/SignedInRuntime', 'pages/settings/SettingsPage'] },
  { path: '/chat', modules: ['modules/shell/components/SignedInRuntime', 'pages/chat/ChatPage'] },
];
