import type { RealtimeAlert } from '@app/contracts';

/** Names of the icons a toast header can show; other values fall back to 'info'. */
export type AlertHeaderIcon = 'info' | 'success' | 'warning' | 'danger' | 'error' | 'bell' | 'security' | 'message';

/**
 * An alert shown as a toast: the spec's Alert (id, showAlert, autoDismiss, autoDismissTime,
 * headerText, headerIcon, bodyText), as the server sends it in 'user-alert-event', plus what
 * the toast area adds when it shows one.
 */
export type Alert = RealtimeAlert & {
  /** Show the footer with the date and time the alert appeared and the UTC offset. */
  showTimestamp?: boolean;
  /** When the alert appeared (ISO 8601), stamped when it is pushed. */
  shownAt?: string;
};

/** What a caller passes to pushAlert: everything but the header and body text is optional. */
export type AlertInput = Partial<Alert> & Pick<Alert, 'headerText' | 'bodyText'>;
