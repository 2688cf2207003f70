import { CheckOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Segmented, Spin, Typography, theme } from 'antd';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { SIDE_DRAWER_WIDTH_PX } from '../../layout/constants/breakpoints';
import { sideDrawerWidth } from '../../layout/constants/sizing';
import { useWindowWidth } from '../../layout/hooks/useWindowWidth';
import { useNotificationsList } from '../hooks/useNotificationsList';
import { useNotificationsController } from '../hooks/useNotificationsController';
import { emptyListText, NOTIFICATION_FILTERS, toNotificationFilter } from '../logic/notificationFilters';
import { unreadIn } from '../logic/notificationsList';
import { notificationsDrawerOpenAtom } from '../state/notificationsDrawerOpenAtom';
import { notificationsFilterAtom } from '../state/notificationsFilterAtom';
import { notificationsLoadingAtom } from '../state/notificationsLoadingAtom';
import { notificationsUnreadAtom } from '../state/notificationsUnreadAtom';
import { NotificationItem } from './NotificationItem';

/** Title of the drawer (spec §2). */
export const NOTIFICATIONS_DRAWER_TITLE = 'Profile Notifications';

function unreadSummary(unread: number): string {
  return unread > 0 ? `${unread} unread` : 'All caught up';
}

/**
 * The 'Profile Notifications' drawer on the right: a filter (All Notifications, Security, New),
 * 'Mark all as read', and the notifications, newest first. Full width on mobile-layout screens.
 */
export function NotificationsDrawer(): ReactElement {
  const { token } = theme.useToken();
  const controller = useNotificationsController();
  const open = useAtomValue(notificationsDrawerOpenAtom);
  const filter = useAtomValue(notificationsFilterAtom);
  const list = useNotificationsList();
  const loading = useAtomValue(notificationsLoadingAtom);
  const unreadKnown = useAtomValue(notificationsUnreadAtom);
  const windowWidth = useWindowWidth();
  const listedUnread = unreadIn(list);
  const unread = unreadKnown ?? listedUnread;

  return (
    <Drawer
      title={NOTIFICATIONS_DRAWER_TITLE}
      aria-label={NOTIFICATIONS_DRAWER_TITLE}
      placement="right"
      open={open}
      onClose={controller.closeDrawer}
      width={sideDrawerWidth(windowWidth, SIDE_DRAWER_WIDTH_PX)}
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
    >
      <div
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 1,
          background: token.colorBgElevated,
          padding: `${token.paddingSM}px ${token.padding}px ${token.paddingXS}px`,
          borderBottom: `1px solid ${token.colorSplit}`,
        }}
      >
        <Segmented<number>
          aria-label="Filter notifications"
          value={filter}
          options={NOTIFICATION_FILTERS.map((option) => ({ value: option.value, label: option.label, title: option.label }))}
          onChange={(value) => void controller.setFilter(toNotificationFilter(value))}
        />
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: token.marginXS,
            marginTop: token.marginXS,
            minHeight: 24,
          }}
        >
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} aria-live="polite">
            {unreadKnown === null && list.length === 0 ? '' : unreadSummary(unread)}
          </Typography.Text>
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            disabled={unread === 0 && listedUnread === 0}
            onClick={() => void controller.markAllRead()}
            style={{ paddingInline: 0 }}
          >
            Mark all as read
          </Button>
        </div>
      </div>
      <div style={{ flex: 1, padding: `${token.paddingXXS}px ${token.paddingXS}px ${token.padding}px` }} aria-busy={loading}>
        {list.length > 0 ? (
          <ul aria-label="Notifications" style={{ margin: 0, padding: 0, opacity: loading ? 0.6 : 1, transition: 'opacity 0.2s' }}>
            {list.map((notification) => (
              <NotificationItem key={notification._id} notification={notification} onMarkRead={(id) => void controller.markRead(id)} />
            ))}
          </ul>
        ) : loading ? (
          <div style={{ display: 'flex', justifyContent: 'center', padding: token.paddingXL }}>
            <Spin aria-label="Loading notifications" />
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyListText(filter)} style={{ marginTop: token.marginXL }} />
        )}
      </div>
    </Drawer>
  );
}
