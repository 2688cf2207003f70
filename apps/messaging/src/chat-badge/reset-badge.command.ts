import { Command } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** The caller has seen the chat icon: its badge goes. */
export class ResetBadgeCommand extends Command<messaging.BadgeReply & { success: true }> {}
