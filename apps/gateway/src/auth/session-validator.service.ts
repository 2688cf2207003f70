import { Injectable } from '@nestjs/common';
import { RpcClient } from '../rpc/rpc-client.service';
import type { TokenClaims } from './token.service';

/** Asks identity whether a token's session is still live (logout and credential changes revoke it). */
@Injectable()
export class SessionValidator {
  constructor(private readonly rpc: RpcClient) {}
  async isLive(claims: TokenClaims): Promise<boolean> {
    const res = await this.rpc.query<{ live: boolean }>('identity', 'sessionLive', { userId: claims.sub, sessionId: claims.sid });
    return res.live === true;
  }
}
