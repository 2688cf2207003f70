import { parseIdentityMessage } from '../react-to-identity/identity-cloud-event';
import { accountRequestNotificationId, reactToAccountRequest } from './account-request-reactions';
import type { NotificationEvent } from './notification.events';
import { decideNotifications, evolveNotifications, initialNotificationsState, type NotificationsCommand } from './notifications.aggregate';

const requestId = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const admin1 = '0b7c3a52-6f0e-4a38-9d0b-5a9f4c1d2e3f';
const admin2 = '1c8d4b63-7a1f-4b49-8e1c-6b0a5d2e3f40';
const enc = (x: unknown) => new TextEncoder().encode(JSON.stringify(x));
const ce = (name: string, data: unknown, id = 'evt-1') =>
  enc({ specversion: '1.0', id, source: '/identity', type: `identity.${name}.v1`, time: '2026-11-26T08:00:00Z', data });

/** The commands of an identity event, as the consumer runs them. */
function commandsOf(name: string, data: Record<string, unknown>, id = 'evt-1') {
  const parsed = parseIdentityMessage(`events.identity.${name}`, ce(name, data, id));
  if (parsed.kind !== 'account-request') throw new Error(`not read: ${JSON.stringify(parsed)}`);
  return reactToAccountRequest(parsed.fact, { eventId: parsed.eventId, time: parsed.time });
}

function run(commands: NotificationsCommand[], past: NotificationEvent[] = []): NotificationEvent[] {
  const events = [...past];
  for (const c of commands) events.push(...decideNotifications(c, events.reduce(evolveNotifications, initialNotificationsState())));
  return events.slice(past.length);
}

describe('account requests in the master admins’ notifications', () => {
  const requested = { requestId, name: 'Jane Doe', practice: 'Doe Family Clinic', notify: [admin1, admin2], requestedAt: '2026-11-26T08:00:00.000Z' };

  it('raises one notification per master admin named, with who asked (no contact data) and the request to decide', () => {
    const reactions = commandsOf('AccountRequested', requested);
    expect(reactions.map((r) => r.accountId)).toEqual([admin1, admin2]);
    expect(new Set(reactions.map((r) => r.sourceId)).size).toBe(2);
    const [raised] = run([reactions[0].command]);
    expect(raised).toMatchObject({
      type: 'NotificationRaised',
      data: {
        accountId: admin1,
        notificationId: accountRequestNotificationId(requestId, admin1),
        kind: 'account-requested',
        category: 'General',
        alertLevel: 'Info',
        icon: 'UserAddOutlined',
        heading: 'New account request',
        accountRequestId: requestId,
      },
    });
    expect((raised as Extract<NotificationEvent, { type: 'NotificationRaised' }>).data.body).toContain('Jane Doe (Doe Family Clinic)');
  });

  it('settles each notification with the outcome once; a redelivery or a second decision changes nothing', () => {
    const raised = run([commandsOf('AccountRequested', requested)[0].command]);
    const approved = commandsOf('AccountRequestApproved', { requestId, accountId: admin2, approvedBy: admin1, approvedAt: '2026-11-26T09:00:00.000Z', notify: [admin1] }, 'evt-2');
    const settled = run([approved[0].command], raised);
    expect(settled).toEqual([
      {
        type: 'AccountRequestSettled',
        data: { accountId: admin1, notificationId: accountRequestNotificationId(requestId, admin1), requestId, outcome: 'approved', settledAt: '2026-11-26T09:00:00.000Z' },
      },
    ]);
    expect(run([approved[0].command], [...raised, ...settled])).toEqual([]);
    const declined = commandsOf('AccountRequestDeclined', { requestId, declinedBy: admin1, declinedAt: '2026-11-26T09:05:00.000Z', notify: [admin1] }, 'evt-3');
    expect(run([declined[0].command], [...raised, ...settled])).toEqual([]);
  });

  it('refuses an account-request event that breaks its contract', () => {
    expect(parseIdentityMessage('events.identity.AccountRequested', ce('AccountRequested', { ...requested, notify: ['not-a-uuid'] })).kind).toBe('malformed');
  });
});
