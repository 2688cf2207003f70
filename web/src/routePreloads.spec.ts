import { matchPath, type RouteObject } from 'react-router';
import { ADMIN_ROUTES } from './modules/admin/adminRoutes';
import { ROUTE_PRELOADS } from './routePreloads';
import { routes } from './routes';

/** The full path of every lazy route (a param as a sample value, a last `*` dropped). */
function lazyPaths(list: RouteObject[], above = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? above : `${above}/${route.path}`.replace(/\/+/g, '/');
    return [...(route.lazy && route.path !== '*' ? [path] : []), ...lazyPaths(route.children ?? [], path)];
  });
}

const sample = (path: string) => path.replace(/:\w+/g, 'x1').replace(/\/\*$/, '');

describe('the route preload table (the chunks the gateway names in the page for a path)', () => {
  it('names the screen of every lazy route and of every admin section', () => {
    const named = (path: string, shell: boolean) => ROUTE_PRELOADS.some((p) => p.path !== '*' && (shell || p.path !== '/admin/*') && matchPath({ path: p.path, end: true }, path));
    const top = lazyPaths(routes).map(sample);
    const sections = ADMIN_ROUTES.map((r) => sample(`/admin/${r.path}`)).filter((p) => !/(companies|payers|cases|payments)$/.test(p));
    expect(top.length).toBeGreaterThan(8);
    expect(sections.length).toBeGreaterThan(6);
    expect([...top.filter((p) => !named(p, true)), ...sections.filter((p) => !named(p, false))]).toEqual([]);
  });
});
