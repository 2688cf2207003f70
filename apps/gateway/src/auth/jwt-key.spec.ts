import { JwtService } from '@nestjs/jwt';
import type { GatewayConfig } from '../config';
import { JWT_ALGORITHM, TokenService, jwtSecretKey } from './token.service';

// What passport-jwt verifies a request's token with (jsonwebtoken.verify): the key object of
// jwtSecretKey must accept exactly the tokens the secret string does.
const verifyJwt = require('passport-jwt/lib/verify_jwt') as (token: string, key: unknown, options: object, done: (err: Error | null, claims?: object) => void) => void;
const verify = (token: string, key: unknown) =>
  new Promise<object>((resolve, reject) => verifyJwt(token, key, { algorithms: [JWT_ALGORITHM] }, (err, claims) => (err ? reject(err) : resolve(claims!))));
const jwt = new JwtService();

describe('the session token key object', () => {
  const secret = 'a-long-random-secret-for-the-spec-0123456789abcdef';
  const tokens = new TokenService(new JwtService({ secret, signOptions: { algorithm: JWT_ALGORITHM } }), { JWT_SECRET: secret, JWT_TTL: '15m' } as GatewayConfig);
  const claims = { sub: 'u-1', sid: 's-1', userName: 'ann', roles: ['provider'] };

  it('is made once per secret', () => {
    expect(jwtSecretKey(secret)).toBe(jwtSecretKey(secret));
    expect(jwtSecretKey(secret).type).toBe('secret');
    expect(jwtSecretKey(secret).export().toString('utf8')).toBe(secret);
  });

  it('verifies a token the gateway signed, and the gateway verifies a token signed with the string', async () => {
    expect(await verify(tokens.sign(claims), jwtSecretKey(secret))).toMatchObject(claims);
    expect(tokens.verify(jwt.sign(claims, { secret, algorithm: 'HS256', expiresIn: 60 }))).toMatchObject(claims);
  });

  it('refuses what the string refuses: another secret, alg none, another algorithm, an expired token, a changed payload', async () => {
    const key = jwtSecretKey(secret);
    await expect(verify(jwt.sign(claims, { secret: 'another-secret-of-the-same-length-0123456789abcdef', algorithm: 'HS256' }), key)).rejects.toThrow(/invalid signature/);
    await expect(verify(jwt.sign(claims, { secret, algorithm: 'HS512' }), key)).rejects.toThrow(/invalid algorithm/);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    await expect(verify(none, key)).rejects.toThrow();
    await expect(verify(jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, { secret, algorithm: 'HS256' }), key)).rejects.toThrow(/expired/);
    const [h, , s] = tokens.sign(claims).split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, roles: ['masterAdmin'] })).toString('base64url')}.${s}`;
    await expect(verify(forged, key)).rejects.toThrow(/invalid signature/);
    expect(() => tokens.verify(forged)).toThrow();
  });
});
