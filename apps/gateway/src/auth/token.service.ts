import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** What a session token carries: who, which session (revocable on the server), and roles. */
export type TokenClaims = { sub: string; sid: string; userName: string; roles: string[] };

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}
  sign(claims: TokenClaims, expiresIn: string = this.config.JWT_TTL): string {
    return this.jwt.sign(claims, { expiresIn: expiresIn as never });
  }
  verify(token: string): TokenClaims {
    return this.jwt.verify<TokenClaims>(token);
  }
}
