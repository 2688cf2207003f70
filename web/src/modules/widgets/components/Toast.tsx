import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { type ReactElement, type ReactNode, useId } from 'react';
import { formatTimestamp, type TimestampInput } from '../../format';
import { EllipsisText, Paragraph, Text } from '../../ui/components/Typography';
import { TOAST_WIDTH_PX } from '../constants/widgetConstants';

type ToastProps = {
  /** The header icon. */
  icon?: ReactNode;
  /** The colour of the left edge (the primary colour by default). */
  accentColor?: string;
  headerText: string;
  /** The body text. */
  children: ReactNode;
  onClose: () => void;
  /** The close button's accessible name (default 'Close'). */
  closeLabel?: string;
  /** When set, a footer shows this date and time with its UTC offset. */
  timestamp?: TimestampInput;
  id?: string;
};

/**
 * A toast, 304 px wide: header icon and text, a close button, the body and an optional footer
 * with the date and time and the UTC offset. Place toasts in a ToastStack (fixed at the right edge).
 */
export function Toast({ icon, accentColor, headerText, children, onClose, closeLabel = 'Close', timestamp, id }: ToastProps): ReactElement {
  const { token } = theme.useToken();
  const ownId = useId();
  const headerId = `${id ?? ownId}-header`;
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
        borderLeft: `4px solid ${accentColor ?? token.colorPrimary}`,
        overflow: 'hidden',
        boxSizing: 'border-box',
        pointerEvents: 'auto',
      }}
    >
      <Flex
        component="header"
        align="center"
        gap={token.marginXS}
        style={{ padding: `${token.paddingXS}px ${token.paddingXS}px ${token.paddingXXS}px ${token.paddingSM}px` }}
      >
        {icon}
        <EllipsisText id={headerId} strong style={{ flex: 1, minWidth: 0 }} tooltip={headerText}>
          {headerText}
        </EllipsisText>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={closeLabel} onClick={onClose} />
      </Flex>
      <Paragraph style={{ margin: 0, padding: `0 ${token.paddingSM}px ${token.paddingSM}px` }}>{children}</Paragraph>
      {timestamp !== undefined ? (
        <footer
          style={{
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            padding: `${token.paddingXXS}px ${token.paddingSM}px`,
            background: token.colorFillQuaternary,
          }}
        >
          <Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            <time dateTime={new Date(timestamp).toISOString()}>{formatTimestamp(timestamp)}</time>
          </Text>
        </footer>
      ) : null}
    </section>
  );
}
