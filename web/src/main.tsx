import '@ant-design/v5-patch-for-react-19';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { AppRoot } from './AppRoot';
import { APP_RENDER_MARK, startRouteData } from './routes';
import { SESSION_STORAGE_KEYS } from './modules/session/logic/sessionKeys';
import { browserLocalStorage } from './modules/session/logic/browserStorage';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

const app = (
  <AppRoot>
    <App />
  </AppRoot>
);

/**
 * The build prerenders the landing page for a signed-out visitor into index.html (the gateway
 * serves it for `/` only): it is hydrated when that is what this page shows. A stored session
 * renders a different top bar, so the app renders afresh then, as it does on every other path.
 */
function showsPrerenderedPage(root: HTMLElement): boolean {
  if (!root.hasChildNodes() || window.location.pathname !== '/') return false;
  return !browserLocalStorage()?.getItem(SESSION_STORAGE_KEYS.token);
}

// The route's first data reads start before React renders (they need only the stored token).
startRouteData(new URL(window.location.href));
performance.mark(APP_RENDER_MARK);

if (showsPrerenderedPage(container)) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
