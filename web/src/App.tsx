import type { ReactElement } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** The app's routes inside the global shell. */
export function App(): ReactElement {
  return <RouterProvider router={router} />;
}
