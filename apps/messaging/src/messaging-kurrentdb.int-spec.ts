/**
 * The messaging service on EVENT_STORE=kurrentdb: its Nest module booted as the
 * service runs, with the in-process KurrentDB fake client injected (no KurrentDB server can run
 * here), against the real Postgres (read models, checkpoints) and NATS. A direct chat started
 * and messages posted at once over its RPC subjects: the group-committed messages are appended
 * room by room to KurrentDB (no batch append there, nothing in the Postgres events table), in
 * the order posted, and the other participant reads them back from the projected read model.
 */
import { randomUUID } from 'node:crypto';
import { healthRpc, messaging } from '@app/contracts';
import { eventually } from '@app/testing';
import { fakeStream, startServiceOnKurrentFake, type KurrentServiceUnderTest } from '../../../libs/nest-kit/src/kurrentdb-service.fixture';

jest.setTimeout(120_000);

const R = messaging.MESSAGING_RPC;
let svc: KurrentServiceUnderTest;
const [ann, bob] = [randomUUID(), randomUUID()];

beforeAll(async () => {
  svc = await startServiceOnKurrentFake({
    context: 'messaging',
    load: async () => ({ module: (await import('./messaging.module')).MessagingModule, storage: (await import('./storage')).messagingStorage }),
  });
  // The users as identity's and the directory's events would have brought them.
  await svc.pg.query(`INSERT INTO messaging.chat_users (id, user_name, display_name) VALUES ($1, 'ann', 'Ann'), ($2, 'bob', 'Bob')`, [ann, bob]);
});

afterAll(async () => {
  await svc?.stop();
});

describe('messaging on EVENT_STORE=kurrentdb (in-process fake client)', () => {
  it('starts a direct chat and posts messages at once: appended to KurrentDB in order, read back by the other participant', async () => {
    const started = await svc.runAs(ann, () => svc.requester.call(R.initiateChat, { recipientId: bob }));
    expect(started).toMatchObject({ existing: false, newDm: expect.objectContaining({}) });
    const chatId = (started.newDm as { _id: string })._id;

    const texts = ['one', 'two', 'three', 'four', 'five'];
    const posted = await svc.runAs(ann, () =>
      Promise.all(texts.map((msg) => svc.requester.call(R.postMessage, { chatId, chatType: 0, msg, isImage: false, isDocument: false }))),
    );
    expect(posted.map((p) => p.msg.msg)).toEqual(texts);

    const stream = await fakeStream(svc.fake, `chat-${chatId}`);
    expect(stream.map((e) => e.type)).toEqual(['ChatStarted', ...texts.map(() => 'MessagePosted')]);
    expect(Number((await svc.pg.query('SELECT count(*)::int AS n FROM messaging.events')).rows[0].n)).toBe(0);

    const read = await svc.runAs(bob, () => svc.requester.call(R.messages, { chatId }));
    expect(read.messages.map((m) => m.msg)).toEqual(expect.arrayContaining(texts));
    expect(read.messages).toHaveLength(texts.length);
    // The relay publishes on its own schedule (at most every RELAY_BATCH_INTERVAL_MS while appends come): its lag reaches 0 soon after.
    await eventually(async () => {
      const health = await svc.requester.call(healthRpc('messaging'), {});
      expect(health).toMatchObject({ status: 'up', relay: { lag: 0 }, projections: [expect.objectContaining({ state: 'running', lag: 0 })] });
    });
  });
});
