import { Injectable } from '@nestjs/common';
import { identity } from '@app/contracts';
import { RpcClient } from '../rpc/rpc-client.service';
import { SessionCache } from './session-cache';
import type { TokenClaims } from './token.service';

/**
 * Asks identity whether a token's session is still live (logout and credential changes revoke
 * it). HTTP calls answer from the gateway's SessionCache when it knows the session (kept fresh by
 * identity's revocation pushes); `fresh` always asks identity (the socket re-checks, the safety
 * net for a lost push) and refreshes the cache with the answer.
 */
@Injectable()
export class SessionValidator {
  /** Questions on their way to identity, by session: concurrent calls of one session share one. */
  private readonly asking = new Map<string, Promise<boolean>>();
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: SessionCache,
  ) {}

  async isLive(claims: TokenClaims & { exp?: number }, opts: { fresh?: boolean } = {}): Promise<boolean> {
    if (!opts.fresh) {
      const known = this.cache.get(claims.sub, claims.sid);
      if (known !== undefined) return known;
      const pending = this.asking.get(claims.sid);
      if (pending) return pending;
    }
    const asked = this.rpc.call(identity.IDENTITY_RPC.sessionLive, { userId: claims.sub, sessionId: claims.sid }).then((res) => {
      const live = res.live === true;
      this.cache.remember(claims.sub, claims.sid, live, claims.exp);
      return live;
    });
    if (opts.fresh) return asked;
    this.asking.set(claims.sid, asked);
    try {
      return await asked;
    } finally {
      if (this.asking.get(claims.sid) === asked) this.asking.delete(claims.sid);
    }
  }
}
