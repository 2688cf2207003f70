import type { ChatMessage } from '../types/chat';
import { bumpUnread, removeChat, setUnread, upsertChat } from './chatLists';
import { appendMessage, dmCounterpart, groupMemberCount, isGroupCreator, mergeMessages, toDmChat, toGroupChat } from './chatRecords';

const ann = { _id: 'u-ann', userName: 'ann', displayName: 'Ann Lee' };
const bob = { _id: 'u-bob', userName: 'bob', displayName: 'Bob Roe' };

function message(id: string, minute: number): ChatMessage {
  return { _id: id, msg: id, senderDisplayName: 'Ann', senderUserName: 'ann', dateTime: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString(), isImage: false, isDocument: false };
}

describe('chat records', () => {
  it('reads a DM from the server and finds the counterpart from either side', () => {
    const dm = toDmChat({
      _id: 'dm1',
      senderId: 'u-ann',
      senderUserName: 'ann',
      senderDisplayName: 'Ann Lee',
      recipientId: 'u-bob',
      recipientUserName: 'bob',
      recipientDisplayName: 'Bob Roe',
      unread: '2',
      messages: [{ _id: 'm1', msg: 'hi', dateTime: '2025-01-01T00:00:00Z' }, { msg: 'no id' }],
    });
    expect(dm?.unread).toBe(2);
    expect(dm?.messages.map((m) => m._id)).toEqual(['m1']);
    expect(dmCounterpart(dm!, ann).displayName).toBe('Bob Roe');
    expect(dmCounterpart(dm!, bob).displayName).toBe('Ann Lee');
    expect(toDmChat({ title: 'no id' })).toBeNull();
  });

  it('counts a group as members plus the creator, and knows its creator', () => {
    const group = toGroupChat({ _id: 'g1', title: 'Board', creatorId: 'u-ann', members: ['u-bob', 'u-cy'], chatCreatorUseName: 'ann', chatCreatorDisplayName: 'Ann Lee' });
    expect(groupMemberCount(group!)).toBe(3);
    expect(isGroupCreator(group!, ann)).toBe(true);
    expect(isGroupCreator(group!, bob)).toBe(false);
    const byName = toGroupChat({ _id: 'g2', title: 'x', members: [{ _id: 'u-bob', userName: 'bob', displayName: 'Bob Roe' }], chatCreatorUseName: 'ann' });
    expect(byName?.members).toEqual(['u-bob']);
    expect(byName?.memberUsers.map((u) => u.displayName)).toEqual(['Bob Roe']);
    expect(isGroupCreator(byName!, ann)).toBe(true);
  });

  it('appends and merges messages without duplicates, oldest first', () => {
    expect(appendMessage([message('a', 1)], message('a', 1))).toHaveLength(1);
    expect(mergeMessages([message('b', 2), message('c', 3)], [message('a', 1), message('b', 2)]).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps list order: new chats on top, unread counts per chat', () => {
    const a = { _id: 'a', unread: 0, messages: [] };
    const b = { _id: 'b', unread: 1, messages: [] };
    expect(upsertChat([a], b).map((c) => c._id)).toEqual(['b', 'a']);
    expect(upsertChat([a, b], { ...b, unread: 5 }).map((c) => c.unread)).toEqual([0, 5]);
    expect(bumpUnread([a, b], 'b', message('m', 1))[1]).toMatchObject({ unread: 2, messages: [{ _id: 'm' }] });
    expect(setUnread([a, b], 'b', 0)[1].unread).toBe(0);
    expect(removeChat([a, b], 'a')).toEqual([b]);
  });
});
