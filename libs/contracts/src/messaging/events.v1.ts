/**
 * Integration events of messaging, on `events.messaging.<Name>` (CloudEvents type
 * `messaging.<Name>.v1`). They carry ids and times only: never message text, titles or file
 * names (chats may hold health information). Read the room through the gateway for content.
 * chatType: 0 = direct message, 1 = group.
 */
import type { ChatType } from '../realtime';

/** `events.messaging.ChatStarted`: a DM or a group chat was created. memberIds exclude the creator. */
export const CHAT_STARTED_V1 = 'ChatStarted';
export type ChatStartedV1 = { chatId: string; chatType: ChatType; creatorId: string; memberIds: string[]; startedAt: string };

/** `events.messaging.MessagePosted` */
export const MESSAGE_POSTED_V1 = 'MessagePosted';
export type MessagePostedV1 = { chatId: string; chatType: ChatType; messageId: string; senderId: string; kind: 'text' | 'image' | 'document'; postedAt: string };

/** `events.messaging.MessagesRead`: a participant read the room up to a message. */
export const MESSAGES_READ_V1 = 'MessagesRead';
export type MessagesReadV1 = { chatId: string; userId: string; messageId: string; readAt: string };

/** `events.messaging.ChatDeletedForUser` / `ChatUndeletedForUser`: a DM left or came back to one participant's list. */
export const CHAT_DELETED_FOR_USER_V1 = 'ChatDeletedForUser';
export type ChatDeletedForUserV1 = { chatId: string; userId: string; at: string };
export const CHAT_UNDELETED_FOR_USER_V1 = 'ChatUndeletedForUser';
export type ChatUndeletedForUserV1 = { chatId: string; userId: string; at: string };

/** `events.messaging.GroupChatRenamed` (the title itself is not in the event). */
export const GROUP_CHAT_RENAMED_V1 = 'GroupChatRenamed';
export type GroupChatRenamedV1 = { chatId: string; changedBy: string; at: string };

/** `events.messaging.GroupMembersAdded` / `GroupMembersRemoved` */
export const GROUP_MEMBERS_ADDED_V1 = 'GroupMembersAdded';
export type GroupMembersAddedV1 = { chatId: string; userIds: string[]; changedBy: string; at: string };
export const GROUP_MEMBERS_REMOVED_V1 = 'GroupMembersRemoved';
export type GroupMembersRemovedV1 = { chatId: string; userIds: string[]; changedBy: string; at: string };
