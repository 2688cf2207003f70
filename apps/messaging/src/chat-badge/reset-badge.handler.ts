import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { caller } from '../infrastructure/chat-access';
import { ChatWriter } from '../infrastructure/chat.writer';
import { ChatReadModel } from '../read-models/chat-read-model';
import { ResetBadgeCommand } from './reset-badge.command';

/** The caller has seen the chat icon: its badge goes. */
@CommandHandler(ResetBadgeCommand)
export class ResetBadgeHandler implements ICommandHandler<ResetBadgeCommand, messaging.BadgeReply & { success: true }> {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
  ) {}

  async execute(): Promise<messaging.BadgeReply & { success: true }> {
    const userId = caller();
    if (await this.reads.badge(userId)) await this.writer.projected(await this.writer.clearBadge(userId));
    return { success: true, showChatIconBadge: false };
  }
}
