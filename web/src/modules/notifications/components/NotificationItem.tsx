import { Tag, theme } from 'antd';
import type { CSSProperties, ReactElement } from 'react';
import { formatTimestamp } from '../../format';
import { levelBgToken, levelColorToken } from '../logic/notificationLevels';
import { requestMetaText } from '../logic/notificationsList';
import type { Notification } from '../types/notification';
import { AccountRequestReview } from './AccountRequestReview';
import { NotificationIcon } from './NotificationIcon';

type NotificationItemProps = {
  notification: Notification;
  onMarkRead: (id: string) => void;
};

/**
 * One notification: its icon in the colour of its alert level, heading, body, category, when it
 * was raised and from which device. Unread ones are a button that marks them read; read ones
 * are muted. One about an account request carries its review (Approve / Decline, then the outcome).
 */
export function NotificationItem({ notification, onMarkRead }: NotificationItemProps): ReactElement {
  const { token } = theme.useToken();
  const unread = notification.status === 'Unread';
  const accent = token[levelColorToken(notification.alertLevel)];
  const device = requestMetaText(notification.requestMetaData);
  const when = formatTimestamp(notification.creationDate);
  const block: CSSProperties = { display: 'block' };

  const content = (
    <>
      <span
        aria-hidden
        style={{
          flex: 'none',
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: token[levelBgToken(notification.alertLevel)],
          color: accent,
          fontSize: token.fontSizeLG,
        }}
      >
        <NotificationIcon name={notification.icon} />
      </span>
      <span style={{ flex: 1, minWidth: 0 }}>
        <span style={{ display: 'flex', alignItems: 'flex-start', gap: token.marginXS }}>
          <span
            style={{
              ...block,
              flex: 1,
              minWidth: 0,
              fontWeight: unread ? token.fontWeightStrong : 'normal',
              color: unread ? token.colorText : token.colorTextSecondary,
              overflowWrap: 'anywhere',
            }}
          >
            {notification.heading}
          </span>
          {unread ? (
            <span
              role="img"
              aria-label="Unread"
              style={{ flex: 'none', width: 8, height: 8, marginTop: 7, borderRadius: '50%', background: token.colorPrimary }}
            />
          ) : null}
        </span>
        {notification.body ? (
          <span style={{ ...block, marginTop: 2, color: token.colorTextSecondary, overflowWrap: 'anywhere' }}>{notification.body}</span>
        ) : null}
        <span
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: token.marginXS,
            rowGap: 2,
            marginTop: token.marginXXS,
            fontSize: token.fontSizeSM,
            color: token.colorTextTertiary,
          }}
        >
          {notification.category ? (
            <Tag bordered={false} style={{ marginInlineEnd: 0, fontSize: token.fontSizeSM, lineHeight: '18px' }}>
              {notification.category}
            </Tag>
          ) : null}
          {when ? <time dateTime={notification.creationDate}>{when}</time> : null}
        </span>
        {device ? (
          <span style={{ ...block, marginTop: 2, fontSize: token.fontSizeSM, color: token.colorTextTertiary, overflowWrap: 'anywhere' }}>
            {device}
          </span>
        ) : null}
      </span>
    </>
  );

  const frame: CSSProperties = {
    display: 'flex',
    gap: token.marginSM,
    width: '100%',
    boxSizing: 'border-box',
    padding: `${token.paddingSM}px ${token.paddingSM}px ${token.paddingSM}px ${token.paddingSM - 3}px`,
    borderTop: 'none',
    borderRight: 'none',
    borderBottom: 'none',
    borderLeft: `3px solid ${unread ? accent : 'transparent'}`,
    borderRadius: token.borderRadius,
    background: unread ? token.colorFillQuaternary : 'transparent',
    textAlign: 'left',
    font: 'inherit',
    color: 'inherit',
    opacity: unread ? 1 : 0.65,
  };

  return (
    <li
      data-status={notification.status}
      data-category={notification.category}
      data-level={notification.alertLevel}
      style={{ listStyle: 'none', borderBottom: `1px solid ${token.colorSplit}`, padding: `${token.paddingXXS}px 0` }}
    >
      {unread ? (
        <button
          type="button"
          title="Mark as read"
          onClick={() => onMarkRead(notification._id)}
          style={{ ...frame, cursor: 'pointer' }}
        >
          {content}
        </button>
      ) : (
        <div style={frame}>{content}</div>
      )}
      {notification.accountRequest ? <AccountRequestReview request={notification.accountRequest} /> : null}
    </li>
  );
}
