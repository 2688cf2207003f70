import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Actor } from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { SessionValidator } from './session-validator.service';
import { JWT_ALGORITHM, jwtSecretKey, type TokenClaims } from './token.service';
import { VerifiedTokens } from './verified-tokens';

/** Where a signed-in call carries its token: `Authorization: Bearer <token>`. */
export const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SessionValidator,
    private readonly verified: VerifiedTokens,
  ) {
    super({
      jwtFromRequest: bearerToken,
      passReqToCallback: true,
      ignoreExpiration: false,
      // A key object made once: given the secret as a string, jsonwebtoken first tries it as a
      // PEM public key (createPublicKey throws) and then builds a secret key, on every request.
      secretOrKey: jwtSecretKey(config.JWT_SECRET) as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
    });
  }

  /**
   * The signature and expiry are checked by passport-jwt (the token is remembered as verified,
   * VerifiedTokens); the session must still be live.
   */
  async validate(req: Request, claims: TokenClaims & { exp?: number }): Promise<Actor | false> {
    const token = bearerToken(req);
    if (token && claims?.sub && claims.sid) this.verified.remember(token, claims);
    return this.actorOf(claims);
  }

  /** The acting user of verified claims whose session is live; false otherwise. */
  async actorOf(claims: TokenClaims & { exp?: number }): Promise<Actor | false> {
    if (!claims?.sub || !claims.sid) return false;
    const live = await this.sessions.isLive(claims);
    if (!live) return false;
    return { userId: claims.sub, sessionId: claims.sid, roles: claims.roles ?? [] };
  }
}
