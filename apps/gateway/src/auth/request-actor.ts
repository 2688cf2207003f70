import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Unauthorized, currentContext, type Actor } from '@app/nest-kit';
import { JwtStrategy, bearerToken } from './jwt.strategy';
import { TokenService } from './token.service';
import { VerifiedTokens } from './verified-tokens';

/**
 * The signed-in caller of a @Public() route that serves some answers to everyone and others only
 * to a signed-in caller (the uploaded files): undefined without a token; 401 for a bad, expired or
 * revoked one. The same checks as the global guard (signature, expiry, live session); the actor
 * becomes the request's, so the calls it makes carry it.
 */
@Injectable()
export class RequestActor {
  constructor(
    private readonly tokens: TokenService,
    private readonly strategy: JwtStrategy,
    private readonly verified: VerifiedTokens,
  ) {}

  async of(req: Request): Promise<Actor | undefined> {
    const token = bearerToken(req);
    if (!token) return undefined;
    let claims = this.verified.get(token);
    if (!claims) {
      try {
        claims = this.tokens.verify(token);
      } catch {
        throw new Unauthorized('Not signed in or session expired');
      }
      this.verified.remember(token, claims);
    }
    const actor = await this.strategy.actorOf(claims);
    if (!actor) throw new Unauthorized('Not signed in or session expired');
    const ctx = currentContext();
    if (ctx) ctx.actor = actor;
    return actor;
  }
}
