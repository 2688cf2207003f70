import { z } from 'zod';
import type * as messaging from '../messaging';
import {
  CHAT_DELETED_FOR_USER_V1,
  CHAT_STARTED_V1,
  CHAT_UNDELETED_FOR_USER_V1,
  GROUP_CHAT_RENAMED_V1,
  GROUP_MEMBERS_ADDED_V1,
  GROUP_MEMBERS_REMOVED_V1,
  MESSAGE_POSTED_V1,
  MESSAGES_READ_V1,
} from '../messaging';
import { defineEvent } from './define';
import { at, id } from './fields';

const chatType = z.union([z.literal(0), z.literal(1)]).describe('0 = direct message, 1 = group');
const perUser = z.object({ chatId: id(), userId: id(), at: at() });
const members = z.object({ chatId: id(), userIds: z.array(id()), changedBy: id(), at: at() });

/** Messaging's events carry ids and times only: never message text, titles or file names (chats may hold health information). */
export const messagingEvents = [
  defineEvent<messaging.ChatStartedV1>()({
    context: 'messaging',
    name: CHAT_STARTED_V1,
    version: 1,
    summary: 'A DM or a group chat was created; memberIds exclude the creator.',
    schema: z.object({ chatId: id(), chatType, creatorId: id(), memberIds: z.array(id()), startedAt: at() }),
  }),
  defineEvent<messaging.MessagePostedV1>()({
    context: 'messaging',
    name: MESSAGE_POSTED_V1,
    version: 1,
    summary: 'A message was posted (no text, no file name).',
    schema: z.object({ chatId: id(), chatType, messageId: id(), senderId: id(), kind: z.enum(['text', 'image', 'document']), postedAt: at() }),
  }),
  defineEvent<messaging.MessagesReadV1>()({
    context: 'messaging',
    name: MESSAGES_READ_V1,
    version: 1,
    summary: 'A participant read the room up to a message.',
    schema: z.object({ chatId: id(), userId: id(), messageId: id(), readAt: at() }),
  }),
  defineEvent<messaging.ChatDeletedForUserV1>()({
    context: 'messaging',
    name: CHAT_DELETED_FOR_USER_V1,
    version: 1,
    summary: "A DM left one participant's list.",
    schema: perUser,
  }),
  defineEvent<messaging.ChatUndeletedForUserV1>()({
    context: 'messaging',
    name: CHAT_UNDELETED_FOR_USER_V1,
    version: 1,
    summary: "A DM came back to one participant's list.",
    schema: perUser,
  }),
  defineEvent<messaging.GroupChatRenamedV1>()({
    context: 'messaging',
    name: GROUP_CHAT_RENAMED_V1,
    version: 1,
    summary: 'A group chat was renamed (the title itself is not in the event).',
    schema: z.object({ chatId: id(), changedBy: id(), at: at() }),
  }),
  defineEvent<messaging.GroupMembersAddedV1>()({
    context: 'messaging',
    name: GROUP_MEMBERS_ADDED_V1,
    version: 1,
    summary: 'Members were added to a group chat.',
    schema: members,
  }),
  defineEvent<messaging.GroupMembersRemovedV1>()({
    context: 'messaging',
    name: GROUP_MEMBERS_REMOVED_V1,
    version: 1,
    summary: 'Members were removed from a group chat.',
    schema: members,
  }),
];
