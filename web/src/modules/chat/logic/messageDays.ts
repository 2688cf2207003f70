import dayjs from 'dayjs';
import { formatTimestamp } from '../../format/timestamp';
import type { ChatMessage } from '../types/chat';

/** A day of messages under its separator. */
export type MessageDay = { key: string; label: string; messages: ChatMessage[] };

/** The separator of a day: weekday, month, day, year ("Tuesday, March 4, 2025"), in the browser's zone. */
export function daySeparatorLabel(value: string | Date): string {
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('dddd, MMMM D, YYYY') : '';
}

/** When a message was sent: month day, year at hour:minute with the UTC offset. */
export function messageTime(dateTime: string, utcOffsetMinutes?: number): string {
  return formatTimestamp(dateTime, utcOffsetMinutes);
}

/**
 * The messages (oldest first) grouped under a separator per calendar day in the browser's
 * zone; a message without a readable time stays in the day before it (or a day of its own).
 */
export function groupMessagesByDay(messages: readonly ChatMessage[]): MessageDay[] {
  const days: MessageDay[] = [];
  for (const message of messages) {
    const parsed = dayjs(message.dateTime);
    const key = parsed.isValid() ? parsed.format('YYYY-MM-DD') : (days.at(-1)?.key ?? 'unknown');
    const last = days.at(-1);
    if (last && last.key === key) last.messages.push(message);
    else days.push({ key, label: parsed.isValid() ? daySeparatorLabel(message.dateTime) : '', messages: [message] });
  }
  return days;
}
