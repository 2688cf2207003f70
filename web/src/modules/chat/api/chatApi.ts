/**
 * Every call the chat screen makes (accounts spec §7, the Chat table), in one place: when the
 * messaging routes change shape, only this module changes. Answers are read defensively by
 * logic/chatRecords; request fields are exactly the table's.
 */
import type { messaging } from '@app/contracts';
import { apiClient } from '../../session/api/apiClient';

const USERS = '/api/users';

export type PostMessageFields = {
  msg: string;
  isImage: boolean;
  isDocument: boolean;
  originalFileName?: string;
  senderId: string;
  senderDisplayName: string;
  senderUserName: string;
};

export type PostDmFields = PostMessageFields & { dmId: string; recipientUserName: string; recipientId: string };
export type PostGroupFields = PostMessageFields & { chatId: string };

/** uploadChatFile: the file's URL (post it as the message) and the name it was sent with. */
export type UploadReply = { success?: boolean; fileUrl?: string; originalFileName?: string };

export const chatApi = {
  getChats: (userId: string) => apiClient.post<Partial<{ chats: messaging.DmChatView[] }>>(`${USERS}/getChats`, { userId }, { auth: true }),
  getChatRoom: (chatId: string, userName: string) => apiClient.post<Partial<messaging.OpenChatReply>>(`${USERS}/getChatRoom`, { chatId, userName }, { auth: true }),
  initiateChat: (senderId: string, recipientId: string, recipientUserName: string) =>
    apiClient.post<Partial<messaging.InitiateChatReply>>(`${USERS}/initiateChat`, { senderId, recipientId, recipientUserName }, { auth: true }),
  deleteChat: (userId: string, chatId: string) => apiClient.post<Partial<messaging.DeleteChatReply>>(`${USERS}/deleteChat`, { userId, chatId }, { auth: true }),
  postMessage: (fields: PostDmFields) => apiClient.post<Partial<{ dmId: string; msg: messaging.ChatMessageView }>>(`${USERS}/postMessage`, fields, { auth: true }),
  markMessageAsRead: (dmId: string, msgId: string) => apiClient.post<Partial<messaging.MarkReadReply>>(`${USERS}/markMessageAsRead`, { dmId, msgId }, { auth: true }),
  getGroupChats: (userId: string, userName: string) => apiClient.post<Partial<{ groupChats: messaging.GroupChatView[] }>>(`${USERS}/getGroupChats`, { userId, userName }, { auth: true }),
  getGroupChatRoom: (chatId: string, userName: string, userId: string) =>
    apiClient.post<Partial<messaging.OpenChatReply>>(`${USERS}/getGroupChatRoom`, { chatId, userName, userId }, { auth: true }),
  initiateGroupChat: (title: string, creatorId: string, members: string[]) =>
    apiClient.post<Partial<messaging.InitiateGroupChatReply>>(`${USERS}/initiateGroupChat`, { title, creatorId, members }, { auth: true }),
  updateGroupChat: (title: string, chatId: string, members: string[]) => apiClient.post<Partial<messaging.UpdateGroupChatReply>>(`${USERS}/updateGroupChat`, { title, chatId, members }, { auth: true }),
  postGroupChatMessage: (fields: PostGroupFields) => apiClient.post<Partial<messaging.PostMessageReply>>(`${USERS}/postGroupChatMessage`, fields, { auth: true }),
  /** The paged history: messages older than `before` (a message id), newest last. */
  getChatMessages: (chatId: string, before: string, limit?: number) =>
    apiClient.post<Partial<messaging.MessagesReply>>(`${USERS}/getChatMessages`, { chatId, before, limit }, { auth: true }),
  /** Clears the top-bar chat badge (showChatIconBadge) on the server. */
  resetChatIconBadge: () => apiClient.post<Partial<messaging.BadgeReply>>(`${USERS}/resetChatIconBadge`, {}, { auth: true }),
  /** Whether the top-bar chat badge is lit (a message from someone else since it was cleared). */
  chatIconBadge: () => apiClient.get<Partial<messaging.BadgeReply>>(`${USERS}/chatIconBadge`, { auth: true }),
  /** The users search of the New Chat and New Group Chat drawers. */
  searchUsers: (searchTerm: string) => apiClient.get<{ users?: unknown }>(`${USERS}/searchUsers`, { query: { searchTerm }, auth: true }),
  /** Chats whose counterpart, title or messages match (server full-text search over what the user can read). */
  searchChats: (searchTerm: string) => apiClient.get<Partial<messaging.SearchReply>>(`${USERS}/searchChats`, { query: { searchTerm }, auth: true }),
  /** A chat attachment, stored for that room's participants only. */
  uploadFile: (file: File, chatId: string) => {
    const form = new FormData();
    form.append('chatId', chatId);
    form.append('file', file, file.name);
    return apiClient.postForm<UploadReply>(`${USERS}/uploadChatFile`, form, { auth: true });
  },
  /** Reads a chat file with the session token (chat files are for the room's participants only). */
  fetchFile: (url: string): Promise<Blob> => apiClient.getBlob(url, { auth: true }),
};

export type ChatApi = typeof chatApi;
