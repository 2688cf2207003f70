import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Payload } from '@nestjs/microservices';
import { messaging } from '@app/contracts';
import { Rpc, parsePayload } from '@app/nest-kit';
import { ChatBadgeQuery } from './chat-badge/chat-badge.query';
import { ResetBadgeCommand } from './chat-badge/reset-badge.command';
import { DeleteChatCommand } from './delete-chat/delete-chat.command';
import { FileAccessQuery } from './file-access/file-access.query';
import { InitiateGroupChatCommand } from './group-chats/initiate-group-chat.command';
import { UpdateGroupChatCommand } from './group-chats/update-group-chat.command';
import { InitiateChatCommand } from './initiate-chat/initiate-chat.command';
import { ListChatsQuery } from './list-chats/list-chats.query';
import { MarkReadCommand } from './mark-read/mark-read.command';
import { OpenChatCommand } from './open-chat/open-chat.command';
import { PostMessageCommand } from './post-message/post-message.command';
import { ReadMessagesQuery } from './read-messages/read-messages.query';
import { SearchChatsQuery } from './search-chats/search-chats.query';

const R = messaging.MESSAGING_RPC;

/**
 * Messaging's NATS entry point: each subject parses its payload with the contract and dispatches
 * a command or query; the handler beside each use case does the work. The caller is the signed
 * actor of the request context (the gateway signs it), never a field of the payload.
 */
@Controller()
export class MessagingRpcController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Rpc('messaging', 'cmd', R.initiateChat)
  initiateChat(@Payload() p: unknown) {
    return this.commandBus.execute(new InitiateChatCommand(parsePayload(messaging.InitiateChatRequest, p)));
  }
  @Rpc('messaging', 'cmd', R.openChat)
  openChat(@Payload() p: unknown) {
    return this.commandBus.execute(new OpenChatCommand(parsePayload(messaging.OpenChatRequest, p)));
  }
  @Rpc('messaging', 'cmd', R.deleteChat)
  deleteChat(@Payload() p: unknown) {
    return this.commandBus.execute(new DeleteChatCommand(parsePayload(messaging.DeleteChatRequest, p)));
  }
  @Rpc('messaging', 'cmd', R.postMessage)
  postMessage(@Payload() p: unknown) {
    return this.commandBus.execute(new PostMessageCommand(parsePayload(messaging.PostMessageRequest, p)));
  }
  @Rpc('messaging', 'cmd', R.markRead)
  markRead(@Payload() p: unknown) {
    return this.commandBus.execute(new MarkReadCommand(parsePayload(messaging.MarkReadRequest, p)));
  }
  @Rpc('messaging', 'cmd', R.initiateGroupChat)
  initiateGroupChat(@Payload() p: unknown) {
    return this.commandBus.execute(new InitiateGroupChatCommand(parsePayload(messaging.InitiateGroupChatRequest, p)));
  }
  @Rpc('messaging', 'cmd', R.updateGroupChat)
  updateGroupChat(@Payload() p: unknown) {
    return this.commandBus.execute(new UpdateGroupChatCommand(parsePayload(messaging.UpdateGroupChatRequest, p)));
  }
  @Rpc('messaging', 'cmd', R.resetBadge)
  resetBadge(@Payload() p: unknown) {
    parsePayload(messaging.EmptyRequest, p ?? {});
    return this.commandBus.execute(new ResetBadgeCommand());
  }
  @Rpc('messaging', 'qry', R.listChats)
  listChats(@Payload() p: unknown) {
    return this.queryBus.execute(new ListChatsQuery(parsePayload(messaging.ListChatsRequest, p)));
  }
  @Rpc('messaging', 'qry', R.messages)
  messages(@Payload() p: unknown) {
    return this.queryBus.execute(new ReadMessagesQuery(parsePayload(messaging.MessagesRequest, p)));
  }
  @Rpc('messaging', 'qry', R.search)
  search(@Payload() p: unknown) {
    return this.queryBus.execute(new SearchChatsQuery(parsePayload(messaging.SearchRequest, p)));
  }
  /** Also what the gateway asks for the signed-in user record's `showChatIconBadge`. */
  @Rpc('messaging', 'qry', R.badge)
  badge(@Payload() p: unknown) {
    return this.queryBus.execute(new ChatBadgeQuery(parsePayload(messaging.BadgeRequest, p ?? {})));
  }
  @Rpc('messaging', 'qry', R.fileAccess)
  fileAccess(@Payload() p: unknown) {
    return this.queryBus.execute(new FileAccessQuery(parsePayload(messaging.FileAccessRequest, p)));
  }
}
