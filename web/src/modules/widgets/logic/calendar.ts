import type { Dayjs } from 'dayjs';
import { DATE_PICKER_MIN_WEEKS, DATE_PICKER_YEARS_PER_PAGE } from '../constants/widgetConstants';

/**
 * The weeks the calendar view shows for the month of `month`: each week Sunday to Saturday,
 * starting with the week of the 1st; 5 weeks, or 6 when the month needs them.
 */
export function calendarWeeks(month: Dayjs): Dayjs[][] {
  const first = month.startOf('month');
  const offset = first.day();
  const needed = Math.ceil((offset + first.daysInMonth()) / 7);
  const weekCount = Math.max(DATE_PICKER_MIN_WEEKS, needed);
  const start = first.subtract(offset, 'day');
  return Array.from({ length: weekCount }, (_, week) => Array.from({ length: 7 }, (_, day) => start.add(week * 7 + day, 'day')));
}

/** The first year of the 25-year page holding `year` (pages start at multiples of 25: 2025–2049). */
export function yearPageStart(year: number): number {
  return Math.floor(year / DATE_PICKER_YEARS_PER_PAGE) * DATE_PICKER_YEARS_PER_PAGE;
}

/** The 25 years of the page starting at `start`. */
export function yearPage(start: number): number[] {
  return Array.from({ length: DATE_PICKER_YEARS_PER_PAGE }, (_, i) => start + i);
}
