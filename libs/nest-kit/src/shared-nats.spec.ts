import { ServerNats } from '@nestjs/microservices';
import { MAX_CACHED_ROUTES, SharedConnectionNatsServer } from './shared-nats';

/** The route lookup Nest's server runs for every message it takes (protected there). */
const routeOf = (server: ServerNats, pattern: string): string => (server as unknown as { getRouteFromPattern(p: string): string }).getRouteFromPattern(pattern);

describe('SharedConnectionNatsServer routes', () => {
  it('finds the same handler routes as Nest does, for subjects and JSON patterns alike', () => {
    const ours = new SharedConnectionNatsServer({});
    const nest = new ServerNats({});
    for (const pattern of ['messaging.cmd.postMessage', 'p1.identity.qry.sessionLive', '{"cmd":"sum","a":1}', '"quoted"', '42']) {
      expect(routeOf(ours, pattern)).toBe(routeOf(nest, pattern));
      // asked again: answered from the cache, still the same
      expect(routeOf(ours, pattern)).toBe(routeOf(nest, pattern));
    }
  });

  it('works the route out once per pattern, not on every message', () => {
    const server = new SharedConnectionNatsServer({});
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 100; i++) routeOf(server, 'messaging.cmd.postMessage');
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('keeps its memory bounded', () => {
    const server = new SharedConnectionNatsServer({});
    for (let i = 0; i < MAX_CACHED_ROUTES + 50; i++) routeOf(server, `s.cmd.n${i}`);
    expect((server as unknown as { routes: Map<string, string> }).routes.size).toBe(MAX_CACHED_ROUTES);
    expect(routeOf(server, `s.cmd.n${MAX_CACHED_ROUTES + 10}`)).toBe(`s.cmd.n${MAX_CACHED_ROUTES + 10}`);
  });
});
