import { apiClient } from '../../session/api/apiClient';
import type {
  GetNotificationsReply,
  NotificationCountsReply,
  NotificationFilter,
  ResetCountReply,
} from '../types/notification';

const V1 = '/api/v1/users';
const USERS = '/api/users';

/** The notification calls (all with the session token; always the caller's own notifications). */
export const notificationsApi = {
  list: (filter: NotificationFilter) => apiClient.post<GetNotificationsReply>(`${V1}/getNotifications`, { filter }, { auth: true }),
  counts: () => apiClient.get<NotificationCountsReply>(`${USERS}/notificationsCount`, { auth: true }),
  markRead: (notificationId: string) =>
    apiClient.post<NotificationCountsReply>(`${USERS}/markNotificationRead`, { notificationId }, { auth: true }),
  markAllRead: () => apiClient.post<NotificationCountsReply>(`${USERS}/markAllNotificationsRead`, {}, { auth: true }),
  resetCount: () => apiClient.post<ResetCountReply>(`${USERS}/resetNotificationsCount`, {}, { auth: true }),
};

export type NotificationsApi = typeof notificationsApi;
