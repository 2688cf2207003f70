/**
 * The chats projection's batch path writes the same rooms, participants, messages and badges as
 * its one-by-one path: the same events through `handle` alone and through `handleBatch` in
 * batches of several sizes.
 */
import { randomUUID } from 'node:crypto';
import { testing } from '@app/event-store';
import { readModelCopies } from '@app/testing/read-model-copies';
import { messagingStorage } from '../storage';
import { ChatsProjection } from './chats.projection';

jest.setTimeout(120_000);

const copies = readModelCopies('chats_batch', messagingStorage);
const copy = (schema: string) => copies.copy(schema);

/**
 * A DM and two groups among six users: bursts of messages from several senders (one message
 * posted twice, one from a user who left), reads, members added and removed, deletes, renames,
 * badges cleared, a message to an unknown room.
 */
function chatEvents(n: number): testing.StoredEventInput[] {
  const users = Array.from({ length: 6 }, () => randomUUID());
  const rooms = [
    { id: randomUUID(), type: 0 as const, creator: users[0], members: [users[1]] },
    { id: randomUUID(), type: 1 as const, creator: users[2], members: [users[0], users[3], users[4]] },
    { id: randomUUID(), type: 1 as const, creator: users[5], members: [users[1], users[2]] },
  ];
  const seq = new Map<string, number>();
  const base = Date.parse('2026-11-23T10:00:00.000Z');
  const events: testing.StoredEventInput[] = [];
  let t = 0;
  const push = (streamId: string, type: string, data: Record<string, unknown>) => {
    t++;
    events.push({ id: randomUUID(), streamId, type, data, metadata: {}, recordedAt: new Date(base + t * 1000) });
  };
  const at = () => new Date(base + (t + 1) * 1000).toISOString();
  for (const r of rooms) {
    push(`chat-${r.id}`, 'ChatStarted', { chatId: r.id, chatType: r.type, creatorId: r.creator, members: r.members, title: r.type ? `Room ${r.id.slice(0, 4)}` : null, startedAt: at() });
  }
  let last = null as Record<string, unknown> | null;
  for (let i = 0; i < n; i++) {
    const r = rooms[(i * 5 + (i >> 3)) % rooms.length];
    const everyone = [r.creator, ...r.members];
    const step = i % 17;
    const post = (sender: string, chatId = r.id) => {
      const s = (seq.get(chatId) ?? 0) + 1;
      seq.set(chatId, s);
      last = {
        chatId,
        chatType: r.type,
        messageId: randomUUID(),
        seq: s,
        senderId: sender,
        msg: `message ${i}`,
        isImage: i % 9 === 0,
        isDocument: false,
        originalFileName: i % 9 === 0 ? `pic-${i}.png` : null,
        postedAt: at(),
      };
      push(`chat-${chatId}`, 'MessagePosted', last);
    };
    if (step < 11) post(everyone[(i * 3) % everyone.length]);
    else if (step === 11 && last) push(`chat-${String(last.chatId)}`, 'MessagePosted', last); // posted again: nothing changes
    else if (step === 12) push(`chat-${r.id}`, 'MessagesRead', { chatId: r.id, userId: everyone[i % everyone.length], messageId: randomUUID(), seq: Math.max(0, (seq.get(r.id) ?? 0) - 2), readAt: at() });
    else if (step === 13 && r.type === 1) push(`chat-${r.id}`, 'GroupMembersAdded', { chatId: r.id, userIds: [users[i % users.length]], changedBy: r.creator, at: at() });
    else if (step === 14 && r.type === 1) {
      const leaving = r.members[i % r.members.length];
      push(`chat-${r.id}`, 'GroupMembersRemoved', { chatId: r.id, userIds: [leaving], changedBy: r.creator, at: at() });
      post(leaving); // a message from someone no longer in the room
    } else if (step === 15) push(`chat-badge-${users[i % users.length]}`, 'ChatIconBadgeCleared', { userId: users[i % users.length], at: at() });
    else if (step === 16 && r.type === 0) push(`chat-${r.id}`, i % 2 ? 'ChatDeletedForUser' : 'ChatUndeletedForUser', { chatId: r.id, userId: r.members[0], at: at() });
    else if (step === 16) push(`chat-${r.id}`, 'GroupChatRenamed', { chatId: r.id, title: `Renamed ${i}`, changedBy: r.creator, at: at() });
    else post(users[i % users.length], randomUUID()); // a room nobody knows
  }
  return events;
}

it('writes the same read model in batches as one event at a time', async () => {
  const result = await testing.projectOneByOneAndBatched({
    pool: copies.pool,
    projection: new ChatsProjection(),
    events: chatEvents(700),
    oneByOne: await copy('chats_one'),
    batched: await copy('chats_batch'),
    batchSizes: [1, 4, 50, 500],
  });
  expect(result.oneByOne.chat_messages.length).toBeGreaterThan(400);
  expect(result.oneByOne.chat_badges.length).toBeGreaterThan(3);
  expect((result.oneByOne.chat_members as Array<{ unread: number }>).some((m) => m.unread > 0)).toBe(true);
  for (const rows of result.batched) expect(rows).toEqual(result.oneByOne);
});
