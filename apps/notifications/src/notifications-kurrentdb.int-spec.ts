/**
 * The notifications service on EVENT_STORE=kurrentdb: its Nest module booted as the
 * service runs, with the in-process KurrentDB fake client injected (no KurrentDB server can run
 * here), against the real Postgres (read models, checkpoints) and NATS JetStream. A practices
 * integration event on JetStream raises a notification: its event goes to KurrentDB (none to
 * the Postgres events table) carrying the source event's id, the read model shows it, the same
 * CloudEvent delivered again raises nothing, and a command's reply is read back from the
 * projected read model (read-your-writes through KurrentDB's positions).
 */
import { randomUUID } from 'node:crypto';
import { healthRpc, notifications } from '@app/contracts';
import { eventually } from '@app/testing';
import { fakeStream, startServiceOnKurrentFake, type KurrentServiceUnderTest } from '../../../libs/nest-kit/src/kurrentdb-service.fixture';

jest.setTimeout(120_000);

const R = notifications.NOTIFICATIONS_RPC;
let svc: KurrentServiceUnderTest;
const account = randomUUID();

beforeAll(async () => {
  svc = await startServiceOnKurrentFake({
    context: 'notifications',
    load: async () => ({ module: (await import('./notifications.module')).NotificationsModule, storage: (await import('./storage')).notificationsStorage }),
  });
});

afterAll(async () => {
  await svc?.stop();
});

/** A practices PracticeUserAdded event on JetStream, as the practices relay publishes it (`msgId`: its own Nats-Msg-Id). */
function publishUserAdded(eventId: string, msgId = eventId): Promise<number> {
  const at = new Date().toISOString();
  const data = { practiceId: randomUUID(), practiceName: 'Kurrent Family Medicine', userId: account, accessType: 'Member', addedAt: at, addedBy: null };
  return svc.publishEvent('practices', 'PracticeUserAdded', eventId, data, msgId);
}

const list = () => svc.requester.call(R.list, { accountId: account, filter: 0 });

describe('notifications on EVENT_STORE=kurrentdb (in-process fake client)', () => {
  it('raises a notification from an integration event into KurrentDB, once however often it is delivered', async () => {
    // The relay makes the JetStream stream at boot; the consumers wait on it.
    const eventId = randomUUID();
    await eventually(() => publishUserAdded(eventId));
    const [shown] = await eventually(async () => {
      const { notifications: found } = await list();
      if (found.length !== 1) throw new Error(`${found.length} notifications`);
      return found;
    });
    expect(shown).toMatchObject({ heading: 'You were added to a practice' });

    const stream = await fakeStream(svc.fake, `notifications-${account}`);
    expect(stream.map((e) => e.type)).toEqual(['NotificationRaised']);
    expect(stream[0].metadata).toMatchObject({ sourceEventId: eventId, causationId: eventId });
    expect(Number((await svc.pg.query('SELECT count(*)::int AS n FROM notifications.events')).rows[0].n)).toBe(0);

    // The same CloudEvent again (another message id: past JetStream's duplicate window), then a new one.
    await svc.acked('notifications-practices', await publishUserAdded(eventId, randomUUID()));
    expect((await fakeStream(svc.fake, `notifications-${account}`)).map((e) => e.type)).toEqual(['NotificationRaised']);
    const next = randomUUID();
    await publishUserAdded(next);
    await eventually(async () => {
      const { notifications: found } = await list();
      if (found.length !== 2) throw new Error(`${found.length} notifications`);
    });
    const after = await fakeStream(svc.fake, `notifications-${account}`);
    expect(after.map((e) => e.metadata.sourceEventId)).toEqual([eventId, next]);
  });

  it('answers a command from the read model it waited for, and reports no lag', async () => {
    const { notifications: found } = await list();
    const reply = await svc.requester.call(R.markRead, { accountId: account, notificationId: found[0]._id });
    expect(reply).toMatchObject({ success: true, unread: 1 });
    const { notifications: now } = await list();
    expect(now.find((n) => n._id === found[0]._id)).toMatchObject({ status: 'Read' });
    const stream = await fakeStream(svc.fake, `notifications-${account}`);
    expect(stream.map((e) => e.type)).toEqual(['NotificationRaised', 'NotificationRaised', 'NotificationRead']);
    // The read model is caught up with the command (it waited for it); the relay publishes on its
    // own schedule (at most every RELAY_BATCH_INTERVAL_MS while appends come), so its lag reaches 0 soon after.
    expect((await svc.requester.call(healthRpc('notifications'), {})).projections).toMatchObject([{ name: 'notifications', state: 'running', lag: 0 }]);
    await eventually(async () => {
      const health = await svc.requester.call(healthRpc('notifications'), {});
      expect(health).toMatchObject({ status: 'up', relay: { lag: 0 }, projections: [{ name: 'notifications', state: 'running', lag: 0 }] });
    });
  });
});
