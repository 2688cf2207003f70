/** Names of the icons a toast header can show; other values fall back to 'info'. */
export type AlertHeaderIcon = 'info' | 'success' | 'warning' | 'danger' | 'error' | 'bell' | 'security' | 'message';

/** An alert shown as a toast (spec: id, showAlert, autoDismiss, autoDismissTime, headerText, headerIcon, bodyText). */
export type Alert = {
  id: string;
  /** Only alerts with showAlert set are displayed. */
  showAlert: boolean;
  /** When set, the alert is dismissed autoDismissTime ms after it appears. */
  autoDismiss: boolean;
  autoDismissTime: number;
  headerText: string;
  /** One of AlertHeaderIcon; kept as a string because stored and live alerts come from outside. */
  headerIcon: string;
  bodyText: string;
  /** Show the footer with the date and time the alert appeared and the UTC offset. */
  showTimestamp?: boolean;
  /** When the alert appeared (ISO 8601), stamped when it is pushed. */
  shownAt?: string;
};

/** What a caller passes to pushAlert: everything but the header and body text is optional. */
export type AlertInput = Partial<Alert> & Pick<Alert, 'headerText' | 'bodyText'>;
