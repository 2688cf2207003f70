import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Payload } from '@nestjs/microservices';
import { notifications } from '@app/contracts';
import { Rpc, parsePayload } from '@app/nest-kit';
import { CountNotificationsQuery } from './list-notifications/count-notifications.query';
import { ListNotificationsQuery } from './list-notifications/list-notifications.query';
import { MarkAllNotificationsReadCommand } from './mark-read/mark-all-notifications-read.command';
import { MarkNotificationReadCommand } from './mark-read/mark-notification-read.command';
import { ResetBellCommand } from './reset-bell/reset-bell.command';

const RPC = notifications.NOTIFICATIONS_RPC;

/**
 * The service's NATS entry point: each request/reply subject parses its payload with the
 * contract and dispatches a command or query; the handlers beside each use case do the work.
 * The request context (correlation id, actor) is in AsyncLocalStorage for the whole call.
 */
@Controller()
export class NotificationsRpcController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Rpc('notifications', 'qry', RPC.list)
  async list(@Payload() payload: unknown): Promise<notifications.ListNotificationsReply> {
    return this.queryBus.execute(new ListNotificationsQuery(parsePayload(notifications.ListNotificationsRequest, payload)));
  }

  /** Also what identity asks for the signed-in user record's `notificationsCount`. */
  @Rpc('notifications', 'qry', RPC.count)
  async count(@Payload() payload: unknown): Promise<notifications.CountNotificationsReply> {
    return this.queryBus.execute(new CountNotificationsQuery(parsePayload(notifications.CountNotificationsRequest, payload)));
  }

  @Rpc('notifications', 'cmd', RPC.markRead)
  async markRead(@Payload() payload: unknown): Promise<notifications.NotificationsCommandReply> {
    return this.commandBus.execute(new MarkNotificationReadCommand(parsePayload(notifications.MarkNotificationReadRequest, payload)));
  }

  @Rpc('notifications', 'cmd', RPC.markAllRead)
  async markAllRead(@Payload() payload: unknown): Promise<notifications.NotificationsCommandReply> {
    return this.commandBus.execute(new MarkAllNotificationsReadCommand(parsePayload(notifications.MarkAllNotificationsReadRequest, payload)));
  }

  @Rpc('notifications', 'cmd', RPC.resetBell)
  async resetBell(@Payload() payload: unknown): Promise<notifications.NotificationsCommandReply> {
    return this.commandBus.execute(new ResetBellCommand(parsePayload(notifications.ResetBellRequest, payload)));
  }
}
