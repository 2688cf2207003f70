import { z } from 'zod';
import type { ChatMessageView, ChatSearchHit, DmChatView, GroupChatView } from './views';

/** Request/reply subjects of the messaging service: messaging.cmd.<name> and messaging.qry.<name>. */
export const MESSAGING_RPC = {
  // commands
  initiateChat: 'initiateChat',
  openChat: 'openChat',
  deleteChat: 'deleteChat',
  postMessage: 'postMessage',
  markRead: 'markRead',
  initiateGroupChat: 'initiateGroupChat',
  updateGroupChat: 'updateGroupChat',
  resetBadge: 'resetBadge',
  // queries
  listChats: 'listChats',
  messages: 'messages',
  search: 'search',
  badge: 'badge',
  fileAccess: 'fileAccess',
} as const;

/** Chat limits (spec §9 has none; these keep one request bounded). */
export const CHAT_LIMITS = {
  messageMaxLength: 5000,
  titleMaxLength: 100,
  groupMaxMembers: 200,
  /** Messages in a room's first page and the default page of getChatMessages. */
  pageSize: 50,
  pageMaxSize: 100,
  searchMinLength: 2,
  searchMaxLength: 200,
  fileNameMaxLength: 255,
} as const;

const id = (what: string) => z.string({ error: `must be ${what}` }).trim().toLowerCase().uuid(`must be ${what}`);
const chatId = id('a chat id');
const userId = id('a user id');
const messageId = id('a message id');
/** Fields the spec's web sends about the caller (senderId, userName...): accepted and ignored, the caller is the signed-in user. */
const ignored = z.unknown().optional();

/** A boolean as JSON or form data sends it ('true'/'false', '1'/'0', absent = false). */
const flag = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? false : v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'must be true or false' }),
);

/** A list of user ids as JSON (array), or form data (repeated field, a JSON array, or comma-separated). */
const memberIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string') {
      const s = v.trim();
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s);
        } catch {
          return v;
        }
      }
      return s.split(',').map((x) => x.trim()).filter(Boolean);
    }
    return v;
  },
  z.array(userId, { error: 'must be a list of user ids' }).max(CHAT_LIMITS.groupMaxMembers, `must hold at most ${CHAT_LIMITS.groupMaxMembers} members`),
);

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(CHAT_LIMITS.titleMaxLength, `Title must be at most ${CHAT_LIMITS.titleMaxLength} characters`);

const messageFields = {
  msg: z
    .string({ error: 'Message is required' })
    .max(CHAT_LIMITS.messageMaxLength, `Message must be at most ${CHAT_LIMITS.messageMaxLength} characters`)
    .refine((s) => s.trim().length > 0, 'Message is required'),
  isImage: flag,
  isDocument: flag,
  originalFileName: z
    .string()
    .max(CHAT_LIMITS.fileNameMaxLength, `must be at most ${CHAT_LIMITS.fileNameMaxLength} characters`)
    .optional()
    .transform((s) => (s ? s : undefined)),
  senderId: ignored,
  senderDisplayName: ignored,
  senderUserName: ignored,
};

// ---- Gateway request bodies (spec §7, the Chat table). JSON or form data.

export const GetChatsBody = z.object({ userId: ignored });
export const GetChatRoomBody = z.object({ chatId, userName: ignored });
export const InitiateChatBody = z.object({ senderId: ignored, recipientId: userId, recipientUserName: ignored });
export const DeleteChatBody = z.object({ userId: ignored, chatId });
export const PostMessageBody = z.object({ dmId: chatId, recipientUserName: ignored, recipientId: ignored, ...messageFields });
export const MarkMessageAsReadBody = z.object({ dmId: chatId, msgId: messageId });
export const GetGroupChatsBody = z.object({ userId: ignored, userName: ignored });
export const GetGroupChatRoomBody = z.object({ chatId, userName: ignored, userId: ignored });
export const InitiateGroupChatBody = z.object({ title, creatorId: ignored, members: memberIds });
export const UpdateGroupChatBody = z.object({ title, chatId, members: memberIds });
export const PostGroupChatMessageBody = z.object({ chatId, ...messageFields });
/** The paged history: messages older than `before` (a message id of the room), newest last. */
export const GetChatMessagesBody = z.object({
  chatId,
  before: messageId.optional(),
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(CHAT_LIMITS.pageMaxSize, `must be at most ${CHAT_LIMITS.pageMaxSize}`).optional(),
  ),
});
export const SearchChatsQuery = z.object({
  searchTerm: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(CHAT_LIMITS.searchMinLength, `Search text must be at least ${CHAT_LIMITS.searchMinLength} characters`)
    .max(CHAT_LIMITS.searchMaxLength, `Search text must be at most ${CHAT_LIMITS.searchMaxLength} characters`),
});
export const ChatFileUploadBody = z.object({ chatId });

// ---- RPC payloads (the caller is always the signed actor of the request, never a field).

export const ChatTypeInput = z.union([z.literal(0), z.literal(1)]);
export const InitiateChatRequest = z.object({ recipientId: userId });
export const OpenChatRequest = z.object({ chatId, chatType: ChatTypeInput });
export const DeleteChatRequest = z.object({ chatId });
export const PostMessageRequest = z.object({
  chatId,
  chatType: ChatTypeInput,
  msg: messageFields.msg,
  isImage: z.boolean(),
  isDocument: z.boolean(),
  originalFileName: z.string().max(CHAT_LIMITS.fileNameMaxLength).optional(),
});
export const MarkReadRequest = z.object({ chatId, messageId });
export const InitiateGroupChatRequest = z.object({ title, members: z.array(userId).max(CHAT_LIMITS.groupMaxMembers) });
export const UpdateGroupChatRequest = z.object({ chatId, title, members: z.array(userId).max(CHAT_LIMITS.groupMaxMembers) });
export const ListChatsRequest = z.object({ chatType: ChatTypeInput });
export const MessagesRequest = z.object({ chatId, before: messageId.optional(), limit: z.number().int().min(1).max(CHAT_LIMITS.pageMaxSize).optional() });
export const SearchRequest = z.object({ searchTerm: z.string().trim().min(CHAT_LIMITS.searchMinLength).max(CHAT_LIMITS.searchMaxLength) });
export const FileAccessRequest = z.object({ chatId });
export const EmptyRequest = z.object({});
/** messaging.qry.badge: the caller's badge, or `userId`'s when the gateway composes a signed-in user record (no HTTP body reaches it). */
export const BadgeRequest = z.object({ userId: userId.optional() });

export type InitiateChatRequest = z.infer<typeof InitiateChatRequest>;
export type OpenChatRequest = z.infer<typeof OpenChatRequest>;
export type DeleteChatRequest = z.infer<typeof DeleteChatRequest>;
export type PostMessageRequest = z.infer<typeof PostMessageRequest>;
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;
export type InitiateGroupChatRequest = z.infer<typeof InitiateGroupChatRequest>;
export type UpdateGroupChatRequest = z.infer<typeof UpdateGroupChatRequest>;
export type ListChatsRequest = z.infer<typeof ListChatsRequest>;
export type MessagesRequest = z.infer<typeof MessagesRequest>;
export type SearchRequest = z.infer<typeof SearchRequest>;
export type FileAccessRequest = z.infer<typeof FileAccessRequest>;
export type BadgeRequest = z.infer<typeof BadgeRequest>;

// ---- Replies

/** initiateChat: the DM (new, or the existing one with that partner); null when the recipient is the caller (nothing happens). */
export type InitiateChatReply = { newDm: DmChatView | null; existing: boolean };
export type OpenChatReply = { chat: DmChatView | GroupChatView };
export type DeleteChatReply = { success: true; chatId: string };
export type PostMessageReply = { chatId: string; msg: ChatMessageView };
export type MarkReadReply = { success: true; unread: number };
export type InitiateGroupChatReply = { newGroupChat: GroupChatView };
export type UpdateGroupChatReply = { chat: GroupChatView };
export type ListChatsReply = { chats: DmChatView[] } | { groupChats: GroupChatView[] };
export type MessagesReply = { messages: ChatMessageView[]; hasMore: boolean };
export type SearchReply = { chats: ChatSearchHit[]; groupChats: ChatSearchHit[] };
export type BadgeReply = { showChatIconBadge: boolean };
export type FileAccessReply = { allowed: true };
