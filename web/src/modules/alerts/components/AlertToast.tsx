import { CloseOutlined } from '@ant-design/icons';
import { Button, Typography, theme } from 'antd';
import type { ReactElement } from 'react';
import { formatTimestamp } from '../../format';
import { TOAST_WIDTH_PX } from '../../layout/constants/breakpoints';
import { headerIconOf } from '../logic/alertsList';
import type { Alert } from '../types/alert';
import { AlertHeaderIcon, useAlertAccentColor } from './AlertHeaderIcon';

type AlertToastProps = {
  alert: Alert;
  onClose: (id: string) => void;
};

/** One toast: header icon and text, a close button, the body text and an optional time footer. */
export function AlertToast({ alert, onClose }: AlertToastProps): ReactElement {
  const { token } = theme.useToken();
  const icon = headerIconOf(alert);
  const accent = useAlertAccentColor(icon);
  const headerId = `${alert.id}-header`;

  return (
    <section
      role="alert"
      aria-labelledby={headerId}
      style={{
        width: TOAST_WIDTH_PX,
        maxWidth: `calc(100vw - ${token.marginXS * 2}px)`,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        borderLeft: `4px solid ${accent}`,
        overflow: 'hidden',
        boxSizing: 'border-box',
        pointerEvents: 'auto',
      }}
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXS,
          padding: `${token.paddingXS}px ${token.paddingXS}px ${token.paddingXXS}px ${token.paddingSM}px`,
        }}
      >
        <AlertHeaderIcon icon={icon} />
        <Typography.Text id={headerId} strong style={{ flex: 1, minWidth: 0 }} ellipsis={{ tooltip: alert.headerText }}>
          {alert.headerText}
        </Typography.Text>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Close alert" onClick={() => onClose(alert.id)} />
      </header>
      <Typography.Paragraph style={{ margin: 0, padding: `0 ${token.paddingSM}px ${token.paddingSM}px` }}>
        {alert.bodyText}
      </Typography.Paragraph>
      {alert.showTimestamp && alert.shownAt ? (
        <footer
          style={{
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            padding: `${token.paddingXXS}px ${token.paddingSM}px`,
            background: token.colorFillQuaternary,
          }}
        >
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            <time dateTime={alert.shownAt}>{formatTimestamp(alert.shownAt)}</time>
          </Typography.Text>
        </footer>
      ) : null}
    </section>
  );
}
