import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { notifications } from '@app/contracts';
import { Rpc } from '@app/nest-kit';
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

  @Rpc(RPC.list)
  list(payload: notifications.ListNotificationsRequest) {
    return this.queryBus.execute(new ListNotificationsQuery(payload));
  }

  /** Also what identity asks for the signed-in user record's `notificationsCount`. */
  @Rpc(RPC.count)
  count(payload: notifications.CountNotificationsRequest) {
    return this.queryBus.execute(new CountNotificationsQuery(payload));
  }

  @Rpc(RPC.markRead)
  markRead(payload: notifications.MarkNotificationReadRequest) {
    return this.commandBus.execute(new MarkNotificationReadCommand(payload));
  }

  @Rpc(RPC.markAllRead)
  markAllRead(payload: notifications.MarkAllNotificationsReadRequest) {
    return this.commandBus.execute(new MarkAllNotificationsReadCommand(payload));
  }

  @Rpc(RPC.resetBell)
  resetBell(payload: notifications.ResetBellRequest) {
    return this.commandBus.execute(new ResetBellCommand(payload));
  }
}
