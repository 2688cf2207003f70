import {
  BellFilled,
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  MessageFilled,
  SafetyCertificateFilled,
  WarningFilled,
} from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactElement } from 'react';
import type { AlertHeaderIcon as AlertHeaderIconName } from '../types/alert';

type AlertHeaderIconProps = {
  icon: AlertHeaderIconName;
};

/** The colour that marks a toast with this icon (its icon and left edge). */
export function useAlertAccentColor(icon: AlertHeaderIconName): string {
  const { token } = theme.useToken();
  switch (icon) {
    case 'success':
      return token.colorSuccess;
    case 'warning':
      return token.colorWarning;
    case 'danger':
    case 'error':
      return token.colorError;
    case 'info':
      return token.colorInfo;
    default:
      return token.colorPrimary;
  }
}

/** The icon at the start of a toast header. */
export function AlertHeaderIcon({ icon }: AlertHeaderIconProps): ReactElement {
  const color = useAlertAccentColor(icon);
  const style = { color, fontSize: 18 };
  switch (icon) {
    case 'success':
      return <CheckCircleFilled style={style} aria-hidden />;
    case 'warning':
      return <ExclamationCircleFilled style={style} aria-hidden />;
    case 'danger':
      return <WarningFilled style={style} aria-hidden />;
    case 'error':
      return <CloseCircleFilled style={style} aria-hidden />;
    case 'bell':
      return <BellFilled style={style} aria-hidden />;
    case 'security':
      return <SafetyCertificateFilled style={style} aria-hidden />;
    case 'message':
      return <MessageFilled style={style} aria-hidden />;
    default:
      return <InfoCircleFilled style={style} aria-hidden />;
  }
}
