import type { RecordedEvent } from '@app/event-store';
import { messaging } from '@app/contracts';
import type { ChatEvent } from '../domain/chat.events';

/**
 * Which chat events leave messaging (events.messaging.<Name>), as the v1 contracts of
 * libs/contracts/src/messaging/events.v1.ts: ids and times only, never message text, titles or
 * file names. The badge events stay inside.
 */
export function messagingIntegrationEvent(event: RecordedEvent): { type: string; data: unknown } | null {
  const e = { type: event.type, data: event.data } as ChatEvent;
  switch (e.type) {
    case 'ChatStarted': {
      const d = e.data;
      const data: messaging.ChatStartedV1 = { chatId: d.chatId, chatType: d.chatType, creatorId: d.creatorId, memberIds: d.members, startedAt: d.startedAt };
      return { type: messaging.CHAT_STARTED_V1, data };
    }
    case 'MessagePosted': {
      const d = e.data;
      const data: messaging.MessagePostedV1 = {
        chatId: d.chatId,
        chatType: d.chatType,
        messageId: d.messageId,
        senderId: d.senderId,
        kind: d.isImage ? 'image' : d.isDocument ? 'document' : 'text',
        postedAt: d.postedAt,
      };
      return { type: messaging.MESSAGE_POSTED_V1, data };
    }
    case 'MessagesRead': {
      const d = e.data;
      const data: messaging.MessagesReadV1 = { chatId: d.chatId, userId: d.userId, messageId: d.messageId, readAt: d.readAt };
      return { type: messaging.MESSAGES_READ_V1, data };
    }
    case 'ChatDeletedForUser':
      return { type: messaging.CHAT_DELETED_FOR_USER_V1, data: { chatId: e.data.chatId, userId: e.data.userId, at: e.data.at } satisfies messaging.ChatDeletedForUserV1 };
    case 'ChatUndeletedForUser':
      return { type: messaging.CHAT_UNDELETED_FOR_USER_V1, data: { chatId: e.data.chatId, userId: e.data.userId, at: e.data.at } satisfies messaging.ChatUndeletedForUserV1 };
    case 'GroupChatRenamed':
      return { type: messaging.GROUP_CHAT_RENAMED_V1, data: { chatId: e.data.chatId, changedBy: e.data.changedBy, at: e.data.at } satisfies messaging.GroupChatRenamedV1 };
    case 'GroupMembersAdded':
      return {
        type: messaging.GROUP_MEMBERS_ADDED_V1,
        data: { chatId: e.data.chatId, userIds: e.data.userIds, changedBy: e.data.changedBy, at: e.data.at } satisfies messaging.GroupMembersAddedV1,
      };
    case 'GroupMembersRemoved':
      return {
        type: messaging.GROUP_MEMBERS_REMOVED_V1,
        data: { chatId: e.data.chatId, userIds: e.data.userIds, changedBy: e.data.changedBy, at: e.data.at } satisfies messaging.GroupMembersRemovedV1,
      };
    default:
      return null;
  }
}
