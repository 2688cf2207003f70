import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { messaging } from '@app/contracts';
import { Rpc, parsePayload } from '@app/nest-kit';
import { ChatService } from './chats/chat.service';

const R = messaging.MESSAGING_RPC;

/**
 * Messaging's NATS entry point: each subject parses its payload with the contract and runs the
 * use case. The caller is the signed actor of the request context (the gateway signs it), never
 * a field of the payload.
 */
@Controller()
export class MessagingRpcController {
  constructor(private readonly chats: ChatService) {}

  @Rpc('messaging', 'cmd', R.initiateChat)
  initiateChat(@Payload() p: unknown) {
    return this.chats.initiateChat(parsePayload(messaging.InitiateChatRequest, p));
  }
  @Rpc('messaging', 'cmd', R.openChat)
  openChat(@Payload() p: unknown) {
    return this.chats.openChat(parsePayload(messaging.OpenChatRequest, p));
  }
  @Rpc('messaging', 'cmd', R.deleteChat)
  deleteChat(@Payload() p: unknown) {
    return this.chats.deleteChat(parsePayload(messaging.DeleteChatRequest, p));
  }
  @Rpc('messaging', 'cmd', R.postMessage)
  postMessage(@Payload() p: unknown) {
    return this.chats.postMessage(parsePayload(messaging.PostMessageRequest, p));
  }
  @Rpc('messaging', 'cmd', R.markRead)
  markRead(@Payload() p: unknown) {
    return this.chats.markRead(parsePayload(messaging.MarkReadRequest, p));
  }
  @Rpc('messaging', 'cmd', R.initiateGroupChat)
  initiateGroupChat(@Payload() p: unknown) {
    return this.chats.initiateGroupChat(parsePayload(messaging.InitiateGroupChatRequest, p));
  }
  @Rpc('messaging', 'cmd', R.updateGroupChat)
  updateGroupChat(@Payload() p: unknown) {
    return this.chats.updateGroupChat(parsePayload(messaging.UpdateGroupChatRequest, p));
  }
  @Rpc('messaging', 'cmd', R.resetBadge)
  resetBadge(@Payload() p: unknown) {
    parsePayload(messaging.EmptyRequest, p ?? {});
    return this.chats.resetBadge();
  }
  @Rpc('messaging', 'qry', R.listChats)
  listChats(@Payload() p: unknown) {
    return this.chats.listChats(parsePayload(messaging.ListChatsRequest, p));
  }
  @Rpc('messaging', 'qry', R.messages)
  messages(@Payload() p: unknown) {
    return this.chats.messages(parsePayload(messaging.MessagesRequest, p));
  }
  @Rpc('messaging', 'qry', R.search)
  search(@Payload() p: unknown) {
    return this.chats.search(parsePayload(messaging.SearchRequest, p));
  }
  /** Also what the gateway asks for the signed-in user record's `showChatIconBadge`. */
  @Rpc('messaging', 'qry', R.badge)
  badge(@Payload() p: unknown) {
    return this.chats.badge(parsePayload(messaging.BadgeRequest, p ?? {}).userId);
  }
  @Rpc('messaging', 'qry', R.fileAccess)
  fileAccess(@Payload() p: unknown) {
    return this.chats.fileAccess(parsePayload(messaging.FileAccessRequest, p));
  }
}
