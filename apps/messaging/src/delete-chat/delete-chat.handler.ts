import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { DeleteChatCommand } from './delete-chat.command';

/** The caller deletes a chat for themself (it comes back with the next message). */
@CommandHandler(DeleteChatCommand)
export class DeleteChatHandler implements ICommandHandler<DeleteChatCommand, messaging.DeleteChatReply> {
  constructor(private readonly writer: ChatWriter) {}

  async execute({ input }: DeleteChatCommand): Promise<messaging.DeleteChatReply> {
    const { chatId } = input;
    const result = await this.writer.execute({ type: 'DeleteForUser', chatId, userId: caller(), at: new Date().toISOString() });
    await this.writer.projected(result.globalPositions);
    return { success: true, chatId };
  }
}
