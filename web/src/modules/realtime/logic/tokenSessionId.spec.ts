import { revokesSession, tokenSessionId } from './tokenSessionId';

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('session id of a token', () => {
  it('reads the sid claim', () => {
    expect(tokenSessionId(jwt({ sub: 'u1', sid: 'ab12-cd34', userName: 'jörg' }))).toBe('ab12-cd34');
    expect(tokenSessionId(`Bearer ${jwt({ sid: 's2' })}`)).toBe('s2');
  });

  it('is null for a token that is not a JWT with a sid', () => {
    expect(tokenSessionId(null)).toBeNull();
    expect(tokenSessionId('')).toBeNull();
    expect(tokenSessionId('opaque-token')).toBeNull();
    expect(tokenSessionId('a.%%%.c')).toBeNull();
    expect(tokenSessionId(jwt({ sub: 'u1' }))).toBeNull();
    expect(tokenSessionId(jwt({ sid: 42 }))).toBeNull();
  });
});

describe('session revocation', () => {
  const token = jwt({ sub: 'u1', sid: 'mine' });

  it('ends this session when it names it or names none', () => {
    expect(revokesSession({ sessionId: 'mine' }, token)).toBe(true);
    expect(revokesSession({}, token)).toBe(true);
  });

  it("leaves this session alone when it names another of the user's sessions", () => {
    expect(revokesSession({ sessionId: 'other' }, token)).toBe(false);
  });

  it('counts as ending this session when its id cannot be read', () => {
    expect(revokesSession({ sessionId: 'other' }, 'opaque')).toBe(true);
  });
});
