import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DomainServiceModule } from '@app/nest-kit';
import { ChatBadgeHandler } from './chat-badge/chat-badge.handler';
import { ResetBadgeHandler } from './chat-badge/reset-badge.handler';
import { DeleteChatHandler } from './delete-chat/delete-chat.handler';
import { FileAccessHandler } from './file-access/file-access.handler';
import { InitiateGroupChatHandler } from './group-chats/initiate-group-chat.handler';
import { UpdateGroupChatHandler } from './group-chats/update-group-chat.handler';
import { ChatAccess } from './infrastructure/chat-access';
import { CHAT_COMMIT, chatCommitMode } from './config';
import { ChatWriter } from './infrastructure/chat.writer';
import { ChatRealtimePublisher } from './infrastructure/realtime.publisher';
import { InitiateChatHandler } from './initiate-chat/initiate-chat.handler';
import { messagingIntegrationEvent } from './integration/integration-events';
import { DirectoryUsersConsumer, IdentityUsersConsumer } from './integration/user-events.consumer';
import { ListChatsHandler } from './list-chats/list-chats.handler';
import { MarkReadHandler } from './mark-read/mark-read.handler';
import { MessagingRpcController } from './messaging.rpc.controller';
import { OpenChatHandler } from './open-chat/open-chat.handler';
import { PostMessageHandler } from './post-message/post-message.handler';
import { ReadMessagesHandler } from './read-messages/read-messages.handler';
import { ChatReadModel } from './read-models/chat-read-model';
import { ChatsProjection } from './read-models/chats.projection';
import { SearchChatsHandler } from './search-chats/search-chats.handler';
import { messagingStorage } from './storage';

/** Messaging (chat rooms, direct and group): each room an event-sourced aggregate, live pushes after the append. */
@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'messaging',
      ...messagingStorage,
      projections: [ChatsProjection],
      integrationEvents: messagingIntegrationEvent,
    }),
    CqrsModule.forRoot(),
  ],
  controllers: [MessagingRpcController],
  providers: [
    { provide: CHAT_COMMIT, useFactory: () => chatCommitMode() },
    ChatWriter,
    ChatReadModel,
    ChatRealtimePublisher,
    ChatAccess,
    IdentityUsersConsumer,
    DirectoryUsersConsumer,
    // Commands
    InitiateChatHandler,
    OpenChatHandler,
    DeleteChatHandler,
    PostMessageHandler,
    MarkReadHandler,
    InitiateGroupChatHandler,
    UpdateGroupChatHandler,
    ResetBadgeHandler,
    // Queries
    ListChatsHandler,
    ReadMessagesHandler,
    SearchChatsHandler,
    ChatBadgeHandler,
    FileAccessHandler,
  ],
})
export class MessagingModule {}
