import type { RouteObject } from 'react-router';
import { routes } from './routes';

/** The lazy routes, each with the routes above it (outermost first). */
function lazyRoutes(list: RouteObject[], above: RouteObject[] = []): Array<{ route: RouteObject; above: RouteObject[] }> {
  return list.flatMap((route) => [...(route.lazy ? [{ route, above }] : []), ...lazyRoutes(route.children ?? [], [...above, route])]);
}

describe('routes', () => {
  it('opened on any lazy route, show the shell with a loader while the chunk loads (no HydrateFallback warning)', () => {
    const lazy = lazyRoutes(routes);
    expect(lazy.length).toBeGreaterThan(5);
    for (const { route, above } of lazy) {
      // A fallback below the root route: the root (the shell) renders, the fallback in its outlet.
      const fallback = [...above.slice(1), route].find((r) => r.hydrateFallbackElement || r.HydrateFallback);
      expect({ path: route.path, fallback: Boolean(fallback) }).toEqual({ path: route.path, fallback: true });
    }
  });
});
