import type { messaging } from '@app/contracts';
import type { ChatState } from '../domain/chat.aggregate';
import type { MessagePosted } from '../domain/chat.events';
import { messageView, type ChatShape, type UserDirectory } from './chat-read-model';

/** A room as one viewer sees it, straight from the aggregate (before the read models hold it). */
export function shapeOf(state: ChatState, viewer: string): ChatShape {
  return {
    id: state.chatId!,
    chatType: state.chatType!,
    creatorId: state.creatorId,
    members: state.members,
    title: state.title,
    unread: state.unread[viewer] ?? 0,
    createdAt: state.createdAt!,
    lastActivityAt: state.lastActivityAt!,
  };
}

/** A message as the room shows it, from the event that posted it. */
export function postedView(e: MessagePosted, users: UserDirectory): messaging.ChatMessageView {
  const d = e.data;
  return messageView(
    {
      id: d.messageId,
      chat_id: d.chatId,
      seq: d.seq,
      sender_id: d.senderId,
      msg: d.msg,
      is_image: d.isImage,
      is_document: d.isDocument,
      original_file_name: d.originalFileName,
      posted_at: new Date(d.postedAt),
    },
    users,
    0,
  );
}
