import { Tag } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { formatTimestamp } from '../../format';
import { levelBgToken, levelColorToken } from '../logic/notificationLevels';
import { requestMetaText } from '../logic/notificationsList';
import type { Notification } from '../types/notification';
import { AccountRequestReview } from './AccountRequestReview';
import { NotificationIcon } from './NotificationIcon';

type NotificationItemProps = {
  notification: Notification;
  onMarkRead: (id: string) => void;
  /** Opens the credentialing file a notification is about (it is marked read too). */
  onOpenFile?: (providerId: string) => void;
};

type ItemLook = { unread: boolean; level: string | null | undefined };

const useStyles = createStyles(({ token, css }, { unread, level }: ItemLook) => {
  const accent = token[levelColorToken(level)];
  return {
    item: css`
      list-style: none;
      border-bottom: 1px solid ${token.colorSplit};
      padding: ${token.paddingXXS}px 0;
    `,
    frame: css`
      display: flex;
      gap: ${token.marginSM}px;
      width: 100%;
      box-sizing: border-box;
      padding: ${token.paddingSM}px ${token.paddingSM}px ${token.paddingSM}px ${token.paddingSM - 3}px;
      border: none;
      border-left: 3px solid ${unread ? accent : 'transparent'};
      border-radius: ${token.borderRadius}px;
      background: ${unread ? token.colorFillQuaternary : 'transparent'};
      text-align: left;
      font: inherit;
      color: inherit;
      opacity: ${unread ? 1 : 0.65};
    `,
    button: css`
      cursor: pointer;
    `,
    icon: css`
      flex: none;
      width: 32px;
      height: 32px;
      border-radius: 50%;
      display: flex;
      align-items: center;
      justify-content: center;
      background: ${token[levelBgToken(level)]};
      color: ${accent};
      font-size: ${token.fontSizeLG}px;
    `,
    texts: css`
      flex: 1;
      min-width: 0;
    `,
    headingLine: css`
      display: flex;
      align-items: flex-start;
      gap: ${token.marginXS}px;
    `,
    heading: css`
      display: block;
      flex: 1;
      min-width: 0;
      font-weight: ${unread ? token.fontWeightStrong : 'normal'};
      color: ${unread ? token.colorText : token.colorTextSecondary};
      overflow-wrap: anywhere;
    `,
    unreadDot: css`
      flex: none;
      width: 8px;
      height: 8px;
      margin-top: 7px;
      border-radius: 50%;
      background: ${token.colorPrimary};
    `,
    body: css`
      display: block;
      margin-top: 2px;
      color: ${token.colorTextSecondary};
      overflow-wrap: anywhere;
    `,
    meta: css`
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      column-gap: ${token.marginXS}px;
      row-gap: 2px;
      margin-top: ${token.marginXXS}px;
      font-size: ${token.fontSizeSM}px;
      color: ${token.colorTextTertiary};
    `,
    category: css`
      &.ant-tag {
        margin-inline-end: 0;
        font-size: ${token.fontSizeSM}px;
        line-height: 18px;
      }
    `,
    device: css`
      display: block;
      margin-top: 2px;
      font-size: ${token.fontSizeSM}px;
      color: ${token.colorTextTertiary};
      overflow-wrap: anywhere;
    `,
  };
});

/**
 * One notification: its icon in the colour of its alert level, heading, body, category, when it
 * was raised and from which device. Unread ones are a button that marks them read; read ones
 * are muted. One about a provider's credentialing file (a monitoring alert) is a button that
 * opens the file, marked Done once its matter was resolved. One about an account request
 * carries its review (Approve / Decline, then the outcome).
 */
export function NotificationItem({ notification, onMarkRead, onOpenFile }: NotificationItemProps): ReactElement {
  const unread = notification.status === 'Unread';
  const { styles, cx } = useStyles({ unread, level: notification.alertLevel });
  const device = requestMetaText(notification.requestMetaData);
  const when = formatTimestamp(notification.creationDate);

  const content = (
    <>
      <span aria-hidden className={styles.icon}>
        <NotificationIcon name={notification.icon} />
      </span>
      <span className={styles.texts}>
        <span className={styles.headingLine}>
          <span className={styles.heading}>
            {notification.heading}
          </span>
          {unread ? (
            <span role="img" aria-label="Unread" className={styles.unreadDot} />
          ) : null}
        </span>
        {notification.body ? (
          <span className={styles.body}>{notification.body}</span>
        ) : null}
        <span className={styles.meta}>
          {notification.category ? (
            <Tag bordered={false} className={styles.category}>
              {notification.category}
            </Tag>
          ) : null}
          {when ? <time dateTime={notification.creationDate}>{when}</time> : null}
          {notification.doneAt ? (
            <Tag bordered={false} color="success" className={styles.category}>
              Done
            </Tag>
          ) : null}
        </span>
        {device ? (
          <span className={styles.device}>
            {device}
          </span>
        ) : null}
      </span>
    </>
  );

  return (
    <li
      data-status={notification.status}
      data-category={notification.category}
      data-level={notification.alertLevel}
      className={styles.item}
    >
      {notification.providerId && onOpenFile ? (
        <button
          type="button"
          title="Open the credentialing file"
          onClick={() => {
            if (unread) onMarkRead(notification._id);
            onOpenFile(notification.providerId!);
          }}
          className={cx(styles.frame, styles.button)}
        >
          {content}
        </button>
      ) : unread ? (
        <button
          type="button"
          title="Mark as read"
          onClick={() => onMarkRead(notification._id)}
          className={cx(styles.frame, styles.button)}
        >
          {content}
        </button>
      ) : (
        <div className={styles.frame}>{content}</div>
      )}
      {notification.accountRequest ? <AccountRequestReview request={notification.accountRequest} /> : null}
    </li>
  );
}
