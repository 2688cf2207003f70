/** A count from the server: a whole number of at least 0, or null when the value is not one. */
export function countOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? Math.floor(number) : null;
}

/**
 * The bell count after a live notification: 0 while the drawer is open (the user is looking
 * at the list; the server is then reset too), else the count the event carries, or one more
 * than before when it carries none.
 */
export function bellCountAfterLive(current: number, carried: unknown, drawerOpen: boolean): number {
  if (drawerOpen) return 0;
  return countOf(carried) ?? current + 1;
}

/**
 * The bell count from a count answer: while the drawer is open it stays 0 (and the server is
 * reset when it had counted more); null when the answer carries no count.
 */
export function bellCountFromServer(carried: unknown, drawerOpen: boolean): { count: number; resetServer: boolean } | null {
  const count = countOf(carried);
  if (count === null) return null;
  return drawerOpen ? { count: 0, resetServer: count > 0 } : { count, resetServer: false };
}

/** The bell button's accessible name: 'Notifications', or 'Notifications (3 new)'. */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications (${count} new)` : 'Notifications';
}
