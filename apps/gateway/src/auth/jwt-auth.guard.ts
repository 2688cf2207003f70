import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { Unauthorized, currentContext, type Actor } from '@app/nest-kit';
import { IS_PUBLIC } from './public.decorator';

/** Global guard: every HTTP route needs a live session unless it is marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }
  override canActivate(context: ExecutionContext) {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context) as Promise<boolean>;
  }
  override handleRequest<T = Actor>(err: unknown, user: T | false): T {
    if (err) throw err;
    if (!user) throw new Unauthorized('Not signed in or session expired');
    const ctx = currentContext();
    if (ctx) ctx.actor = user as unknown as Actor;
    return user;
  }
}
