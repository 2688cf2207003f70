import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from './AppRoot';
import { routes } from './routes';

/**
 * The app at `path` as the browser first renders it for a signed-out visitor: the build
 * (web/prerender.mts) renders it to HTML for the landing page, which main.tsx then hydrates.
 */
export function appAt(path: string): ReactElement {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return (
    <AppRoot>
      <RouterProvider router={router} />
    </AppRoot>
  );
}
