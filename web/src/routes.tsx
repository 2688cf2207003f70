import { getDefaultStore } from 'jotai';
import { lazy, Suspense } from 'react';
import { type LoaderFunctionArgs, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { DEFAULT_LEGAL_TAB, legalPath } from './modules/legal/constants/legalDocuments';
import { prefetchFile } from './modules/credentialing/logic/prefetchFile';
import { RequireSignedIn } from './modules/session/components/RequireSignedIn';
import { signedInUserAtom } from './modules/session/state/signedInUserAtom';
import { DEFAULT_SETTINGS_SECTION } from './modules/settings/constants/settingsSections';
import { AppLayout } from './modules/shell/components/AppLayout';
import { PageLoader } from './modules/ui/components/PageLoader';
import { HomePage } from './pages/home/HomePage';

// Every screen but the landing page loads on demand (route `lazy`: the router fetches the chunk
// before it renders the route), so a signed-out visitor's first load holds only the shell and
// the landing page (build budget in web/vite.config.mts). The component demo (the icons page
// bundles every icon) loads on demand too.
// The error page (antd Result) loads only when a route fails; the not-found page is a lazy route.
const RouteErrorPage = lazy(() => import('./pages/error/RouteErrorPage').then((m) => ({ default: m.RouteErrorPage })));
const KitchensinkPage = lazy(() => import('./pages/kitchensink/KitchensinkPage').then((m) => ({ default: m.KitchensinkPage })));
const IconsDemo = lazy(() => import('./modules/kitchensink/components/IconsDemo').then((m) => ({ default: m.IconsDemo })));
const TypographyDemo = lazy(() =>
  import('./modules/kitchensink/components/TypographyDemo').then((m) => ({ default: m.TypographyDemo })),
);
const ButtonsDemo = lazy(() => import('./modules/kitchensink/components/ButtonsDemo').then((m) => ({ default: m.ButtonsDemo })));
const NavbarDemo = lazy(() => import('./modules/kitchensink/components/NavbarDemo').then((m) => ({ default: m.NavbarDemo })));
const DatePickerDemo = lazy(() => import('./modules/kitchensink/components/DatePickerDemo').then((m) => ({ default: m.DatePickerDemo })));
const DrawersDemo = lazy(() => import('./modules/kitchensink/components/DrawersDemo').then((m) => ({ default: m.DrawersDemo })));
const DialogDemo = lazy(() => import('./modules/kitchensink/components/DialogDemo').then((m) => ({ default: m.DialogDemo })));
const FileDropDemo = lazy(() => import('./modules/kitchensink/components/FileDropDemo').then((m) => ({ default: m.FileDropDemo })));
const TabsDemo = lazy(() => import('./modules/kitchensink/components/TabsDemo').then((m) => ({ default: m.TabsDemo })));
const ToastsDemo = lazy(() => import('./modules/kitchensink/components/ToastsDemo').then((m) => ({ default: m.ToastsDemo })));
const LoadersDemo = lazy(() => import('./modules/kitchensink/components/LoadersDemo').then((m) => ({ default: m.LoadersDemo })));
const GridDemo = lazy(() => import('./modules/kitchensink/components/GridDemo').then((m) => ({ default: m.GridDemo })));

/** The credentialing module (the files grid, a file, the workspace's Credentialing section). */
const credentialingModule = () => import('./modules/credentialing');
/** A file's page in the admin shell (`/admin/credentialing/<providerId>`): its provider id. */
const ADMIN_FILE_PATH = /^credentialing\/([0-9a-f-]{36})\/?$/i;

const notFoundPage = () => import('./pages/not-found/NotFoundPage').then((m) => ({ Component: m.NotFoundPage }));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      {
        // Opened on a lazy route, the router first loads its chunk: the shell shows with a loader
        // in the page's place meanwhile (without one React Router renders nothing and warns
        // 'No HydrateFallback element').
        hydrateFallbackElement: <PageLoader />,
        errorElement: (
          <Suspense fallback={null}>
            <RouteErrorPage />
          </Suspense>
        ),
        children: [
          { index: true, element: <HomePage /> },
          {
            path: 'kitchensink',
            element: <KitchensinkPage />,
            children: [
              { index: true, element: <IconsDemo /> },
              { path: 'typography', element: <TypographyDemo /> },
              { path: 'icons', element: <IconsDemo /> },
              { path: 'buttons', element: <ButtonsDemo /> },
              { path: 'navbar', element: <NavbarDemo /> },
              { path: 'date-picker', element: <DatePickerDemo /> },
              { path: 'drawers', element: <DrawersDemo /> },
              { path: 'dialog', element: <DialogDemo /> },
              { path: 'file-drop', element: <FileDropDemo /> },
              { path: 'tabs', element: <TabsDemo /> },
              { path: 'toasts', element: <ToastsDemo /> },
              { path: 'loaders', element: <LoadersDemo /> },
              { path: 'grid', element: <GridDemo /> },
              { path: '*', lazy: notFoundPage },
            ],
          },
          { path: 'search', lazy: () => import('./pages/search/SearchPage').then((m) => ({ Component: m.SearchPage })) },
          { path: 'legal', element: <Navigate to={legalPath(DEFAULT_LEGAL_TAB)} replace /> },
          { path: 'legal/:tab', lazy: () => import('./pages/legal/LegalPage').then((m) => ({ Component: m.LegalPage })) },
          {
            // Signed-in screens: signed out, they redirect home and open the Log In dialog.
            element: <RequireSignedIn />,
            children: [
              {
                path: 'admin/*',
                lazy: () => import('./pages/admin/AdminPage').then((m) => ({ Component: m.AdminPage })),
                // A deep link to a file: its code and its data are asked at once, beside the admin shell's code.
                loader: ({ params }) => {
                  const file = ADMIN_FILE_PATH.exec(params['*'] ?? '');
                  if (file) prefetchFile(file[1]!, credentialingModule);
                  return null;
                },
              },
              { path: 'user', lazy: () => import('./pages/user/UserPage').then((m) => ({ Component: m.UserPage })) },
              { path: 'provider', lazy: () => import('./pages/provider/ProviderPage').then((m) => ({ Component: m.ProviderPage })) },
              // The invited provider's landing (credentialing INVITATION_LANDING): the workspace open at that section.
              {
                path: 'provider/:section',
                lazy: () => import('./pages/provider/ProviderPage').then((m) => ({ Component: m.ProviderPage })),
                loader: ({ params }) => {
                  const own = getDefaultStore().get(signedInUserAtom)?._id;
                  if (params.section === 'credentialing' && own) prefetchFile(own, credentialingModule);
                  return null;
                },
              },
              {
                path: 'credentialing/:providerId',
                lazy: () => credentialingModule().then((m) => ({ Component: m.StaffCredentialingFileScreen })),
                loader: ({ params }) => {
                  if (params.providerId) prefetchFile(params.providerId);
                  return null;
                },
              },
              // The exclusion list search of credentialing staff (the account menu's 'OIG Exclusion List').
              { path: 'exclusions', lazy: () => import('./pages/exclusions/ExclusionsPage').then((m) => ({ Component: m.ExclusionsPage })) },
              // The credentialing committee of its members and the Medical Director (the account menu's 'Credentialing Committee').
              { path: 'committee', lazy: () => import('./pages/committee/CommitteePage').then((m) => ({ Component: m.CommitteePage })) },
              { path: 'committee/meetings/:meetingId', lazy: () => import('./pages/committee/CommitteePage').then((m) => ({ Component: m.MeetingPage })) },
              { path: 'practice', lazy: () => import('./pages/practice/PracticePage').then((m) => ({ Component: m.PracticePage })) },
              { path: 'settings', element: <Navigate to={`/settings/${DEFAULT_SETTINGS_SECTION}`} replace /> },
              { path: 'settings/:section', lazy: () => import('./pages/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })) },
              { path: 'chat', lazy: () => import('./pages/chat/ChatPage').then((m) => ({ Component: m.ChatPage })) },
            ],
          },
          { path: '*', lazy: notFoundPage },
        ],
      },
    ],
  },
];

/** The mark main.tsx sets once the app's code has run and React is about to render (the e2e timing spec reads it). */
export const APP_RENDER_MARK = 'app-render';

/**
 * Runs the loaders of the routes matching `url` now: their first data reads (a credentialing
 * file's, with the stored token) start while the app's code is still running, before React
 * renders and before the router runs them itself (it then finds the reads in the query cache or
 * in flight). Loaders here only start reads; they return nothing the router needs.
 */
export function startRouteData(url: URL): void {
  for (const match of matchRoutes(routes, url.pathname) ?? []) {
    const loader = match.route.loader;
    if (typeof loader !== 'function') continue;
    const args = { params: match.params, request: new Request(url.href), context: undefined } as unknown as LoaderFunctionArgs;
    void Promise.resolve(loader(args)).catch(() => undefined);
  }
}
