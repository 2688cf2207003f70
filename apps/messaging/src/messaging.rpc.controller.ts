import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { messaging } from '@app/contracts';
import { Rpc } from '@app/nest-kit';
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

  @Rpc(R.initiateChat)
  initiateChat(p: messaging.InitiateChatRequest) {
    return this.commandBus.execute(new InitiateChatCommand(p));
  }
  @Rpc(R.openChat)
  openChat(p: messaging.OpenChatRequest) {
    return this.commandBus.execute(new OpenChatCommand(p));
  }
  @Rpc(R.deleteChat)
  deleteChat(p: messaging.DeleteChatRequest) {
    return this.commandBus.execute(new DeleteChatCommand(p));
  }
  @Rpc(R.postMessage)
  postMessage(p: messaging.PostMessageRequest) {
    return this.commandBus.execute(new PostMessageCommand(p));
  }
  @Rpc(R.markRead)
  markRead(p: messaging.MarkReadRequest) {
    return this.commandBus.execute(new MarkReadCommand(p));
  }
  @Rpc(R.initiateGroupChat)
  initiateGroupChat(p: messaging.InitiateGroupChatRequest) {
    return this.commandBus.execute(new InitiateGroupChatCommand(p));
  }
  @Rpc(R.updateGroupChat)
  updateGroupChat(p: messaging.UpdateGroupChatRequest) {
    return this.commandBus.execute(new UpdateGroupChatCommand(p));
  }
  @Rpc(R.resetBadge)
  resetBadge() {
    return this.commandBus.execute(new ResetBadgeCommand());
  }
  @Rpc(R.listChats)
  listChats(p: messaging.ListChatsRequest) {
    return this.queryBus.execute(new ListChatsQuery(p));
  }
  @Rpc(R.messages)
  messages(p: messaging.MessagesRequest) {
    return this.queryBus.execute(new ReadMessagesQuery(p));
  }
  @Rpc(R.search)
  search(p: messaging.SearchRequest) {
    return this.queryBus.execute(new SearchChatsQuery(p));
  }
  /** Also what the gateway asks for the signed-in user record's `showChatIconBadge`. */
  @Rpc(R.badge)
  badge(p: messaging.BadgeRequest) {
    return this.queryBus.execute(new ChatBadgeQuery(p));
  }
  @Rpc(R.fileAccess)
  fileAccess(p: messaging.FileAccessRequest) {
    return this.queryBus.execute(new FileAccessQuery(p));
  }
}
