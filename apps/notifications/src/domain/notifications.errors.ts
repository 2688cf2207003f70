import { NotFound } from '@app/errors';

/** The notification does not exist in this account's stream (it may be another user's). */
export class NotificationNotFound extends NotFound {
  constructor() {
    super('Notification not found');
  }
}
