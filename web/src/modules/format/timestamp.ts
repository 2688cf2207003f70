import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export type TimestampInput = Date | string | number;

/** dayjs pattern for "Oct 11, 2021 at 3:04 PM UTC-05:00". */
export const TIMESTAMP_PATTERN = 'MMM D, YYYY [at] h:mm A [UTC]Z';

/**
 * Month, day, year at hour:minute with the UTC offset: "Oct 11, 2021 at 3:04 PM UTC-05:00".
 * Uses the browser's time zone unless an offset in minutes is given. Invalid input gives ''.
 */
export function formatTimestamp(value: TimestampInput, utcOffsetMinutes?: number): string {
  const parsed = dayjs(value);
  if (!parsed.isValid()) return '';
  const zoned = utcOffsetMinutes === undefined ? parsed : parsed.utcOffset(utcOffsetMinutes);
  return zoned.format(TIMESTAMP_PATTERN);
}
