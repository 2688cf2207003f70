import type { ChatMessage } from '../types/chat';
import { daySeparatorLabel, groupMessagesByDay, messageTime } from './messageDays';

function message(id: string, dateTime: string): ChatMessage {
  return { _id: id, msg: id, senderDisplayName: 'Ann', senderUserName: 'ann', dateTime, isImage: false, isDocument: false };
}

describe('chat date separators and times', () => {
  it('labels a day with weekday, month, day and year', () => {
    expect(daySeparatorLabel(new Date(2025, 2, 4, 15, 6))).toBe('Tuesday, March 4, 2025');
    expect(daySeparatorLabel('not a date')).toBe('');
  });

  it('groups messages by calendar day in order, one separator per day', () => {
    const days = groupMessagesByDay([
      message('a', new Date(2025, 2, 4, 9, 0).toISOString()),
      message('b', new Date(2025, 2, 4, 23, 59).toISOString()),
      message('c', new Date(2025, 2, 5, 0, 1).toISOString()),
      message('d', new Date(2026, 0, 1, 12, 0).toISOString()),
    ]);
    expect(days.map((day) => [day.label, day.messages.map((m) => m._id)])).toEqual([
      ['Tuesday, March 4, 2025', ['a', 'b']],
      ['Wednesday, March 5, 2025', ['c']],
      ['Thursday, January 1, 2026', ['d']],
    ]);
  });

  it('keeps a message without a readable time in the day before it', () => {
    const days = groupMessagesByDay([message('a', new Date(2025, 2, 4, 9).toISOString()), message('b', 'garbage')]);
    expect(days).toHaveLength(1);
    expect(days[0].messages.map((m) => m._id)).toEqual(['a', 'b']);
    expect(groupMessagesByDay([])).toEqual([]);
  });

  it('shows a time as month day, year at hour:minute with the UTC offset', () => {
    expect(messageTime('2025-03-04T15:06:00.000Z', 0)).toBe('Mar 4, 2025 at 3:06 PM UTC+00:00');
    expect(messageTime('2025-03-04T15:06:00.000Z', -300)).toBe('Mar 4, 2025 at 10:06 AM UTC-05:00');
    expect(messageTime('2025-03-04T15:06:00.000Z', 330)).toBe('Mar 4, 2025 at 8:36 PM UTC+05:30');
  });
});
