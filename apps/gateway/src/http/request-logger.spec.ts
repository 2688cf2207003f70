import { EventEmitter } from 'node:events';
import { pinoHttp, type Options } from 'pino-http';
import { runWithContext } from '@app/nest-kit';
import { requestLoggerOptions, requestLoggerParams } from './request-logger';

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

  it('mounts no per-request logger above info, and lines written during a request still carry its correlation id and actor, redacted', () => {
    for (const level of ['warn', 'error'] as const) {
      const params = requestLoggerParams({ LOG_LEVEL: level });
      // nestjs-pino mounts pino-http's middleware unless told the logger exists already.
      expect(params).toMatchObject({ useExisting: true });
      const lines: Record<string, unknown>[] = [];
      const root = pinoHttp(params.pinoHttp as Options, { write: (line: string) => void lines.push(JSON.parse(line)) }).logger;
      runWithContext({ correlationId: 'req-2', actor: { userId: 'user-2', sessionId: 's-2', roles: [] } }, () => root.error({ body: { password: 'hunter2' } }, 'failed'));
      root.error('outside a request');
      root.info('not written');
      expect(lines).toEqual([
        expect.objectContaining({ msg: 'failed', correlationId: 'req-2', actorId: 'user-2', body: { password: '[redacted]' } }),
        expect.objectContaining({ msg: 'outside a request' }),
      ]);
      expect(lines[1]).not.toHaveProperty('correlationId');
    }
  });

  it('keeps pino-http per request at info and below', () => {
    for (const level of ['info', 'debug'] as const) expect(requestLoggerParams({ LOG_LEVEL: level })).not.toHaveProperty('useExisting');
  });
});
