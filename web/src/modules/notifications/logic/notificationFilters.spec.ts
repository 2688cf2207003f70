import type { Notification } from '../types/notification';
import { emptyListText, filterLabel, matchesFilter, NOTIFICATION_FILTERS, toNotificationFilter } from './notificationFilters';

const security: Pick<Notification, 'category' | 'status'> = { category: 'Security', status: 'Read' };
const welcome: Pick<Notification, 'category' | 'status'> = { category: 'General', status: 'Unread' };

describe('notification filters', () => {
  it('offers All Notifications (0), Security (1) and New (2), in that order', () => {
    expect(NOTIFICATION_FILTERS).toEqual([
      { value: 0, label: 'All Notifications' },
      { value: 1, label: 'Security' },
      { value: 2, label: 'New' },
    ]);
    expect([0, 1, 2].map((value) => filterLabel(value as 0 | 1 | 2))).toEqual(['All Notifications', 'Security', 'New']);
  });

  it('reads a menu value as a filter, anything unknown as All', () => {
    expect(toNotificationFilter(1)).toBe(1);
    expect(toNotificationFilter(2)).toBe(2);
    expect(toNotificationFilter('2')).toBe(2);
    expect(toNotificationFilter(' 1 ')).toBe(1);
    expect(toNotificationFilter(0)).toBe(0);
    expect(toNotificationFilter(3)).toBe(0);
    expect(toNotificationFilter('security')).toBe(0);
    expect(toNotificationFilter(undefined)).toBe(0);
  });

  it('keeps everything under All, the Security category under Security, unread ones under New', () => {
    expect(matchesFilter(security, 0)).toBe(true);
    expect(matchesFilter(welcome, 0)).toBe(true);
    expect(matchesFilter(security, 1)).toBe(true);
    expect(matchesFilter(welcome, 1)).toBe(false);
    expect(matchesFilter({ category: 'security', status: 'Unread' }, 1)).toBe(false);
    expect(matchesFilter(security, 2)).toBe(false);
    expect(matchesFilter(welcome, 2)).toBe(true);
  });

  it('says what an empty list means under each filter', () => {
    expect(emptyListText(0)).toBe('No notifications yet');
    expect(emptyListText(1)).toBe('No security notifications');
    expect(emptyListText(2)).toBe('No new notifications');
  });
});
