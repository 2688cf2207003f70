import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { notifications } from '@app/contracts';
import { parsePayload, type Actor } from '@app/nest-kit';
import { ApiFields } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';

type SignedInRequest = Request & { user: Actor };

/**
 * The notifications drawer and the bell. Always the caller's own notifications: the account
 * comes from the session, never from the body (an `email` sent by the web is ignored).
 */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller()
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(['api/v1/users/getNotifications', 'api/users/getNotifications'])
  @HttpCode(200)
  @ApiOperation({ summary: "The caller's notifications, newest first (at most 100); filter 0 All, 1 Security, 2 New (unread)" })
  @ApiFields(notifications.GetNotificationsBody, { required: false })
  async getNotifications(@Req() req: SignedInRequest, @Body() body: unknown) {
    const { filter } = parsePayload(notifications.GetNotificationsBody, body ?? {});
    const reply = await this.rpc.call(notifications.NOTIFICATIONS_RPC.list, {
      accountId: req.user.userId,
      filter,
    });
    return { success: true, notifications: reply.notifications };
  }

  @Post('api/users/markNotificationRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks one of the caller’s notifications Read (404 for anyone else’s)' })
  @ApiFields(notifications.MarkNotificationReadBody)
  async markRead(@Req() req: SignedInRequest, @Body() body: unknown) {
    const { notificationId } = parsePayload(notifications.MarkNotificationReadBody, body ?? {});
    const reply = await this.rpc.call(notifications.NOTIFICATIONS_RPC.markRead, {
      accountId: req.user.userId,
      notificationId,
    });
    return { success: true, notificationsCount: reply.notificationsCount, unread: reply.unread };
  }

  @Post('api/users/markAllNotificationsRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks all of the caller’s notifications Read' })
  async markAllRead(@Req() req: SignedInRequest) {
    const reply = await this.rpc.call(notifications.NOTIFICATIONS_RPC.markAllRead, {
      accountId: req.user.userId,
    });
    return { success: true, notificationsCount: reply.notificationsCount, unread: reply.unread };
  }

  @Post('api/users/resetNotificationsCount')
  @HttpCode(200)
  @ApiOperation({ summary: 'The bell was opened: its count goes back to 0' })
  async resetBell(@Req() req: SignedInRequest) {
    await this.rpc.call(notifications.NOTIFICATIONS_RPC.resetBell, {
      accountId: req.user.userId,
    });
    return { success: true, notificationsCount: 0 };
  }

  @Get('api/users/notificationsCount')
  @ApiOperation({ summary: 'The bell count (notifications raised since the bell was last opened) and the unread count' })
  async count(@Req() req: SignedInRequest) {
    const reply = await this.rpc.call(notifications.NOTIFICATIONS_RPC.count, {
      accountId: req.user.userId,
    });
    return { success: true, notificationsCount: reply.notificationsCount, unread: reply.unread };
  }
}
