import { theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { TOP_BAR_HEIGHT } from '../../layout/constants/breakpoints';
import { TOAST_Z_INDEX } from '../constants/widgetConstants';

type ToastStackProps = {
  /** The region's accessible name (default 'Notifications'). */
  label?: string;
  children: ReactNode;
};

/** Where toasts appear: fixed at the right edge below the top bar, above everything (z-index 5000). */
export function ToastStack({ label = 'Notifications', children }: ToastStackProps): ReactElement {
  const { token } = theme.useToken();
  return (
    <div
      aria-live="polite"
      aria-label={label}
      role="region"
      style={{
        position: 'fixed',
        top: `calc(${TOP_BAR_HEIGHT} + ${token.marginXS}px)`,
        right: token.marginXS,
        zIndex: TOAST_Z_INDEX,
        display: 'flex',
        flexDirection: 'column',
        gap: token.marginXS,
        pointerEvents: 'none',
      }}
    >
      {children}
    </div>
  );
}
