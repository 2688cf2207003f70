import type { Alert, AlertHeaderIcon, AlertInput } from '../types/alert';

/** Time a toast stays up when autoDismiss is set without a time. */
export const DEFAULT_AUTO_DISMISS_MS = 5000;
/** localStorage key of an alert kept across a page load (shown once, then removed). */
export const STORED_ALERT_KEY = 'storedAlert';

const HEADER_ICONS: readonly AlertHeaderIcon[] = ['info', 'success', 'warning', 'danger', 'error', 'bell', 'security', 'message'];

let sequence = 0;

/** A reasonably unique alert id. */
export function newAlertId(): string {
  sequence += 1;
  return `alert-${Date.now().toString(36)}-${sequence}`;
}

/** The icon to render for an alert's headerIcon value ('info' when unknown). */
export function headerIconOf(alert: Pick<Alert, 'headerIcon'>): AlertHeaderIcon {
  const icon = alert.headerIcon?.toLowerCase() as AlertHeaderIcon;
  return HEADER_ICONS.includes(icon) ? icon : 'info';
}

/** Fills in an alert's defaults: an id, shown, not auto-dismissed, an info icon, the time it appeared. */
export function normalizeAlert(input: AlertInput, now: Date = new Date(), makeId: () => string = newAlertId): Alert {
  const autoDismissTime = Number(input.autoDismissTime);
  return {
    id: input.id ? String(input.id) : makeId(),
    showAlert: input.showAlert ?? true,
    autoDismiss: Boolean(input.autoDismiss),
    autoDismissTime: Number.isFinite(autoDismissTime) && autoDismissTime > 0 ? autoDismissTime : DEFAULT_AUTO_DISMISS_MS,
    headerText: String(input.headerText ?? ''),
    headerIcon: input.headerIcon ? String(input.headerIcon) : 'info',
    bodyText: String(input.bodyText ?? ''),
    showTimestamp: input.showTimestamp ?? false,
    shownAt: input.shownAt ?? now.toISOString(),
  };
}

/** Adds an alert on top; an alert with the same id is replaced rather than shown twice. */
export function addAlert(list: readonly Alert[], alert: Alert): Alert[] {
  return [alert, ...list.filter((existing) => existing.id !== alert.id)];
}

/** Removes the alert with this id (no change when it is not there). */
export function removeAlert(list: readonly Alert[], id: string): Alert[] {
  return list.some((alert) => alert.id === id) ? list.filter((alert) => alert.id !== id) : [...list];
}

/** The alerts to display: those with showAlert set, newest first. */
export function visibleAlerts(list: readonly Alert[]): Alert[] {
  return list.filter((alert) => alert.showAlert);
}

/** The delay after which an alert closes itself, or null when it stays until closed. */
export function autoDismissDelay(alert: Alert): number | null {
  return alert.autoDismiss ? alert.autoDismissTime : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the JSON of a stored alert. Returns null when there is none or it is not an alert
 * (not JSON, not an object, or without header and body text).
 */
export function parseStoredAlert(raw: string | null | undefined, now: Date = new Date()): Alert | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const headerText = typeof value.headerText === 'string' ? value.headerText : '';
  const bodyText = typeof value.bodyText === 'string' ? value.bodyText : '';
  if (!headerText && !bodyText) return null;
  return normalizeAlert(
    {
      id: typeof value.id === 'string' || typeof value.id === 'number' ? String(value.id) : undefined,
      showAlert: typeof value.showAlert === 'boolean' ? value.showAlert : true,
      autoDismiss: typeof value.autoDismiss === 'boolean' ? value.autoDismiss : undefined,
      autoDismissTime: typeof value.autoDismissTime === 'number' ? value.autoDismissTime : Number(value.autoDismissTime),
      headerText,
      headerIcon: typeof value.headerIcon === 'string' ? value.headerIcon : undefined,
      bodyText,
      showTimestamp: typeof value.showTimestamp === 'boolean' ? value.showTimestamp : undefined,
    },
    now,
  );
}
