import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** The only algorithm a session token may use, on REST and sockets alike. */
export const JWT_ALGORITHM = 'HS256' as const;

/** What a session token carries: who, which session (revocable on the server), and roles. */
export type TokenClaims = { sub: string; sid: string; userName: string; roles: string[] };

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}
  sign(claims: TokenClaims, expiresIn: string = this.config.JWT_TTL): string {
    return this.jwt.sign(claims, { expiresIn: expiresIn as never, algorithm: JWT_ALGORITHM });
  }
  verify(token: string): TokenClaims {
    return this.jwt.verify<TokenClaims>(token, { algorithms: [JWT_ALGORITHM] });
  }
}
