import { CheckOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Flex, Segmented, Spin, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { filePathFor } from '../../credentialing/logic/paths';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
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

const useStyles = createStyles(({ token, css }) => ({
  toolbar: css`
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${token.colorBgElevated};
    padding: ${token.paddingSM}px ${token.padding}px ${token.paddingXS}px;
    border-bottom: 1px solid ${token.colorSplit};
  `,
  summaryLine: css`
    margin-top: ${token.marginXS}px;
    min-height: 24px;
  `,
  summary: css`
    &.ant-typography {
      font-size: ${token.fontSizeSM}px;
    }
  `,
  markAll: css`
    &.ant-btn {
      padding-inline: 0;
    }
  `,
  content: css`
    flex: 1;
    padding: ${token.paddingXXS}px ${token.paddingXS}px ${token.padding}px;
  `,
  list: css`
    margin: 0;
    padding: 0;
    transition: opacity 0.2s;
  `,
  loading: css`
    opacity: 0.6;
  `,
  spinner: css`
    padding: ${token.paddingXL}px;
  `,
  empty: css`
    margin-top: ${token.marginXL}px;
  `,
}));

function unreadSummary(unread: number): string {
  return unread > 0 ? `${unread} unread` : 'All caught up';
}

/**
 * The 'Profile Notifications' drawer on the right: a filter (All Notifications, Security, New),
 * 'Mark all as read', and the notifications, newest first. Full width on mobile-layout screens.
 */
export function NotificationsDrawer(): ReactElement {
  const { token } = theme.useToken();
  const { styles, cx } = useStyles();
  const controller = useNotificationsController();
  const open = useAtomValue(notificationsDrawerOpenAtom);
  const user = useAtomValue(signedInUserAtom);
  const navigate = useNavigate();
  const openFile = (providerId: string) => {
    controller.closeDrawer();
    void navigate(filePathFor(user, providerId));
  };
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
      <div className={styles.toolbar}>
        <Segmented<number>
          aria-label="Filter notifications"
          value={filter}
          options={NOTIFICATION_FILTERS.map((option) => ({ value: option.value, label: option.label, title: option.label }))}
          onChange={(value) => void controller.setFilter(toNotificationFilter(value))}
        />
        <Flex align="center" justify="space-between" gap={token.marginXS} className={styles.summaryLine}>
          <Typography.Text type="secondary" className={styles.summary} aria-live="polite">
            {unreadKnown === null && list.length === 0 ? '' : unreadSummary(unread)}
          </Typography.Text>
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            disabled={unread === 0 && listedUnread === 0}
            onClick={() => void controller.markAllRead()}
            className={styles.markAll}
          >
            Mark all as read
          </Button>
        </Flex>
      </div>
      <div className={styles.content} aria-busy={loading}>
        {list.length > 0 ? (
          <ul aria-label="Notifications" className={cx(styles.list, loading && styles.loading)}>
            {list.map((notification) => (
              <NotificationItem key={notification._id} notification={notification} onMarkRead={(id) => void controller.markRead(id)} onOpenFile={openFile} />
            ))}
          </ul>
        ) : loading ? (
          <Flex justify="center" className={styles.spinner}>
            <Spin aria-label="Loading notifications" />
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyListText(filter)} className={styles.empty} />
        )}
      </div>
    </Drawer>
  );
}
