import { Forbidden, NotFound, ValidationFailed } from '@app/errors';
import { DeciderSpecification } from '@app/event-store';
import { messaging } from '@app/contracts';
import { chatDecider, evolveChat, initialChatState, RECENT_MESSAGES, type ChatCommand, type ChatState } from './chat.aggregate';
import type { ChatEvent, ChatStarted, MessagePosted } from './chat.events';
import { dmChatId } from './chat-id';

const ann = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const cat = '33333333-3333-4333-8333-333333333333';
const dan = '44444444-4444-4444-8444-444444444444';
const at = '2026-11-22T10:00:00.000Z';
const dm = dmChatId(ann, bob);
const group = '99999999-9999-4999-8999-999999999999';

const spec = DeciderSpecification.for(chatDecider);
const state = (events: ChatEvent[]): ChatState => events.reduce(evolveChat, initialChatState());

const dmStarted: ChatStarted = { type: 'ChatStarted', data: { chatId: dm, chatType: 0, creatorId: ann, members: [bob], title: null, startedAt: at } };
const groupStarted: ChatStarted = { type: 'ChatStarted', data: { chatId: group, chatType: 1, creatorId: ann, members: [bob, cat], title: 'Team', startedAt: at } };
let n = 0;
const msgId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
function posted(chatId: string, senderId: string, seq: number, messageId = msgId()): MessagePosted {
  return { type: 'MessagePosted', data: { chatId, chatType: chatId === group ? 1 : 0, messageId, seq, senderId, msg: `hello ${seq}`, isImage: false, isDocument: false, originalFileName: null, postedAt: at } };
}
const post = (over: Partial<Extract<ChatCommand, { type: 'PostMessage' }>> = {}): ChatCommand => ({
  type: 'PostMessage',
  chatId: dm,
  chatType: 0,
  messageId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  senderId: ann,
  msg: 'Hi Bob',
  isImage: false,
  isDocument: false,
  at,
  ...over,
});

describe('starting a DM', () => {
  it('starts a DM between the initiator and the recipient', () => {
    spec.given([]).when({ type: 'StartDm', chatId: dm, initiatorId: ann, recipientId: bob, at }).then([dmStarted]);
  });
  it('does nothing when the recipient is oneself', () => {
    spec.given([]).when({ type: 'StartDm', chatId: dmChatId(ann, ann), initiatorId: ann, recipientId: ann, at }).thenNothingHappened();
  });
  it('gives the same chat id for a pair in either order, so an existing partner gets the existing DM', () => {
    expect(dmChatId(bob, ann)).toBe(dm);
    expect(dmChatId(ann, cat)).not.toBe(dm);
    spec.given([dmStarted]).when({ type: 'StartDm', chatId: dm, initiatorId: bob, recipientId: ann, at }).thenNothingHappened();
  });
  it('brings the existing DM back to an initiator who had deleted it', () => {
    spec
      .given([dmStarted, { type: 'ChatDeletedForUser', data: { chatId: dm, userId: ann, at } }])
      .when({ type: 'StartDm', chatId: dm, initiatorId: ann, recipientId: bob, at })
      .then([{ type: 'ChatUndeletedForUser', data: { chatId: dm, userId: ann, at } }]);
  });
});

describe('posting a message', () => {
  it('records the message with the sender the command names and the next number', () => {
    spec
      .given([dmStarted, posted(dm, bob, 1)])
      .when(post())
      .then([{ type: 'MessagePosted', data: { chatId: dm, chatType: 0, messageId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', seq: 2, senderId: ann, msg: 'Hi Bob', isImage: false, isDocument: false, originalFileName: null, postedAt: at } }]);
  });
  it('keeps a script tag as text', () => {
    spec.given([dmStarted]).when(post({ msg: '<script>alert(1)</script>' })).then((events) => expect((events[0] as MessagePosted).data.msg).toBe('<script>alert(1)</script>'));
  });
  it('refuses a non-participant (403)', () => {
    spec.given([dmStarted]).when(post({ senderId: cat })).thenThrows(Forbidden);
  });
  it('refuses a chat that does not exist, or a DM call on a group (404)', () => {
    spec.given([]).when(post()).thenThrows(NotFound);
    spec.given([groupStarted]).when(post({ chatId: group, chatType: 0 })).thenThrows(NotFound);
  });
  it('refuses an empty message', () => {
    spec.given([dmStarted]).when(post({ msg: '   ' })).thenThrows(ValidationFailed, (e) => e.field === 'msg');
  });
  it('accepts a file of this room only, of the kind it claims', () => {
    const image = messaging.chatFileUrl(dm, `${'a'.repeat(32)}.png`);
    const pdf = messaging.chatFileUrl(dm, `${'b'.repeat(32)}.pdf`);
    spec.given([dmStarted]).when(post({ msg: image, isImage: true, originalFileName: 'x.png' })).then((e) => expect((e[0] as MessagePosted).data).toMatchObject({ isImage: true, originalFileName: 'x.png' }));
    spec.given([dmStarted]).when(post({ msg: pdf, isDocument: true })).then((e) => expect((e[0] as MessagePosted).data.isDocument).toBe(true));
    spec.given([dmStarted]).when(post({ msg: pdf, isImage: true })).thenThrows(ValidationFailed, (e) => e.field === 'isImage');
    spec.given([dmStarted]).when(post({ msg: messaging.chatFileUrl(group, `${'a'.repeat(32)}.png`), isImage: true })).thenThrows(ValidationFailed, (e) => e.field === 'msg');
    spec.given([dmStarted]).when(post({ msg: 'javascript:alert(1)', isDocument: true })).thenThrows(ValidationFailed, (e) => e.field === 'msg');
    spec.given([dmStarted]).when(post({ msg: image, isImage: true, isDocument: true })).thenThrows(ValidationFailed);
  });
  it('brings a deleted DM back with unread 1 for the one who deleted it', () => {
    const past: ChatEvent[] = [dmStarted, posted(dm, ann, 1), posted(dm, ann, 2), { type: 'ChatDeletedForUser', data: { chatId: dm, userId: bob, at } }];
    expect(state(past).unread[bob]).toBe(0);
    spec.given(past).when(post()).then((events) => {
      expect(events.map((e) => e.type)).toEqual(['ChatUndeletedForUser', 'MessagePosted']);
      const after = state([...past, ...events]);
      expect(after.deletedFor).toEqual([]);
      expect(after.unread[bob]).toBe(1);
    });
  });
  it('counts unread for every participant but the sender', () => {
    const s = state([groupStarted, posted(group, bob, 1), posted(group, bob, 2), posted(group, cat, 3)]);
    expect(s.unread).toEqual({ [ann]: 3, [bob]: 1, [cat]: 0 });
  });
});

describe('reading', () => {
  it('marks the room read up to a message: unread becomes what others posted after it', () => {
    const [m1, m2, m3] = [posted(dm, bob, 1), posted(dm, bob, 2), posted(dm, bob, 3)];
    const past = [dmStarted, m1, m2, m3];
    spec
      .given(past)
      .when({ type: 'MarkRead', chatId: dm, userId: ann, messageId: m2.data.messageId, at })
      .then((events) => {
        expect(events).toEqual([{ type: 'MessagesRead', data: { chatId: dm, userId: ann, messageId: m2.data.messageId, seq: 2, readAt: at } }]);
        expect(state([...past, ...events]).unread[ann]).toBe(1);
      });
  });
  it('does nothing when everything is read already', () => {
    const m1 = posted(dm, bob, 1);
    const read: ChatEvent = { type: 'MessagesRead', data: { chatId: dm, userId: ann, messageId: m1.data.messageId, seq: 1, readAt: at } };
    spec.given([dmStarted, m1, read]).when({ type: 'MarkRead', chatId: dm, userId: ann, messageId: m1.data.messageId, at }).thenNothingHappened();
  });
  it('refuses an unknown message (404) and a non-participant (403)', () => {
    spec.given([dmStarted]).when({ type: 'MarkRead', chatId: dm, userId: ann, messageId: msgId(), at }).thenThrows(NotFound);
    const m1 = posted(dm, bob, 1);
    spec.given([dmStarted, m1]).when({ type: 'MarkRead', chatId: dm, userId: cat, messageId: m1.data.messageId, at }).thenThrows(Forbidden);
  });
  it('takes the number the read model found for a message older than the recent window', () => {
    const old = posted(dm, bob, 1);
    const many = Array.from({ length: RECENT_MESSAGES + 1 }, (_, i) => posted(dm, bob, i + 2));
    spec
      .given([dmStarted, old, ...many])
      .when({ type: 'MarkRead', chatId: dm, userId: ann, messageId: old.data.messageId, seq: 1, at })
      .then((events) => expect(events[0].data).toMatchObject({ seq: 1 }));
  });
  it('opening a room sets its unread count to 0; opening a read room does nothing', () => {
    const past = [dmStarted, posted(dm, bob, 1), posted(dm, bob, 2)];
    spec.given(past).when({ type: 'OpenChat', chatId: dm, chatType: 0, userId: ann, at }).then((events) => expect(state([...past, ...events]).unread[ann]).toBe(0));
    spec.given(past).when({ type: 'OpenChat', chatId: dm, chatType: 0, userId: bob, at }).thenNothingHappened();
  });
  it('refuses opening a room to a non-participant (403)', () => {
    spec.given([groupStarted]).when({ type: 'OpenChat', chatId: group, chatType: 1, userId: dan, at }).thenThrows(Forbidden);
  });
});

describe('deleting a DM', () => {
  it('removes it for that participant only, resetting their unread count', () => {
    const past = [dmStarted, posted(dm, ann, 1)];
    spec.given(past).when({ type: 'DeleteForUser', chatId: dm, userId: bob, at }).then((events) => {
      expect(events).toEqual([{ type: 'ChatDeletedForUser', data: { chatId: dm, userId: bob, at } }]);
      const s = state([...past, ...events]);
      expect(s.deletedFor).toEqual([bob]);
      expect(s.unread[bob]).toBe(0);
    });
  });
  it('does nothing the second time, and refuses groups and strangers', () => {
    spec.given([dmStarted, { type: 'ChatDeletedForUser', data: { chatId: dm, userId: bob, at } }]).when({ type: 'DeleteForUser', chatId: dm, userId: bob, at }).thenNothingHappened();
    spec.given([groupStarted]).when({ type: 'DeleteForUser', chatId: group, userId: bob, at }).thenThrows(ValidationFailed, (e) => e.field === 'chatId');
    spec.given([dmStarted]).when({ type: 'DeleteForUser', chatId: dm, userId: cat, at }).thenThrows(Forbidden);
  });
});

describe('group chats', () => {
  it('start with the creator counted apart from the members (shown count = members + 1)', () => {
    spec
      .given([])
      .when({ type: 'StartGroup', chatId: group, creatorId: ann, title: ' Team ', members: [bob, cat, bob, ann], at })
      .then((events) => {
        expect(events).toEqual([groupStarted]);
        const s = state(events);
        expect(s.members.length + 1).toBe(3);
      });
  });
  it('refuses an empty title', () => {
    spec.given([]).when({ type: 'StartGroup', chatId: group, creatorId: ann, title: '  ', members: [bob], at }).thenThrows(ValidationFailed, (e) => e.field === 'title');
  });
  it('lets the creator rename it and change members', () => {
    spec
      .given([groupStarted])
      .when({ type: 'UpdateGroup', chatId: group, actorId: ann, title: 'Night shift', members: [bob, dan], at })
      .then([
        { type: 'GroupChatRenamed', data: { chatId: group, title: 'Night shift', changedBy: ann, at } },
        { type: 'GroupMembersAdded', data: { chatId: group, userIds: [dan], changedBy: ann, at } },
        { type: 'GroupMembersRemoved', data: { chatId: group, userIds: [cat], changedBy: ann, at } },
      ]);
  });
  it('does nothing when neither the title nor the members change', () => {
    spec.given([groupStarted]).when({ type: 'UpdateGroup', chatId: group, actorId: ann, title: 'Team', members: [cat, bob], at }).thenNothingHappened();
  });
  it('refuses a participant who is not the creator (403), and a stranger (403)', () => {
    spec.given([groupStarted]).when({ type: 'UpdateGroup', chatId: group, actorId: bob, title: 'Mine now', members: [cat], at }).thenThrows(Forbidden, (e) => e.code === 'not_creator');
    spec.given([groupStarted]).when({ type: 'UpdateGroup', chatId: group, actorId: dan, title: 'Mine now', members: [], at }).thenThrows(Forbidden, (e) => e.code === 'not_participant');
  });
  it('a removed member can no longer post, an added one can', () => {
    const removed: ChatEvent = { type: 'GroupMembersRemoved', data: { chatId: group, userIds: [cat], changedBy: ann, at } };
    const added: ChatEvent = { type: 'GroupMembersAdded', data: { chatId: group, userIds: [dan], changedBy: ann, at } };
    spec.given([groupStarted, removed]).when(post({ chatId: group, chatType: 1, senderId: cat })).thenThrows(Forbidden);
    spec.given([groupStarted, added]).when(post({ chatId: group, chatType: 1, senderId: dan })).then((e) => expect(e.map((x) => x.type)).toEqual(['MessagePosted']));
  });
  it('refuses a group call on a DM (404)', () => {
    spec.given([dmStarted]).when({ type: 'UpdateGroup', chatId: dm, actorId: ann, title: 'x', members: [], at }).thenThrows(NotFound);
  });
});
