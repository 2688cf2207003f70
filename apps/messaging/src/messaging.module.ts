import { Module } from '@nestjs/common';
import { DomainServiceModule } from '@app/nest-kit';
import { ChatService } from './chats/chat.service';
import { ChatWriter } from './infrastructure/chat.writer';
import { ChatRealtimePublisher } from './infrastructure/realtime.publisher';
import { messagingIntegrationEvent } from './integration-events';
import { MessagingRpcController } from './messaging.rpc.controller';
import { ChatReadModel } from './read-models/chat-read-model';
import { ChatsProjection } from './read-models/chats.projection';
import { messagingStorage } from './storage';
import { UserEventsConsumer } from './users/user-events.consumer';

@Module({
  imports: [
    DomainServiceModule.forRoot({
      context: 'messaging',
      ...messagingStorage,
      projections: [ChatsProjection],
      integrationEvents: messagingIntegrationEvent,
    }),
  ],
  controllers: [MessagingRpcController],
  providers: [ChatWriter, ChatReadModel, ChatRealtimePublisher, ChatService, UserEventsConsumer],
})
export class MessagingModule {}
