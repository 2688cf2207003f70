import { lazy, type ReactElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { DEFAULT_LEGAL_TAB, legalPath } from './modules/legal/constants/legalDocuments';
import { RequireSignedIn } from './modules/session/components/RequireSignedIn';
import { DEFAULT_SETTINGS_SECTION } from './modules/settings/constants/settingsSections';
import { AppLayout } from './modules/shell/components/AppLayout';
import { AdminPage } from './pages/admin/AdminPage';
import { ChatPage } from './pages/chat/ChatPage';
import { RouteErrorPage } from './pages/error/RouteErrorPage';
import { HomePage } from './pages/home/HomePage';
import { LegalPage } from './pages/legal/LegalPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { PracticePage } from './pages/practice/PracticePage';
import { ProviderPage } from './pages/provider/ProviderPage';
import { SearchPage } from './pages/search/SearchPage';
import { SettingsPage } from './pages/settings/SettingsPage';
import { UserPage } from './pages/user/UserPage';

// The component demo (the icons page bundles every icon) loads on demand.
const KitchensinkPage = lazy(() => import('./pages/kitchensink/KitchensinkPage').then((m) => ({ default: m.KitchensinkPage })));
const IconsDemo = lazy(() => import('./modules/kitchensink/components/IconsDemo').then((m) => ({ default: m.IconsDemo })));
const TypographyDemo = lazy(() =>
  import('./modules/kitchensink/components/TypographyDemo').then((m) => ({ default: m.TypographyDemo })),
);
const ButtonsDemo = lazy(() => import('./modules/kitchensink/components/ButtonsDemo').then((m) => ({ default: m.ButtonsDemo })));
const NavbarDemo = lazy(() => import('./modules/kitchensink/components/NavbarDemo').then((m) => ({ default: m.NavbarDemo })));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
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
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: 'search', element: <SearchPage /> },
          { path: 'legal', element: <Navigate to={legalPath(DEFAULT_LEGAL_TAB)} replace /> },
          { path: 'legal/:tab', element: <LegalPage /> },
          {
            // Signed-in screens: signed out, they redirect home and open the Log In dialog.
            element: <RequireSignedIn />,
            children: [
              { path: 'admin/*', element: <AdminPage /> },
              { path: 'user', element: <UserPage /> },
              { path: 'provider', element: <ProviderPage /> },
              { path: 'practice', element: <PracticePage /> },
              { path: 'settings', element: <Navigate to={`/settings/${DEFAULT_SETTINGS_SECTION}`} replace /> },
              { path: 'settings/:section', element: <SettingsPage /> },
              { path: 'chat', element: <ChatPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

/** The app's routes inside the global shell. */
export function App(): ReactElement {
  return <RouterProvider router={router} />;
}
