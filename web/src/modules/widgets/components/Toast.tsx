import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { type ReactElement, type ReactNode, useId } from 'react';
import { formatTimestamp, type TimestampInput } from '../../format';
import { createTokenStyles } from '../../theme/tokenStyles';
import { EllipsisText, Paragraph, Text } from '../../ui/components/Typography';
import { TOAST_WIDTH_PX } from '../constants/widgetConstants';

// On the first load (the alerts' stack is in the shell): antd's CSS-in-JS, not antd-style (theme/tokenStyles.ts).
const useStyles = createTokenStyles('app-toast', (token) => ({
  toast: {
    maxWidth: `calc(100vw - ${token.marginXS * 2}px)`,
    background: token.colorBgElevated,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
    overflow: 'hidden',
    boxSizing: 'border-box',
    pointerEvents: 'auto',
  },
  header: { '&.ant-flex': { padding: `${token.paddingXS}px ${token.paddingXS}px ${token.paddingXXS}px ${token.paddingSM}px` } },
  heading: { flex: 1, minWidth: 0 },
  body: { '&.ant-typography': { margin: 0, padding: `0 ${token.paddingSM}px ${token.paddingSM}px` } },
  footer: {
    borderTop: `1px solid ${token.colorBorderSecondary}`,
    padding: `${token.paddingXXS}px ${token.paddingSM}px`,
    background: token.colorFillQuaternary,
  },
  time: { '&.ant-typography': { fontSize: token.fontSizeSM } },
}));

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
  const { styles, token } = useStyles();
  const ownId = useId();
  const headerId = `${id ?? ownId}-header`;
  return (
    <section
      role="alert"
      aria-labelledby={headerId}
      className={styles.toast}
      // Run time: the caller's accent colour; the width beside it, as the spec reads it from the element.
      style={{ width: TOAST_WIDTH_PX, borderLeft: `4px solid ${accentColor ?? token.colorPrimary}` }}
    >
      <Flex component="header" align="center" gap={token.marginXS} className={styles.header}>
        {icon}
        <EllipsisText id={headerId} strong className={styles.heading} tooltip={headerText}>
          {headerText}
        </EllipsisText>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={closeLabel} onClick={onClose} />
      </Flex>
      <Paragraph className={styles.body}>{children}</Paragraph>
      {timestamp !== undefined ? (
        <footer className={styles.footer}>
          <Text type="secondary" className={styles.time}>
            <time dateTime={new Date(timestamp).toISOString()}>{formatTimestamp(timestamp)}</time>
          </Text>
        </footer>
      ) : null}
    </section>
  );
}
