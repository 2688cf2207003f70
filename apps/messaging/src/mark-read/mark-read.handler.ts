import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatReadModel } from '../read-models/chat-read-model';
import { MarkReadCommand } from './mark-read.command';

/** The caller has read a room up to a message. */
@CommandHandler(MarkReadCommand)
export class MarkReadHandler implements ICommandHandler<MarkReadCommand, messaging.MarkReadReply> {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
  ) {}

  async execute({ input }: MarkReadCommand): Promise<messaging.MarkReadReply> {
    const { chatId, messageId } = input;
    const userId = caller();
    await this.writer.caughtUp();
    const seq = (await this.reads.seqOf(chatId, messageId)) ?? undefined;
    const result = await this.writer.execute({ type: 'MarkRead', chatId, userId, messageId, seq, at: new Date().toISOString() });
    await this.writer.projected(result.globalPositions);
    return { success: true, unread: result.state.unread[userId] ?? 0 };
  }
}
