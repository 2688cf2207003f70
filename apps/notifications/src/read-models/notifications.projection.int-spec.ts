/**
 * The notifications projection's batch path writes the same notifications and counters as its
 * one-by-one path: the same events through `handle` alone and through `handleBatch` in batches
 * of several sizes.
 */
import { randomUUID } from 'node:crypto';
import { testing } from '@app/event-store';
import { readModelCopies } from '@app/testing/read-model-copies';
import { notificationsStorage } from '../storage';
import { NotificationsProjection } from './notifications.projection';

jest.setTimeout(120_000);

const copies = readModelCopies('notifications_batch', notificationsStorage);
const copy = (schema: string) => copies.copy(schema);

/** Notifications raised to a few accounts (one raised twice), read one by one, all read, bells reset. */
function notificationEvents(n: number): testing.StoredEventInput[] {
  const accounts = Array.from({ length: 4 }, () => randomUUID());
  const raised: string[][] = accounts.map(() => []);
  const base = Date.parse('2026-11-23T10:00:00.000Z');
  const events: testing.StoredEventInput[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i * 7) % accounts.length;
    const accountId = accounts[a];
    const at = new Date(base + i * 1000).toISOString();
    const push = (type: string, data: Record<string, unknown>) =>
      events.push({ id: randomUUID(), streamId: `notifications-${accountId}`, type, data, metadata: {}, recordedAt: new Date(base + i * 1000 + 1) });
    const raise = (notificationId: string) =>
      push('NotificationRaised', {
        notificationId,
        accountId,
        kind: 'SignedIn',
        alertLevel: i % 2 ? 'Info' : 'Warning',
        category: i % 3 ? 'Security' : 'General',
        icon: 'lock',
        heading: `Heading ${i}`,
        body: `Body ${i}`,
        ...(i % 4 ? { requestMetaData: { ip: `10.0.0.${i % 250}`, browser: 'Chrome 142' } } : {}),
        sourceEventId: randomUUID(),
        createdAt: at,
      });
    const step = i % 10;
    if (step < 6) {
      const id = randomUUID();
      raised[a].push(id);
      raise(id);
    } else if (step === 6 && raised[a].length) {
      raise(raised[a][raised[a].length - 1]); // raised again: nothing changes
    } else if (step === 7 && raised[a].length) {
      push('NotificationRead', { accountId, notificationId: raised[a].shift()!, readAt: at });
    } else if (step === 8 && i % 20 === 8) {
      push('AllNotificationsRead', { accountId, readAt: at });
    } else {
      push('BellCountReset', { accountId, at });
    }
  }
  return events;
}

it('writes the same notifications and counters in batches as one event at a time', async () => {
  const result = await testing.projectOneByOneAndBatched({
    pool: copies.pool,
    projection: new NotificationsProjection(),
    events: notificationEvents(800),
    oneByOne: await copy('notifications_one'),
    batched: await copy('notifications_batch'),
    batchSizes: [1, 5, 64, 500],
  });
  expect(result.oneByOne.notifications.length).toBeGreaterThan(400);
  expect(result.oneByOne.notification_counters).toHaveLength(4);
  for (const rows of result.batched) expect(rows).toEqual(result.oneByOne);
});
