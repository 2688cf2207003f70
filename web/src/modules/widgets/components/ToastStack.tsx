import type { ReactElement, ReactNode } from 'react';
import { TOP_BAR_HEIGHT } from '../../layout/constants/breakpoints';
import { createTokenStyles } from '../../theme/tokenStyles';
import { TOAST_Z_INDEX } from '../constants/widgetConstants';

// On the first load: antd's CSS-in-JS, not antd-style (theme/tokenStyles.ts).
const useStyles = createTokenStyles('app-toast-stack', (token) => ({
  stack: {
    top: `calc(${TOP_BAR_HEIGHT} + ${token.marginXS}px)`,
    display: 'flex',
    flexDirection: 'column',
    gap: token.marginXS,
    pointerEvents: 'none',
  },
}));

type ToastStackProps = {
  /** The region's accessible name (default 'Notifications'). */
  label?: string;
  children: ReactNode;
};

/** Where toasts appear: fixed at the right edge below the top bar, above everything (z-index 5000). */
export function ToastStack({ label = 'Notifications', children }: ToastStackProps): ReactElement {
  const { styles, token } = useStyles();
  return (
    <div
      aria-live="polite"
      aria-label={label}
      role="region"
      className={styles.stack}
      // On the element, as the spec reads them: fixed at the right edge, above everything.
      style={{ position: 'fixed', right: token.marginXS, zIndex: TOAST_Z_INDEX }}
    >
      {children}
    </div>
  );
}
