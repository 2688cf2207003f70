import { z } from 'zod';
import { defineRpcs, schemaOf } from '../rpc-contract';
import type { ChatMessageView, ChatSearchHit, ChatUserView, DmChatView, GroupChatView } from './views';

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

const iso = z.string();
export const ChatMessageViewSchema = schemaOf<ChatMessageView>()(
  z.object({
    _id: z.string(),
    chatId: z.string(),
    senderId: z.string(),
    senderDisplayName: z.string(),
    senderUserName: z.string(),
    msg: z.string(),
    dateTime: iso,
    isImage: z.boolean(),
    isDocument: z.boolean(),
    originalFileName: z.string().nullable(),
    status: z.enum(['Read', 'Unread']),
  }),
);
export const ChatUserViewSchema = schemaOf<ChatUserView>()(
  z.object({ _id: z.string(), userName: z.string(), displayName: z.string(), avatarImageUrl: z.string().nullable() }),
);
export const DmChatViewSchema = schemaOf<DmChatView>()(
  z.object({
    _id: z.string(),
    senderId: z.string(),
    senderUserName: z.string(),
    senderDisplayName: z.string(),
    senderAvatarImageUrl: z.string().nullable(),
    recipientId: z.string(),
    recipientUserName: z.string(),
    recipientDisplayName: z.string(),
    recipientAvatarImageUrl: z.string().nullable(),
    messages: z.array(ChatMessageViewSchema),
    unread: z.number(),
    hasMore: z.boolean(),
    createdAt: iso,
    lastActivityAt: iso,
  }),
);
export const GroupChatViewSchema = schemaOf<GroupChatView>()(
  z.object({
    _id: z.string(),
    title: z.string(),
    creatorId: z.string(),
    members: z.array(z.string()),
    memberUsers: z.array(ChatUserViewSchema),
    memberCount: z.number(),
    chatCreatorUseName: z.string(),
    chatCreatorDisplayName: z.string(),
    messages: z.array(ChatMessageViewSchema),
    unread: z.number(),
    hasMore: z.boolean(),
    createdAt: iso,
    lastActivityAt: iso,
  }),
);
const ChatSearchHitSchema = schemaOf<ChatSearchHit>()(z.object({ _id: z.string(), messageIds: z.array(z.string()) }));

/** initiateChat: the DM (new, or the existing one with that partner); null when the recipient is the caller (nothing happens). */
export const InitiateChatReply = z.object({ newDm: DmChatViewSchema.nullable(), existing: z.boolean() });
export const OpenChatReply = z.object({ chat: z.union([DmChatViewSchema, GroupChatViewSchema]) });
export const DeleteChatReply = z.object({ success: z.literal(true), chatId: z.string() });
export const PostMessageReply = z.object({ chatId: z.string(), msg: ChatMessageViewSchema });
export const MarkReadReply = z.object({ success: z.literal(true), unread: z.number() });
export const InitiateGroupChatReply = z.object({ newGroupChat: GroupChatViewSchema });
export const UpdateGroupChatReply = z.object({ chat: GroupChatViewSchema });
export const ListChatsReply = z.union([z.object({ chats: z.array(DmChatViewSchema) }), z.object({ groupChats: z.array(GroupChatViewSchema) })]);
export const MessagesReply = z.object({ messages: z.array(ChatMessageViewSchema), hasMore: z.boolean() });
export const SearchReply = z.object({ chats: z.array(ChatSearchHitSchema), groupChats: z.array(ChatSearchHitSchema) });
export const BadgeReply = z.object({ showChatIconBadge: z.boolean() });
export const ResetBadgeReply = BadgeReply.extend({ success: z.literal(true) });
export const FileAccessReply = z.object({ allowed: z.literal(true) });

export type InitiateChatReply = z.infer<typeof InitiateChatReply>;
export type OpenChatReply = z.infer<typeof OpenChatReply>;
export type DeleteChatReply = z.infer<typeof DeleteChatReply>;
export type PostMessageReply = z.infer<typeof PostMessageReply>;
export type MarkReadReply = z.infer<typeof MarkReadReply>;
export type InitiateGroupChatReply = z.infer<typeof InitiateGroupChatReply>;
export type UpdateGroupChatReply = z.infer<typeof UpdateGroupChatReply>;
export type ListChatsReply = z.infer<typeof ListChatsReply>;
export type MessagesReply = z.infer<typeof MessagesReply>;
export type SearchReply = z.infer<typeof SearchReply>;
export type BadgeReply = z.infer<typeof BadgeReply>;
export type ResetBadgeReply = z.infer<typeof ResetBadgeReply>;
export type FileAccessReply = z.infer<typeof FileAccessReply>;

/** The messaging service's calls: messaging.cmd.<name> and messaging.qry.<name>. The caller is the signed actor, never a field. */
export const MESSAGING_RPC = defineRpcs('messaging', {
  // commands
  initiateChat: { kind: 'cmd', request: InitiateChatRequest, reply: InitiateChatReply },
  openChat: { kind: 'cmd', request: OpenChatRequest, reply: OpenChatReply },
  deleteChat: { kind: 'cmd', request: DeleteChatRequest, reply: DeleteChatReply },
  postMessage: { kind: 'cmd', request: PostMessageRequest, reply: PostMessageReply },
  markRead: { kind: 'cmd', request: MarkReadRequest, reply: MarkReadReply },
  initiateGroupChat: { kind: 'cmd', request: InitiateGroupChatRequest, reply: InitiateGroupChatReply },
  updateGroupChat: { kind: 'cmd', request: UpdateGroupChatRequest, reply: UpdateGroupChatReply },
  resetBadge: { kind: 'cmd', request: EmptyRequest, reply: ResetBadgeReply },
  // queries
  /** `{ chatType: 0 }` answers `{ chats }`, `{ chatType: 1 }` answers `{ groupChats }`. */
  listChats: { kind: 'qry', request: ListChatsRequest, reply: ListChatsReply },
  messages: { kind: 'qry', request: MessagesRequest, reply: MessagesReply },
  search: { kind: 'qry', request: SearchRequest, reply: SearchReply },
  /** Also what the gateway asks for the signed-in user record's `showChatIconBadge`. */
  badge: { kind: 'qry', request: BadgeRequest, reply: BadgeReply },
  fileAccess: { kind: 'qry', request: FileAccessRequest, reply: FileAccessReply },
});
