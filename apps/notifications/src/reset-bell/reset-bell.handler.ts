import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { notifications } from '@app/contracts';
import { Rpc, parsePayload } from '@app/nest-kit';
import { NotificationsWriter } from '../infrastructure/notifications.writer';

/** The user opened the bell: its count goes back to 0 (the notifications stay unread). */
@Controller()
export class ResetBellHandler {
  constructor(private readonly writer: NotificationsWriter) {}

  @Rpc('notifications', 'cmd', notifications.NOTIFICATIONS_RPC.resetBell)
  async resetBell(@Payload() payload: unknown): Promise<notifications.NotificationsCommandReply> {
    const { accountId } = parsePayload(notifications.ResetBellRequest, payload);
    const result = await this.writer.execute(accountId, { type: 'ResetBellCount', data: { accountId, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, notificationsCount: result.state.bellCount, unread: result.state.unread };
  }
}
