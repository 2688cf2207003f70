import { type ReactElement, useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';

const router = createBrowserRouter(routes);

declare global {
  interface Window {
    /** Replays the clicks on the prerendered page that came before the app (public/early-clicks.js). */
    replayEarlyClicks?: () => void;
  }
}

/** The app's routes inside the global shell. */
export function App(): ReactElement {
  // After the first commit (the hydration of the prerendered page): the page's buttons work now.
  useEffect(() => window.replayEarlyClicks?.(), []);
  return <RouterProvider router={router} />;
}
