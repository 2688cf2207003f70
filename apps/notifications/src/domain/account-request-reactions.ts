import type { NotificationsCommand } from './notifications.aggregate';
import { accountRequestedNotification } from './notification-texts';
import { uuidFromName } from './notification-id';

/**
 * Identity's account-request events, read from their contracts (libs/contracts/src/identity):
 * a request notifies the master admin(s) it names; its approval or decline settles those
 * notifications (they show the outcome instead of the buttons).
 */
export type AccountRequestFact =
  | { name: 'AccountRequested'; requestId: string; requester: string; practice: string; notify: string[]; at?: string }
  | { name: 'AccountRequestApproved' | 'AccountRequestDeclined'; requestId: string; notify: string[]; at?: string };

/** One command per recipient; `sourceId` makes each recipient's write its own (a redelivery decides the same). */
export type AccountRequestReaction = { accountId: string; sourceId: string; command: NotificationsCommand };

/** The notification of a request for one master admin: the same id from the request and the decision. */
export const accountRequestNotificationId = (requestId: string, accountId: string) => uuidFromName(`${requestId}:${accountId}`, 'account-request-notifications');

function isoOr(...candidates: Array<string | undefined>): string {
  for (const c of candidates) if (c && !Number.isNaN(Date.parse(c))) return new Date(c).toISOString();
  return new Date().toISOString();
}

export function reactToAccountRequest(fact: AccountRequestFact, source: { eventId: string; time?: string }): AccountRequestReaction[] {
  const at = isoOr(fact.at, source.time);
  return [...new Set(fact.notify)].map((accountId) => {
    const sourceId = `${source.eventId}:${accountId}`;
    const notificationId = accountRequestNotificationId(fact.requestId, accountId);
    if (fact.name === 'AccountRequested') {
      const content = accountRequestedNotification({ name: fact.requester, practice: fact.practice });
      return {
        accountId,
        sourceId,
        command: { type: 'RaiseNotification', data: { accountId, notificationId, sourceEventId: source.eventId, createdAt: at, accountRequestId: fact.requestId, content } },
      };
    }
    const outcome = fact.name === 'AccountRequestApproved' ? 'approved' : 'declined';
    return { accountId, sourceId, command: { type: 'SettleAccountRequest', data: { accountId, notificationId, requestId: fact.requestId, outcome, now: new Date(at) } } };
  });
}
