import type { DmChat, GroupChat } from '../types/chat';
import { filterDms, filterGroups, previewOf } from './chatSearch';

const me = { _id: 'u1', userName: 'me', displayName: 'Me' };
const dm = (id: string, name: string, text = ''): DmChat => ({
  _id: id,
  senderId: 'u1',
  senderUserName: 'me',
  senderDisplayName: 'Me',
  recipientId: `r-${id}`,
  recipientUserName: name.toLowerCase(),
  recipientDisplayName: name,
  messages: text ? [{ _id: `m-${id}`, msg: text, senderDisplayName: 'Me', senderUserName: 'me', dateTime: '', isImage: false, isDocument: false }] : [],
  unread: 0,
});
const group = (id: string, title: string): GroupChat => ({ _id: id, title, members: [], memberUsers: [], chatCreatorUseName: 'me', chatCreatorDisplayName: 'Me', messages: [], unread: 0 });

describe('chat list search', () => {
  it('finds DMs by the counterpart, a loaded message, or the server’s hits', () => {
    const chats = [dm('a', 'Renée Roe'), dm('b', 'Bob', 'the credentialing packet'), dm('c', 'Cy')];
    expect(filterDms(chats, 'renee', null, me).map((c) => c._id)).toEqual(['a']);
    expect(filterDms(chats, 'PACKET', null, me).map((c) => c._id)).toEqual(['b']);
    expect(filterDms(chats, 'audit', { term: 'audit', dmIds: ['c'], groupIds: [] }, me).map((c) => c._id)).toEqual(['c']);
    expect(filterDms(chats, ' ', null, me)).toHaveLength(3);
  });

  it('finds groups by title or the server’s hits', () => {
    const groups = [group('g1', 'Board'), group('g2', 'Billing')];
    expect(filterGroups(groups, 'bill', null).map((g) => g._id)).toEqual(['g2']);
    expect(filterGroups(groups, 'minutes', { term: 'minutes', dmIds: [], groupIds: ['g1'] }).map((g) => g._id)).toEqual(['g1']);
  });

  it('previews the last message, a file by its name', () => {
    expect(previewOf(dm('a', 'A'))).toBe('No messages yet');
    expect(previewOf(dm('b', 'B', 'hello'))).toBe('Me: hello');
  });
});
