import { EventEmitter } from 'node:events';
import { pinoHttp } from 'pino-http';
import { runWithContext } from '@app/nest-kit';
import { requestLoggerOptions } from './request-logger';

type Level = Parameters<typeof requestLoggerOptions>[0]['LOG_LEVEL'];

/** One request through pino-http with the gateway's options; the lines it wrote. */
function serve(level: Level, url = '/api/chat/postMessage') {
  const lines: Record<string, unknown>[] = [];
  const middleware = pinoHttp(requestLoggerOptions({ LOG_LEVEL: level }), { write: (line: string) => void lines.push(JSON.parse(line)) });
  const req = Object.assign(new EventEmitter(), {
    id: 'req-1',
    method: 'POST',
    url: `${url}?q=1`,
    headers: { authorization: 'Bearer secret-token', cookie: 'sid=1' },
  });
  const res = Object.assign(new EventEmitter(), { statusCode: 200, writableEnded: true, getHeaders: () => ({}) });
  runWithContext({ correlationId: 'req-1', actor: { userId: 'user-1', sessionId: 's-1', roles: [] } }, () =>
    middleware(req as never, res as never, () => undefined),
  );
  const waitsForEnd = res.listenerCount('finish') > 0;
  res.emit('finish');
  return { lines, waitsForEnd, reqLog: (req as unknown as { log?: { error: unknown } }).log };
}

describe('the gateway request log', () => {
  it('writes one line per request at info, with the request id, the actor and the path, never the token or the query', () => {
    const { lines } = serve('info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', actorId: 'user-1', req: { id: 'req-1', method: 'POST', url: '/api/chat/postMessage' } });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('q=1');
  });

  it('leaves health probes out', () => {
    expect(serve('info', '/api/health/ready').lines).toHaveLength(0);
  });

  it('does no per-request work for lines that cannot be written above info, and still gives the request its logger', () => {
    for (const level of ['warn', 'error', 'silent'] as const) {
      const { lines, waitsForEnd, reqLog } = serve(level);
      expect(lines).toHaveLength(0);
      expect(waitsForEnd).toBe(false);
      expect(typeof reqLog?.error).toBe('function');
    }
  });
});
