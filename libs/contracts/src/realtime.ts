/**
 * Events pushed to browsers over socket.io, by name, with their payloads. The gateway emits
 * them; the web listens with the same types. A domain service publishes a RealtimeEnvelope
 * on `realtime.user.<userId>`; every gateway instance subscribes and emits to that user's sockets.
 * The same push to several users goes once, as a RealtimeMultiEnvelope on `realtime.users`.
 */
export type ChatType = 0 | 1; // 0 = DM, 1 = group

export type RealtimeAlert = {
  id: string;
  showAlert: boolean;
  autoDismiss: boolean;
  autoDismissTime: number;
  headerText: string;
  headerIcon: string;
  bodyText: string;
};

export type RealtimeNotification = {
  _id: string;
  status: 'Read' | 'Unread';
  alertLevel: 'Info' | 'Success' | 'Warning' | 'Danger' | 'Error';
  category: string;
  icon: string;
  heading: string;
  body: string;
  creationDate: string;
  requestMetaData?: { browser?: string; os?: string; ip?: string };
  /** A request for an account, for the master admin to approve or decline (its status kept current). */
  accountRequest?: { requestId: string; status: 'pending' | 'approved' | 'declined' };
  /** The provider whose credentialing file the notification opens (credentialing monitoring). */
  providerId?: string;
  /** When its matter was dealt with (an exclusion match resolved). */
  doneAt?: string;
};

export type RealtimeEvents = {
  'user-alert-event': RealtimeAlert;
  'user-notification-event': { notification: RealtimeNotification; notificationsCount: number };
  'new-message-event': { id: string; msg: unknown; chatType: ChatType };
  'new-chat-event': { chatType: ChatType; chat: unknown };
  'delete-chat-event': { chatId: string; chatType: ChatType };
  'undelete-chat-event': { chatId: string; chat: unknown };
  'gc-title-update-event': { title: string; chatId: string };
  /** The server ends a socket whose session was revoked (logout, credential change). */
  'session-revoked-event': { reason: string; sessionId?: string };
};
export type RealtimeEventName = keyof RealtimeEvents;

export const REALTIME_EVENT_NAMES: readonly RealtimeEventName[] = [
  'user-alert-event',
  'user-notification-event',
  'new-message-event',
  'new-chat-event',
  'delete-chat-event',
  'undelete-chat-event',
  'gc-title-update-event',
  'session-revoked-event',
];

export type RealtimeEnvelope<E extends RealtimeEventName = RealtimeEventName> = {
  event: E;
  data: RealtimeEvents[E];
};

/** `realtime.users`: one event for the sockets of every user in `userIds` (encoded once, emitted once). */
export type RealtimeMultiEnvelope<E extends RealtimeEventName = RealtimeEventName> = RealtimeEnvelope<E> & { userIds: string[] };
