import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { Unauthorized, currentContext, type Actor } from '@app/nest-kit';
import type { Request } from 'express';
import { bearerToken, JwtStrategy } from './jwt.strategy';
import { IS_PUBLIC } from './public.decorator';
import { VerifiedTokens } from './verified-tokens';

/**
 * Global guard: every HTTP route needs a live session unless it is marked @Public(). A token is
 * verified by passport-jwt the first time it is seen; afterwards its remembered claims (while
 * unexpired, VerifiedTokens) go straight to the same session check.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
    private readonly verified: VerifiedTokens,
  ) {
    super();
  }
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    const token = bearerToken(req);
    const claims = token ? this.verified.get(token) : undefined;
    if (!claims) return super.canActivate(context) as Promise<boolean>;
    req.user = this.handleRequest(null, await this.strategy.actorOf(claims));
    return true;
  }
  override handleRequest<T = Actor>(err: unknown, user: T | false): T {
    if (err) throw err;
    if (!user) throw new Unauthorized('Not signed in or session expired');
    const ctx = currentContext();
    if (ctx) ctx.actor = user as unknown as Actor;
    return user;
  }
}
