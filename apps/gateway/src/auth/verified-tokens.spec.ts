import { VerifiedTokens } from './verified-tokens';

const claims = (exp?: number) => ({ sub: 'u1', sid: 's1', userName: 'jane', roles: [], ...(exp === undefined ? {} : { exp }) });

describe('VerifiedTokens', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the claims of a verified token until it expires, and then forgets it', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000_000_000);
    const tokens = new VerifiedTokens();
    tokens.remember('t1', claims(1_000_000_000 + 60));
    expect(tokens.get('t1')).toMatchObject({ sub: 'u1', sid: 's1' });
    // jsonwebtoken's rule: expired from the second of `exp` on.
    now.mockReturnValue((1_000_000_000 + 60) * 1000 - 1);
    expect(tokens.get('t1')).toBeDefined();
    now.mockReturnValue((1_000_000_000 + 60) * 1000);
    expect(tokens.get('t1')).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('knows only the very token it was given', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_000_000_000_000);
    const tokens = new VerifiedTokens();
    tokens.remember('aaa.bbb.ccc', claims(1_000_000_000 + 60));
    expect(tokens.get('aaa.bbb.ccd')).toBeUndefined();
    expect(tokens.get('aaa.bbb.cc')).toBeUndefined();
  });

  it('does not keep a token without an expiry, or one already expired', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_000_000_000_000);
    const tokens = new VerifiedTokens();
    tokens.remember('forever', claims());
    tokens.remember('gone', claims(1_000_000_000 - 1));
    expect(tokens.get('forever')).toBeUndefined();
    expect(tokens.get('gone')).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('keeps at most MAX_ENTRIES tokens, letting the oldest go', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_000_000_000_000);
    const tokens = new VerifiedTokens();
    const exp = 1_000_000_000 + 3600;
    for (let i = 0; i < VerifiedTokens.MAX_ENTRIES + 10; i++) tokens.remember(`t${i}`, claims(exp));
    expect(tokens.size).toBe(VerifiedTokens.MAX_ENTRIES);
    expect(tokens.get('t0')).toBeUndefined();
    expect(tokens.get('t9')).toBeUndefined();
    expect(tokens.get('t10')).toBeDefined();
    expect(tokens.get(`t${VerifiedTokens.MAX_ENTRIES + 9}`)).toBeDefined();
  });
});
