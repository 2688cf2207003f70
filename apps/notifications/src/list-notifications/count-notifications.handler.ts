import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { notifications } from '@app/contracts';
import { NotificationCounter } from '../read-models/notification-counter.entity';
import { CountNotificationsQuery } from './count-notifications.query';

/** The bell count, from the read models; also what identity asks for the signed-in user record's `notificationsCount`. */
@QueryHandler(CountNotificationsQuery)
export class CountNotificationsHandler implements IQueryHandler<CountNotificationsQuery, notifications.CountNotificationsReply> {
  constructor(private readonly em: EntityManager) {}

  async execute({ input }: CountNotificationsQuery): Promise<notifications.CountNotificationsReply> {
    const counter = await this.em.fork().findOne(NotificationCounter, { accountId: input.accountId });
    return { notificationsCount: counter?.bellCount ?? 0, unread: counter?.unread ?? 0 };
  }
}
