import { Injectable } from '@nestjs/common';
import { messaging, notifications, type identity } from '@app/contracts';
import { RpcClient } from '../rpc/rpc-client.service';
import type { TokenClaims } from '../auth/token.service';

/** Role names carried in the token (display only: services check roles from their own data). */
export function rolesOf(u: identity.SignedInUser): string[] {
  return [u.isAdmin && 'admin', u.isProvider && 'provider', u.isMasterAdmin && 'masterAdmin', u.isAuditor && 'auditor'].filter(Boolean) as string[];
}

export function claimsOf(reply: identity.SessionOpenedReply): TokenClaims {
  return { sub: reply.userId, sid: reply.sessionId, userName: reply.user.userName, roles: rolesOf(reply.user) };
}

/**
 * Completes identity's user record with the bell count from the notifications service
 * (0 when it does not answer within a second: the web loads notifications itself anyway).
 */
@Injectable()
export class SignedInUserComposer {
  constructor(private readonly rpc: RpcClient) {}

  async compose(user: identity.SignedInUser): Promise<identity.SignedInUser> {
    // messaging.qry.badge (libs/contracts/src/messaging): { userId } -> { showChatIconBadge }, asked alongside.
    const badge = this.rpc
      .call(messaging.MESSAGING_RPC.badge, { userId: user._id }, 1000)
      .then((r) => (typeof r.showChatIconBadge === 'boolean' ? { showChatIconBadge: r.showChatIconBadge } : {}))
      .catch(() => ({}));
    return { ...(await this.composeCount(user)), ...(await badge) };
  }

  private async composeCount(user: identity.SignedInUser): Promise<identity.SignedInUser> {
    try {
      // notifications.qry.count (libs/contracts/src/notifications): { accountId } -> { notificationsCount }
      const r = await this.rpc.call(notifications.NOTIFICATIONS_RPC.count, { accountId: user._id }, 1000);
      return { ...user, notificationsCount: typeof r.notificationsCount === 'number' ? r.notificationsCount : 0 };
    } catch {
      return user;
    }
  }
}
