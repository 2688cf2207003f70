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
      if (known === true && this.cache.dueForRefresh(claims.sid) && !this.asking.has(claims.sid)) {
        // Still live by the cache; asked again meanwhile, so the answer is renewed before it
        // expires (a lost answer leaves it to expire, and the next call asks as usual).
        void this.ask(claims).catch(() => undefined);
      }
      if (known !== undefined) return known;
      const pending = this.asking.get(claims.sid);
      if (pending) return pending;
    }
    return opts.fresh ? this.rpcLive(claims) : this.ask(claims);
  }

  /** Asks identity, one question per session at a time. */
  private async ask(claims: TokenClaims & { exp?: number }): Promise<boolean> {
    const asked = this.rpcLive(claims);
    this.asking.set(claims.sid, asked);
    try {
      return await asked;
    } finally {
      if (this.asking.get(claims.sid) === asked) this.asking.delete(claims.sid);
    }
  }

  private rpcLive(claims: TokenClaims & { exp?: number }): Promise<boolean> {
    return this.rpc.call(identity.IDENTITY_RPC.sessionLive, { userId: claims.sub, sessionId: claims.sid }).then((res) => {
      const live = res.live === true;
      this.cache.remember(claims.sub, claims.sid, live, claims.exp);
      return live;
    });
  }
}
