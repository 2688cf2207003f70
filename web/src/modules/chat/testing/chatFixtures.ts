/** Chats, messages and a fake messaging gateway for the chat component specs. */
import { fakeGateway, type FakeCall, type FakeGateway } from '../../../testing/renderWithApp';
import type { SignedInUser } from '../../session/types/signedInUser';

export const ann: SignedInUser = {
  _id: 'u-ann',
  userName: 'ann',
  displayName: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@e2e.test',
  mobile: '+12025550101',
  loggedInAs: 'provider',
  isAdmin: false,
  isProvider: true,
  isMasterAdmin: false,
  showChatIconBadge: true,
};

export const users = {
  ann: { _id: 'u-ann', userName: 'ann', displayName: 'Ann Lee' },
  bob: { _id: 'u-bob', userName: 'bob', displayName: 'Bob Roe' },
  cy: { _id: 'u-cy', userName: 'cy', displayName: 'Cy Diaz' },
  dee: { _id: 'u-dee', userName: 'dee', displayName: 'Dee Fox' },
};

type Person = (typeof users)[keyof typeof users];

export function message(id: string, from: Person, msg: string, dateTime: string, extra: Record<string, unknown> = {}) {
  return { _id: id, msg, senderId: from._id, senderDisplayName: from.displayName, senderUserName: from.userName, dateTime, isImage: false, isDocument: false, status: 'Sent', ...extra };
}

export function dm(id: string, other: Person, messages: ReturnType<typeof message>[], unread = 0) {
  return {
    _id: id,
    senderId: users.ann._id,
    senderUserName: users.ann.userName,
    senderDisplayName: users.ann.displayName,
    recipientId: other._id,
    recipientUserName: other.userName,
    recipientDisplayName: other.displayName,
    messages,
    unread,
  };
}

export function group(id: string, title: string, creator: Person, members: Person[], messages: ReturnType<typeof message>[] = [], unread = 0) {
  return {
    _id: id,
    title,
    creatorId: creator._id,
    members: members.map((m) => m._id),
    memberUsers: members,
    chatCreatorUseName: creator.userName,
    chatCreatorDisplayName: creator.displayName,
    messages,
    unread,
  };
}

export type ChatData = { dms: ReturnType<typeof dm>[]; groups: ReturnType<typeof group>[] };

export function sampleData(): ChatData {
  return {
    dms: [
      dm('dm-bob', users.bob, [
        message('m1', users.bob, 'Your packet: https://example.com/packet and javascript:alert(1)', '2025-03-04T15:06:00.000Z'),
        message('m2', users.ann, '/api/users/chatFiles/photo.png', '2025-03-05T09:00:00.000Z', { isImage: true, originalFileName: 'badge photo.png' }),
        message('m3', users.bob, '/api/users/chatFiles/minutes.docx', '2025-03-05T09:30:00.000Z', { isDocument: true, originalFileName: 'Board minutes.docx' }),
      ]),
      dm('dm-cy', users.cy, [message('m4', users.cy, 'See you at the audit', '2025-03-01T12:00:00.000Z')], 2),
    ],
    groups: [
      group('g-board', 'Board', users.ann, [users.bob], [message('m5', users.bob, 'Agenda attached', '2025-03-02T10:00:00.000Z')]),
      group('g-billing', 'Billing', users.bob, [users.ann, users.cy], [], 1),
    ],
  };
}

function body(call: FakeCall): Record<string, unknown> {
  return (call.body ?? {}) as Record<string, unknown>;
}

let nextId = 100;

/** The chat calls over `data` (changed in place as the calls would change the server's). */
export function chatGateway(data: ChatData, extra: Record<string, (call: FakeCall) => { status?: number; body?: unknown }> = {}): FakeGateway {
  const summary = <T extends { messages: unknown[] }>(chat: T) => ({ ...chat, messages: chat.messages.slice(-1) });
  return fakeGateway({
    'POST /api/users/getChats': () => ({ body: { chats: data.dms.map(summary) } }),
    'POST /api/users/getChatRoom': (call) => {
      const chat = data.dms.find((c) => c._id === body(call).chatId);
      return chat ? { body: { chat } } : { status: 404, body: { success: false, message: 'Not Found' } };
    },
    'POST /api/users/getGroupChats': () => ({ body: { groupChats: data.groups.map(summary) } }),
    'POST /api/users/getGroupChatRoom': (call) => {
      const chat = data.groups.find((c) => c._id === body(call).chatId);
      return chat ? { body: { chat } } : { status: 404, body: { success: false, message: 'Not Found' } };
    },
    'POST /api/users/markMessageAsRead': () => ({ body: { success: true } }),
    'POST /api/users/resetChatIconBadge': () => ({ body: { success: true, showChatIconBadge: false } }),
    'GET /api/users/chatIconBadge': () => ({ body: { showChatIconBadge: true } }),
    'POST /api/users/postMessage': (call) => {
      const b = body(call);
      const msg = message(`m${nextId++}`, users.ann, String(b.msg), new Date().toISOString(), { isImage: b.isImage, isDocument: b.isDocument, originalFileName: b.originalFileName });
      data.dms.find((c) => c._id === b.dmId)?.messages.push(msg);
      return { body: { dmId: b.dmId, msg } };
    },
    'POST /api/users/postGroupChatMessage': (call) => {
      const b = body(call);
      const msg = message(`m${nextId++}`, users.ann, String(b.msg), new Date().toISOString());
      return { body: { chatId: b.chatId, msg } };
    },
    'POST /api/users/initiateChat': (call) => {
      const other = Object.values(users).find((u) => u._id === body(call).recipientId) ?? users.dee;
      const newDm = dm(`dm-${other.userName}`, other, []);
      data.dms.unshift(newDm);
      return { body: { newDm } };
    },
    'POST /api/users/deleteChat': (call) => {
      data.dms = data.dms.filter((c) => c._id !== body(call).chatId);
      return { body: { success: true, chatId: body(call).chatId } };
    },
    'POST /api/users/initiateGroupChat': (call) => {
      const b = body(call);
      const members = Object.values(users).filter((u) => (b.members as string[]).includes(u._id));
      const newGroupChat = group(`g-${nextId++}`, String(b.title), users.ann, members);
      data.groups.unshift(newGroupChat);
      return { body: { newGroupChat } };
    },
    'POST /api/users/updateGroupChat': (call) => {
      const b = body(call);
      const chat = data.groups.find((c) => c._id === b.chatId);
      if (!chat) return { status: 404, body: { success: false } };
      chat.title = String(b.title);
      chat.members = b.members as string[];
      chat.memberUsers = Object.values(users).filter((u) => chat.members.includes(u._id));
      return { body: { chat } };
    },
    'GET /api/users/searchUsers': (call) => {
      const term = new URL(call.path, 'http://x').searchParams.get('searchTerm')?.toLowerCase() ?? '';
      return { body: { users: Object.values(users).filter((u) => u.displayName.toLowerCase().includes(term) || u.userName.includes(term)) } };
    },
    'GET /api/users/searchChats': () => ({ body: { chats: [], groupChats: [] } }),
    ...extra,
  });
}
